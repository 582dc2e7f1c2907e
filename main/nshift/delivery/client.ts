/**
 * The nShift Delivery API client, grouped by resource. Every method returns a Result and never throws for
 * HTTP or network reasons. Paths live in routes.ts, statuses become DeliveryError values in call.ts, bodies
 * are checked by the zod schemas in schemas.ts.
 */
import type * as z from 'zod';
import type { Result } from '../../result';
import { ok, err } from '../../result';
import type { FeedName, FetchIdStore } from './batches';
import { fetchInBatches } from './batches';
import { createFeedRateGuard, type FeedRateGuard } from './feed-rate';
import { createCaller } from '../shared/call';
import type { Caller } from '../shared/call';
import type { DeliveryError } from './errors';
import type * as DeliverySchemas from './schemas';
import type {
  Alert,
  ConsolidatedShipment,
  Created,
  DeliveryRecord,
  FeedPage,
  HistoryPage,
  Manifest,
  Order,
  OrderShipment,
  Price,
  PriceHistoryItem,
  Print,
  PrintClient,
  PrintJob,
  Printer,
  ShipmentResult,
  ShipmentSummary,
  StoredShipment,
  Waybill,
} from './schemas';
import type { PrintableDocument } from '../../labels/document';
import { documentsFromPrints, documentsFromShipmentResult } from './documents';
import { preparedShipmentsOf, type PreparedShipments } from './prepared-shipments';
import type { DocumentOwner } from './documents';
import { createTokenManager } from '../shared/token-manager';
import type { ApiKey, ApiKeySource } from '../shared/token-manager';
import type { RequestRate } from '../shared/request-rate';
import { createTransport } from '../shared/transport';
import type { RetryOptions, TimeoutOptions } from '../shared/transport';
import { createRedactor } from '../shared/redact';
import { ROUTES, joinUrl } from './routes';
import type { OperationName } from './routes';
import { parseJsonBody } from '../shared/call';
import type {
  CodeListFilter,
  CommentRequest,
  CreateOrderRequest,
  CreatePrintJobRequest,
  CreateShipmentFromOrderRequest,
  CreateShipmentRequest,
  DocumentAccept,
  HistoryFilter,
  InlinePdfOption,
  JsonObject,
  ManifestFilter,
  ManifestRequest,
  ManifestShipmentFilter,
  OrderFilter,
  PageOptions,
  PriceRequest,
  PrintConfig,
  PrintJobListFilter,
  ReceiverFetch,
  ReturnFileOption,
  SenderFilter,
  Shipment,
  StoredShipmentFilter,
} from './types';

export type { ApiKey, ApiKeySource } from '../shared/token-manager';
export type { DeliveryError } from './errors';

/** What deleting a consolidated shipment left: the cancelled shipment nShift adds, when it could be found. */
export interface ConsolidatedDeletion {
  cancelled?: ShipmentSummary;
}

/** How many pages a "list everything" call follows at most (50 × 200 = 10,000 printers). */
const MAX_PAGES = 200;
const PAGE_SIZE = 50;

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
   * Holds the seed's call-rate rule for the batch feeds (feed-rate.ts). Pass one that outlives the client
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

type R<T> = Promise<Result<T, DeliveryError>>;

export interface FeedOptions {
  /** Start at this fetchId instead of the stored one (or -1). */
  fetchId?: number;
  /** Wait `minDelay` between calls (default false). */
  honourMinDelay?: boolean;
  maxCalls?: number;
  /** Persist progress here instead of the client's `fetchIdStore`. */
  store?: FetchIdStore;
}

export type Feed<T> = AsyncGenerator<Result<T, DeliveryError>, void, void>;

export interface DeliveryClient {
  /** Exchange the token now, so the first scan does not wait for it. */
  warm(): R<void>;
  close(): Promise<void>;

  orders: {
    list(filter?: OrderFilter): R<Order[]>;
    get(orderId: string): R<Order>;
    create(order: CreateOrderRequest): R<Created>;
    update(orderId: string, order: JsonObject): R<DeliveryRecord>;
    delete(orderId: string): R<void>;
    /** Books the order (or some parcels); documents then come from `shipments.listPrints`. Never retried. */
    createShipment(request: CreateShipmentFromOrderRequest): R<OrderShipment>;
  };

  shipments: {
    /** Book and print. Never retried; `outcome_unknown` when the answer was lost. `returnFile` defaults to true. */
    create(request: CreateShipmentRequest, options?: ReturnFileOption): R<ShipmentResult[]>;
    cancel(shipmentId: string): R<void>;
    listPrints(shipmentId: string, options?: ReturnFileOption): R<Print[]>;
    copyPrints(shipmentId: string, printConfig: PrintConfig, options?: ReturnFileOption): R<Print[]>;
    /** Raw document bytes, by `(shipmentId, printId)` or by a print's `href` (followed as given). */
    fetchPrint(shipmentIdOrHref: string, printId?: string, accept?: DocumentAccept): R<Buffer>;
    copyPdfs(shipmentId: string, printConfig: PrintConfig, options?: InlinePdfOption): R<Print[]>;
    listPdfs(shipmentId: string, options?: InlinePdfOption): R<Print[]>;
    fetchPdf(shipmentId: string, pdfId: string): R<Buffer>;
    printedFeedPage(fetchId: number): R<FeedPage<ShipmentSummary>>;
    printedFeed(options?: FeedOptions): Feed<ShipmentSummary>;
  };

