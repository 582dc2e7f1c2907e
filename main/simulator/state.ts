/**
 * Everything the simulator knows, in memory. Tests read it directly (`sim.state`); routes mutate it.
 * Ids are counters, so a run is reproducible.
 */
import type { License } from './licenses';
import type { Party, ShipmentInput } from './schemas';
import { createCheckoutState, type CheckoutState } from './checkout/state';

export interface ApiKey {
  id: string;
  secret: string;
  licenses: Set<License>;
}

export interface Token {
  token: string;
  keyId: string;
  expiresAt: number;
}

export type DocumentOwner = { kind: 'shipment' | 'consolidated' | 'manifest' | 'waybill'; id: string };

export interface SimDocument {
  id: string;
  owner: DocumentOwner;
  description: 'Label' | 'Return label' | 'Waybill' | 'Customs declaration' | 'Manifest';
  format: 'zpl' | 'pdf';
  media: string;
  charset?: 'cp850' | 'UTF8';
  bytes: Buffer;
  generatedAt: number;
}

export interface SimParcel {
  parcelNo: string;
  returnParcelNo: string | null;
  reference: string | null;
  weight: number | null;
  contents: string | null;
  value: number | null;
}

export type ShipmentStatus = 'PRINTED' | 'CANCELLED' | 'IN_TRANSIT' | 'DELIVERED';

/** How a booking came in: kept for `/_sim/records` so tests can check exactly-once. */
export type BookingRoute =
  'shipments' | 'orders' | 'stored' | 'prepared' | 'consolidated' | 'consolidated-close';

export interface SimShipment {
  id: string;
  shipmentNo: string;
  status: ShipmentStatus;
  orderNo: string | null;
  reference: string | null;
  serviceId: string;
  carrierId: string;
  sender: Party;
  receiver: Party;
  data: ShipmentInput;
  parcels: SimParcel[];
  /** The current document set (a copy replaces it; older documents stay fetchable until they expire). */
  printIds: string[];
  created: number;
  changed: number;
  shipDate: number;
  returnShipment: boolean;
  consolidated: boolean;
  route: BookingRoute;
  storedId?: string;
  orderId?: string;
  internalReference?: string;
  consolidatedId?: string;
  /** Position in the printed-shipments feed. */
  feedSeq: number;
  /** How far the carrier has come: 1 handed over, 2 in transit, 3 delivered (carrier.ts). */
  carrierStage?: 1 | 2 | 3;
}

export type StoredStatus = 'READY' | 'WARNED' | 'INVALID' | 'PRINTED';

export interface ValidationItem {
  message: string;
  messageCode: string;
  field: string;
  location: string;
  type: 'ignorable' | 'error' | 'critical';
}

export interface SimStored {
  id: string;
  shipmentNo: string;
  status: StoredStatus;
  statuses: ValidationItem[];
  data: ShipmentInput;
  created: number;
  changed: number;
  /** Set once booked: the shipments it produced. */
  shipmentIds: string[];
}

/**
 * A prepared shipment (a Checkout partial shipment in Delivery, routes/prepared.ts): the shipment the consumer's
 * choice made, waiting to be booked or turned into a stored shipment. Booking it removes it (unless asked to keep
 * it), as does turning it into a stored shipment or deleting it.
 */
export interface SimPrepared {
  prepareId: string;
  data: ShipmentInput;
  created: number;
}

export interface SimOrderParcel {
  id: string;
  weight: number | null;
  contents: string | null;
  articles: unknown[];
  shipmentId?: string;
}

export type OrderStatus = 'OPEN' | 'PARTIALLY_SHIPPED' | 'SHIPPED' | 'CANCELLED';

export interface SimOrder {
  id: string;
  orderChannelId: string | null;
  internalReference: string;
  status: OrderStatus;
  receiver: Party | null;
  parcels: SimOrderParcel[];
  deliveryOptionId: string | null;
  created: number;
  extra: Record<string, unknown>;
}

export interface SimParcelGroup {
  partOrderNo: string;
  parcels: SimParcel[];
  created: number;
}

export interface SimConsolidated {
  id: string;
  key: string;
  shipmentNo: string;
  status: 'OPEN' | 'CLOSED' | 'DELETED';
  serviceId: string;
  carrierId: string;
  sender: Party;
  receiver: Party;
  data: ShipmentInput;
  groups: SimParcelGroup[];
  printIds: string[];
  created: number;
  changed: number;
  closedShipmentId?: string;
}

