/**
 * zod schemas for every Delivery API response the client reads. All objects are loose: unknown fields are
 * kept (nShift sends many more than a station uses, and the station may pass them on). Only what the hot
 * path relies on is required; a body that fails becomes a `malformed` error, never an exception.
 */
import * as z from 'zod';
import { lenientId, optionalNumber, optionalText } from '../shared/answer-values';
import { validationItemSchema } from '../shared/error-bodies';
import type { ValidationItem } from '../shared/errors';

/** Ids are JSON strings in nShift, but accept numbers and normalise. */
export const idSchema = lenientId;
const optText = optionalText;
const optNumber = optionalNumber;
/** "boolean-like indicator": true/false, "true"/"false", 1/0. */
const boolLike = z
  .union([z.boolean(), z.string(), z.number()])
  .transform(
    (v) => v === true || v === 1 || (typeof v === 'string' && ['true', '1', 'yes'].includes(v.toLowerCase())),
  )
  .nullish();

export const tokenResponseSchema = z.looseObject({ token: z.string().min(1) });

export { validationItemSchema, validationListSchema, serverErrorBodySchema } from '../shared/error-bodies';

// --- shipments and documents ---------------------------------------------------------------------------

export const printSchema = z.looseObject({
  id: idSchema,
  description: z.string().nullish(),
  href: z.string().nullish(),
  /** base64 when `returnFile=true`, else null. */
  data: z.string().nullish(),
  /** base64 in the legacy PDF lists with `inlinePdf=true`. */
  pdf: z.string().nullish(),
});
export type Print = z.output<typeof printSchema>;
export const printListSchema = z.array(printSchema);

export const shipmentParcelSchema = z.looseObject({
  parcelNo: z.string().nullish(),
  returnParcelNo: z.string().nullish(),
  reference: z.string().nullish(),
});

export const shipmentResultSchema = z.looseObject({
  id: idSchema,
  href: z.string().nullish(),
  status: z.string().nullish(),
  shipmentNo: z.string().nullish(),
  orderNo: optText,
  reference: optText,
  serviceId: z.string().nullish(),
  parcelCount: optNumber,
  sndName: z.string().nullish(),
  rcvName: z.string().nullish(),
  rcvZipcode: optText,
  rcvCity: z.string().nullish(),
  rcvCountry: z.string().nullish(),
  created: z.string().nullish(),
  changed: z.string().nullish(),
  shipDate: z.string().nullish(),
  normalShipment: boolLike,
  returnShipment: boolLike,
  consolidated: boolLike,
  parcels: z.array(shipmentParcelSchema).nullish(),
  prints: z
    .array(printSchema)
    .nullish()
    .transform((v) => v ?? []),
  previousPrints: z.array(printSchema).nullish(),
});
export type ShipmentResult = z.output<typeof shipmentResultSchema>;
/** `201` is an array even for one shipment; a lone object is accepted too. */
export const shipmentResultListSchema = z.union([
  z.array(shipmentResultSchema),
  shipmentResultSchema.transform((one) => [one]),
]);

// --- stored and consolidated ---------------------------------------------------------------------------

/**
 * A stored shipment as nShift documents it (Unifaun's RAML `StoredShipmentInfo`, the list's and the create's
 * answer): a summary, with no shipment data in it. `shipment` is the seed's fetch by id (docs/nshift-api.md 1.4),
 * which no public document shows: read it only where it is there, never assume it.
 */
export const storedShipmentSchema = z.looseObject({
  id: idSchema,
  href: z.string().nullish(),
  status: z.string().nullish(),
  statuses: z.array(validationItemSchema).nullish(),
  orderNo: optText,
  reference: optText,
  /** The number its booking gets: the list can be searched by it (docs/nshift-api.md 1.4). */
  shipmentNo: optText,
  serviceId: optText,
  parcelCount: optNumber,
  rcvName: optText,
  /** Whether booking it makes a normal shipment, a return shipment, or both (one answer). */
  normalShipment: boolLike,
  returnShipment: boolLike,
  created: z.string().nullish(),
  shipment: z.looseObject({}).nullish(),
});
export type StoredShipment = z.output<typeof storedShipmentSchema>;
export const storedShipmentListSchema = z.array(storedShipmentSchema);

export const consolidatedShipmentSchema = z.looseObject({
  id: idSchema,
  href: z.string().nullish(),
  status: z.string().nullish(),
  shipmentNo: z.string().nullish(),
  orderNo: optText,
  parcels: z.array(z.looseObject({})).nullish(),
  prints: z.array(printSchema).nullish(),
});
export type ConsolidatedShipment = z.output<typeof consolidatedShipmentSchema>;
export const consolidatedShipmentListSchema = z.array(consolidatedShipmentSchema);

// --- orders --------------------------------------------------------------------------------------------

export const orderParcelSchema = z.looseObject({
  id: idSchema,
  weight: optNumber,
  contents: z.string().nullish(),
  shipmentId: optText,
});

