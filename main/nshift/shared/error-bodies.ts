/**
 * The bodies nShift answers errors with (docs/nshift-api.md 1.2): the 422 validation list and the
 * `{code, message}` of other errors (Delivery's 403 also names the licence). Checkout's errors are "not
 * shown" in its seed, so both clients read them alike; an unreadable body just leaves the message generic.
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
