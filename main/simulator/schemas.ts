/**
 * zod schemas for what clients send. They are loose on purpose: nShift accepts many more fields than a
 * station uses and the simulator passes unknown ones through untouched.
 */
import * as z from 'zod';

/** nShift accepts numbers where strings are expected (zip codes, ids); normalise to strings. */
const text = z
  .union([z.string(), z.number()])
  .transform((v) => String(v))
  .optional()
  .nullable();

export const partySchema = z.looseObject({
  quickId: text,
  name: text,
  address1: text,
  address2: text,
  zipcode: text,
  city: text,
  state: text,
  country: text,
  contact: text,
  phone: text,
  mobile: text,
  email: text,
  doorCode: text,
  orgNo: text,
  vatNo: text,
});
export type Party = z.infer<typeof partySchema>;

const num = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^-?\d+(\.\d+)?$/)
      .transform(Number),
  ])
  .optional()
  .nullable();

export const parcelSchema = z.looseObject({
  copies: num,
  weight: num,
  length: num,
  width: num,
  height: num,
  volume: num,
  contents: text,
  packageCode: text,
  reference: text,
  valuePerParcel: num,
});
export type ParcelInput = z.infer<typeof parcelSchema>;

export const optionSchema = z.looseObject({
  id: z.string(),
  key: text,
  from: text,
  to: text,
  message: text,
  languageCode: text,
});

export const shipmentSchema = z.looseObject({
  sender: partySchema.optional().nullable(),
  receiver: partySchema.optional().nullable(),
  agent: partySchema.optional().nullable(),
  senderPartners: z
    .array(z.looseObject({ id: z.string(), custNo: text }))
    .optional()
    .nullable(),
  service: z
    .looseObject({
      id: text,
      addons: z
        .array(z.looseObject({ id: z.string() }))
        .optional()
        .nullable(),
    })
    .optional()
    .nullable(),
  parcels: z.array(parcelSchema).optional().nullable(),
  orderNo: text,
  senderReference: text,
  receiverReference: text,
  shipDate: text,
  test: z.boolean().optional().nullable(),
  printSet: z.unknown().optional(),
  customsDeclaration: z.unknown().optional(),
  options: z.array(optionSchema).optional().nullable(),
});
export type ShipmentInput = z.infer<typeof shipmentSchema>;

/** printConfig: `target{1..4}{Media,Type,XOffset,YOffset,Options}`; validated into targets in print-config.ts. */
export const printConfigSchema = z.record(z.string(), z.unknown());
export type PrintConfigInput = z.infer<typeof printConfigSchema>;

export const createShipmentBodySchema = z.looseObject({
  printConfig: printConfigSchema.optional().nullable(),
  shipment: shipmentSchema,
});

export const orderParcelSchema = z.looseObject({
  id: text,
  weight: num,
  contents: text,
  articles: z.array(z.unknown()).optional().nullable(),
});

export const orderBodySchema = z.looseObject({
  orderChannelId: text,
  internalReference: text,
  receiver: partySchema.optional().nullable(),
  parcels: z.array(orderParcelSchema).optional().nullable(),
  deliveryOptionId: text,
});

export const orderShipmentBodySchema = z.looseObject({
  orderId: z.union([z.string(), z.number()]).transform(String),
  parcelIds: z
    .array(z.union([z.string(), z.number()]).transform(String))
    .optional()
    .nullable(),
  printConfig: printConfigSchema.optional().nullable(),
});

export const printJobBodySchema = z.looseObject({
  printerId: z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)]),
  contentType: z.enum(['pdf_base64', 'pdf_uri', 'raw_base64', 'raw_uri']).optional(),
});

/** A shipment list's filters (assumed names); its type is in the path, and a print configuration may come along. */
export const manifestBodySchema = z.looseObject({
  manifestType: text,
  printConfig: printConfigSchema.optional().nullable(),
  dateFrom: text,
  dateTo: text,
  senderQuickId: text,
  carrierId: text,
});

export const priceBodySchema = z.looseObject({
  shipment: shipmentSchema,
  additionalSurcharges: z.looseObject({ amount: num, percent: num }).optional().nullable(),
});

export const commentBodySchema = z.looseObject({
  orderId: z.union([z.string(), z.number()]).transform(String),
  type: z.enum(['internal', 'external']),
  value: z.string(),
});
