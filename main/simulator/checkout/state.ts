/**
 * What the simulated Checkout service and its identity service know, in memory beside the Delivery state.
 * Ids are counters, so a run is reproducible.
 */
import type { Party } from '../schemas';
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

export interface SelectedOption {
  id?: string;
  carrierId: string;
  serviceId: string;
  name?: string;
  [field: string]: unknown;
}

export interface SimPartialShipment {
  id: string;
  orderNo: string;
  sessionId: string | null;
  subShipmentId: string | null;
  status: 'CREATED';
  receiver: Party;
  selectedOption: SelectedOption;
  parcels: Array<Record<string, unknown>>;
  created: number;
  anonymized: boolean;
  /** The stored shipment made in the linked Delivery account; null when the sender has no shipping solution. */
  storedId: string | null;
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
