/**
 * The nShift Checkout client: every operation of the Checkout seed (000). Client-credentials tokens
 * (token-grant.ts: a form POST with `Cache-Control: no-cache`, one exchange in flight, retried with exponential
 * backoff and jitter, renewed before `expires_in`), single and split sessions whose 4-hour life is tracked so
 * that an expired one is recreated instead of reported, delivery options, partial shipments, the management API (senders,
 * configurations, connections) and usage metrics as CSV.
 *
 * Transport, the call/result plumbing, the error union and the token manager are the Delivery client's
 * (main/nshift/shared/): every method returns `Result<T, CheckoutError>` with the same error shapes and
 * never throws for HTTP or network reasons.
 */
import type * as z from 'zod';
import type { Result } from '../../result';
import { ok } from '../../result';
import { createCaller } from '../shared/call';
import type { CallSpec } from '../shared/call';
import type { ApiError } from '../shared/errors';
import { createRedactor } from '../shared/redact';
import type { Query } from '../shared/routes';
import { createTokenManager } from '../shared/token-manager';
import type { ApiKey } from '../shared/token-manager';
import { createTransport } from '../shared/transport';
import type { RetryOptions, TimeoutOptions } from '../shared/transport';
import { prepareIdOf } from './prepared';
import { CHECKOUT_ROUTES, DEFAULT_CHECKOUT_AUTH_URL, DEFAULT_CHECKOUT_BASE_URL } from './routes';
import { tokenGrantOf } from './token-grant';
import type { CheckoutOperation } from './routes';
import {
  optionsSchema,
  partialShipmentListSchema,
  partialShipmentSchema,
  recordListSchema,
  recordSchema,
  sessionSchema,
  splitOptionsSchema,
  splitShipmentsResultSchema,
} from './schemas';
import type {
  CheckoutJson,
  CheckoutOptions,
  CheckoutRecord,
  CheckoutSession,
  ContextBody,
  PartialShipment,
  PartialShipmentFilter,
  PartialShipmentRequest,
  SplitBody,
  SplitOptions,
  SplitShipmentsRequest,
} from './schemas';
import { createSessionTracker, SESSION_LIFETIME_MS } from './sessions';

export type CheckoutError = ApiError<CheckoutOperation>;

export interface CheckoutCredentials {
  clientId: string;
  clientSecret: string;
}

export interface CheckoutClientOptions {
  baseUrl?: string;
  authUrl?: string;
  /** Fixed, or read from settings on every call (a changed pair drops the cached token). */
  credentials: CheckoutCredentials | (() => CheckoutCredentials | undefined);
  timeouts?: TimeoutOptions;
  retry?: RetryOptions;
  /** One line per request and failure; never contains the secret or a token. */
  logger?: (line: string) => void;
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  renewInBackground?: boolean;
  /** Default 4 hours, as the seed says: a session unused for this long is recreated before use. */
  sessionLifetimeMs?: number;
}

type R<T> = Promise<Result<T, CheckoutError>>;

/** The five operations of a managed resource. */
export interface ManagedResource {
  list(query?: Query): R<CheckoutRecord[]>;
  get(id: string): R<CheckoutRecord>;
  create(body: CheckoutJson): R<CheckoutRecord>;
  update(id: string, body: CheckoutJson): R<CheckoutRecord>;
  delete(id: string): R<void>;
}