  storedShipments: {
    list(filter?: StoredShipmentFilter): R<StoredShipment[]>;
    get(storedId: string): R<StoredShipment>;
    create(shipment: Shipment): R<StoredShipment>;
    replace(storedId: string, shipment: Shipment): R<StoredShipment>;
    delete(storedId: string): R<void>;
    /** Book and print a stored shipment (body = the printConfig itself). Never retried. Check `consolidated`. */
    book(storedId: string, printConfig: PrintConfig, options?: ReturnFileOption): R<ShipmentResult[]>;
  };

  /** A Checkout partial shipment in Delivery: fetch, delete, book and print, or turn into a stored shipment. */
  preparedShipments: PreparedShipments;

  consolidated: {
    /**
     * Create or add to the open consolidated shipment. `shipment.options` must hold `{id: 'CONSOLIDATE', key}`:
     * without it nShift books a normal shipment (seed), so the client refuses such a request unsent
     * (`validation`, status 0). Check `consolidated` on the answer all the same.
     */
    create(request: CreateShipmentRequest, options?: ReturnFileOption): R<ShipmentResult[]>;
    listOpen(filter?: StoredShipmentFilter): R<ConsolidatedShipment[]>;
    /**
     * Deletes an open consolidated shipment. nShift then adds a cancelled shipment for the documents printed
     * earlier (seed); it is returned when it can be found (history, by the consolidated shipment's number).
     */
    delete(consolidatedId: string): R<ConsolidatedDeletion>;
    deleteParcelGroup(consolidatedId: string, partOrderNo: string): R<void>;
    close(consolidatedId: string, printConfig: PrintConfig, options?: ReturnFileOption): R<ShipmentResult[]>;
    listPrints(consolidatedId: string, options?: ReturnFileOption): R<Print[]>;
    fetchPrint(consolidatedId: string, printId: string, accept?: DocumentAccept): R<Buffer>;
    /** The seed's consolidated PDF list: `inlinePdf` (default true) puts each PDF inline in `pdf`. */
    listPdfs(consolidatedId: string, options?: InlinePdfOption): R<Print[]>;
    fetchPdf(consolidatedId: string, pdfId: string): R<Buffer>;
  };

  /**
   * End-of-day manifests ("shipment lists"), each under its type: `/shipment-manifests/{manifestType}/manifests`.
   * Documents come inline in `prints[].data` with `returnFile` (default true).
   */
  manifests: {
    create(request: ManifestRequest, options?: ReturnFileOption): R<Manifest>;
    /** The shipment lists of one type printed earlier (a station lists each of its types). */
    list(manifestType: string, filter?: ManifestFilter): R<Manifest[]>;
    /** The printed manifest: its type, id, date, shipment count and documents. */
    get(manifestType: string, manifestId: string, options?: ReturnFileOption): R<Manifest>;
    shipments(
      manifestType: string,
      manifestId: string,
      filter?: ManifestShipmentFilter,
    ): R<ShipmentSummary[]>;
    /** The manifest's documents (each inline in `data` with `returnFile`, default true). */
    listPrints(manifestType: string, manifestId: string, options?: ReturnFileOption): R<Print[]>;
    fetchPrint(manifestType: string, manifestId: string, printId: string): R<Buffer>;
    /** The seed's PDF list: `inlinePdf` (default true) puts each PDF inline in `pdf`. */
    listPdfs(manifestType: string, manifestId: string, options?: InlinePdfOption): R<Print[]>;
    fetchPdf(manifestType: string, manifestId: string, pdfId: string): R<Buffer>;
    /** Prints the manifest again (nShift's documents live one hour); `printConfig` as for a booking. */
    copy(
      manifestType: string,
      manifestId: string,
      options?: ReturnFileOption & { printConfig?: PrintConfig },
    ): R<Print[]>;
  };

  waybills: {
    list(): R<Waybill[]>;
    get(waybillId: string): R<Waybill>;
    /** Prints a waybill (a master shipment over bulk shipments); its documents are in `prints`. */
    create(request: JsonObject & { printConfig?: PrintConfig }, options?: ReturnFileOption): R<Waybill>;
  };

  history: {
    /** 50 a page, newest first, at most six months back. */
    search(filter?: HistoryFilter): R<ShipmentSummary[]>;
    /** Every page of a search (e.g. a whole day), until a short page. */
    searchAll(filter?: Omit<HistoryFilter, 'page'>): R<ShipmentSummary[]>;
  };

