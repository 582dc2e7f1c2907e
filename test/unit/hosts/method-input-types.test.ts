import { describe, expect, expectTypeOf, it } from 'vitest';
import * as z from '../../../main/zod';
import type { InputMismatch, SchemaMatches } from '../../../main/hosts/shared/schemas';
import { methodInputSchemas } from '../../../main/hosts/shared/schemas';
import type { MethodInput, StationMethodName } from '../../../preload/api';
import { STATION_METHOD_NAMES } from '../../../preload/method-names';

/**
 * Each method's input schema against the contract's `MethodInput<K>`, at compile time: `npm run typecheck` runs
 * over this file, so a `@ts-expect-error` below that stops being an error (the check let a mismatch through) fails
 * the build, as does a schema of main/hosts/shared/schemas.ts that drifts from its method.
 */
describe('the method input schemas and the contract', () => {
  it('every method has a schema, and every schema gives exactly its method’s input', () => {
    expect(Object.keys(methodInputSchemas).sort()).toEqual([...STATION_METHOD_NAMES].sort());
    expectTypeOf<InputMismatch<StationMethodName>>().toEqualTypeOf<never>();
  });

  it('a schema with a field more than its method, even optional, does not match', () => {
    const withExtra = z.strictObject({ jobId: z.string(), note: z.optional(z.string()) });
    // @ts-expect-error: `note` is not in getJob's input
    const matches: SchemaMatches<typeof withExtra, MethodInput<'getJob'>> = true;
    expect(withExtra.safeParse({ jobId: 'j1', note: 'x' }).success).toBe(matches);
  });

  it('a schema that leaves out a field the method requires does not match', () => {
    const optionalId = z.strictObject({ jobId: z.optional(z.string()) });
    // @ts-expect-error: getJob's `jobId` is required
    const matches: SchemaMatches<typeof optionalId, MethodInput<'getJob'>> = true;
    expect(optionalId.safeParse({}).success).toBe(matches);
  });

  it('a schema of another type for a field does not match', () => {
    const anyCharset = z.strictObject({ printerId: z.string(), charset: z.optional(z.string()) });
    // @ts-expect-error: testPrinter's `charset` is cp850 or UTF8, not any text
    const matches: SchemaMatches<typeof anyCharset, MethodInput<'testPrinter'>> = true;
    expect(anyCharset.safeParse({ printerId: 'p', charset: 'latin1' }).success).toBe(matches);
  });

  it('a schema whose defaults fill in what the contract leaves optional still matches', () => {
    const withDefault = z.strictObject({ limit: z._default(z.number(), 50) });
    const matches: SchemaMatches<typeof withDefault, { limit?: number }> = true;
    expect(withDefault.parse({})).toEqual({ limit: 50 });
    expect(matches).toBe(true);
  });
});