export interface SimManifest {
  manifestType: string;
  manifestId: string;
  created: number;
  shipmentIds: string[];
  printIds: string[];
  carrierId: string | null;
}

export interface SimPrintClient {
  id: number;
  name: string;
  inet: string;
  hostname: string;
  version: string;
  createTimestamp: number;
  state: 'connected' | 'disconnected';
}

export interface SimPrinter {
  id: number;
  name: string;
  clientId: number;
  state: 'online' | 'offline';
  formats: Array<'pdf' | 'raw'>;
}

export interface SimPrintJob {
  id: number;
  printerId: number;
  contentType: 'pdf_base64' | 'pdf_uri' | 'raw_base64' | 'raw_uri';
  documentId: string;
  owner: DocumentOwner;
  created: number;
  failed: boolean;
}

/** The call-rate rule of one batch feed for one API key (feeds.ts). */
export interface FeedRateState {
  /** When the last call that counted against the rule was served. */
  lastCountedAt?: number;
  /** The last answer said `done: false`: the next call is exempt. */
  open: boolean;
}

export interface FeedCall {
  feed: string;
  apiKeyId: string;
  /** The fetchId the client sent, as sent. */
  fetchId: string;
  at: number;
  /** The previous answer on this feed and key said `done: false`. */
  exempt: boolean;
  /** Too soon: refused with `minDelay`, nothing served. */
  refused: boolean;
  /** What came back (for a refused call, the wait). */
  minDelay: number;
  items: number;
}

export interface FeedLog {
  calls: FeedCall[];
  /** Calls refused for coming too soon, ever (the log drops old calls). */
  refused: number;
}

export interface CarrierTimings {
  /** After booking: the carrier scanned the parcels at pick-up (an event; the history status stays PRINTED). */
  handedOverAfterMs: number;
  /** After booking: status IN_TRANSIT. */
  inTransitAfterMs: number;
  /** After booking: status DELIVERED. */
  deliveredAfterMs: number;
}

export const DEFAULT_CARRIER_TIMINGS: CarrierTimings = {
  handedOverAfterMs: 2 * 60 * 60 * 1000,
  inTransitAfterMs: 6 * 60 * 60 * 1000,
  deliveredAfterMs: 24 * 60 * 60 * 1000,
};

/** Carrier progress of booked shipments as the sim clock moves (carrier.ts). */
export interface CarrierState {
  enabled: boolean;
  timings: CarrierTimings;
  /** Ids of booked shipments, in booking order. */
  booked: string[];
  /** Per stage (handed over, in transit, delivered): how many of `booked` it has dealt with. */
  cursors: number[];
}

export interface SimAlert {
  seq: number;
  alertCode: string;
  /** When it happened at the carrier. */
  alertTime: number;
  /** When nShift registered it (the sim clock then). */
  created: number;
  shipmentId: string;
}

/** One booking as the client made it; `cancelled` is read from the live objects when listed. */
export interface BookingRecord {
  seq: number;
  route: BookingRoute;
  created: number;
  shipment?: SimShipment;
  consolidated?: SimConsolidated;
  group?: SimParcelGroup;
  /** A stored shipment that joined a consolidated shipment. */
  storedId?: string;
}

/** A generic record store for the routes that only need CRUD (address book, channels, webhooks, …). */
export type RecordStore = Map<string, Record<string, unknown>>;