  /** Lists of print clients and printers: one page when `page` is given, else every page (`size` 50). */
  print: {
    clients(options?: PageOptions): R<PrintClient[]>;
    client(clientId: number): R<PrintClient>;
    clientPrinters(clientId: number, options?: PageOptions): R<Printer[]>;
    printers(options?: PageOptions): R<Printer[]>;
    printer(printerId: number): R<Printer>;
    jobs(filter?: PrintJobListFilter): R<PrintJob[]>;
    job(printJobId: string | number): R<PrintJob>;
    createShipmentPrintJob(shipmentId: string, printId: string, job: CreatePrintJobRequest): R<PrintJob>;
    createConsolidatedPrintJob(
      consolidatedId: string,
      printId: string,
      job: CreatePrintJobRequest,
    ): R<PrintJob>;
    createManifestPrintJob(
      manifestType: string,
      manifestId: string,
      printId: string,
      job: CreatePrintJobRequest,
    ): R<PrintJob>;
  };

  prices: {
    fetch(request: PriceRequest): R<Price>;
    historyPage(fetchId: number): R<FeedPage<PriceHistoryItem>>;
    historyFeed(options?: FeedOptions): Feed<PriceHistoryItem>;
  };

  alerts: {
    page(fetchId: number): R<FeedPage<Alert>>;
    feed(options?: FeedOptions): Feed<Alert>;
  };

  codeLists: {
    partners(filter?: CodeListFilter): R<unknown>;
  };

  /** The address book (`/addresses/…`): lists come 50 a page from page 0; without `page`, every page. */
  senders: {
    create(sender: JsonObject): R<Created>;
    list(filter?: SenderFilter): R<DeliveryRecord[]>;
    /** One sender, through the list's `senderId` filter (nShift documents no fetch by id): `not_found` if none. */
    get(senderId: string): R<DeliveryRecord>;
    update(senderId: string, patch: JsonObject): R<DeliveryRecord>;
    replace(senderId: string, sender: JsonObject): R<DeliveryRecord>;
    delete(senderId: string): R<void>;
  };

  receivers: {
    create(receiver: JsonObject): R<Created>;
    /** One page (`page` 0 unless given): by `receiverId`, `quickId`, or changed `since`. */
    fetch(query: ReceiverFetch): R<DeliveryRecord[]>;
    replace(receiverId: string, receiver: JsonObject): R<DeliveryRecord>;
    update(receiverId: string, patch: JsonObject): R<DeliveryRecord>;
    delete(receiverId: string): R<void>;
  };

  orderChannels: {
    list(options?: PageOptions): R<DeliveryRecord[]>;
    create(channel: JsonObject): R<Created>;
    get(orderChannelId: string): R<DeliveryRecord>;
    update(orderChannelId: string, channel: JsonObject): R<DeliveryRecord>;
    delete(orderChannelId: string): R<void>;
    types(): R<unknown>;
  };

  comments: {
    create(comment: CommentRequest): R<Created>;
    get(commentId: string): R<DeliveryRecord>;
    delete(commentId: string): R<void>;
  };

  deliveryOptions: {
    list(options?: PageOptions): R<DeliveryRecord[]>;
    create(option: JsonObject): R<Created>;
    get(deliveryOptionId: string): R<DeliveryRecord>;
    update(deliveryOptionId: string, option: JsonObject): R<DeliveryRecord>;
    delete(deliveryOptionId: string): R<void>;
    createRate(deliveryOptionId: string, rate: JsonObject): R<Created>;
  };

  webhooks: {
    list(): R<DeliveryRecord[]>;
    create(webhook: JsonObject): R<Created>;
    get(webhookId: string): R<DeliveryRecord>;
    update(webhookId: string, webhook: JsonObject): R<DeliveryRecord>;
    delete(webhookId: string): R<void>;
    events(webhookId: string): R<DeliveryRecord[]>;
    event(webhookId: string, webhookEventId: string): R<DeliveryRecord>;
    test(webhookId: string): R<unknown>;
    resend(webhookId: string, webhookEventId: string): R<unknown>;
  };

  /** Prints → PrintableDocuments (bytes, format, kind, asked charset), downloading via `href` when needed. */
  documents: {
    fromShipmentResult(result: ShipmentResult, printConfig?: PrintConfig): R<PrintableDocument[]>;
    fromPrints(
      prints: readonly Print[],
      owner: DocumentOwner,
      printConfig?: PrintConfig,
    ): R<PrintableDocument[]>;
  };

  onboarding: {
    accounts(): R<unknown>;
    createApplication(application: JsonObject): R<unknown>;
    applicationLanguage(applicationId: string): R<unknown>;
    language(): R<unknown>;
  };
}

