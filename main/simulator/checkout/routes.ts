/**
 * The Checkout service (nshift-api.md section 2, seed 000), served under `/checkout`: single and split
 * sessions that live 4 hours from their last interaction, delivery options from the carrier catalogue,
 * partial shipments that also become stored shipments in the simulated Delivery account, the management
 * API (senders, configurations with status and versions, connections) and usage metrics as CSV.
 *
 * Where the seed says "not shown", the simulator decides, and main/simulator/README.md says how.
 */
import * as z from 'zod';
import { findService } from '../catalogue';
import type { SimContext } from '../context';
import { formatTimestamp, parseQueryDate } from '../format';
import {
  apiError,
  json,
  noContent,
  notFound,
  paginate,
  parseBody,
  unprocessable,
  validationItem,
  type Reply,
  type Router,
} from '../http';
import { partySchema, shipmentSchema, type Party } from '../schemas';
import { nextId } from '../state';
import { createStored } from '../routes/stored';
import { registerCrud } from '../routes/crud';
import { optionsFor } from './options';
import type { SelectedOption, SimCheckoutSession, SimPartialShipment } from './state';
import { countUsage, MAX_METRICS_DAYS, usageCsv } from './usage';

export const CHECKOUT_SESSION_TTL_MS = 4 * 60 * 60 * 1000;
/** Configuration statuses (assumed: the seed shows that a configuration has a status, not its values). */
export const CONFIGURATION_STATUSES = ['ACTIVE', 'INACTIVE', 'DRAFT'] as const;

const objectBody = z.looseObject({});
const splitBody = z.looseObject({ subShipments: z.array(z.looseObject({})) });
const selectedOptionSchema = z.looseObject({ id: z.string().optional(), serviceId: z.string().min(1) });
const partialItem = z.looseObject({
  subShipmentId: z.string().optional(),
  selectedOption: selectedOptionSchema,
  receiver: partySchema.optional(),
  parcels: z.array(z.looseObject({})).optional(),
  /** (assumed) the shop's reference for this shipment; becomes the stored shipment's senderReference. */
  reference: z.string().optional(),
});
const singlePartialBody = partialItem.extend({
  orderNo: z.string().min(1),
  sessionId: z.string().optional(),
});
const splitPartialBody = z.looseObject({
  orderNo: z.string().min(1),
  sessionId: z.string().optional(),
  receiver: partySchema.optional(),
  subShipments: z.array(partialItem).min(1),
});
const contactBody = z
  .object({ name: z.string().min(1).optional(), email: z.string().min(1).optional() })
  .refine((c) => c.name !== undefined || c.email !== undefined, 'name or email is required');
const statusBody = z.object({ status: z.enum(CONFIGURATION_STATUSES) });

const sessionGone = (): Reply => apiError(404, 'MISSING', 'Session not found or expired');

