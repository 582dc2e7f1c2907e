/**
 * Every way an nShift API call (Delivery or Checkout) can fail, as a plain value. Plain data on purpose: an
 * error is logged, journalled, sent over IPC and shown to the packer, so it must survive JSON.stringify and
 * must never carry a request, a header or a secret.
 */

/** One row of nShift's 422 list. `type` is `ignorable` | `error` | `critical`, but any string is accepted. */
export interface ValidationItem {
  message: string;
  messageCode: string;
  field: string;
  location: string;
  type: string;
}

export type NetworkCause = 'timeout' | 'refused' | 'reset' | 'dns' | 'other';

/** Why an auth error happened: no key configured, the key was refused at exchange, or a fresh token was refused. */
export type AuthReason = 'missing_key' | 'invalid_key' | 'token_rejected';

interface Base<Op extends string> {
  /** The route-table operation that failed (e.g. `shipments.create`). */
  operation: Op;
  /** English text for logs; never contains the API key or a token. */
  message: string;
}

/** The error union of any nShift API client (Delivery, Checkout), by its operation names. */
export type ApiError<Op extends string> =
  | (Base<Op> & { kind: 'validation'; status: number; errors: ValidationItem[] })
  | (Base<Op> & { kind: 'auth'; reason: AuthReason; status?: number })
  | (Base<Op> & { kind: 'access'; status: 403; license: string | undefined })
  | (Base<Op> & { kind: 'not_found'; status: 404 })
  | (Base<Op> & { kind: 'rate_limited'; status: number; retryAfterMs: number | undefined })
  | (Base<Op> & { kind: 'server'; status: number; code: string | undefined })
  | (Base<Op> & { kind: 'network'; cause: NetworkCause })
  /**
   * A non-idempotent call (a booking) may have reached nShift and we got no usable answer. The caller must
   * NOT repeat it blindly: look the result up first (stored status, printed feed, history).
   */
  | (Base<Op> & {
      kind: 'outcome_unknown';
      /** `token_rejected`: answered 401, then refused on its replay with a fresh token (call.ts). */
      cause: NetworkCause | 'gateway' | 'unreadable_answer' | 'token_rejected';
      status?: number;
    })
  | (Base<Op> & { kind: 'malformed'; status: number; issues: string[] });

/** A short one-line description for logs (already free of secrets, since errors never carry them). */
export function describeApiError(error: ApiError<string>): string {
  switch (error.kind) {
    case 'validation':
      return `${error.operation}: validation failed (${error.errors.map((e) => `${e.field}: ${e.message}`).join('; ') || 'no details'})`;
    case 'access':
      return `${error.operation}: access denied${error.license ? ` (licence "${error.license}" needed)` : ''}`;
    case 'network':
      return `${error.operation}: network ${error.cause}: ${error.message}`;
    case 'outcome_unknown':
      return `${error.operation}: outcome unknown (${error.cause}): ${error.message}`;
    default:
      return `${error.operation}: ${error.kind}: ${error.message}`;
  }
}