type Schemas = typeof DeliverySchemas;
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

  async function exchange(key: ApiKey): Promise<Result<string, DeliveryError>> {
    const route = ROUTES['sessions.token'];
    const sent = await transport.send({
      operation: 'sessions.token',
      method: route.method,
      url: joinUrl(options.baseUrl, route.path),
      idempotent: route.idempotent,
      headers: {
        authorization: `Basic ${Buffer.from(`${key.id}:${key.secret}`, 'utf8').toString('base64')}`,
      },
    });
    if (!sent.ok) return sent;
    const { status } = sent.value;
    if (status === 401)
      return err({
        kind: 'auth',
        reason: 'invalid_key',
        status,
        operation: 'sessions.token',
        message: 'nShift refused the API key (401)',
      });
    if (status === 403)
      return err({
        kind: 'access',
        status,
        license: undefined,
        operation: 'sessions.token',
        message: 'nShift refused the API key (403)',
      });
    if (status < 200 || status >= 300) {
      return err({
        kind: 'server',
        status,
        code: undefined,
        operation: 'sessions.token',
        message: `token exchange answered HTTP ${status}`,
      });
    }
    const parsed = parseJsonBody(
      'sessions.token',
      route,
      sent.value,
      (await loadSchemas()).tokenResponseSchema,
    );
    if (!parsed.ok) return parsed;
    redact.rememberToken(parsed.value.token);
    return ok(parsed.value.token);
  }

  const tokens = createTokenManager<DeliveryError>({
    apiKey: options.apiKey,
    exchange,
    now,
    missingKeyError: () => ({
      kind: 'auth',
      reason: 'missing_key',
      operation: 'sessions.token',
      message: 'no nShift API key is configured',
    }),
    ...options.token,
  });
  const call: Caller<OperationName, Schemas> = createCaller({
    schemas: loadSchemas,
    routes: ROUTES,
    baseUrl: options.baseUrl,
    trustedOrigins: options.trustedOrigins,
    transport,
    tokens,
    redact,
    now,
  });

  const bytesOnly = async (result: Promise<Result<{ bytes: Buffer }, DeliveryError>>): R<Buffer> => {
    const r = await result;
    return r.ok ? ok(r.value.bytes) : r;
  };
  const returnFile = (o?: ReturnFileOption) => ({ returnFile: o?.returnFile ?? true });
  const inlinePdf = (o?: InlinePdfOption) => ({ inlinePdf: o?.inlinePdf ?? true });
  type Params = Record<string, string>;
  /** A list of PDFs (shipments', consolidated, manifests'): each inline with `inlinePdf`, default true. */
  const pdfList = (operation: OperationName, params: Params, o?: InlinePdfOption): R<Print[]> =>
    call.json({ operation, params, query: inlinePdf(o) }, (s) => s.printListSchema);
  /** One PDF's bytes. */
  const pdfBytes = (operation: OperationName, params: Params): R<Buffer> =>
    bytesOnly(call.bytes({ operation, params, accept: 'application/pdf' }));

  const feedRate = options.feedRate ?? createFeedRateGuard({ now });

  /** One page of a batch feed, if the call-rate rule lets it go now; otherwise `rate_limited` and no call. */
  async function feedPageCall<S extends z.ZodType<FeedPage<unknown>>>(
    name: FeedName,
    operation: 'shipments.printedFeed' | 'prices.historyFeed' | 'alerts.feed',
    fetchId: number,
    schema: (schemas: Schemas) => S,
  ): R<z.output<S>> {
    const slot = feedRate.reserve(name);
    if (!slot.ok) {
      return err({
        kind: 'rate_limited',
        operation,
        status: 0,
        retryAfterMs: slot.waitMs,
        message: `not sent: the ${name} feed may be called again in ${Math.ceil(slot.waitMs / 1000)} s (at most one call per five minutes)`,
      });
    }
    const page = await call.json({ operation, query: { fetchId } }, schema);
    feedRate.answered(name, page.ok ? page.value : undefined);
    return page;
  }

  function feed<T>(name: FeedName, page: (fetchId: number) => R<FeedPage<T>>, o: FeedOptions = {}): Feed<T> {
    return fetchInBatches({
      feed: name,
      fetchPage: page,
      store: o.store ?? options.fetchIdStore,
      startFetchId: o.fetchId,
      honourMinDelay: o.honourMinDelay,
      maxCalls: o.maxCalls,
      sleep: options.sleep,
    });
  }

  const shipments: DeliveryClient['shipments'] = {
    create: (request, o) =>
      call.json(
        {
          operation: 'shipments.create',
          query: returnFile(o),
          body: { printConfig: request.printConfig, shipment: request.shipment },
        },
        (s) => s.shipmentResultListSchema,
      ),
    cancel: (shipmentId) => call.empty({ operation: 'shipments.cancel', params: { shipmentId } }),
    listPrints: (shipmentId, o) =>
      call.json(
        { operation: 'shipments.listPrints', params: { shipmentId }, query: returnFile(o) },
        (s) => s.printListSchema,
      ),
    copyPrints: (shipmentId, printConfig, o) =>
      call.json(
        {
          operation: 'shipments.copyPrints',
          params: { shipmentId },
          query: returnFile(o),
          body: printConfig,
        },
        (s) => s.printListSchema,
      ),
    fetchPrint: (shipmentIdOrHref, printId, accept = 'application/octet-stream') =>
      bytesOnly(
        printId === undefined
          ? call.bytes({ operation: 'documents.fetchByHref', href: shipmentIdOrHref, accept })
          : call.bytes({
              operation: 'shipments.fetchPrint',
              params: { shipmentId: shipmentIdOrHref, printId },
              accept,
            }),
      ),
    copyPdfs: (shipmentId, printConfig, o) =>
      call.json(
        { operation: 'shipments.copyPdfs', params: { shipmentId }, query: inlinePdf(o), body: printConfig },
        (s) => s.printListSchema,
      ),
    listPdfs: (shipmentId, o) => pdfList('shipments.listPdfs', { shipmentId }, o),
    fetchPdf: (shipmentId, pdfId) => pdfBytes('shipments.fetchPdf', { shipmentId, pdfId }),
    printedFeedPage: (fetchId) =>
      feedPageCall('shipments', 'shipments.printedFeed', fetchId, (s) => s.printedFeedSchema),
    printedFeed: (o) => feed('shipments', shipments.printedFeedPage, o),
  };

  const prices: DeliveryClient['prices'] = {
    /** The answer's `priceData`; an answer with no figures but an `errorList` is `validation` with its items. */
    fetch: async (request) => {
      const answer = await call.json(
        { operation: 'prices.fetch', body: request },
        (s) => s.priceAnswerSchema,
      );
      if (!answer.ok) return answer;
      const { priceData, errorList } = answer.value;
      if (priceData) return ok(priceData);
      return err({
        kind: 'validation',
        operation: 'prices.fetch',
        status: 200,
        errors: errorList,
        message: 'nShift gave no price for this shipment',
      });
    },
    historyPage: (fetchId) =>
      feedPageCall('priceHistory', 'prices.historyFeed', fetchId, (s) => s.priceHistoryFeedSchema),
    historyFeed: (o) => feed('priceHistory', prices.historyPage, o),
  };

  /** Senders, one page or every page; the address book takes `page` only (50 a page), no `size`. */
  const senderList = ({ page, ...filter }: SenderFilter = {}): R<DeliveryRecord[]> =>
    pages(page === undefined ? undefined : { page }, (query) =>
      call.json(
        { operation: 'senders.list', query: { ...filter, page: query.page } },
        (s) => s.recordListSchema,
      ),
    );

  const historyPage = (filter: HistoryFilter): R<HistoryPage> =>
    call.json({ operation: 'history.search', query: { ...filter } }, (s) => s.historyPageSchema);

  const alerts: DeliveryClient['alerts'] = {
    page: (fetchId) => feedPageCall('alerts', 'alerts.feed', fetchId, (s) => s.alertFeedSchema),
    feed: (o) => feed('alerts', alerts.page, o),
  };

  return {
    warm: () => tokens.warm(),
    async close() {
      tokens.close();
      await transport.close();
    },

    orders: {
      list: (filter = {}) =>
        call.json({ operation: 'orders.list', query: { ...filter } }, (s) => s.orderListSchema),
      get: (orderId) => call.json({ operation: 'orders.get', params: { orderId } }, (s) => s.orderSchema),
      create: (order) => call.json({ operation: 'orders.create', body: order }, (s) => s.createdSchema),
      update: (orderId, order) =>
        call.json({ operation: 'orders.update', params: { orderId }, body: order }, (s) => s.recordSchema),
      delete: (orderId) => call.empty({ operation: 'orders.delete', params: { orderId } }),
      createShipment: (request) =>
        call.json({ operation: 'orders.createShipment', body: request }, (s) => s.orderShipmentSchema),
    },

    shipments,

    storedShipments: {
      list: (filter = {}) =>
        call.json(
          { operation: 'storedShipments.list', query: { ...filter } },
          (s) => s.storedShipmentListSchema,
        ),
      get: (storedId) =>
        call.json({ operation: 'storedShipments.get', params: { storedId } }, (s) => s.storedShipmentSchema),
      create: (shipment) =>
        call.json({ operation: 'storedShipments.create', body: shipment }, (s) => s.storedShipmentSchema),
      replace: (storedId, shipment) =>
        call.json(
          { operation: 'storedShipments.replace', params: { storedId }, body: shipment },
          (s) => s.storedShipmentSchema,
        ),
      delete: (storedId) => call.empty({ operation: 'storedShipments.delete', params: { storedId } }),
      book: (storedId, printConfig, o) =>
        call.json(
          {
            operation: 'storedShipments.book',
            params: { storedId },
            query: returnFile(o),
            body: printConfig,
          },
          (s) => s.shipmentResultListSchema,
        ),
    },

    preparedShipments: preparedShipmentsOf(call),

    consolidated: {
      create: (request, o) => {
        if (!consolidationKeyOf(request.shipment)) return Promise.resolve(err(missingConsolidationKey()));
        return call.json(
          {
            operation: 'consolidated.create',
            query: returnFile(o),
            body: { printConfig: request.printConfig, shipment: request.shipment },
          },
          (s) => s.shipmentResultListSchema,
        );
      },
      listOpen: (filter = {}) =>
        call.json(
          { operation: 'consolidated.listOpen', query: { ...filter } },
          (s) => s.consolidatedShipmentListSchema,
        ),
      delete: async (consolidatedId) => {
        // The cancelled shipment nShift adds carries the consolidated shipment's number: read it first.
        const open = await call.json(
          { operation: 'consolidated.listOpen' },
          (s) => s.consolidatedShipmentListSchema,
        );
        const shipmentNo = open.ok ? open.value.find((c) => c.id === consolidatedId)?.shipmentNo : undefined;
        const deleted = await call.empty({ operation: 'consolidated.delete', params: { consolidatedId } });
        if (!deleted.ok) return deleted;
        if (!shipmentNo) return ok({});
        const found = await historyPage({
          searchField: 'shipmentNo',
          searchValue: shipmentNo,
          status: 'cancelled',
        });
        // The delete is done whatever the look-up says: a missing licence only leaves the shipment unnamed.
        const cancelled = found.ok
          ? found.value.shipments.find((s) => s.shipmentNo === shipmentNo)
          : undefined;
        return ok(cancelled ? { cancelled } : {});
      },
      deleteParcelGroup: (consolidatedId, partOrderNo) =>
        call.empty({ operation: 'consolidated.deleteParcelGroup', params: { consolidatedId, partOrderNo } }),
      close: (consolidatedId, printConfig, o) =>
        call.json(
          {
            operation: 'consolidated.close',
            params: { consolidatedId },
            query: returnFile(o),
            body: printConfig,
          },
          (s) => s.shipmentResultListSchema,
        ),
      listPrints: (consolidatedId, o) =>
        call.json(
          { operation: 'consolidated.listPrints', params: { consolidatedId }, query: returnFile(o) },
          (s) => s.printListSchema,
        ),
      fetchPrint: (consolidatedId, printId, accept = 'application/pdf') =>
        bytesOnly(
          call.bytes({ operation: 'consolidated.fetchPrint', params: { consolidatedId, printId }, accept }),
        ),
      listPdfs: (consolidatedId, o) => pdfList('consolidated.listPdfs', { consolidatedId }, o),
      fetchPdf: (consolidatedId, pdfId) => pdfBytes('consolidated.fetchPdf', { consolidatedId, pdfId }),
    },

    manifests: {
      create: ({ manifestType, ...body }, o) =>
        call.json(
          { operation: 'manifests.create', params: { manifestType }, query: returnFile(o), body },
          (s) => s.manifestOf(manifestType),
        ),
      list: (manifestType, filter = {}) =>
        call.json({ operation: 'manifests.list', params: { manifestType }, query: { ...filter } }, (s) =>
          s.manifestListOf(manifestType),
        ),
      get: (manifestType, manifestId, o) =>
        call.json(
          { operation: 'manifests.get', params: { manifestType, manifestId }, query: returnFile(o) },
          (s) => s.manifestOf(manifestType),
        ),
      shipments: (manifestType, manifestId, filter = {}) =>
        call.json(
          { operation: 'manifests.shipments', params: { manifestType, manifestId }, query: { ...filter } },
          (s) => s.shipmentSummaryListSchema,
        ),
      listPrints: (manifestType, manifestId, o) =>
        call.json(
          { operation: 'manifests.listPrints', params: { manifestType, manifestId }, query: returnFile(o) },
          (s) => s.printListSchema,
        ),
      fetchPrint: (manifestType, manifestId, printId) =>
        pdfBytes('manifests.fetchPrint', { manifestType, manifestId, printId }),
      listPdfs: (manifestType, manifestId, o) =>
        pdfList('manifests.listPdfs', { manifestType, manifestId }, o),
      fetchPdf: (manifestType, manifestId, pdfId) =>
        pdfBytes('manifests.fetchPdf', { manifestType, manifestId, pdfId }),
      copy: (manifestType, manifestId, o) =>
        call.json(
          {
            operation: 'manifests.copy',
            params: { manifestType, manifestId },
            query: returnFile(o),
            body: o?.printConfig ?? {},
          },
          (s) => s.printsOrManifestOf(manifestType),
        ),
    },

    waybills: {
      list: () => call.json({ operation: 'waybills.list' }, (s) => s.waybillListSchema),
      get: (waybillId) =>
        call.json({ operation: 'waybills.get', params: { waybillId } }, (s) => s.waybillSchema),
      create: (request, o) =>
        call.json(
          { operation: 'waybills.create', query: returnFile(o), body: request },
          (s) => s.waybillSchema,
        ),
    },

    history: {
      search: async (filter = {}) => {
        const page = await historyPage(filter);
        return page.ok ? ok(page.value.shipments) : page;
      },
      searchAll: async (filter = {}) => {
        const all: ShipmentSummary[] = [];
        for (let page = 0; page < MAX_PAGES; page++) {
          const got = await historyPage({ ...filter, page });
          if (!got.ok) return got;
          all.push(...got.value.shipments);
          // The last page is the one `totalPages` names; an answer without it ends on a short page.
          const { totalPages } = got.value;
          if (totalPages !== undefined ? page + 1 >= totalPages : got.value.shipments.length < PAGE_SIZE)
            break;
        }
        return ok(all);
      },
    },

    print: {
      clients: (o) =>
        pages(o, (query) =>
          call.json({ operation: 'printClients.list', query }, (s) => s.printClientListSchema),
        ),
      client: (clientId) =>
        call.json({ operation: 'printClients.get', params: { clientId } }, (s) => s.printClientSchema),
      clientPrinters: (clientId, o) =>
        pages(o, (query) =>
          call.json(
            { operation: 'printClients.printers', params: { clientId }, query },
            (s) => s.printerListSchema,
          ),
        ),
      printers: (o) =>
        pages(o, (query) => call.json({ operation: 'printers.list', query }, (s) => s.printerListSchema)),
      printer: (printerId) =>
        call.json({ operation: 'printers.get', params: { printerId } }, (s) => s.printerSchema),
      jobs: (filter = {}) =>
        call.json({ operation: 'printJobs.list', query: { ...filter } }, (s) => s.printJobListSchema),
      job: (printJobId) =>
        call.json({ operation: 'printJobs.get', params: { printJobId } }, (s) => s.printJobSchema),
      createShipmentPrintJob: (shipmentId, printId, job) =>
        call.json(
          { operation: 'printJobs.createForShipment', params: { shipmentId, printId }, body: job },
          (s) => s.printJobSchema,
        ),
      createConsolidatedPrintJob: (consolidatedId, printId, job) =>
        call.json(
          { operation: 'printJobs.createForConsolidated', params: { consolidatedId, printId }, body: job },
          (s) => s.printJobSchema,
        ),
      createManifestPrintJob: (manifestType, manifestId, printId, job) =>
        call.json(
          {
            operation: 'printJobs.createForManifest',
            params: { manifestType, manifestId, printId },
            body: job,
          },
          (s) => s.printJobSchema,
        ),
    },

    prices,
    alerts,

    codeLists: {
      partners: (filter = {}) =>
        call.json({ operation: 'codeLists.partners', query: { ...filter } }, (s) => s.anyJsonSchema),
    },

    senders: {
      create: (sender) => call.json({ operation: 'senders.create', body: sender }, (s) => s.createdSchema),
      list: senderList,
      get: async (senderId) => {
        const found = await senderList({ page: 0, senderId });
        if (!found.ok) return found;
        const sender = found.value.find((one) => one.id === senderId);
        return sender
          ? ok(sender)
          : err({
              kind: 'not_found',
              status: 404,
              operation: 'senders.list',
              message: `no sender ${senderId} in the address book`,
            });
      },
      update: (senderId, patch) =>
        call.json({ operation: 'senders.update', params: { senderId }, body: patch }, (s) => s.recordSchema),
      replace: (senderId, sender) =>
        call.json(
          { operation: 'senders.replace', params: { senderId }, body: sender },
          (s) => s.recordSchema,
        ),
      delete: (senderId) => call.empty({ operation: 'senders.delete', params: { senderId } }),
    },

    receivers: {
      create: (receiver) =>
        call.json({ operation: 'receivers.create', body: receiver }, (s) => s.createdSchema),
      fetch: (query) =>
        call.json(
          { operation: 'receivers.fetch', query: { ...query, page: query.page ?? 0 } },
          (s) => s.recordOrRecordsSchema,
        ),
      replace: (receiverId, receiver) =>
        call.json(
          { operation: 'receivers.replace', params: { receiverId }, body: receiver },
          (s) => s.recordSchema,
        ),
      update: (receiverId, patch) =>
        call.json(
          { operation: 'receivers.update', params: { receiverId }, body: patch },
          (s) => s.recordSchema,
        ),
      delete: (receiverId) => call.empty({ operation: 'receivers.delete', params: { receiverId } }),
    },

    orderChannels: {
      list: (o = {}) =>
        call.json({ operation: 'orderChannels.list', query: { ...o } }, (s) => s.recordListSchema),
      create: (channel) =>
        call.json({ operation: 'orderChannels.create', body: channel }, (s) => s.createdSchema),
      get: (orderChannelId) =>
        call.json({ operation: 'orderChannels.get', params: { orderChannelId } }, (s) => s.recordSchema),
      update: (orderChannelId, channel) =>
        call.json(
          { operation: 'orderChannels.update', params: { orderChannelId }, body: channel },
          (s) => s.recordSchema,
        ),
      delete: (orderChannelId) =>
        call.empty({ operation: 'orderChannels.delete', params: { orderChannelId } }),
      types: () => call.json({ operation: 'orderChannels.types' }, (s) => s.anyJsonSchema),
    },

    comments: {
      create: (comment) => call.json({ operation: 'comments.create', body: comment }, (s) => s.createdSchema),
      get: (commentId) =>
        call.json({ operation: 'comments.get', params: { commentId } }, (s) => s.recordSchema),
      delete: (commentId) => call.empty({ operation: 'comments.delete', params: { commentId } }),
    },

    deliveryOptions: {
      list: (o = {}) =>
        call.json({ operation: 'deliveryOptions.list', query: { ...o } }, (s) => s.recordListSchema),
      create: (option) =>
        call.json({ operation: 'deliveryOptions.create', body: option }, (s) => s.createdSchema),
      get: (deliveryOptionId) =>
        call.json({ operation: 'deliveryOptions.get', params: { deliveryOptionId } }, (s) => s.recordSchema),
      update: (deliveryOptionId, option) =>
        call.json(
          { operation: 'deliveryOptions.update', params: { deliveryOptionId }, body: option },
          (s) => s.recordSchema,
        ),
      delete: (deliveryOptionId) =>
        call.empty({ operation: 'deliveryOptions.delete', params: { deliveryOptionId } }),
      createRate: (deliveryOptionId, rate) =>
        call.json(
          { operation: 'deliveryOptions.createRate', params: { deliveryOptionId }, body: rate },
          (s) => s.createdSchema,
        ),
    },

    webhooks: {
      list: () => call.json({ operation: 'webhooks.list' }, (s) => s.recordListSchema),
      create: (webhook) => call.json({ operation: 'webhooks.create', body: webhook }, (s) => s.createdSchema),
      get: (webhookId) =>
        call.json({ operation: 'webhooks.get', params: { webhookId } }, (s) => s.recordSchema),
      update: (webhookId, webhook) =>
        call.json(
          { operation: 'webhooks.update', params: { webhookId }, body: webhook },
          (s) => s.recordSchema,
        ),
      delete: (webhookId) => call.empty({ operation: 'webhooks.delete', params: { webhookId } }),
      events: (webhookId) =>
        call.json({ operation: 'webhooks.events', params: { webhookId } }, (s) => s.recordListSchema),
      event: (webhookId, webhookEventId) =>
        call.json(
          { operation: 'webhooks.event', params: { webhookId, webhookEventId } },
          (s) => s.recordSchema,
        ),
      test: (webhookId) => jsonOrEmpty(call, { operation: 'webhooks.test', params: { webhookId } }),
      resend: (webhookId, webhookEventId) =>
        jsonOrEmpty(call, { operation: 'webhooks.resend', params: { webhookId, webhookEventId } }),
    },

    documents: {
      fromShipmentResult: (result, printConfig) =>
        documentsFromShipmentResult(result, {
          printConfig,
          fetchByHref: (href, accept) => shipments.fetchPrint(href, undefined, accept),
        }),
      fromPrints: (prints, owner, printConfig) =>
        documentsFromPrints(prints, owner, {
          printConfig,
          fetchByHref: (href, accept) => shipments.fetchPrint(href, undefined, accept),
        }),
    },

    onboarding: {
      accounts: () => call.json({ operation: 'onboarding.accounts' }, (s) => s.anyJsonSchema),
      createApplication: (application) =>
        call.json({ operation: 'onboarding.createApplication', body: application }, (s) => s.anyJsonSchema),
      applicationLanguage: (applicationId) =>
        call.json(
          { operation: 'onboarding.applicationLanguage', params: { applicationId } },
          (s) => s.anyJsonSchema,
        ),
      language: () => call.json({ operation: 'onboarding.language' }, (s) => s.anyJsonSchema),
    },
  };
}

