import { describe, expect, expectTypeOf, it } from 'vitest';
import * as z from '../../../main/zod';
import type { InputMismatch, SchemaMatches } from '../../../main/hosts/shared/schemas';
import { methodInputSchemas } from '../../../main/hosts/shared/schemas';
import type { MethodInput, StationMethodName } from '../../../preload/api';
import { STATION_METHOD_NAMES } from '../../../preload/method-names';

/**
 * Each method's input schema against the contract's `MethodInput<K>`. These are type checks, apart from the list
 * of method names and each case's premise (what its schema takes at run time): `expectTypeOf` does nothing when
 * vitest runs it, and `tsc -p test` (`npm run typecheck`, part of `npm run check`) fails when a schema of
 * main/hosts/shared/schemas.ts drifts from its method, or when `SchemaMatches` lets a mismatch below through
 * (or refuses a match).
 */
describe('the method input schemas and the contract', () => {
  it('every method has a schema, and every schema gives exactly its method’s input', () => {
    expect(Object.keys(methodInputSchemas).sort()).toEqual([...STATION_METHOD_NAMES].sort());
    expectTypeOf<InputMismatch<StationMethodName>>().toEqualTypeOf<never>();
  });

  it('a schema with a field more than its method, even optional, does not match', () => {
    // `note` is not in getJob's input.
    const withExtra = z.strictObject({ jobId: z.string(), note: z.optional(z.string()) });
    expectTypeOf<SchemaMatches<typeof withExtra, MethodInput<'getJob'>>>().toEqualTypeOf<false>();
    // The premise: the schema takes an input the contract has no word for.
    expect(withExtra.safeParse({ jobId: 'j1', note: 'x' }).success).toBe(true);
  });

  it('a schema that leaves out a field the method requires does not match', () => {
    // getJob's `jobId` is required.
    const optionalId = z.strictObject({ jobId: z.optional(z.string()) });
    expectTypeOf<SchemaMatches<typeof optionalId, MethodInput<'getJob'>>>().toEqualTypeOf<false>();
    // The premise: the schema lets a call without a job id through.
    expect(optionalId.safeParse({}).success).toBe(true);
  });

  it('a schema of another type for a field does not match', () => {
    // testPrinter's `charset` is cp850 or UTF8, not any text.
    const anyCharset = z.strictObject({ printerId: z.string(), charset: z.optional(z.string()) });
    expectTypeOf<SchemaMatches<typeof anyCharset, MethodInput<'testPrinter'>>>().toEqualTypeOf<false>();
    // The premise: the schema lets a charset through that the printers do not know.
    expect(anyCharset.safeParse({ printerId: 'p', charset: 'latin1' }).success).toBe(true);
  });

  it('a schema whose defaults fill in what the contract leaves optional still matches', () => {
    const withDefault = z.strictObject({ limit: z._default(z.number(), 50) });
    expectTypeOf<SchemaMatches<typeof withDefault, { limit?: number }>>().toEqualTypeOf<true>();
    // The premise: a call without a limit is given the default.
    expect(withDefault.parse({})).toEqual({ limit: 50 });
  });
});
