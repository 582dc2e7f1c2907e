/**
 * Request types of the Delivery API (docs/nshift-api.md 1.3–1.9). Only the fields a station uses are named;
 * every object accepts more, and the client passes unknown fields through untouched.
 */

export interface Party {
  quickId?: string;
  name?: string;
  address1?: string;
  address2?: string;
  zipcode?: string;
  city?: string;
  state?: string;
  country?: string;
  contact?: string;
  phone?: string;
  mobile?: string;
  email?: string;
  doorCode?: string;
  orgNo?: string;
  vatNo?: string;
  [field: string]: unknown;
}

export interface ShipmentParcel {
  copies?: number;
  weight?: number;
  length?: number;
  width?: number;
  height?: number;
  volume?: number;
  contents?: string;
  packageCode?: string;
  reference?: string;
  valuePerParcel?: number;
  [field: string]: unknown;
}

export interface ShipmentOption {
  /** `ENOT`, `CONSOLIDATE`, … (case-insensitive). */
  id: string;
  key?: string;
  from?: string;
  to?: string;
  message?: string;
  languageCode?: string;
  [field: string]: unknown;
}

export interface Shipment {
  sender?: Party;
  receiver?: Party;
  agent?: Party;
  senderPartners?: { id: string; custNo?: string; [field: string]: unknown }[];
  service?: { id: string; addons?: { id: string; [field: string]: unknown }[]; [field: string]: unknown };
  parcels?: ShipmentParcel[];
  orderNo?: string;
  senderReference?: string;
  receiverReference?: string;
  shipDate?: string;
  test?: boolean;
  printSet?: unknown;
  customsDeclaration?: unknown;
  options?: ShipmentOption[];
  [field: string]: unknown;
}

export type PrintTargetType = 'pdf' | 'zpl';
export interface PrintTargetOption {
  key: string;
  value: string;
}

/** Up to four targets, smallest label first, A4 last; the server picks the first whose media fits. */
export interface PrintConfig {
  target1Media?: string;
  target1Type?: PrintTargetType | string;
  target1XOffset?: number;
  target1YOffset?: number;
  target1Options?: PrintTargetOption[];
  target2Media?: string;
  target2Type?: PrintTargetType | string;
  target2XOffset?: number;
  target2YOffset?: number;
  target2Options?: PrintTargetOption[];
  target3Media?: string;
  target3Type?: PrintTargetType | string;
  target3XOffset?: number;
  target3YOffset?: number;
  target3Options?: PrintTargetOption[];
  target4Media?: string;
  target4Type?: PrintTargetType | string;
  target4XOffset?: number;
  target4YOffset?: number;
  target4Options?: PrintTargetOption[];
  [field: string]: unknown;
}

export interface CreateShipmentRequest {
  shipment: Shipment;
  printConfig: PrintConfig;
}

export interface ReturnFileOption {
  /** Put base64 documents inline in `prints[].data` (default true: the label arrives with the booking). */
  returnFile?: boolean;
}

export interface InlinePdfOption {
  inlinePdf?: boolean;
}

export type DocumentAccept = 'application/pdf' | 'application/octet-stream';

export interface StoredShipmentFilter {
  searchField?: 'orderNo' | 'reference' | 'shipmentNo' | (string & {});
  searchOp?: 'equals' | 'contains' | 'startsWith' | 'endsWith' | (string & {});
  searchValue?: string;
  /** Lower case in query filters (`ready`). */
  status?: string;
  dateType?: 'created' | 'ship' | (string & {});
  dateFrom?: string;
  dateTo?: string;
}

export interface OrderFilter {
  internalReference?: string;
  orderChannelId?: string;
  page?: number;
  size?: number;
}

export interface OrderParcelInput {
  id?: string;
  weight?: number;
  contents?: string;
  articles?: unknown[];
  [field: string]: unknown;
}

export interface CreateOrderRequest {
  orderChannelId: string;
  internalReference: string;
  receiver?: Party;
  parcels?: OrderParcelInput[];
  deliveryOptionId?: string;
  [field: string]: unknown;
}

export interface CreateShipmentFromOrderRequest {
  orderId: string;
  /** Omit (or empty) to book the whole order. */
  parcelIds?: string[];
  printConfig?: PrintConfig;
}

/**
 * A shipment list to make: `manifestType` goes in the path (the carrier's list type), the rest is the body: the
 * print configuration and the list's filters (assumed names).
 */
export interface ManifestRequest {
  manifestType: string;
  printConfig?: PrintConfig;
  dateFrom?: string;
  dateTo?: string;
  senderQuickId?: string;
  carrierId?: string;
  [field: string]: unknown;
}

export interface ManifestFilter {
  dateFrom?: string;
  dateTo?: string;
}

/** The filters of a manifest's shipment list (assumed names, as the stored-shipment list's search). */
export interface ManifestShipmentFilter {
  searchField?: 'orderNo' | 'shipmentNo' | 'parcelNo' | 'reference' | (string & {});
  searchOp?: 'equals' | 'contains' | 'startsWith' | 'endsWith' | (string & {});
  searchValue?: string;
  carrierId?: string;
  serviceId?: string;
  /** Lower case in query filters (`printed`, `cancelled`). */
  status?: string;
}

export interface HistoryFilter {
  page?: number;
  dateFrom?: string;
  dateTo?: string;
  dateType?: string;
  searchField?: string;
  searchValue?: string;
  status?: string;
}

export interface PageOptions {
  page?: number;
  size?: number;
}

export interface PrintJobListFilter extends PageOptions {
  dateFrom?: string;
  dateTo?: string;
  status?: string;
}

export type PrintJobContentType = 'pdf_base64' | 'pdf_uri' | 'raw_base64' | 'raw_uri';

export interface CreatePrintJobRequest {
  printerId: number;
  contentType?: PrintJobContentType;
  [field: string]: unknown;
}

export interface PriceRequest {
  shipment: Shipment;
  additionalSurcharges?: { amount?: number; percent?: number };
}

export interface CommentRequest {
  orderId: string;
  type: 'internal' | 'external';
  value: string;
}

/** The address book's list filters; `since` as yyyyMMddHHmmss, yyyyMMddHHmm, yyyyMMdd or yyMMdd. */
export interface SenderFilter {
  page?: number;
  quickId?: string;
  senderId?: string;
  since?: string;
}

export interface ReceiverFetch {
  receiverId?: string;
  quickId?: string;
  since?: string;
  /** From 0; nShift requires it, so the client sends 0 when it is not given. */
  page?: number;
}

export interface CodeListFilter {
  language?: string;
  [filter: string]: string | number | boolean | undefined;
}

/** Bodies of resources the station does not model field by field. */
export type JsonObject = Record<string, unknown>;
