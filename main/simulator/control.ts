/**
 * The test/demo control API under `/_sim/` (JSON, no auth; the server only listens on 127.0.0.1).
 * Documented in main/simulator/README.md. It drives the same in-process objects as `sim.faults`, `sim.clock`, etc.
 */
import * as z from 'zod';
import { seedDemoDataWithCheckout, seedOrders, seedPrinters, seedStoredShipments } from './demo';
import { formatTimestamp } from './format';
import { apiError, json, notFound, type Reply } from './http';
import { isLicense } from './licenses';
import type { Simulator } from './simulator';
import { configureCarrier, progressCarriers } from './carrier';
import { feedLogJson } from './feeds';

function carrierJson(sim: Simulator): Record<string, unknown> {
  const { enabled, timings } = sim.state.carrier;
  return { enabled, ...timings, alerts: sim.state.alerts.length };
}

const matcher = { method: z.string().optional(), path: z.string().optional() };
const schemas = {
  advance: z.object({ ms: z.number().int().nonnegative() }),
  rateLimit: z.object({ perSecond: z.number().int().positive().nullable() }),
  latency: z.object({
    ...matcher,
    ms: z.number().nonnegative(),
    every: z.number().int().positive().optional(),
    probability: z.number().min(0).max(1).optional(),
    seed: z.number().int().optional(),
  }),
  fail: z.object({
    ...matcher,
    count: z.number().int().positive().default(1),
    status: z.number().int().min(100).max(599).default(500),
    body: z.unknown().optional(),
    text: z.string().optional(),
    contentType: z.string().optional(),
    headers: z.record(z.string(), z.string()).optional(),
  }),
  drop: z.object({ ...matcher, count: z.number().int().positive().default(1) }),
  random: z.object({
    seed: z.number().int(),
    serverErrorRate: z.number().min(0).max(1).optional(),
    dropAfterCommitRate: z.number().min(0).max(1).optional(),
    spikeRate: z.number().min(0).max(1).optional(),
    spikeMs: z.number().nonnegative().optional(),
  }),
  apiKey: z.object({
    id: z.string().min(1),
    secret: z.string().min(1),
    licenses: z.array(z.string()).optional(),
  }),
  checkoutClient: z.object({
    id: z.string().min(1),
    secret: z.string().min(1),
    enabled: z.boolean().optional(),
  }),
  bulk: z.object({ count: z.number().int().positive().max(100_000), prefix: z.string().min(1) }),
  carrier: z
    .object({
      enabled: z.boolean().optional(),
      handedOverAfterMs: z.number().int().positive().optional(),
      inTransitAfterMs: z.number().int().positive().optional(),
      deliveredAfterMs: z.number().int().positive().optional(),
    })
    .strict(),
  network: z.object({ reachable: z.boolean() }).strict(),
};

function parse<S extends z.ZodType>(
  schema: S,
  body: Buffer,
): { ok: true; value: z.infer<S> } | { ok: false; reply: Reply } {
  let raw: unknown = {};
  try {
    if (body.length > 0) raw = JSON.parse(body.toString('utf8'));
  } catch {
    return { ok: false, reply: apiError(400, 'ILLEGAL', 'Body is not valid JSON') };
  }
  const result = schema.safeParse(raw);
  return result.success
    ? { ok: true, value: result.data }
    : { ok: false, reply: apiError(400, 'ILLEGAL', result.error.message) };
}

