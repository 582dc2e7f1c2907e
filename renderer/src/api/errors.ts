// zod's functional build: the renderer needs two small schemas, and the full library's classes cost the page
// about 65 kB more to parse and build before its first frame.
import * as z from 'zod/mini';
import type { ApiErrorBody, Failure } from '../../../preload/api';

const failureSchema = z.object({
  reason: z.enum(['not_found', 'validation', 'auth', 'network', 'printer', 'duplicate', 'station']),
  code: z.string(),
  message: z.string(),
  params: z.optional(z.record(z.string(), z.union([z.string(), z.number()]))),
  errors: z.optional(z.array(z.object({ field: z.string(), message: z.string() }))),
  detail: z.optional(z.string()),
});

export const apiErrorBodySchema = z.object({
  error: z.enum(['invalid_argument', 'not_found', 'failed', 'unauthorized', 'internal']),
  message: z.string(),
  failure: z.optional(failureSchema),
  field: z.optional(z.string()),
  issues: z.optional(
    z.array(
      z.object({
        path: z.string(),
        code: z.string(),
        minimum: z.optional(z.number()),
        maximum: z.optional(z.number()),
      }),
    ),
  ),
});

/** A StationApi call that was refused or failed: carries the host's ApiErrorBody so the UI can translate it. */
export class StationCallError extends Error {
  readonly body: ApiErrorBody;
  constructor(body: ApiErrorBody) {
    super(body.message);
    this.name = 'StationCallError';
    this.body = body;
  }
}

/** An ApiErrorBody when the value has its shape (failure codes unknown to this build read as `internal` later). */
export function parseApiErrorBody(value: unknown): ApiErrorBody | undefined {
  const parsed = apiErrorBodySchema.safeParse(value);
  return parsed.success ? (parsed.data as ApiErrorBody) : undefined;
}

/**
 * The ApiErrorBody behind a rejected call, whichever host produced it: the HTTP client's StationCallError,
 * an Error with `body`/`apiError`/`failure` attached by the preload bridge, or (Electron IPC flattens errors
 * to their message) a JSON body inside the message.
 */
export function readApiError(error: unknown): ApiErrorBody | undefined {
  if (error instanceof StationCallError) return error.body;
  if (typeof error === 'object' && error !== null) {
    const record = error as Record<string, unknown>;
    for (const key of ['body', 'apiError', 'data']) {
      const body = parseApiErrorBody(record[key]);
      if (body) return body;
    }
    const direct = parseApiErrorBody(record);
    if (direct) return direct;
    const failure = failureSchema.safeParse(record['failure']);
    if (failure.success) {
      return { error: 'failed', message: failure.data.message, failure: failure.data as Failure };
    }
    const message = record['message'];
    if (typeof message === 'string') {
      const start = message.indexOf('{');
      if (start >= 0) {
        try {
          return parseApiErrorBody(JSON.parse(message.slice(start)));
        } catch {
          return undefined;
        }
      }
    }
  }
  return undefined;
}

/** The failure to show for a rejected call: the host's own Failure, or one built from the error kind. */
export function failureFromError(error: unknown): Failure {
  const body = readApiError(error);
  if (body?.failure) return body.failure;
  // Only the web host's guards refuse a call as unauthorized (a stale token, a page from another address or site):
  // nShift's refusals of the API key come as the station's own failures, above.
  if (body?.error === 'unauthorized')
    return { reason: 'auth', code: 'station_token_refused', message: body.message };
  // Every not_found of the station carries its failure (no_such_job, spool_job_gone, …): a bare one is the host's
  // dispatch not knowing the method asked for ("There is no method …"), a page of another Packbench version.
  if (body?.error === 'not_found')
    return { reason: 'network', code: 'internal', detail: 'unknown_method', message: body.message };
  if (body?.error === 'invalid_argument')
    return { reason: 'validation', code: 'invalid_scan', message: body.message };
  if (body) return { reason: 'network', code: 'internal', message: body.message };
  // Neither host rejects a call with a bare TypeError (the HTTP client says when the web host cannot be reached or
  // its answer broke off): one is a fault of this page, never nShift out of reach.
  const message = error instanceof Error ? error.message : String(error);
  return { reason: 'network', code: 'internal', message };
}