/**
 * A paginated list (`page` from 0, `size` at most 50): the one page asked for, or every page until a short
 * or empty one. A server that ignores `page` (the same items again) ends the walk instead of looping.
 */
async function pages<T extends { id?: number | string }>(
  options: PageOptions | undefined,
  fetchPage: (query: { page: number; size: number }) => R<T[]>,
): R<T[]> {
  const size = Math.min(PAGE_SIZE, Math.max(1, options?.size ?? PAGE_SIZE));
  if (options?.page !== undefined) return fetchPage({ page: options.page, size });
  const all: T[] = [];
  const seen = new Set<string>();
  for (let page = 0; page < MAX_PAGES; page++) {
    const got = await fetchPage({ page, size });
    if (!got.ok) return got;
    const fresh = got.value.filter((item) => item.id === undefined || !seen.has(String(item.id)));
    for (const item of fresh) if (item.id !== undefined) seen.add(String(item.id));
    all.push(...fresh);
    if (got.value.length < size || fresh.length === 0) break;
  }
  return ok(all);
}

/** Does the shipment ask for a return shipment (addon RETURN)? nShift then books two, in one answer. */
export function asksForReturnShipment(shipment: Shipment): boolean {
  const addons = Array.isArray(shipment.service?.addons) ? shipment.service.addons : [];
  return addons.some((a) => String(a.id).toUpperCase() === 'RETURN');
}

