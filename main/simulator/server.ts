/**
 * The nShift Delivery simulator: a stateful HTTP server on 127.0.0.1 that serves docs/nshift-api.md section 1
 * under `/rs-extapi/v1` (and under any versioned prefix ending in it, as nShift's `href`s do), plus the
 * test-only control API under `/_sim/`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRealTimeClock, type SimClock } from './clock';
import type { SimContext } from './context';
import { HOUR_MS } from './context';
import { handleControl } from './control';
import { Faults } from './faults';
import { forbidden, apiError, Router, type Reply, type RequestCtx, type Route } from './http';
import { checkoutClientOf, registerIdentityRoutes } from './checkout/identity';
import { problem } from './checkout/problem';
import { registerCheckoutRoutes } from './checkout/routes';
import { ALL_LICENSES } from './licenses';
import { createRandom } from './random';
import { recordsJson } from './records';
import { RequestStats } from './request-stats';
import { issueToken, registerAuthRoutes } from './routes/auth';
import { registerConsolidatedRoutes } from './routes/consolidated';
import { registerExtraRoutes } from './routes/extra';
import { registerManifestRoutes } from './routes/manifests';
import { registerOrderRoutes } from './routes/orders';
import { registerPreparedRoutes } from './routes/prepared';
import { registerPrintRoutes } from './routes/print';
import { registerShipmentRoutes } from './routes/shipments';
import { registerStoredRoutes } from './routes/stored';
import { createState, type ApiKey, type CarrierTimings } from './state';
import { REQUEST_LOG_MAX, type CheckoutClientRecord } from './checkout/state';
import { configureCarrier, progressCarriers, setCarrierStage } from './carrier';
import { DEFAULT_SENDER } from './booking';
import type { AddApiKeyInput, Simulator, StartOptions, StartedSimulator } from './simulator';

// Those who import createSimulator find the shape it makes here too.
export type { AddApiKeyInput, Simulator, StartOptions, StartedSimulator };

export interface SimulatorOptions {
  clock?: SimClock;
  /** Fixed extra latency for every request (benchmarks). Default 0. */
  latencyMs?: number;
  /** Seed for token noise and anything else random. Default 1. */
  seed?: number;
  /** Default 12 hours. */
  tokenTtlMs?: number;
  /** Default 1 hour. */
  documentTtlMs?: number;
  /** Sim time a print job stays QUEUED before it is DONE. Default 1000 ms. */
  printJobMs?: number;
  /** Path prefix of `href` values. Default `/ufoweb-sim-20260115/rs-extapi/v1` (opaque, versioned, like nShift's). */
  hrefPrefix?: string;
  /**
   * Carriers move booked shipments on as the sim clock runs (handed over, in transit, delivered: status
   * events on `/alerts`). Default off; `true` uses the default delays (2 h, 6 h, 24 h).
   */
  carrierProgress?: boolean | Partial<CarrierTimings>;
  /** How latency is waited for; injectable so tests never depend on wall time. */
  sleep?: (ms: number) => Promise<void>;
  /** Requests per second an account may make before `429` + `Retry-After` (default: no limit) **(assumed)**. */
  rateLimitPerSecond?: number;
  /**
   * Numbers every id (shipments, documents, parcel and shipment numbers, …) from this block of a million on
   * (default 0). A demo that keeps its data folder runs a fresh simulator each time: each run takes a new block,
   * so its ids never meet those the folder's journal and label cache hold from an earlier run.
   */
  idBlock?: number;
  /**
   * What `GET` and `PUT /stored-shipments/{storedId}` answer: the summary a list holds and the stored shipment's
   * own data (`with-shipment`, the seed's fetch, the default), or the summary alone (`summary`: every stored
   * shipment nShift's documents show is one; the fetch's answer itself is not public) **(assumed)**.
   */
  storedFetch?: 'with-shipment' | 'summary';
}

