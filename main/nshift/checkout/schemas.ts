/**
 * zod schemas for what the Checkout client sends and reads, in nShift Checkout's own field names. Each shape,
 * and where it comes from (an nShift page, a real client of the service, the seed, or assumed), is in
 * docs/nshift-checkout-api.md. Answers are loose objects: what the bench relies on is named, everything else
 * is kept as it came. Requests are checked with the same schemas, so a body the client builds and a body the
 * simulator accepts are the same shape (test/unit/nshift/checkout-golden.test.ts holds both to nShift's own
 * examples).
 */
import * as z from 'zod';
import { lenientId, optionalNumber, optionalText } from '../shared/answer-values';

const id = lenientId;
const text = optionalText;
const amount = optionalNumber;

export const tokenResponseSchema = z.looseObject({
  access_token: z.string().min(1),
  expires_in: z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)]).optional(),
  token_type: z.string().optional(),
});

export type CheckoutJson = Record<string, unknown>;
export const jsonObject = z.looseObject({});

// --- What a web shop sends --------------------------------------------------------------------------------

/** A receiver or sender: Checkout writes `postalCode` where Delivery writes `zipcode`. */
export const checkoutAddressSchema = z.looseObject({
  name: z.string().optional(),
  address1: z.string().optional(),
  address2: z.string().optional(),
  houseNumber: z.string().optional(),
  postalCode: z.string().optional(),
  city: z.string().optional(),
  state: z.string().optional(),
  country: z.string().optional(),
  contact: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
  mobile: z.string().optional(),
  doorCode: z.string().optional(),
});
export type CheckoutAddress = z.input<typeof checkoutAddressSchema>;

const dimensionsSchema = z.looseObject({
  lengthCm: z.number().nullish(),
  widthCm: z.number().nullish(),
  heightCm: z.number().nullish(),
});

/** A package of the cart or of the partial shipment: weights in kilograms, sizes in centimetres. */
export const checkoutPackageSchema = z.looseObject({
  weightKg: z.number().nonnegative().nullish(),
  volumeCm3: z.number().nonnegative().nullish(),
  dimensions: dimensionsSchema.optional(),
  contents: z.string().optional(),
  articles: z
    .array(z.looseObject({ articleNo: z.string().optional(), quantity: z.number().nullish() }))
    .optional(),
});
export type CheckoutPackage = z.input<typeof checkoutPackageSchema>;

/** The body of a session and of its options: the values the configuration's rules are evaluated on. */
export const contextBodySchema = z.looseObject({
  currencyCode: z.string().length(3).optional(),
  languageCode: z.string().min(2).optional(),
  localeId: z.string().min(2).optional(),
  totalWeightKg: z.number().nonnegative().nullish(),
  totalVolumeCm3: z.number().nonnegative().nullish(),
  totalPrice: z.number().nullish(),
  receiver: checkoutAddressSchema.optional(),
  packages: z.array(checkoutPackageSchema).optional(),
  variables: z.record(z.string(), z.unknown()).optional(),
  includeInConversionRate: z.boolean().optional(),
});
export type ContextBody = z.input<typeof contextBodySchema>;

const fieldValueSchema = z.looseObject({ fieldId: z.string().min(1), value: z.string() });
const selectedAddonSchema = z.looseObject({
  addonId: z.string().min(1),
  fields: z.array(fieldValueSchema).optional(),
});

/** The consumer's choice for one shipment: the option, and its pickup point, time slot, add-ons and fields. */
const choiceSchema = z.looseObject({
  optionId: z.string().min(1),
  pickupPointId: z.string().min(1).optional(),
  timeSlotId: z.string().min(1).optional(),
  addons: z.array(selectedAddonSchema).optional(),
  fields: z.array(fieldValueSchema).optional(),
  packages: z.array(checkoutPackageSchema).optional(),
});

/** `POST /shipments/v1/shipments`: the partial shipment a web shop creates once the order converts. */
export const partialShipmentRequestSchema = choiceSchema.extend({
  orderId: z.string().min(1),
  sessionId: z.string().min(1),
  receiver: checkoutAddressSchema,
});
export type PartialShipmentRequest = z.input<typeof partialShipmentRequestSchema>;

/**
 * `POST /shipments/v1/split-shipments/shipments` (assumed body: the seed says only "subShipments with the
 * consumer-selected data"): the order and session once, the single-shipment choice per sub-shipment, the
 * receiver once or per sub-shipment.
 */