export const orderSchema = z.looseObject({
  id: idSchema,
  orderChannelId: optText,
  internalReference: optText,
  status: z.string().nullish(),
  receiver: z.looseObject({}).nullish(),
  parcels: z
    .array(orderParcelSchema)
    .nullish()
    .transform((v) => v ?? []),
  deliveryOptionId: optText,
  created: z.string().nullish(),
});
export type Order = z.output<typeof orderSchema>;
export const orderListSchema = z.array(orderSchema);

export const orderShipmentSchema = z.looseObject({
  parcelIds: z
    .array(idSchema)
    .nullish()
    .transform((v) => v ?? []),
  shipmentId: idSchema,
  trackingNumbers: z
    .array(z.string())
    .nullish()
    .transform((v) => v ?? []),
});
export type OrderShipment = z.output<typeof orderShipmentSchema>;

// --- manifests, waybills, history ------------------------------------------------------------------------

/**
 * A shipment list. nShift answers its creation with "the shipment list and the associated ID" and publishes no
 * example, so only the id is required (`manifestId`, or `id`); the type is the one the path named when the
 * answer does not repeat it.
 */
export function manifestOf(manifestType: string) {
  return z
    .looseObject({
      manifestType: z.string().nullish(),
      manifestId: idSchema.optional(),
      id: idSchema.optional(),
      created: z.string().nullish(),
      shipmentCount: optNumber,
      prints: z
        .array(printSchema)
        .nullish()
        .transform((v) => v ?? []),
    })
    .refine((m) => m.manifestId !== undefined || m.id !== undefined, {
      message: 'a shipment list without manifestId or id',
    })
    .transform(({ manifestType: named, manifestId, id, ...rest }) => ({
      ...rest,
      manifestType: named ?? manifestType,
      manifestId: (manifestId ?? id)!,
    }));
}
export type Manifest = z.output<ReturnType<typeof manifestOf>>;
export const manifestListOf = (manifestType: string) => z.array(manifestOf(manifestType));

/** Shipments as the list/history/feeds show them: a shipment result without guaranteed prints. */
export const shipmentSummarySchema = shipmentResultSchema;
export type ShipmentSummary = ShipmentResult;
export const shipmentSummaryListSchema = z.array(shipmentSummarySchema);

/**
 * One page of the shipment history: `{page, totalPages, shipments}` as a real client of the service reads it
 * (futhr/solidus_nshift); a bare list is taken too. `totalPages` is undefined when the answer does not say.
 */
export const historyPageSchema = z.union([
  z
    .looseObject({
      page: optNumber,
      totalPages: optNumber,
      shipments: z
        .array(shipmentSummarySchema)
        .nullish()
        .transform((v) => v ?? []),
    })
    .transform((p) => ({ shipments: p.shipments, totalPages: p.totalPages ?? undefined })),
  z.array(shipmentSummarySchema).transform((shipments) => ({ shipments, totalPages: undefined })),
]);
export type HistoryPage = z.output<typeof historyPageSchema>;

/** A waybill (assumed shape): its id, and when just printed, its documents. */
export const waybillSchema = z.looseObject({
  id: idSchema,
  prints: z
    .array(printSchema)
    .nullish()
    .transform((v) => v ?? []),
});
export type Waybill = z.output<typeof waybillSchema>;
export const waybillListSchema = z.array(waybillSchema);

// --- print client ----------------------------------------------------------------------------------------

const numericId = z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)]);

export const printClientSchema = z.looseObject({
  id: numericId,
  name: z.string().nullish(),
  inet: z.string().nullish(),
  hostname: z.string().nullish(),
  version: z.string().nullish(),
  createTimestamp: z.string().nullish(),
  state: z.string().nullish(),
});
export type PrintClient = z.output<typeof printClientSchema>;
export const printClientListSchema = z.array(printClientSchema);

export const printerSchema = z.looseObject({
  id: numericId,
  name: z.string().nullish(),
  clientId: numericId.nullish(),
  state: z.string().nullish(),
  formats: z.array(z.string()).nullish(),
});
export type Printer = z.output<typeof printerSchema>;
export const printerListSchema = z.array(printerSchema);

export const printJobSchema = z.looseObject({
  id: numericId.or(idSchema),
  printerId: numericId.nullish(),
  status: z.string().nullish(),
  contentType: z.string().nullish(),
  created: z.string().nullish(),
});
export type PrintJob = z.output<typeof printJobSchema>;
export const printJobListSchema = z.array(printJobSchema);

// --- prices, feeds, alerts ---------------------------------------------------------------------------------

/**
 * A price enquiry's figures (nShift help centre, article 10663465999260). Kept as nShift sends them: no example
 * shows their JSON types, and the station only passes them on.
 */
export const priceDataSchema = z.looseObject({
  price: z.unknown(),
  additionalSurcharges: z.unknown().optional(),
  priceWithAdditionalSurcharges: z.unknown().optional(),
  totalWeight: z.unknown().optional(),
  chargeableWeight: z.unknown().optional(),
});
export type Price = z.output<typeof priceDataSchema>;