export interface SimState {
  apiKeys: Map<string, ApiKey>;
  tokens: Map<string, Token>;
  shipments: Map<string, SimShipment>;
  /** Shipments in feed order (creation order). */
  feed: SimShipment[];
  stored: Map<string, SimStored>;
  /** Prepared shipments by prepare id (routes/prepared.ts). */
  prepared: Map<string, SimPrepared>;
  orders: Map<string, SimOrder>;
  /** What a packer scans → ids, so lookups stay O(1) with 100k seeded records (benchmarks). */
  index: { ordersByRef: Map<string, Set<string>>; storedByOrderNo: Map<string, Set<string>> };
  consolidated: Map<string, SimConsolidated>;
  documents: Map<string, SimDocument>;
  manifests: Map<string, SimManifest>;
  printClients: Map<number, SimPrintClient>;
  printers: Map<number, SimPrinter>;
  printJobs: Map<number, SimPrintJob>;
  alerts: SimAlert[];
  /** Every booking ever made, for `/_sim/records` (exactly-once checks). */
  records: BookingRecord[];
  priceHistory: Array<{ seq: number; created: number; request: unknown; response: unknown }>;
  /** The call-rate rule of the batch feeds, per `feed:apiKeyId` (feeds.ts). */
  feedRate: Map<string, FeedRateState>;
  /** Every batch-feed call, for `/_sim/feeds`. */
  feedLog: FeedLog;
  carrier: CarrierState;
  stores: {
    senders: RecordStore;
    receivers: RecordStore;
    orderChannels: RecordStore;
    deliveryOptions: RecordStore;
    comments: RecordStore;
    webhooks: RecordStore;
    webhookEvents: RecordStore;
    waybills: RecordStore;
    onboardingApplications: RecordStore;
  };
  counters: Record<string, number>;
  /** The Checkout service and its identity service (section 2), in the same process as Delivery. */
  checkout: CheckoutState;
}

const COUNTER_STARTS: Record<string, number> = {
  shipment: 5666300,
  print: 10234400,
  stored: 7100000,
  order: 880000,
  orderParcel: 1,
  consolidated: 9100000,
  manifest: 4400,
  printJob: 700,
  parcelNo: 123456000,
  shipmentNo: 489503000,
  token: 0,
  feed: 0,
  alert: 0,
  price: 0,
  record: 1000,
  partialShipment: 0,
};

/** The counters that number what a client keeps: shipments, their documents and numbers, stored shipments, … */
const ID_KINDS = [
  'shipment',
  'print',
  'stored',
  'order',
  'consolidated',
  'manifest',
  'printJob',
  'parcelNo',
  'shipmentNo',
  // A Checkout partial shipment's id is its prepared shipment's prepare id (checkout/partials.ts).
  'partialShipment',
] as const;
/** How many ids of each kind one block holds: far more than a demo run books. */
export const ID_BLOCK_SIZE = 1_000_000;

/** `idBlock`: numbers every id kind from that block on (block 0: the documented demo ids). */
export function createState(idBlock = 0): SimState {
  return {
    apiKeys: new Map(),
    tokens: new Map(),
    shipments: new Map(),
    feed: [],
    stored: new Map(),
    prepared: new Map(),
    orders: new Map(),
    index: { ordersByRef: new Map(), storedByOrderNo: new Map() },
    consolidated: new Map(),
    documents: new Map(),
    manifests: new Map(),
    printClients: new Map(),
    printers: new Map(),
    printJobs: new Map(),
    alerts: [],
    records: [],
    priceHistory: [],
    feedRate: new Map(),
    feedLog: { calls: [], refused: 0 },
    carrier: {
      enabled: false,
      timings: { ...DEFAULT_CARRIER_TIMINGS },
      booked: [],
      cursors: [0, 0, 0],
    },
    stores: {
      senders: new Map(),
      receivers: new Map(),
      orderChannels: new Map(),
      deliveryOptions: new Map(),
      comments: new Map(),
      webhooks: new Map(),
      webhookEvents: new Map(),
      waybills: new Map(),
      onboardingApplications: new Map(),
    },
    counters: {
      ...COUNTER_STARTS,
      ...Object.fromEntries(ID_KINDS.map((kind) => [kind, COUNTER_STARTS[kind]! + idBlock * ID_BLOCK_SIZE])),
    },
    checkout: createCheckoutState(),
  };
}

export function nextId(state: SimState, kind: keyof typeof COUNTER_STARTS | string): number {
  const value = (state.counters[kind] ?? 0) + 1;
  state.counters[kind] = value;
  return value;
}

export function indexAdd(index: Map<string, Set<string>>, key: string | null | undefined, id: string): void {
  if (key === null || key === undefined) return;
  let ids = index.get(key);
  if (!ids) index.set(key, (ids = new Set()));
  ids.add(id);
}

export function indexRemove(
  index: Map<string, Set<string>>,
  key: string | null | undefined,
  id: string,
): void {
  if (key === null || key === undefined) return;
  const ids = index.get(key);
  ids?.delete(id);
  if (ids && ids.size === 0) index.delete(key);
}
