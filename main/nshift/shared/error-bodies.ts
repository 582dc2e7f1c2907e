/**
 * The bodies nShift answers errors with. Delivery (docs/nshift-api.md 1.2): the 422 validation list and the
 * `{code, message}` of other errors (its 403 also names the licence). Checkout: `application/problem+json`
 * (RFC 7807) `{type, title, status, detail, instance, issues: [{issueCode, severity, location, description}]}`
 * (docs/nshift-checkout-api.md). Both clients read all of them; an unreadable body leaves the message generic.
 */
import * as z from '../../zod';

const lenientString = z.pipe(
  z.nullish(z.union([z.string(), z.number()])),
  z.transform((v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v))),
);

export const validationItemSchema = z.looseObject({
  message: lenientString,
  messageCode: lenientString,
  field: lenientString,
  location: lenientString,
  type: lenientString,
});
export const validationListSchema = z.array(validationItemSchema);

export const serverErrorBodySchema = z.looseObject({
  code: z.nullish(z.string()),
  message: z.nullish(z.string()),
  license: z.nullish(z.string()),
  licence: z.nullish(z.string()),
});

/** A problem+json answer: at least a `title` or a `detail`, or its `issues`. */
export const problemBodySchema = z.looseObject({
  type: z.nullish(z.string()),
  title: z.nullish(z.string()),
  status: z.nullish(z.union([z.number(), z.string()])),
  detail: z.nullish(z.string()),
  instance: z.nullish(z.string()),
  issues: z.nullish(
    z.array(
      z.looseObject({
        issueCode: lenientString,
        severity: lenientString,
        location: lenientString,
        description: lenientString,
      }),
    ),
  ),
});
export type ProblemBody = z.output<typeof problemBodySchema>;

/**
 * A problem's issues in the shape every caller already reads (the Delivery validation list): the description is
 * the message, the issue code the message code, the location the field, the severity the type. A problem without
 * issues is one item of its own detail (else title), so a refused request still says why.
 */
export function problemIssues(problem: ProblemBody): z.output<typeof validationListSchema> {
  const summary = problem.detail || problem.title;
  if (!problem.issues?.length)
    return summary ? [{ message: summary, messageCode: '', field: '', location: '', type: 'error' }] : [];
  return problem.issues.map((issue) => ({
    message: issue.description || issue.issueCode,
    messageCode: issue.issueCode,
    field: issue.location,
    location: issue.location,
    type: issue.severity.toLowerCase(),
  }));
}
