/**
 * The loose scalars of nShift's answers, for both clients' answer schemas: ids come as strings or numbers,
 * texts may be numbers or null, amounts may be numeric strings ("37.5"). Built with zod's class library, like
 * the answer schemas that use them (loaded with them, on the first request).
 */
import * as z from 'zod';

/** Ids are JSON strings in nShift, but accept numbers and normalise. */
export const lenientId = z.union([z.string(), z.number()]).transform((v) => String(v));
export const optionalText = z
  .union([z.string(), z.number()])
  .transform((v) => String(v))
  .nullish();
export const optionalNumber = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^-?\d+(\.\d+)?$/)
      .transform(Number),
  ])
  .nullish();