export interface CheckoutClient {
  /** Issue the token now, so the first call does not wait for it. */
  warm(): R<void>;
  close(): Promise<void>;
  sessions: {
    /** A body is required by the service; an empty object is fine. */
    create(connectionId: string, body?: ContextBody): R<CheckoutSession>;
    fetchOptions(sessionId: string, body: ContextBody): R<CheckoutOptions>;
  };
  split: {
    createSession(checkoutConnectionId: string, body: SplitBody): R<CheckoutSession>;
    /** `subShipmentId` in an item preserves that shipment. */
    updateSession(sessionId: string, body: SplitBody): R<CheckoutSession>;
    /** Each item's `subShipmentId` must come from the session (the client maps it if the session was renewed). */
    fetchOptions(sessionId: string, body: SplitBody): R<SplitOptions>;
    /** Mandatory after the order converts; never retried (a lost answer is `outcome_unknown`). */
    createShipments(body: SplitShipmentsRequest): R<PartialShipment[]>;
  };
  partialShipments: {
    /**
     * Sent with `extended-result=true` (the answer carries carrier, receiver, pickup point and packages);
     * `sendToBookAndPrint` adds `send-to-book-and-print=true`, as some shops do.
     */
    create(body: PartialShipmentRequest, options?: { sendToBookAndPrint?: boolean }): R<PartialShipment>;
    list(filter?: PartialShipmentFilter): R<PartialShipment[]>;
    get(shipmentId: string): R<PartialShipment>;
    /** Deletes in the checkout service only; what Delivery holds of it stays. */
    delete(shipmentId: string): R<void>;
    anonymize(shipmentId: string): R<PartialShipment>;
    anonymizeByContact(contact: { name?: string; email?: string }): R<PartialShipment[]>;
    /** The prepare id of the partial shipment's prepared shipment in nShift Delivery (assumed: prepared.ts). */
    prepareIdOf(partial: Pick<PartialShipment, 'id'>): string;
  };
  senders: ManagedResource;
  configurations: ManagedResource & {
    getStatus(configurationId: string): R<CheckoutRecord>;
    updateStatus(configurationId: string, body: CheckoutJson): R<CheckoutRecord>;
    versions(configurationId: string): R<CheckoutRecord[]>;
  };
  connections: ManagedResource;
  metrics: {
    /** Usage between two dates (YYYY-MM-DD), both inclusive: equal dates give one day. The CSV as text. */
    fetch(range: { dateFrom: string; dateTo: string }): R<string>;
  };
}

