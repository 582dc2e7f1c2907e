/**
 * The Checkout service (docs/nshift-checkout-api.md), served under `/checkout`: single and split sessions
 * that live 4 hours from their last interaction, delivery options from the carrier catalogue, partial shipments
 * (partials.ts), the management API (senders, configurations with status and versions, connections) and usage
 * metrics as CSV. Bodies use nShift Checkout's field names; refusals are problem+json (problem.ts).
 *
 * Where the seed says "not shown", the simulator decides, and main/simulator/README.md says how.
 */
import * as z from 'zod';
import { contextBodySchema } from '../../nshift/checkout';
import type { SimContext } from '../context';
import { formatTimestamp } from '../format';
import { json, notFound, type Reply, type Router } from '../http';
import { nextId } from '../state';
import { registerCrud } from '../routes/crud';
import { optionsFor } from './options';
import { registerPartialShipmentRoutes } from './partials';
import { issue, parseCheckoutBody, problem } from './problem';
import { CHECKOUT_SESSION_TTL_MS, offeredServices, sessionGone, touchSession } from './sessions';
import type { SimCheckoutSession } from './state';
import { countUsage, MAX_METRICS_DAYS, usageCsv } from './usage';

export { CHECKOUT_SESSION_TTL_MS } from './sessions';
/** Configuration statuses (assumed: the seed shows that a configuration has a status, not its values). */
export const CONFIGURATION_STATUSES = ['ACTIVE', 'INACTIVE', 'DRAFT'] as const;

const splitBody = contextBodySchema.extend({ subShipments: z.array(z.looseObject({})) });
const statusBody = z.object({ status: z.enum(CONFIGURATION_STATUSES) });

const connectionGone = (connectionId: string): Reply =>
  problem(404, 'Not Found', `No checkout connection ${connectionId}`, [
    issue('CONNECTION_NOT_FOUND', 'connectionId', 'The connection is unknown'),
  ]);

