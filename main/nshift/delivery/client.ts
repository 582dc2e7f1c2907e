/**
 * The nShift Delivery API client: one object, grouped by resource, each group a small factory over one caller
 * (a module per group of the route table: shipments.ts, stored-shipments.ts, consolidated.ts, …). This file
 * wires them: transport, token, caller, feeds. Every method returns a Result and never throws for HTTP or
 * network reasons. Paths live in routes.ts, statuses become DeliveryError values in shared/call.ts, bodies are
 * checked by the zod schemas in schemas.ts.
 */
import type { FetchIdStore } from './batches';
import { createFeedRateGuard, type FeedRateGuard } from './feed-rate';
import { createCaller } from '../shared/call';
import type { DeliveryCaller, R, Schemas } from './caller';
import { feedsOf } from './feeds';
import { preparedShipmentsOf, type PreparedShipments } from './prepared-shipments';
import { documentsOf, shipmentsOf, type Documents, type Shipments } from './shipments';
import { storedShipmentsOf, type StoredShipments } from './stored-shipments';
import { consolidatedOf, type Consolidated } from './consolidated';
import { manifestsOf, type Manifests } from './manifests';
import { waybillsOf, type Waybills } from './waybills';
import { historyOf, type History } from './history';
import { printClientsOf, type PrintClients } from './print-client';
import { pricesAndAlertsOf, type PricesAndAlerts } from './prices-alerts';
import { addressBookOf, type AddressBook } from './address-book';
import { orderManagementOf, type OrderManagement } from './orders';
import { webhooksOf, type Webhooks } from './webhooks';
import { onboardingOf, type Onboarding } from './onboarding';
import { tokenExchangeOf } from './token-exchange';
import type { DeliveryError } from './errors';
import { createTokenManager } from '../shared/token-manager';
import type { ApiKeySource } from '../shared/token-manager';
import type { RequestRate } from '../shared/request-rate';
import { createTransport } from '../shared/transport';
import type { RetryOptions, TimeoutOptions } from '../shared/transport';
import { createRedactor } from '../shared/redact';
import { ROUTES } from './routes';

export type { ApiKey, ApiKeySource } from '../shared/token-manager';
export type { DeliveryError } from './errors';

export interface DeliveryClientOptions {
  /** `https://api.unifaun.com/rs-extapi/v1`, or the simulator's `deliveryBaseUrl`. */
  baseUrl: string;
  /** A fixed key or a function reading the current one from settings (a changed key drops the token). */
  apiKey: ApiKeySource;
  timeouts?: TimeoutOptions;
  retry?: RetryOptions;
  /** One line per request and failure; never contains the secret or a token. */
  logger?: (line: string) => void;
  fetchIdStore?: FetchIdStore;
  /**
   * Holds the call-rate rule for the batch feeds (feed-rate.ts, docs/nshift-api.md). Pass one that outlives the client
   * (and is restored after a restart); by default each client has its own.
   */
  feedRate?: FeedRateGuard;
  /**
   * Counts this client's requests into the station's rate on its account (request-rate.ts): pass the one every
   * client of the station shares. By default nothing is counted.
   */
  requestRate?: RequestRate;
  /** Other origins nShift's `href`s may use (default: only the base URL's origin gets the token). */
  trustedOrigins?: string[];
  /** Injectable for tests. */
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  /** Token lifetime/renewal (defaults 12 h / 11 h). */
  token?: { lifetimeMs?: number; renewAfterMs?: number; renewInBackground?: boolean };
}

/**
 * The client the station holds. Groups with a key of their own are named below; `orders`, `orderChannels`,
 * `comments`, `deliveryOptions` (OrderManagement), `senders`, `receivers` (AddressBook) and `prices`, `alerts`,
 * `codeLists` (PricesAndAlerts) come from their modules' groups.
 */
export interface DeliveryClient extends OrderManagement, AddressBook, PricesAndAlerts {
  /** Exchange the token now, so the first scan does not wait for it. */
  warm(): R<void>;
  close(): Promise<void>;

  shipments: Shipments;
  storedShipments: StoredShipments;
  /** A Checkout partial shipment in Delivery: fetch, delete, book and print, or turn into a stored shipment. */
  preparedShipments: PreparedShipments;
  consolidated: Consolidated;
  /**
   * End-of-day manifests ("shipment lists"), each under its type: `/shipment-manifests/{manifestType}/manifests`.
   * Documents come inline in `prints[].data` with `returnFile` (default true).
   */
  manifests: Manifests;
  waybills: Waybills;
  history: History;
  /** Lists of print clients and printers: one page when `page` is given, else every page (`size` 50). */
  print: PrintClients;
  webhooks: Webhooks;
  /** Prints → PrintableDocuments (bytes, format, kind, asked charset), downloading via `href` when needed. */
  documents: Documents;
  onboarding: Onboarding;
}

let loadedSchemas: Schemas | undefined;
/**
 * The answer schemas (a hundred zod schemas) are built on the first call that reads an answer, while its request
 * is under way, not on every start on the way to `ready`.
 */
async function loadSchemas(): Promise<Schemas> {
  return (loadedSchemas ??= await import('./schemas'));
}

export function createDeliveryClient(options: DeliveryClientOptions): DeliveryClient {
  const now = options.now ?? Date.now;
  const redact = createRedactor(options.apiKey);
  const transport = createTransport({
    timeouts: options.timeouts,
    retry: options.retry,
    logger: options.logger ? (line) => options.logger?.(redact(line)) : undefined,
    redact,
    sleep: options.sleep,
    random: options.random,
    now,
    ...(options.requestRate ? { rate: options.requestRate } : {}),
  });

  const tokens = createTokenManager<DeliveryError>({
    apiKey: options.apiKey,
    exchange: tokenExchangeOf({ baseUrl: options.baseUrl, transport, redact, schemas: loadSchemas, now }),
    now,
    missingKeyError: () => ({
      kind: 'auth',
      reason: 'missing_key',
      operation: 'sessions.token',
      message: 'no nShift API key is configured',
    }),
    ...options.token,
  });
  const call: DeliveryCaller = createCaller({
    schemas: loadSchemas,
    routes: ROUTES,
    baseUrl: options.baseUrl,
    trustedOrigins: options.trustedOrigins,
    transport,
    tokens,
    redact,
    now,
  });
  const feeds = feedsOf({
    call,
    feedRate: options.feedRate ?? createFeedRateGuard({ now }),
    fetchIdStore: options.fetchIdStore,
    sleep: options.sleep,
  });
  const shipments = shipmentsOf(call, feeds);

  return {
    warm: () => tokens.warm(),
    async close() {
      tokens.close();
      await transport.close();
    },
    ...orderManagementOf(call),
    shipments,
    storedShipments: storedShipmentsOf(call),
    preparedShipments: preparedShipmentsOf(call),
    consolidated: consolidatedOf(call),
    manifests: manifestsOf(call),
    waybills: waybillsOf(call),
    history: historyOf(call),
    print: printClientsOf(call),
    ...pricesAndAlertsOf(call, feeds),
    ...addressBookOf(call),
    webhooks: webhooksOf(call),
    documents: documentsOf(shipments),
    onboarding: onboardingOf(call),
  };
}
