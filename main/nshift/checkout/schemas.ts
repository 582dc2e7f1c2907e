/**
 * zod schemas for the Checkout responses the client reads. The seed shows few fields ("not shown" for most
 * records), so objects are loose: what the bench relies on is named, everything else is kept as it came.
 */
import * as z from 'zod';

const id = z.union([z.string(), z.number()]).transform((v) => String(v));
const text = z
  .union([z.string(), z.number()])
  .transform((v) => String(v))
  .nullish();

export const tokenResponseSchema = z.looseObject({
  access_token: z.string().min(1),
  expires_in: z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)]).optional(),
  token_type: z.string().optional(),
});

export type CheckoutJson = Record<string, unknown>;
export const jsonObject = z.looseObject({});

/** A session: `sessionId`, and per sub-shipment a `subShipmentId` (the first equals `sessionId`). */
export const sessionSchema = z.looseObject({
  sessionId: id,
  subShipments: z.array(z.looseObject({ subShipmentId: id.optional() })).optional(),
});
export type CheckoutSession = z.output<typeof sessionSchema>;

/** Split bodies: `subShipments` (one object per shipment, possibly empty) plus whatever the call takes. */
export type SplitBody = { subShipments: CheckoutJson[] } & CheckoutJson;

/**
 * A partial shipment (assumed fields beyond the seed's "stored after an order converts"): the web shop's
 * `orderNo`, the session it came from, the consumer's `selectedOption` (carrier service), the receiver and
 * parcels carried over to the shipping solution, and where it went there (`delivery`, when it arrived).
 */
export const partialShipmentSchema = z.looseObject({
  id,
  orderNo: text,
  sessionId: text,
  subShipmentId: text,
  status: text,
  created: text,
  anonymized: z.boolean().nullish(),
  receiver: z.looseObject({ name: text, email: text, city: text, country: text }).nullish(),
  selectedOption: z
    .looseObject({ id: text, carrierId: text, serviceId: text, name: text, price: z.unknown() })
    .nullish(),
  parcels: z.array(z.looseObject({})).nullish(),
  delivery: z.looseObject({ storedId: text, status: text }).nullish(),
});
export type PartialShipment = z.output<typeof partialShipmentSchema>;
export const partialShipmentListSchema = z.array(partialShipmentSchema);
/** Creating split partial shipments answers with one partial shipment per sub-shipment. */
export const splitShipmentsResultSchema = z.union([
  partialShipmentListSchema,
  z.looseObject({ subShipments: partialShipmentListSchema }).transform((r) => r.subShipments),
]);

/** (assumed) filters of the partial-shipment list. Dates are YYYY-MM-DD, inclusive, on the creation day. */
export interface PartialShipmentFilter {
  orderNo?: string;
  dateFrom?: string;
  dateTo?: string;
  page?: number;
  size?: number;
}

/** Senders, configurations, connections, statuses, versions: records the bench passes on untouched. */
export const recordSchema = z.looseObject({ id: id.optional() });
export type CheckoutRecord = z.output<typeof recordSchema>;
export const recordListSchema = z.array(recordSchema);
