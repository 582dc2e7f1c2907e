/**
 * How the simulated Checkout service refuses: `application/problem+json` (RFC 7807) with nShift Checkout's
 * `issues` list, as real clients read it (docs/nshift-checkout-api.md). The issue codes are the simulator's
 * own (assumed): nothing public lists nShift's.
 */
import type * as z from 'zod';
import type { Reply, RequestCtx } from '../http';

export interface Issue {
  issueCode: string;
  severity: 'ERROR' | 'WARNING';
  location: string;
  description: string;
}

export const issue = (issueCode: string, location: string, description: string): Issue => ({
  issueCode,
  severity: 'ERROR',
  location,
  description,
});

export function problem(status: number, title: string, detail: string, issues: Issue[] = []): Reply {
  return {
    status,
    contentType: 'application/problem+json',
    body: Buffer.from(
      JSON.stringify({
        type: 'about:blank',
        title,
        status,
        detail,
        instance: `urn:sim:checkout:problem:${status}`,
        ...(issues.length > 0 ? { issues } : {}),
      }),
      'utf8',
    ),
  };
}

export type CheckoutParsed<T> = { ok: true; value: T } | { ok: false; reply: Reply };

/** A JSON body through a schema: unreadable or the wrong shape is a 400 problem naming each field. */
export function parseCheckoutBody<S extends z.ZodType>(
  req: RequestCtx,
  schema: S,
): CheckoutParsed<z.output<S>> {
  let raw: unknown;
  try {
    raw = req.rawBody.length === 0 ? {} : JSON.parse(req.rawBody.toString('utf8'));
  } catch {
    return { ok: false, reply: problem(400, 'Bad Request', 'The body is not valid JSON') };
  }
  const result = schema.safeParse(raw);
  if (result.success) return { ok: true, value: result.data };
  const issues = result.error.issues.map((i) =>
    issue('INVALID_VALUE', i.path.join('.') || 'body', i.message),
  );
  return { ok: false, reply: problem(400, 'Bad Request', 'The request has invalid values', issues) };
}