export async function handleControl(
  sim: Simulator,
  method: string,
  path: string,
  query: URLSearchParams,
  body: Buffer,
): Promise<Reply> {
  const route = `${method} ${path.replace(/\/$/, '')}`;
  const shipmentAction = /^POST \/shipments\/([^/]+)\/(hand-over|deliver)$/.exec(route);
  if (shipmentAction) {
    const [, id, action] = shipmentAction;
    const done = action === 'deliver' ? sim.deliver(id ?? '') : sim.handOver(id ?? '');
    return done ? json(200, { id, status: sim.state.shipments.get(id ?? '')?.status }) : notFound();
  }
  switch (route) {
    case 'GET /records':
      return json(200, sim.records());
    case 'GET /requests':
      return json(200, sim.requests.toJSON());
    case 'POST /requests/reset':
      sim.requests.reset();
      return json(200, {});
    case 'POST /rate-limit': {
      const p = parse(schemas.rateLimit, body);
      if (!p.ok) return p.reply;
      sim.requests.setLimit(p.value.perSecond ?? undefined);
      return json(200, { perSecond: p.value.perSecond });
    }
    case 'GET /clock':
      return json(200, { now: sim.clock.now(), iso: formatTimestamp(sim.clock.now()) });
    case 'POST /clock/advance': {
      const p = parse(schemas.advance, body);
      if (!p.ok) return p.reply;
      sim.clock.advance(p.value.ms);
      progressCarriers(sim.context);
      return json(200, { now: sim.clock.now(), iso: formatTimestamp(sim.clock.now()) });
    }
    case 'GET /faults':
      return json(200, sim.faults.describe());
    case 'POST /faults/latency': {
      const p = parse(schemas.latency, body);
      return p.ok ? json(200, { id: sim.faults.latency(p.value) }) : p.reply;
    }
    case 'POST /faults/fail': {
      const p = parse(schemas.fail, body);
      return p.ok ? json(200, { id: sim.faults.failNext(p.value.count, p.value) }) : p.reply;
    }
    case 'POST /faults/drop-after-commit': {
      const p = parse(schemas.drop, body);
      return p.ok ? json(200, { id: sim.faults.dropAfterCommit(p.value.count, p.value) }) : p.reply;
    }
    case 'POST /faults/expire-tokens':
      sim.faults.expireAllTokens();
      return json(200, { expired: true });
    case 'POST /checkout/expire-tokens':
      sim.state.checkout.tokens.clear();
      return json(200, { expired: true });
    case 'POST /checkout/clients': {
      const p = parse(schemas.checkoutClient, body);
      if (!p.ok) return p.reply;
      const client = sim.addCheckoutClient(p.value);
      return json(201, { id: client.id, enabled: client.enabled });
    }
    case 'GET /checkout/state': {
      const c = sim.state.checkout;
      return json(200, {
        requests: c.requests,
        sessions: c.sessions.size,
        partialShipments: c.partialShipments.size,
        tokens: c.tokens.size,
        tokenRequests: c.tokenRequests.length,
      });
    }
    case 'POST /faults/random': {
      const p = parse(schemas.random, body);
      if (!p.ok) return p.reply;
      sim.faults.random(p.value);
      return json(200, { random: p.value });
    }
    case 'POST /faults/clear':
    case 'DELETE /faults':
      sim.faults.clear();
      return json(200, { cleared: true });
    case 'POST /api-keys': {
      const p = parse(schemas.apiKey, body);
      if (!p.ok) return p.reply;
      const unknown = (p.value.licenses ?? []).filter((l) => !isLicense(l));
      if (unknown.length > 0) return apiError(400, 'ILLEGAL', `Unknown licences: ${unknown.join(', ')}`);
      const key = sim.addApiKey({
        id: p.value.id,
        secret: p.value.secret,
        licenses: p.value.licenses?.filter(isLicense),
      });
      return json(201, { id: key.id, licenses: [...key.licenses] });
    }
    case 'POST /seed/demo':
      return json(201, await seedDemoDataWithCheckout(sim));
    case 'POST /seed/orders': {
      const p = parse(schemas.bulk, body);
      return p.ok ? json(201, seedOrders(sim, p.value.count, p.value.prefix)) : p.reply;
    }
    case 'POST /seed/stored-shipments': {
      const p = parse(schemas.bulk, body);
      return p.ok ? json(201, seedStoredShipments(sim, p.value.count, p.value.prefix)) : p.reply;
    }
    case 'POST /seed/printers': {
      const p = parse(schemas.bulk, body);
      return p.ok ? json(201, seedPrinters(sim, p.value.count, p.value.prefix)) : p.reply;
    }
    case 'GET /feeds':
      return json(200, feedLogJson(sim.state.feedLog, query.get('feed')));
    case 'GET /carrier':
      progressCarriers(sim.context);
      return json(200, carrierJson(sim));
    case 'POST /carrier': {
      const p = parse(schemas.carrier, body);
      if (!p.ok) return p.reply;
      const configured = configureCarrier(sim.context, p.value);
      return configured.ok ? json(200, carrierJson(sim)) : apiError(400, 'ILLEGAL', configured.message);
    }
    case 'POST /network': {
      const p = parse(schemas.network, body);
      if (!p.ok) return p.reply;
      sim.setReachable(p.value.reachable);
      return json(200, p.value);
    }
    case 'GET /state': {
      const s = sim.state;
      return json(200, {
        now: formatTimestamp(sim.clock.now()),
        shipments: s.shipments.size,
        stored: s.stored.size,
        orders: s.orders.size,
        consolidated: s.consolidated.size,
        documents: s.documents.size,
        manifests: s.manifests.size,
        printJobs: s.printJobs.size,
        tokens: s.tokens.size,
        records: s.records.length,
        query: Object.fromEntries(query),
      });
    }
    default:
      return notFound();
  }
}
