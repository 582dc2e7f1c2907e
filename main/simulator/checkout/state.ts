/**
 * What the simulated Checkout service and its identity service know, in memory beside the Delivery state.
 * Ids are counters, so a run is reproducible.
 */
import type { CheckoutAddress } from '../../nshift/checkout';
import type { RecordStore } from '../state';

export interface CheckoutClientRecord {
  id: string;
  secret: string;
  /** A disabled client gets no token (seed: the enable flag can be toggled at any time). */
  enabled: boolean;
}

export interface CheckoutToken {
  token: string;
  clientId: string;
  expiresAt: number;
}

export interface SimSubShipment {
  subShipmentId: string;
  input: Record<string, unknown>;
}

export interface SimCheckoutSession {
  sessionId: string;
  kind: 'single' | 'split';
  connectionId: string;
  /** The configuration the connection resolved to when the session was made (seed: the session is bound to it). */
  configurationId: string;
  body: Record<string, unknown>;
  subShipments: SimSubShipment[];
  /** Valid until `lastInteraction` + 4 hours (sim clock). */
  lastInteraction: number;
}

/** A receiver or sender as Checkout writes it (`postalCode`, not Delivery's `zipcode`). */
export type CheckoutParty = CheckoutAddress;

/** A partial shipment, kept in nShift Checkout's own field names (docs/nshift-checkout-api.md). */
export interface SimPartialShipment {
  id: string;
  orderId: string;
  sessionId: string;
  subShipmentId: string | null;
  optionId: string;
  /** The chosen option's carrier and carrier product (the catalogue's carrier and service ids). */
  carrier: string;
  carrierProduct: string;
  sender: CheckoutParty;
  receiver: CheckoutParty;
  pickupPoint: { pickupPointId: string; name?: string } | null;
  timeSlotId: string | null;
  addons: Array<Record<string, unknown>>;
  fields: Array<Record<string, unknown>>;
  packages: Array<Record<string, unknown>>;
  created: number;
  anonymized: boolean;
  /** The prepared shipment made in the linked Delivery account; null when the sender has no shipping solution. */
  prepareId: string | null;
}

/** Per UTC day (`YYYY-MM-DD`): what the usage-metrics CSV counts. */
export interface UsageDay {
  tokens: number;
  sessions: number;
  optionRequests: number;
  partialShipments: number;
}

export interface CheckoutState {
  /** Every request that reached the Checkout or identity service (tests check that none was made). */
  requests: number;
  /** `METHOD /path` of the latest requests (at most REQUEST_LOG_MAX), so tests can see which operations ran. */
  requestLog: string[];
  clients: Map<string, CheckoutClientRecord>;
  tokens: Map<string, CheckoutToken>;
  /** Headers of every token request, so tests can check `Cache-Control` and the form encoding. */
  tokenRequests: Array<{ cacheControl: string | undefined; contentType: string | undefined }>;
  sessions: Map<string, SimCheckoutSession>;
  partialShipments: Map<string, SimPartialShipment>;
  senders: RecordStore;
  configurations: RecordStore;
  configurationVersions: Map<string, Array<Record<string, unknown>>>;
  connections: RecordStore;
  usage: Map<string, UsageDay>;
}

export const REQUEST_LOG_MAX = 5000;

export function createCheckoutState(): CheckoutState {
  return {
    requests: 0,
    requestLog: [],
    clients: new Map(),
    tokens: new Map(),
    tokenRequests: [],
    sessions: new Map(),
    partialShipments: new Map(),
    senders: new Map(),
    configurations: new Map(),
    configurationVersions: new Map(),
    connections: new Map(),
    usage: new Map(),
  };
}