export function registerCheckoutRoutes(router: Router, ctx: SimContext): void {
  const state = ctx.state.checkout;
  const now = () => ctx.clock.now();

  /** A live session, its validity extended by this interaction; undefined when unknown or expired. */
  function touch(sessionId: string): SimCheckoutSession | undefined {
    const session = state.sessions.get(sessionId);
    if (!session) return undefined;
    if (now() - session.lastInteraction >= CHECKOUT_SESSION_TTL_MS) {
      state.sessions.delete(sessionId);
      return undefined;
    }
    session.lastInteraction = now();
    return session;
  }

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
    validUntil: formatTimestamp(s.lastInteraction + CHECKOUT_SESSION_TTL_MS),
    ...(s.kind === 'split'
      ? { subShipments: s.subShipments.map((x) => ({ subShipmentId: x.subShipmentId })) }
      : {}),
  });

  const offeredBy = (session: SimCheckoutSession): string[] | undefined => {
    const services = state.configurations.get(session.configurationId)?.services;
    return Array.isArray(services) ? services.map(String) : undefined;
  };

  // --- sessions ------------------------------------------------------------------------------------------
  router.add('POST', '/options/v1/sessions/:connectionId', (req) => {
    const body = parseBody(req, objectBody);
    if (!body.ok) return body.reply;
    const session = newSession('single', req.params.connectionId ?? '', body.value);
    return session ? json(201, sessionJson(session)) : notFound();
  });
  router.add('POST', '/options/v1/split-shipments/sessions/:checkoutConnectionId', (req) => {
    const body = parseBody(req, splitBody);
    if (!body.ok) return body.reply;
    const session = newSession('split', req.params.checkoutConnectionId ?? '', body.value);
    if (!session) return notFound();
    assignSubShipments(session, body.value.subShipments);
    return json(201, sessionJson(session));
  });
  router.add('PUT', '/options/v1/split-shipments/sessions/:sessionId', (req) => {
    const session = touch(req.params.sessionId ?? '');
    if (!session) return sessionGone();
    const body = parseBody(req, splitBody);
    if (!body.ok) return body.reply;
    session.body = body.value;
    assignSubShipments(session, body.value.subShipments);
    return json(200, sessionJson(session));
  });

  // --- delivery options ----------------------------------------------------------------------------------
  router.add('POST', '/options/v1/shipping-options/:sessionId', (req) => {
    const session = touch(req.params.sessionId ?? '');
    if (!session) return sessionGone();
    const body = parseBody(req, objectBody);
    if (!body.ok) return body.reply;
    countUsage(ctx, 'optionRequests');
    const currency = typeof body.value.currency === 'string' ? body.value.currency : 'SEK';
    return json(200, {
      sessionId: session.sessionId,
      language: body.value.language ?? 'en',
      currency,
      options: optionsFor(body.value, offeredBy(session), currency),
    });
  });
  router.add('POST', '/options/v1/split-shipments/shipping-options/:sessionId', (req) => {
    const session = touch(req.params.sessionId ?? '');
    if (!session) return sessionGone();
    const body = parseBody(req, splitBody);
    if (!body.ok) return body.reply;
    const known = new Map(session.subShipments.map((s) => [s.subShipmentId, s]));
    const unknown = body.value.subShipments.flatMap((item, i) =>
      typeof item.subShipmentId === 'string' && known.has(item.subShipmentId)
        ? []
        : [
            validationItem(
              'subShipmentId must be one the session returned',
              'Illegal',
              `subShipments.${i}.subShipmentId`,
            ),
          ],
    );
    if (unknown.length > 0) return unprocessable(unknown);
    countUsage(ctx, 'optionRequests');
    const { subShipments: _items, ...top } = body.value;
    const currency = typeof top.currency === 'string' ? top.currency : 'SEK';
    return json(200, {
      sessionId: session.sessionId,
      language: top.language ?? 'en',
      subShipments: body.value.subShipments.map((item) => {
        const input = { ...top, ...known.get(String(item.subShipmentId))!.input, ...item };
        return {
          subShipmentId: item.subShipmentId,
          currency,
          options: optionsFor(input, offeredBy(session), currency),
        };
      }),
    });
  });

  // --- partial shipments ---------------------------------------------------------------------------------
  /** The sender of the session's configuration: its address, and whether it links a shipping solution. */
  function senderFor(sessionId: string | undefined): { address: Party; linked: boolean } {
    const session = sessionId ? state.sessions.get(sessionId) : undefined;
    const configurationId = session?.configurationId ?? [...state.configurations.keys()][0] ?? '';
    const configuration = state.configurations.get(configurationId);
    const sender = state.senders.get(String(configuration?.senderId ?? ''));
    const override = session?.body.mainSenderOverride;
    const address = {
      ...((sender?.address as Party | undefined) ?? {}),
      ...(override && typeof override === 'object' ? (override as Party) : {}),
    };
    return { address, linked: Boolean(sender?.shippingSolution) };
  }

  function invalidItems(
    items: Array<z.infer<typeof partialItem>>,
    receiver: Party | undefined,
  ): Reply | undefined {
    const problems = items.flatMap((item, i) => [
      ...(findService(item.selectedOption.serviceId)
        ? []
        : [validationItem('Unknown service', 'Service', `subShipments.${i}.selectedOption.serviceId`)]),
      ...((item.receiver ?? receiver)?.name
        ? []
        : [validationItem('A receiver is required', 'Receiver', `subShipments.${i}.receiver`)]),
    ]);
    return problems.length > 0 ? unprocessable(problems) : undefined;
  }

  /** Stores the partial shipment and, when the sender links a shipping solution, its Delivery stored shipment. */
  function createPartial(
    orderNo: string,
    sessionId: string | undefined,
    item: z.infer<typeof partialItem>,
    receiver: Party,
  ): SimPartialShipment {
    const service = findService(item.selectedOption.serviceId)!;
    const selectedOption: SelectedOption = {
      ...item.selectedOption,
      serviceId: service.id,
      carrierId: service.carrierId,
    };
    const parcels = item.parcels?.length ? item.parcels : [{ weight: 1, contents: 'Goods' }];
    const sender = senderFor(sessionId);
    const stored = sender.linked
      ? createStored(
          ctx,
          shipmentSchema.parse({
            sender: sender.address,
            receiver,
            service: { id: service.id },
            parcels: parcels.map((p) => ({ copies: 1, ...p })),
            orderNo,
            senderReference: item.reference ?? orderNo,
          }),
        )
      : undefined;
    const partial: SimPartialShipment = {
      id: `ps-${nextId(ctx.state, 'partialShipment')}`,
      orderNo,
      sessionId: sessionId ?? null,
      subShipmentId: item.subShipmentId ?? null,
      status: 'CREATED',
      receiver,
      selectedOption,
      parcels,
      created: now(),
      anonymized: false,
      storedId: stored?.id ?? null,
    };
    state.partialShipments.set(partial.id, partial);
    countUsage(ctx, 'partialShipments');
    return partial;
  }

  const partialJson = (p: SimPartialShipment) => ({
    id: p.id,
    orderNo: p.orderNo,
    sessionId: p.sessionId,
    subShipmentId: p.subShipmentId,
    status: p.status,
    created: formatTimestamp(p.created),
    anonymized: p.anonymized,
    receiver: p.receiver,
    selectedOption: p.selectedOption,
    parcels: p.parcels,
    delivery: p.storedId
      ? { system: 'DELIVERY', storedId: p.storedId, status: 'TRANSFERRED' }
      : { system: null, storedId: null, status: 'PENDING' },
  });

  router.add('POST', '/shipments/v1/shipments', (req) => {
    const body = parseBody(req, singlePartialBody);
    if (!body.ok) return body.reply;
    const invalid = invalidItems([body.value], body.value.receiver);
    if (invalid) return invalid;
    const { orderNo, sessionId } = body.value;
    if (sessionId) touch(sessionId);
    return json(201, partialJson(createPartial(orderNo, sessionId, body.value, body.value.receiver!)));
  });
  router.add('POST', '/shipments/v1/split-shipments/shipments', (req) => {
    const body = parseBody(req, splitPartialBody);
    if (!body.ok) return body.reply;
    const invalid = invalidItems(body.value.subShipments, body.value.receiver);
    if (invalid) return invalid;
    const { orderNo, sessionId } = body.value;
    if (sessionId) touch(sessionId);
    const made = body.value.subShipments.map((item) =>
      createPartial(orderNo, sessionId, item, { ...(body.value.receiver ?? {}), ...(item.receiver ?? {}) }),
    );
    return json(201, { orderNo, subShipments: made.map(partialJson) });
  });
  router.add('GET', '/shipments/v1/shipments', (req) => {
    const orderNo = req.query.get('orderNo')?.toLowerCase();
    const from = parseQueryDate(req.query.get('dateFrom'), 'from');
    const to = parseQueryDate(req.query.get('dateTo'), 'to');
    const items = [...state.partialShipments.values()]
      .filter((p) => !orderNo || p.orderNo.toLowerCase() === orderNo)
      .filter((p) => (from === undefined || p.created >= from) && (to === undefined || p.created <= to))
      // Newest first; the sub-shipments of one order (same time) stay in their order.
      .sort((a, b) => b.created - a.created);
    return json(200, paginate(items, req.query).map(partialJson));
  });
  // Before `/:shipmentId` routes, so that "anonymize" is not taken for an id.
  router.add('POST', '/shipments/v1/shipments/anonymize', (req) => {
    const body = parseBody(req, contactBody);
    if (!body.ok) return body.reply;
    const name = body.value.name?.toLowerCase();
    const email = body.value.email?.toLowerCase();
    const hits = [...state.partialShipments.values()].filter(
      (p) =>
        (name !== undefined && (p.receiver.name ?? '').toLowerCase() === name) ||
        (email !== undefined && (p.receiver.email ?? '').toLowerCase() === email),
    );
    return json(
      200,
      hits.map((p) => partialJson(anonymize(p))),
    );
  });
  router.add('GET', '/shipments/v1/shipments/:shipmentId', (req) => {
    const p = state.partialShipments.get(req.params.shipmentId ?? '');
    return p ? json(200, partialJson(p)) : notFound();
  });
  // The seed: deletes the shipment stored in the checkout service only, nothing in the shipping solution.
  router.add('DELETE', '/shipments/v1/shipments/:shipmentId', (req) =>
    state.partialShipments.delete(req.params.shipmentId ?? '') ? noContent() : notFound(),
  );
  router.add('POST', '/shipments/v1/shipments/:shipmentId/anonymize', (req) => {
    const p = state.partialShipments.get(req.params.shipmentId ?? '');
    return p ? json(200, partialJson(anonymize(p))) : notFound();
  });

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
    const body = parseBody(req, statusBody);
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
      return apiError(400, 'ILLEGAL', 'dateFrom and dateTo must be dates (YYYY-MM-DD)');
    const days = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
    if (days < 1) return apiError(400, 'ILLEGAL', 'dateFrom must not be after dateTo');
    if (days > MAX_METRICS_DAYS)
      return apiError(400, 'ILLEGAL', `at most ${MAX_METRICS_DAYS} days at a time`);
    return {
      status: 200,
      body: Buffer.from(usageCsv(state.usage, from, to), 'utf8'),
      contentType: 'text/csv;charset=UTF-8',
    };
  });
}

/** The personal fields of the receiver are blanked; the carrier service, parcels and order number stay. */
function anonymize(p: SimPartialShipment): SimPartialShipment {
  const personal = [
    'name',
    'address1',
    'address2',
    'contact',
    'phone',
    'mobile',
    'email',
    'doorCode',
  ] as const;
  const receiver: Party = { ...p.receiver };
  for (const field of personal) if (receiver[field] !== undefined) receiver[field] = '';
  p.receiver = receiver;
  p.anonymized = true;
  return p;
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