export const splitShipmentsRequestSchema = z.looseObject({
  orderId: z.string().min(1),
  sessionId: z.string().min(1),
  receiver: checkoutAddressSchema.optional(),
  subShipments: z
    .array(
      choiceSchema.extend({ subShipmentId: z.string().min(1), receiver: checkoutAddressSchema.optional() }),
    )
    .min(1),
});
export type SplitShipmentsRequest = z.input<typeof splitShipmentsRequestSchema>;

/** Split session and options bodies: `subShipments` (one object per shipment, possibly empty) and the context. */
export type SplitBody = { subShipments: CheckoutJson[] } & CheckoutJson;

// --- What the service answers -----------------------------------------------------------------------------

/** A session: `sessionId`, and per sub-shipment a `subShipmentId` (the first equals `sessionId`). */
export const sessionSchema = z.looseObject({
  sessionId: id,
  checkoutConfigurationId: text,
  subShipments: z.array(z.looseObject({ subShipmentId: id.optional() })).optional(),
});
export type CheckoutSession = z.output<typeof sessionSchema>;

const answerAddressSchema = z.looseObject({
  name: text,
  address1: text,
  address2: text,
  postalCode: text,
  city: text,
  country: text,
  email: text,
  phone: text,
  mobile: text,
});

const pickupPointSchema = z.looseObject({ pickupPointId: id, name: text, address1: text, city: text });

/** One delivery option: priced in the session's currency (a number), with its pickup points and time slots. */
export const deliveryOptionSchema = z.looseObject({
  optionId: id,
  valid: z.boolean().optional(),
  name: text,
  carrierId: text,
  carrierName: text,
  carrierProductId: text,
  price: amount,
  pickupPoints: z.array(pickupPointSchema).nullish(),
  timeSlots: z.array(z.looseObject({ timeSlotId: id })).nullish(),
});
export type DeliveryOption = z.output<typeof deliveryOptionSchema>;

const issueSchema = z.looseObject({ issueCode: text, severity: text, location: text, description: text });

/** The options of one (sub-)shipment. */
export const optionsSchema = z.looseObject({
  sessionId: text,
  subShipmentId: text,
  options: z.array(deliveryOptionSchema),
  issues: z.array(issueSchema).nullish(),
});
export type CheckoutOptions = z.output<typeof optionsSchema>;
/** The options of a split session: one single-shipment answer per sub-shipment (seed). */
export const splitOptionsSchema = z.looseObject({ sessionId: text, subShipments: z.array(optionsSchema) });
export type SplitOptions = z.output<typeof splitOptionsSchema>;

/**
 * A partial shipment, as `extended-result=true` answers it: the order it belongs to (`orderId`), the carrier
 * and carrier product the consumer chose, the sender, receiver, pickup point, add-ons and packages.
 * `sessionId`, `subShipmentId` and `anonymized` are read when present (assumed: no public answer shows them).
 */
export const partialShipmentSchema = z.looseObject({
  id,
  orderId: text,
  sessionId: text,
  subShipmentId: text,
  carrier: text,
  carrierProduct: text,
  created: text,
  sender: answerAddressSchema.nullish(),
  receiver: answerAddressSchema.nullish(),
  pickupPoint: pickupPointSchema.nullish(),
  addons: z.array(z.looseObject({ addonId: text })).nullish(),
  packages: z.array(z.looseObject({ weightKg: amount })).nullish(),
  anonymized: z.boolean().nullish(),
});
export type PartialShipment = z.output<typeof partialShipmentSchema>;
export const partialShipmentListSchema = z.array(partialShipmentSchema);
/** Creating split partial shipments answers with one partial shipment per sub-shipment (assumed). */
export const splitShipmentsResultSchema = z.union([
  partialShipmentListSchema,
  z.looseObject({ subShipments: partialShipmentListSchema }).transform((r) => r.subShipments),
]);

/** (assumed) filters of the partial-shipment list. Dates are YYYY-MM-DD, inclusive, on the creation day. */
export interface PartialShipmentFilter {
  orderId?: string;
  dateFrom?: string;
  dateTo?: string;
  page?: number;
  size?: number;
}

/** Senders, configurations, connections, statuses, versions: records the bench passes on untouched. */
export const recordSchema = z.looseObject({ id: id.optional() });
export type CheckoutRecord = z.output<typeof recordSchema>;
export const recordListSchema = z.array(recordSchema);
