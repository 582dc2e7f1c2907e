import * as z from '../../zod';
import type { MethodInput, StationMethodName } from '../../../preload/api';
import { apiKeySchema, charsetSchema, printerConfigSchema, settingsPatchSchema } from '../../settings/schema';

/**
 * One schema per StationApi method input. Every host runs these before a call reaches the station: the
 * renderer (and whatever talks to the web host) is not trusted. Strict objects refuse unknown keys, and every
 * string has a bound so a hostile caller cannot make the station hold megabytes.
 */

const id = z.trimmed(1, 128);
const code = z.string().check(z.maxLength(20_000)); // the station itself reports overlong scans; the bound here stops abuse
const upTo = (max: number): z.ZodMiniString<string> => z.string().check(z.maxLength(max));
const none = z.pipe(
  z.union([z.undefined(), z.null(), z.strictObject({})]),
  z.transform(() => undefined),
);
const confirm = z.literal(true);
const date = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD'));
const searchField = z.enum(['orderNo', 'shipmentNo', 'parcelNo']);

export const methodInputSchemas = {
  scan: z.strictObject({ code }),
  listJobs: z.union([none, z.strictObject({ limit: z.optional(z.intWithin(1, 5000)) })]),
  getJob: z.strictObject({ jobId: id }),
  reprint: z.union([z.strictObject({ code }), z.strictObject({ jobId: id })]),
  lookupShipment: z.strictObject({ code }),
  cancelShipment: z.strictObject({ shipmentId: id, confirm, code: z.optional(upTo(128)) }),
  listStored: z.union([none, z.strictObject({ orderNo: z.optional(upTo(128)) })]),
  bookStored: z.strictObject({ storedId: id }),
  deleteStored: z.strictObject({ storedId: id, confirm }),
  listConsolidated: none,
  closeConsolidated: z.strictObject({ consolidatedId: id }),
  deleteConsolidated: z.strictObject({ consolidatedId: id, confirm }),
  deleteParcelGroup: z.strictObject({ consolidatedId: id, partOrderNo: id, confirm }),
  createManifest: z.strictObject({ manifestType: id, carrierId: z.optional(id) }),
  listManifests: z.union([none, z.strictObject({ dateFrom: z.optional(date), dateTo: z.optional(date) })]),
  reprintManifest: z.strictObject({ manifestType: id, manifestId: id }),
  listManifestShipments: z.strictObject({
    manifestType: id,
    manifestId: id,
    searchField: z.optional(searchField),
    searchValue: z.optional(upTo(128)),
    carrierId: z.optional(id),
  }),
  listUnmanifested: z.union([none, z.strictObject({ date: z.optional(date) })]),
  searchHistory: z.strictObject({
    searchField: z.optional(searchField),
    searchValue: z.optional(upTo(128)),
    dateFrom: z.optional(date),
    dateTo: z.optional(date),
    page: z.optional(z.intWithin(0, 200)),
  }),
  getShipmentTimeline: z.strictObject({ code: z.trimmed(1, 128) }),
  getStatus: none,
  getStartupWarnings: none,
  getSettings: none,
  saveSettings: settingsPatchSchema,
  setApiKey: z.strictObject({ id: z.trimmed(1, 200), secret: apiKeySchema.shape.secret }),
  testConnection: none,
  discoverPrinters: none,
  savePrinter: printerConfigSchema,
  removePrinter: z.strictObject({ printerId: id }),
  testPrinter: z.strictObject({ printerId: id, charset: z.optional(charsetSchema) }),
  listSpool: none,
  releaseSpoolJob: z.strictObject({ spoolJobId: id }),
  cancelSpoolJob: z.strictObject({ spoolJobId: id }),
  retrySpoolJob: z.strictObject({ spoolJobId: id }),
  getDocumentPreview: z.strictObject({ documentId: id }),
  // nShift Checkout
  setCheckoutCredentials: z.strictObject({
    clientId: z.trimmed(1, 200),
    clientSecret: z.string().check(z.minLength(1), z.maxLength(500)),
  }),
  listPartialShipments: z.union([
    z.strictObject({ orderNo: z.trimmed(1, 128) }),
    z.strictObject({ dateFrom: date, dateTo: date }),
  ]),
  deletePartialShipment: z.strictObject({ id, confirm }),
  anonymizePartialShipments: z.union([
    z.strictObject({ id, confirm }),
    z
      .strictObject({ name: z.optional(z.trimmed(1, 200)), email: z.optional(z.trimmed(3, 320)), confirm })
      .check(
        z.refine((c) => c.name !== undefined || c.email !== undefined, 'a name or an e-mail is required'),
      ),
  ]),
  exportCheckoutMetrics: z
    .strictObject({ dateFrom: date, dateTo: date })
    .check(z.refine((r) => r.dateFrom <= r.dateTo, 'dateFrom must not be after dateTo')),
  // Demo mode only: the station refuses it elsewhere.
  setDemoPrinterFault: z.strictObject({ fault: z.enum(['none', 'offline', 'paper_out', 'head_open']) }),
} satisfies MethodInputSchemas;

/**
 * Each method's schema, as the one door (dispatch.ts) uses it: what it lets through is that method's input in the
 * contract, so the station is called with no cast.
 */
export type MethodInputSchemas = { [K in StationMethodName]: z.core.$ZodType<MethodInput<K>, unknown> };

/**
 * And the other way round: a schema whose `z.infer` differs from its method's `MethodInput<K>` fails the build,
 * naming the method, so the contract and its schemas cannot drift apart (test/unit/hosts/method-input-types.test.ts
 * proves it). Not type identity: a schema's defaults make what it gives stricter than the contract (a value filled
 * in) and what it takes looser (the value may be left out). So: what it gives is the contract's input, every value
 * the contract allows is one it takes, and both name the same fields at every depth (a field more, even optional,
 * is a mismatch).
 */
export type InputMismatch<K extends StationMethodName> = K extends StationMethodName
  ? SchemaMatches<(typeof methodInputSchemas)[K], ContractInput<K>> extends true
    ? never
    : K
  : never;

/** Whether a schema gives and takes exactly `Input` (see InputMismatch). */
export type SchemaMatches<Schema extends z.core.$ZodType, Input> = [z.output<Schema>] extends [Input]
  ? [Input] extends [z.input<Schema>]
    ? Same<FieldPaths<z.output<Schema>>, FieldPaths<Input>>
    : false
  : false;
/** A method without input (`void` in the contract) is called with `undefined`, which its schema gives. */
type ContractInput<K extends StationMethodName> =
  MethodInput<K> extends infer I ? (I extends void ? undefined : I) : never;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Every field's path (`printConfig.targets.media`), through arrays, optional fields and each member of a union. */
type FieldPaths<T, Prefix extends string = ''> = T extends readonly (infer E)[]
  ? FieldPaths<E, Prefix>
  : T extends object
    ? {
        [F in keyof T & string]-?: `${Prefix}${F}` | FieldPaths<NonNullable<T[F]>, `${Prefix}${F}.`>;
      }[keyof T & string]
    : never;
const everyInputMatches: [InputMismatch<StationMethodName>] extends [never]
  ? true
  : InputMismatch<StationMethodName> = true;
void everyInputMatches;