export function createCheckoutClient(options: CheckoutClientOptions): CheckoutClient {
  const baseUrl = options.baseUrl ?? DEFAULT_CHECKOUT_BASE_URL;
  const authUrl = options.authUrl ?? DEFAULT_CHECKOUT_AUTH_URL;
  const now = options.now ?? Date.now;
  const log = options.logger ?? (() => {});
  const apiKey = (): ApiKey | undefined => {
    const c = typeof options.credentials === 'function' ? options.credentials() : options.credentials;
    return c ? { id: c.clientId, secret: c.clientSecret } : undefined;
  };
  const redact = createRedactor(apiKey);
  const transport = createTransport({
    timeouts: options.timeouts,
    retry: options.retry,
    logger: (line) => log(redact(line)),
    redact,
    sleep: options.sleep,
    random: options.random,
    now,
  });

  const tokens = createTokenManager<CheckoutError>({
    apiKey,
    now,
    renewInBackground: options.renewInBackground ?? true,
    exchange: tokenGrantOf({ authUrl, transport, redact, now }),
    missingKeyError: () => ({
      kind: 'auth',
      reason: 'missing_key',
      operation: 'token.issue',
      message: 'no nShift Checkout client credentials are configured',
    }),
  });
  const call = createCaller<CheckoutOperation, void>({
    routes: CHECKOUT_ROUTES,
    serviceName: 'the checkout service',
    baseUrl,
    transport,
    tokens,
    redact,
    now,
    // Checkout's schemas are built with this module, which a station loads only when it has Checkout credentials.
    schemas: () => undefined,
  });
  const json = <S extends z.ZodType>(spec: CallSpec<CheckoutOperation>, schema: S) =>
    call.json(spec, () => schema);

  const sessions = createSessionTracker({
    now,
    lifetimeMs: options.sessionLifetimeMs ?? SESSION_LIFETIME_MS,
    log,
    create: (kind, connectionId, body) =>
      kind === 'split'
        ? json(
            { operation: 'splitSessions.create', params: { checkoutConnectionId: connectionId }, body },
            sessionSchema,
          )
        : json({ operation: 'sessions.create', params: { connectionId }, body }, sessionSchema),
  });

  function managed(prefix: 'senders' | 'configurations' | 'connections', idName: string): ManagedResource {
    const op = <A extends string>(action: A) => `${prefix}.${action}` as `${typeof prefix}.${A}`;
    return {
      list: (query = {}) => json({ operation: op('list'), query }, recordListSchema),
      get: (id) => json({ operation: op('get'), params: { [idName]: id } }, recordSchema),
      create: (body) => json({ operation: op('create'), body }, recordSchema),
      update: (id, body) => json({ operation: op('update'), params: { [idName]: id }, body }, recordSchema),
      delete: (id) => call.empty({ operation: op('delete'), params: { [idName]: id } }),
    };
  }

  return {
    warm: () => tokens.warm(),
    async close() {
      tokens.close();
      await transport.close();
    },
    sessions: {
      create: (connectionId, body = {}) => sessions.create('single', connectionId, body),
      fetchOptions: (sessionId, body) =>
        sessions.within(sessionId, body, (id, mapped) =>
          json({ operation: 'options.fetch', params: { sessionId: id }, body: mapped }, optionsSchema),
        ),
    },
    split: {
      createSession: (checkoutConnectionId, body) => sessions.create('split', checkoutConnectionId, body),
      updateSession: (sessionId, body) =>
        sessions.update(sessionId, body, (id, mapped) =>
          json({ operation: 'splitSessions.update', params: { sessionId: id }, body: mapped }, sessionSchema),
        ),
      fetchOptions: (sessionId, body) =>
        sessions.within(sessionId, body, (id, mapped) =>
          json(
            { operation: 'splitOptions.fetch', params: { sessionId: id }, body: mapped },
            splitOptionsSchema,
          ),
        ),
      createShipments: (body) =>
        json({ operation: 'splitShipments.create', body: sessions.mapIds(body) }, splitShipmentsResultSchema),
    },
    partialShipments: {
      create: (body, options = {}) =>
        json(
          {
            operation: 'shipments.create',
            query: {
              'extended-result': true,
              ...(options.sendToBookAndPrint ? { 'send-to-book-and-print': true } : {}),
            },
            body: sessions.mapIds(body),
          },
          partialShipmentSchema,
        ),
      list: (filter = {}) =>
        json({ operation: 'shipments.list', query: { ...filter } }, partialShipmentListSchema),
      get: (shipmentId) =>
        json({ operation: 'shipments.get', params: { shipmentId } }, partialShipmentSchema),
      delete: (shipmentId) => call.empty({ operation: 'shipments.delete', params: { shipmentId } }),
      anonymize: (shipmentId) =>
        json({ operation: 'shipments.anonymize', params: { shipmentId }, body: {} }, partialShipmentSchema),
      anonymizeByContact: (contact) =>
        json({ operation: 'shipments.anonymizeByContact', body: contact }, partialShipmentListSchema),
      prepareIdOf,
    },
    senders: managed('senders', 'senderId'),
    configurations: {
      ...managed('configurations', 'configurationId'),
      getStatus: (configurationId) =>
        json({ operation: 'configurations.getStatus', params: { configurationId } }, recordSchema),
      updateStatus: (configurationId, body) =>
        json({ operation: 'configurations.updateStatus', params: { configurationId }, body }, recordSchema),
      versions: (configurationId) =>
        json({ operation: 'configurations.versions', params: { configurationId } }, recordListSchema),
    },
    connections: managed('connections', 'connectionId'),
    metrics: {
      async fetch({ dateFrom, dateTo }) {
        const got = await call.bytes({
          operation: 'metrics.fetch',
          query: { dateFrom, dateTo },
          accept: 'text/csv',
        });
        return got.ok ? ok(got.value.bytes.toString('utf8')) : got;
      },
    },
  };
}