/** The key of a shipment's CONSOLIDATE option (ids are case-insensitive), if it has one with a key. */
export function consolidationKeyOf(shipment: Shipment): string | undefined {
  const option = (shipment.options ?? []).find((o) => String(o.id).toUpperCase() === 'CONSOLIDATE');
  return typeof option?.key === 'string' && option.key.trim() ? option.key : undefined;
}

function missingConsolidationKey(): DeliveryError {
  return {
    kind: 'validation',
    operation: 'consolidated.create',
    status: 0,
    errors: [
      {
        message: 'A consolidated booking needs the option CONSOLIDATE with a key; nothing was sent',
        messageCode: 'ConsolidationKey',
        field: 'Option_Key',
        location: 'options',
        type: 'error',
      },
    ],
    message:
      'not sent: a consolidated booking without option CONSOLIDATE and a key would book a normal shipment',
  };
}

/** Operations that may answer 200 with a body or 202/204 without one. */
async function jsonOrEmpty(
  call: Caller<OperationName, Schemas>,
  spec: Parameters<Caller<OperationName, Schemas>['bytes']>[0],
): R<unknown> {
  const r = await call.bytes(spec);
  if (!r.ok) return r;
  if (r.value.bytes.length === 0) return ok(undefined);
  try {
    return ok(JSON.parse(r.value.bytes.toString('utf8')) as unknown);
  } catch {
    return ok(undefined);
  }
}