const DELIVERY_SEGMENT = '/rs-extapi/v1';
/** The Checkout service's base path and the identity service's, in the same process (section 2). */
const CHECKOUT_PREFIX = '/checkout';
const IDENTITY_PREFIX = '/identity';

/** The key id of a Basic header (the token exchange), or `unknown`. */
function basicKeyId(header: string | undefined): string {
  const m = /^Basic\s+(.+)$/i.exec(header ?? '');
  if (!m?.[1]) return 'unknown';
  const decoded = Buffer.from(m[1].trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon > 0 ? decoded.slice(0, colon) : 'unknown';
}

function tooManyRequests(retryAfterSeconds: number): Reply {
  return {
    ...apiError(429, 'ILLEGAL', 'Too many requests'),
    headers: { 'retry-after': String(retryAfterSeconds) },
  };
}

function defaultSleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export function send(res: ServerResponse, reply: Reply): void {
  let body: Buffer | undefined = reply.body;
  let contentType = reply.contentType;
  if (reply.json !== undefined) {
    body = Buffer.from(JSON.stringify(reply.json), 'utf8');
    contentType = 'application/json;charset=UTF-8';
  }
  const headers: Record<string, string | number> = {
    ...reply.headers,
    'content-length': body ? body.length : 0,
  };
  if (contentType && body) headers['content-type'] = contentType;
  res.writeHead(reply.status, headers);
  res.end(body);
}

export function createSimulator(options: SimulatorOptions = {}): Simulator {
  const clock = options.clock ?? createRealTimeClock();
  const state = createState(options.idBlock);
  const hrefPrefix = options.hrefPrefix ?? '/ufoweb-sim-20260115/rs-extapi/v1';
  const sleep = options.sleep ?? defaultSleep;
  const ctx: SimContext = {
    state,
    clock,
    random: createRandom(options.seed ?? 1),
    tokenTtlMs: options.tokenTtlMs ?? 12 * HOUR_MS,
    documentTtlMs: options.documentTtlMs ?? HOUR_MS,
    printJobMs: options.printJobMs ?? 1000,
    storedFetch: options.storedFetch ?? 'with-shipment',
    hrefBase: `http://127.0.0.1${hrefPrefix}`,
    requests: new RequestStats(),
  };
  ctx.requests.setLimit(options.rateLimitPerSecond);
  const faults = new Faults(() => state.tokens.clear());
  const router = new Router();
  registerAuthRoutes(router, ctx);
  registerShipmentRoutes(router, ctx);
  registerStoredRoutes(router, ctx);
  registerPreparedRoutes(router, ctx);
  registerConsolidatedRoutes(router, ctx);
  registerOrderRoutes(router, ctx);
  registerManifestRoutes(router, ctx);
  registerPrintRoutes(router, ctx);
  registerExtraRoutes(router, ctx);
  state.stores.senders.set('1', { ...DEFAULT_SENDER, id: '1' });

  let server: Server | undefined;
  let url: string | undefined;
  const latencyMs = options.latencyMs ?? 0;

  if (options.carrierProgress) {
    const configured = configureCarrier(ctx, {
      enabled: true,
      ...(typeof options.carrierProgress === 'object' ? options.carrierProgress : {}),
    });
    if (!configured.ok) throw new Error(configured.message);
  }
  let reachable = true;

  const deliveryRouter = router;
  const checkoutRouter = new Router();
  registerCheckoutRoutes(checkoutRouter, ctx);
  const identityRouter = new Router();
  registerIdentityRoutes(identityRouter, ctx);

  /** Delivery: a 12-hour token from `/sessions/jwt`, and every licence the route needs. */
  function authorizeDelivery(route: Route, request: RequestCtx): Reply | undefined {
    const m = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '');
    const token = m?.[1] ? state.tokens.get(m[1].trim()) : undefined;
    const retryAfter = ctx.requests.record(token?.keyId ?? 'unknown', `${request.method} ${route.pattern}`);
    if (retryAfter !== undefined) return tooManyRequests(retryAfter);
    if (!token || token.expiresAt <= clock.now()) {
      if (token) state.tokens.delete(token.token);
      return apiError(401, 'ILLEGAL', token ? 'Token expired' : 'Invalid or missing token');
    }
    request.apiKey = state.apiKeys.get(token.keyId);
    if (!request.apiKey) return apiError(401, 'ILLEGAL', 'API key removed');
    const missing = route.licenses.find((l) => !request.apiKey!.licenses.has(l));
    return missing ? forbidden(missing) : undefined;
  }
  /** Delivery routes without a token (the token request itself) count toward the key's rate too. */
  function admitDelivery(route: Route, request: RequestCtx): Reply | undefined {
    const retryAfter = ctx.requests.record(
      basicKeyId(request.headers.authorization),
      `${request.method} ${route.pattern}`,
    );
    return retryAfter === undefined ? undefined : tooManyRequests(retryAfter);
  }
  /** Checkout: a 3600-second token from the identity service, of an enabled client. */
  function authorizeCheckout(_route: Route, request: RequestCtx): Reply | undefined {
    return checkoutClientOf(ctx, request.headers.authorization)
      ? undefined
      : problem(401, 'Unauthorized', 'Invalid, expired or missing token');
  }

  /**
   * One request to one of the simulated services: latency and injected failures (matched on `faultPath`),
   * routing, the service's own authorisation, the handler, and drop-after-commit for bookings.
   */
  async function handleService(
    req: IncomingMessage,
    res: ServerResponse,
    service: {
      router: Router;
      authorize: (route: Route, request: RequestCtx) => Reply | undefined;
      admit?: (route: Route, request: RequestCtx) => Reply | undefined;
    },
    method: string,
    path: string,
    faultPath: string,
    query: URLSearchParams,
  ): Promise<void> {
    const rawBody = await readBody(req);
    // nShift Delivery unreachable (setReachable): cut off before any answer. Checkout is another service.
    if (service.router === deliveryRouter && !reachable) {
      req.socket.destroy();
      return;
    }
    progressCarriers(ctx);
    const delay = latencyMs + faults.delayFor(method, faultPath);
    if (delay > 0) await sleep(delay);
    const injected = faults.takeFailure(method, faultPath);
    if (injected) {
      if (injected.text !== undefined) {
        const contentType = injected.contentType ?? 'text/html';
        send(res, {
          status: injected.status,
          body: Buffer.from(injected.text),
          contentType,
          headers: injected.headers,
        });
        return;
      }
      const silent = injected.status === 401 || injected.status === 404 || injected.status === 204;
      const body =
        injected.body ??
        (silent ? undefined : { code: 'INTERNAL', message: `Injected failure ${injected.status}` });
      send(res, { status: injected.status, json: body, headers: injected.headers });
      return;
    }
    const match = service.router.match(method, path);
    if (!match) return send(res, { status: 404 });
    if ('methodNotAllowed' in match)
      return send(res, apiError(405, 'ILLEGAL', `${method} not allowed on ${path}`));
    const { route, params } = match;
    const request: RequestCtx = { method, path, params, query, headers: req.headers, rawBody };
    if (route.auth) {
      const refused = service.authorize(route, request);
      if (refused) return send(res, refused);
    } else {
      const refused = service.admit?.(route, request);
      if (refused) return send(res, refused);
    }
    const reply = await route.handler(request);
    if (route.booking && reply.status === 201 && faults.takeDropAfterCommit(method, faultPath)) {
      // The booking is committed; the client only sees its connection reset.
      req.socket.resetAndDestroy();
      return;
    }
    send(res, reply);
  }

  async function onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = (req.method ?? 'GET').toUpperCase();
    const parsed = new URL(req.url ?? '/', 'http://127.0.0.1');
    const pathname = parsed.pathname;
    if (pathname.startsWith('/_sim/')) {
      const body = await readBody(req);
      progressCarriers(ctx);
      send(res, await handleControl(sim, method, pathname.slice('/_sim'.length), parsed.searchParams, body));
      return;
    }
    for (const [prefix, service] of [
      [CHECKOUT_PREFIX, { router: checkoutRouter, authorize: authorizeCheckout }],
      [IDENTITY_PREFIX, { router: identityRouter, authorize: authorizeCheckout }],
    ] as const) {
      if (pathname.startsWith(`${prefix}/`)) {
        const path = pathname.slice(prefix.length);
        state.checkout.requests++;
        state.checkout.requestLog.push(`${method} ${pathname}`);
        if (state.checkout.requestLog.length > REQUEST_LOG_MAX) state.checkout.requestLog.shift();
        return handleService(req, res, service, method, path, pathname, parsed.searchParams);
      }
    }
    const at = pathname.indexOf(DELIVERY_SEGMENT);
    if (at < 0) return send(res, { status: 404 });
    const path = pathname.slice(at + DELIVERY_SEGMENT.length) || '/';
    const delivery = { router: deliveryRouter, authorize: authorizeDelivery, admit: admitDelivery };
    await handleService(req, res, delivery, method, path, path, parsed.searchParams);
  }

  const sim: Simulator = {
    state,
    clock,
    faults,
    context: ctx,
    get url() {
      return url;
    },
    get deliveryBaseUrl() {
      return url ? `${url}${DELIVERY_SEGMENT}` : undefined;
    },
    get checkoutBaseUrl() {
      return url ? `${url}${CHECKOUT_PREFIX}` : undefined;
    },
    get checkoutAuthUrl() {
      return url ? `${url}${IDENTITY_PREFIX}` : undefined;
    },
    async start(opts: StartOptions = {}) {
      if (server) throw new Error('Simulator already started');
      const srv = createServer({ keepAlive: true }, (req, res) => {
        onRequest(req, res).catch((error: unknown) => {
          if (!res.headersSent && !res.destroyed)
            send(res, apiError(500, 'INTERNAL', error instanceof Error ? error.message : String(error)));
        });
      });
      // Benchmarks keep connections open: do not close idle keep-alive sockets under them.
      srv.keepAliveTimeout = 65_000;
      srv.headersTimeout = 66_000;
      await new Promise<void>((resolve, reject) => {
        srv.once('error', reject);
        srv.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => resolve());
      });
      server = srv;
      const address = srv.address() as AddressInfo;
      const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      url = `http://${host}:${address.port}`;
      ctx.hrefBase = `${url}${hrefPrefix}`;
      return {
        url,
        deliveryBaseUrl: `${url}${DELIVERY_SEGMENT}`,
        checkoutBaseUrl: `${url}${CHECKOUT_PREFIX}`,
        checkoutAuthUrl: `${url}${IDENTITY_PREFIX}`,
      };
    },
    async stop() {
      const srv = server;
      if (!srv) return;
      server = undefined;
      await new Promise<void>((resolve) => {
        srv.close(() => resolve());
        srv.closeAllConnections();
      });
    },
    addApiKey(input) {
      const key: ApiKey = {
        id: input.id,
        secret: input.secret,
        licenses: new Set(input.licenses ?? ALL_LICENSES),
      };
      state.apiKeys.set(key.id, key);
      return key;
    },
    addCheckoutClient(input) {
      const client: CheckoutClientRecord = {
        id: input.id,
        secret: input.secret,
        enabled: input.enabled ?? true,
      };
      state.checkout.clients.set(client.id, client);
      return client;
    },
    issueToken: (keyId) => issueToken(ctx, keyId).token,
    handOver: (id) => setCarrierStage(ctx, id, 2),
    deliver: (id) => setCarrierStage(ctx, id, 3),
    feedCalls: (feed) => state.feedLog.calls.filter((c) => feed === undefined || c.feed === feed),
    setReachable(value) {
      reachable = value;
    },
    records: () => recordsJson(state),
    requests: ctx.requests,
    deliveryRoutes: () =>
      deliveryRouter.routes.map(({ method, pattern, operation }) => ({ method, pattern, operation })),
  };
  return sim;
}
