import * as z from 'zod';
import type { StationMethodName } from '../../../preload/api';
import { apiKeySchema, charsetSchema, printerConfigSchema, settingsPatchSchema } from '../../settings/schema';

/**
 * One schema per StationApi method input. Every host runs these before a call reaches the station: the
 * renderer (and whatever talks to the web host) is not trusted. `.strict()` refuses unknown keys, and every
 * string has a bound so a hostile caller cannot make the station hold megabytes.
 */

const id = z.string().trim().min(1).max(128);
const code = z.string().max(20_000); // the station itself reports overlong scans; the bound here stops abuse
const none = z.union([z.undefined(), z.null(), z.object({}).strict()]).transform(() => undefined);
const confirm = z.literal(true);
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');

export const methodInputSchemas = {
  scan: z.object({ code }).strict(),
  listJobs: z.union([none, z.object({ limit: z.number().int().min(1).max(5000).optional() }).strict()]),
  getJob: z.object({ jobId: id }).strict(),
  reprint: z.union([z.object({ code }).strict(), z.object({ jobId: id }).strict()]),
  lookupShipment: z.object({ code }).strict(),
  cancelShipment: z.object({ shipmentId: id, confirm, code: z.string().max(128).optional() }).strict(),
  listStored: z.union([none, z.object({ orderNo: z.string().max(128).optional() }).strict()]),
  bookStored: z.object({ storedId: id }).strict(),
  deleteStored: z.object({ storedId: id, confirm }).strict(),
  listConsolidated: none,
  closeConsolidated: z.object({ consolidatedId: id }).strict(),
  deleteConsolidated: z.object({ consolidatedId: id, confirm }).strict(),
  deleteParcelGroup: z.object({ consolidatedId: id, partOrderNo: id, confirm }).strict(),
  createManifest: z.object({ manifestType: id, carrierId: id.optional() }).strict(),
  listManifests: z.union([none, z.object({ dateFrom: date.optional(), dateTo: date.optional() }).strict()]),
  reprintManifest: z.object({ manifestType: id, manifestId: id }).strict(),
  listManifestShipments: z
    .object({
      manifestType: id,
      manifestId: id,
      searchField: z.enum(['orderNo', 'shipmentNo', 'parcelNo']).optional(),
      searchValue: z.string().max(128).optional(),
      carrierId: id.optional(),
    })
    .strict(),
  listUnmanifested: z.union([none, z.object({ date: date.optional() }).strict()]),
  searchHistory: z
    .object({
      searchField: z.enum(['orderNo', 'shipmentNo', 'parcelNo']).optional(),
      searchValue: z.string().max(128).optional(),
      dateFrom: date.optional(),
      dateTo: date.optional(),
      page: z.number().int().min(0).max(200).optional(),
    })
    .strict(),
  getShipmentTimeline: z.object({ code: z.string().trim().min(1).max(128) }).strict(),
  getStatus: none,
  getSettings: none,
  saveSettings: settingsPatchSchema,
  setApiKey: z.strictObject({ id: z.string().trim().min(1).max(200), secret: apiKeySchema.shape.secret }),
  testConnection: none,
  discoverPrinters: none,
  savePrinter: printerConfigSchema,
  removePrinter: z.object({ printerId: id }).strict(),
  testPrinter: z.object({ printerId: id, charset: z.optional(charsetSchema) }).strict(),
  listSpool: none,
  releaseSpoolJob: z.object({ spoolJobId: id }).strict(),
  cancelSpoolJob: z.object({ spoolJobId: id }).strict(),
  retrySpoolJob: z.object({ spoolJobId: id }).strict(),
  getDocumentPreview: z.object({ documentId: id }).strict(),
  // nShift Checkout
  setCheckoutCredentials: z
    .object({ clientId: z.string().trim().min(1).max(200), clientSecret: z.string().min(1).max(500) })
    .strict(),
  listPartialShipments: z.union([
    z.object({ orderNo: z.string().trim().min(1).max(128) }).strict(),
    z.object({ dateFrom: date, dateTo: date }).strict(),
  ]),
  deletePartialShipment: z.object({ id, confirm }).strict(),
  anonymizePartialShipments: z.union([
    z.object({ id, confirm }).strict(),
    z
      .object({
        name: z.string().trim().min(1).max(200).optional(),
        email: z.string().trim().min(3).max(320).optional(),
        confirm,
      })
      .strict()
      .refine((c) => c.name !== undefined || c.email !== undefined, 'a name or an e-mail is required'),
  ]),
  exportCheckoutMetrics: z
    .object({ dateFrom: date, dateTo: date })
    .strict()
    .refine((r) => r.dateFrom <= r.dateTo, 'dateFrom must not be after dateTo'),
} satisfies Record<StationMethodName, z.core.$ZodType>;