/** One entry of a price answer's `errorList`: a validation item when it looks like one, else its text. */
const priceErrorSchema = z.union([
  validationItemSchema,
  z.unknown().transform((e) => ({
    message: typeof e === 'string' ? e : JSON.stringify(e),
    messageCode: '',
    field: '',
    location: '',
    type: 'error',
  })),
]);

/**
 * The answer to a price enquiry: `{priceData: {...}, errorList}`. An answer with the figures at the top level
 * (as an older client of the service reads it, PolrSE/Unifaun.Rest.Client) is taken as its own priceData.
 */
export const priceAnswerSchema = z.union([
  priceDataSchema
    .refine((p) => p.price !== undefined && !('priceData' in p))
    .transform((priceData) => ({ priceData, errorList: [] as ValidationItem[] })),
  z.looseObject({
    priceData: priceDataSchema.nullish(),
    errorList: z
      .array(priceErrorSchema)
      .nullish()
      .transform((v) => v ?? []),
  }),
]);

export const alertSchema = z.looseObject({
  alertCode: z.string().nullish(),
  alertTime: z.string().nullish(),
  alertCreated: z.string().nullish(),
  alertInfo: z.string().nullish(),
  shipmentInfo: z.looseObject({}).nullish(),
});
export type Alert = z.output<typeof alertSchema>;

export const priceHistoryItemSchema = z.looseObject({});
export type PriceHistoryItem = z.output<typeof priceHistoryItemSchema>;

/**
 * A fetch-in-batches page: `{fetchId, done, minDelay, <items>: [...]}`. The items' key differs per feed
 * (`shipments`, `alerts`; the price history's is not documented), so the first listed key present wins.
 */
export function feedPageSchema<T extends z.ZodType>(itemsKeys: readonly string[], item: T) {
  const head = z.looseObject({
    fetchId: z.union([
      z.number(),
      z
        .string()
        .regex(/^-?\d+$/)
        .transform(Number),
    ]),
    done: boolLike.transform((v) => v ?? true),
    minDelay: optNumber.transform((v) => v ?? 0),
  });
  return head.transform((page, ctx): FeedPage<z.output<T>> => {
    const record = page as Record<string, unknown>;
    const key = itemsKeys.find((k) => record[k] !== undefined && record[k] !== null);
    const items = z.array(item).safeParse(key ? record[key] : []);
    if (!items.success) {
      for (const issue of items.error.issues)
        ctx.addIssue({ code: 'custom', message: issue.message, path: [key ?? 'items', ...issue.path] });
      return z.NEVER;
    }
    return { fetchId: page.fetchId, done: page.done, minDelayMs: page.minDelay, items: items.data };
  });
}
export interface FeedPage<T> {
  fetchId: number;
  done: boolean;
  minDelayMs: number;
  items: T[];
}

// --- everything else: records we do not interpret ---------------------------------------------------------

/** A resource the station does not read field by field: kept whole, `id` normalised when present. */
export const recordSchema = z.looseObject({ id: idSchema.optional() });
export type DeliveryRecord = z.output<typeof recordSchema>;
export const recordListSchema = z.array(recordSchema);
/** Creates that "return the id": accept `{id}`, a bare string/number, or any object. */
export const createdSchema = z
  .union([idSchema, z.looseObject({ id: idSchema.optional() })])
  .transform((v) => (typeof v === 'string' ? { id: v } : v));
export type Created = z.output<typeof createdSchema>;
export const anyJsonSchema = z.unknown();

// --- answers the client reads in one piece ----------------------------------------------------------------

export const printedFeedSchema = feedPageSchema(['shipments'], shipmentSummarySchema);
export const alertFeedSchema = feedPageSchema(['alerts'], alertSchema);
export const priceHistoryFeedSchema = feedPageSchema(
  ['prices', 'priceHistory', 'history', 'items', 'shipments'],
  priceHistoryItemSchema,
);
/** Manifest copies answer with a print list, or a manifest holding one. */
export const printsOrManifestOf = (manifestType: string) =>
  z.union([printListSchema, manifestOf(manifestType).transform((m) => m.prints)]);
/** A receiver search answers a list, or the one receiver it found. */
export const recordOrRecordsSchema = z.union([recordListSchema, recordSchema.transform((one) => [one])]);

// --- prepared shipments (a Checkout partial shipment in Delivery; prepared-shipments.ts) --------------------

/**
 * A prepared shipment: the bare shipment nShift's help centre shows for `GET /prepared-shipments/{prepareId}`
 * (sender, receiver, service, parcels, order number, options; no id of its own). Numbers may come as strings.
 */
export const preparedShipmentSchema = z.looseObject({
  orderNo: optText,
  senderReference: optText,
  sender: z.looseObject({ name: optText }).nullish(),
  receiver: z.looseObject({ name: optText, zipcode: optText, city: optText, country: optText }).nullish(),
  service: z
    .looseObject({ id: optText, addons: z.array(z.looseObject({ id: optText })).nullish() })
    .nullish(),
  parcels: z.array(z.looseObject({ copies: optText, weight: optText })).nullish(),
  options: z.array(z.looseObject({ id: optText })).nullish(),
});
export type PreparedShipment = z.output<typeof preparedShipmentSchema>;