export function registerCheckoutRoutes(router: Router, ctx: SimContext): void {
  const state = ctx.state.checkout;
  const now = () => ctx.clock.now();

  /** The configuration a connection points to (seed: changeable without changing the integration). */
  function resolveConnection(connectionId: string): Record<string, unknown> | undefined {
    const connection = state.connections.get(connectionId);
    const configurationId = connection ? String(connection.configurationId ?? '') : '';
    return state.configurations.get(configurationId);
  }

  function newSession(
    kind: 'single' | 'split',
    connectionId: string,
    body: Record<string, unknown>,
  ): SimCheckoutSession | undefined {
    const configuration = resolveConnection(connectionId);
    if (!configuration) return undefined;
    const sessionId = `ses-${nextId(ctx.state, 'checkoutSession')}`;
    const session: SimCheckoutSession = {
      sessionId,
      kind,
      connectionId,
      configurationId: String(configuration.id),
      body,
      subShipments: [],
      lastInteraction: now(),
    };
    state.sessions.set(sessionId, session);
    countUsage(ctx, 'sessions');
    return session;
  }

  /** Sub-shipments of a split session: an item's known `subShipmentId` is kept, others get new ids; the
   * first sub-shipment of a session is the session id itself (seed). */
  function assignSubShipments(session: SimCheckoutSession, items: Array<Record<string, unknown>>): void {
    const known = new Set(session.subShipments.map((s) => s.subShipmentId));
    const used = new Set<string>();
    session.subShipments = items.map((input, index) => {
      const wanted = typeof input.subShipmentId === 'string' ? input.subShipmentId : undefined;
      let subShipmentId: string;
      if (wanted && known.has(wanted) && !used.has(wanted)) subShipmentId = wanted;
      else if (index === 0 && !used.has(session.sessionId)) subShipmentId = session.sessionId;
      else subShipmentId = `sub-${nextId(ctx.state, 'checkoutSubShipment')}`;
      used.add(subShipmentId);
      const { subShipmentId: _given, ...rest } = input;
      return { subShipmentId, input: rest };
    });
  }

  const sessionJson = (s: SimCheckoutSession) => ({
    sessionId: s.sessionId,
    checkoutConfigurationId: s.configurationId,
    created: formatTimestamp(s.lastInteraction),
    validUntil: formatTimestamp(s.lastInteraction + CHECKOUT_SESSION_TTL_MS),
    ...(s.kind === 'split'
      ? { subShipments: s.subShipments.map((x) => ({ subShipmentId: x.subShipmentId })) }
      : {}),
  });

  // --- sessions ------------------------------------------------------------------------------------------
  router.add('POST', '/options/v1/sessions/:connectionId', (req) => {
    const body = parseCheckoutBody(req, contextBodySchema);
    if (!body.ok) return body.reply;
    const connectionId = req.params.connectionId ?? '';
    const session = newSession('single', connectionId, body.value);
    return session ? json(201, sessionJson(session)) : connectionGone(connectionId);
  });
  router.add('POST', '/options/v1/split-shipments/sessions/:checkoutConnectionId', (req) => {
    const body = parseCheckoutBody(req, splitBody);
    if (!body.ok) return body.reply;
    const connectionId = req.params.checkoutConnectionId ?? '';
    const session = newSession('split', connectionId, body.value);
    if (!session) return connectionGone(connectionId);
    assignSubShipments(session, body.value.subShipments);
    return json(201, sessionJson(session));
  });
  router.add('PUT', '/options/v1/split-shipments/sessions/:sessionId', (req) => {
    const session = touchSession(ctx, req.params.sessionId ?? '');
    if (!session) return sessionGone();
    const body = parseCheckoutBody(req, splitBody);
    if (!body.ok) return body.reply;
    session.body = body.value;
    assignSubShipments(session, body.value.subShipments);
    return json(200, sessionJson(session));
  });

  // --- delivery options ----------------------------------------------------------------------------------
  router.add('POST', '/options/v1/shipping-options/:sessionId', (req) => {
    const session = touchSession(ctx, req.params.sessionId ?? '');
    if (!session) return sessionGone();
    const body = parseCheckoutBody(req, contextBodySchema);
    if (!body.ok) return body.reply;
    countUsage(ctx, 'optionRequests');
    return json(200, {
      sessionId: session.sessionId,
      checkoutId: session.configurationId,
      language: body.value.languageCode ?? 'en',
      options: optionsFor(body.value, offeredServices(ctx, session)),
    });
  });
  router.add('POST', '/options/v1/split-shipments/shipping-options/:sessionId', (req) => {
    const session = touchSession(ctx, req.params.sessionId ?? '');
    if (!session) return sessionGone();
    const body = parseCheckoutBody(req, splitBody);
    if (!body.ok) return body.reply;
    const known = new Map(session.subShipments.map((s) => [s.subShipmentId, s]));
    const unknown = body.value.subShipments.flatMap((item, i) =>
      typeof item.subShipmentId === 'string' && known.has(item.subShipmentId)
        ? []
        : [
            issue(
              'SUB_SHIPMENT_NOT_FOUND',
              `subShipments.${i}.subShipmentId`,
              'subShipmentId must be one the session returned',
            ),
          ],
    );
    if (unknown.length > 0) return problem(400, 'Bad Request', 'Unknown sub-shipments', unknown);
    countUsage(ctx, 'optionRequests');
    const { subShipments: _items, ...top } = body.value;
    return json(200, {
      sessionId: session.sessionId,
      language: top.languageCode ?? 'en',
      subShipments: body.value.subShipments.map((item) => {
        // Given once at the top or per sub-shipment (seed); the sub-shipment's own values win.
        const input = contextBodySchema.parse({
          ...top,
          ...known.get(String(item.subShipmentId))!.input,
          ...item,
        });
        return {
          subShipmentId: item.subShipmentId,
          options: optionsFor(input, offeredServices(ctx, session)),
        };
      }),
    });
  });

  // --- partial shipments ---------------------------------------------------------------------------------
  registerPartialShipmentRoutes(router, ctx);

  // --- management: senders, configurations (+ status, versions), connections (all assumed paths) ------------
  registerCrud(router, ctx, {
    path: '/management/v1/senders',
    store: state.senders,
    counter: 'checkoutSender',
    methods: ['list', 'get', 'create', 'put', 'delete'],
    required: ['name'],
    newId: () => senderUuid(nextId(ctx.state, 'checkoutSender')),
  });
  registerCrud(router, ctx, {
    path: '/management/v1/configurations',
    store: state.configurations,
    counter: 'checkoutConfiguration',
    methods: ['list', 'get', 'create', 'put', 'delete'],
    required: ['name'],
    newId: () => `cfg-${nextId(ctx.state, 'checkoutConfiguration')}`,
    defaults: { status: 'DRAFT' },
    onWrite: (record) => addVersion(ctx, record),
  });
  router.add('GET', '/management/v1/configurations/:id/status', (req) => {
    const c = state.configurations.get(req.params.id ?? '');
    return c ? json(200, { configurationId: c.id, status: c.status }) : notFound();
  });
  router.add('PUT', '/management/v1/configurations/:id/status', (req) => {
    const c = state.configurations.get(req.params.id ?? '');
    if (!c) return notFound();
    const body = parseCheckoutBody(req, statusBody);
    if (!body.ok) return body.reply;
    c.status = body.value.status;
    addVersion(ctx, c);
    return json(200, { configurationId: c.id, status: c.status });
  });
  router.add('GET', '/management/v1/configurations/:id/versions', (req) => {
    const versions = state.configurationVersions.get(req.params.id ?? '');
    return versions ? json(200, versions) : notFound();
  });
  registerCrud(router, ctx, {
    path: '/management/v1/connections',
    store: state.connections,
    counter: 'checkoutConnection',
    methods: ['list', 'get', 'create', 'put', 'delete'],
    required: ['configurationId'],
    newId: () => `conn-${nextId(ctx.state, 'checkoutConnection')}`,
  });

  // --- usage metrics -------------------------------------------------------------------------------------
  router.add('GET', '/metrics/v1/usage', (req) => {
    const from = req.query.get('dateFrom') ?? '';
    const to = req.query.get('dateTo') ?? '';
    const day = /^\d{4}-\d{2}-\d{2}$/;
    if (!day.test(from) || !day.test(to) || Number.isNaN(Date.parse(from)) || Number.isNaN(Date.parse(to)))
      return problem(400, 'Bad Request', 'dateFrom and dateTo must be dates (YYYY-MM-DD)');
    const days = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
    if (days < 1) return problem(400, 'Bad Request', 'dateFrom must not be after dateTo');
    if (days > MAX_METRICS_DAYS)
      return problem(400, 'Bad Request', `at most ${MAX_METRICS_DAYS} days at a time`);
    return {
      status: 200,
      body: Buffer.from(usageCsv(state.usage, from, to), 'utf8'),
      contentType: 'text/csv;charset=UTF-8',
    };
  });
}

export function addVersion(ctx: SimContext, record: Record<string, unknown>): void {
  const id = String(record.id);
  const versions = ctx.state.checkout.configurationVersions.get(id) ?? [];
  versions.push({
    version: versions.length + 1,
    created: formatTimestamp(ctx.clock.now()),
    status: record.status,
  });
  ctx.state.checkout.configurationVersions.set(id, versions);
}

/** Senders are identified by a UUID (seed); counters keep them reproducible. */
export function senderUuid(n: number): string {
  return `5e0de000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}
