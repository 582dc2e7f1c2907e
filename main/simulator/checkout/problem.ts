/**
 * How the simulated Checkout service refuses: `application/problem+json` (RFC 7807) with nShift Checkout's
 * `issues` list, as real clients read it (docs/nshift-checkout-api.md). The issue codes are the simulator's
 * own (assumed): nothing public lists nShift's.
 */
import type * as z from 'zod';
import { parseBody, type BodyRefusals, type Parsed, type Reply, type RequestCtx } from '../http';

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

/** Checkout's refusal of a body: a 400 problem naming each field it could not read (its path as `location`). */
export const CHECKOUT_REFUSALS: BodyRefusals = {
  unreadable: () => problem(400, 'Bad Request', 'The body is not valid JSON'),
  invalid: (fields) =>
    problem(
      400,
      'Bad Request',
      'The request has invalid values',
      fields.map((f) => issue('INVALID_VALUE', f.path || 'body', f.message)),
    ),
};

/** A JSON body through a schema, refused as Checkout refuses. */
export function parseCheckoutBody<S extends z.ZodType>(req: RequestCtx, schema: S): Parsed<z.output<S>> {
  return parseBody(req, schema, CHECKOUT_REFUSALS);
}
