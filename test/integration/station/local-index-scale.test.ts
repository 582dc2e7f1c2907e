/**
 * The local index at a warehouse's scale, against the simulator over HTTP: 50,000 open orders and 50,000 READY
 * stored shipments created over a working day. Correctness only (what the index holds, which requests it needs);
 * how long it takes is the benchmark's business.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeliveryClient, type DeliveryClient } from '../../../main/nshift/delivery/client';
import { createSimulator, type Simulator } from '../../../main/simulator/server';
import {
  DEMO_API_KEY_ID,
  DEMO_API_KEY_SECRET,
  seedOrders,
  seedStoredShipments,
} from '../../../main/simulator/demo';
import { LocalIndex } from '../../../main/station/local-index';

const N = 50_000;
let sim: Simulator;
let client: DeliveryClient;
let orderCodes: string[];
let storedCodes: string[];
/** Ten hours ago: the day's stored shipments were created since. */
const DAY_START = Date.now() - 10 * 60 * 60 * 1000;
let index: LocalIndex;

/** Stored shipments arrive through the day: creation times spread over ten hours, as checkouts make them. */
function spreadCreated(prefix: string, from: number, stepMs: number, on: Simulator = sim): void {
  let i = 0;
  for (const s of on.state.stored.values()) {
    if (!s.data.orderNo?.startsWith(prefix)) continue;
    s.created = from + i * stepMs;
    i++;
  }
}

function requestsOf(endpoint: string): number {
  return sim.requests.toJSON().accounts[DEMO_API_KEY_ID]?.byEndpoint[endpoint]?.requests ?? 0;
}

function newIndex(over: DeliveryClient = client): LocalIndex {
  return new LocalIndex({ client: () => over, intervalMs: 60_000, minGapMs: 0 });
}

/** A small account of its own, for cases that need a fresh sweep. */
async function smallAccount(options: Parameters<typeof createSimulator>[0] = {}): Promise<{
  sim: Simulator;
  client: DeliveryClient;
  close(): Promise<void>;
}> {
  const small = createSimulator(options);
  const started = await small.start();
  const c = createDeliveryClient({
    baseUrl: started.deliveryBaseUrl,
    apiKey: { id: DEMO_API_KEY_ID, secret: DEMO_API_KEY_SECRET },
  });
  return {
    sim: small,
    client: c,
    async close() {
      await c.close();
      await small.stop();
    },
  };
}

beforeAll(async () => {
  sim = createSimulator();
  orderCodes = seedOrders(sim, N, 'IX-O');
  storedCodes = seedStoredShipments(sim, N, 'IX-S');
  spreadCreated('IX-S', DAY_START, 700);
  const started = await sim.start();
  client = createDeliveryClient({
    baseUrl: started.deliveryBaseUrl,
    apiKey: { id: DEMO_API_KEY_ID, secret: DEMO_API_KEY_SECRET },
  });
  sim.requests.reset();
  index = newIndex();
  await index.refresh({ full: true });
}, 300_000);

afterAll(async () => {
  index?.stop();
  await client?.close();
  await sim?.stop();
});

describe('the local index at scale', () => {
  it('holds 50,000 open orders and 50,000 READY stored shipments, each with the ids its booking needs', () => {
    const figures = index.figuresNow();
    expect(figures.orders).toBe(N);
    expect(figures.storedOrderNos).toBe(N);
    expect(figures.storedComplete).toBe(true);
    for (const code of orderCodes) {
      const order = index.order(code);
      expect(order && sim.state.orders.get(order.id)?.internalReference).toBe(code);
    }
    for (const code of storedCodes) {
      const stored = index.storedShipments(code);
      expect(stored).toHaveLength(1);
      expect(sim.state.stored.get(stored![0]!.id)?.data.orderNo).toBe(code);
    }
    // Pages of 50: a thousand order pages (the last one short), and stored-shipment windows of fewer than 50.
    expect(requestsOf('GET /orders')).toBe(N / 50 + 1);
    expect(requestsOf('GET /stored-shipments')).toBeGreaterThanOrEqual(N / 50);
  });

  it('an incremental refresh finds new orders and stored shipments with a handful of requests', async () => {
    sim.requests.reset();
    const newOrders = seedOrders(sim, 70, 'IX-NEW-O');
    const newStored = seedStoredShipments(sim, 12, 'IX-NEW-S');
    await index.refresh();
    for (const code of newOrders) expect(index.order(code)).toBeDefined();
    for (const code of newStored) expect(index.storedShipments(code)).toHaveLength(1);
    expect(index.figuresNow().lastIncremental).toMatchObject({ newOrders: 70, newStored: 12 });
    expect(requestsOf('GET /orders')).toBeLessThanOrEqual(3);
    expect(requestsOf('GET /stored-shipments')).toBeLessThanOrEqual(3);
  });

  it('an order shipped elsewhere leaves the index at the next full sweep; a consumed code is never served', async () => {
    const account = await smallAccount();
    try {
      const codes = seedOrders(account.sim, 120, 'SH-O');
      const small = newIndex(account.client);
      await small.refresh({ full: true });
      const shipped = small.order(codes[13]!)!;
      account.sim.state.orders.get(shipped.id)!.status = 'SHIPPED';
      small.consume(codes[14]!);
      expect(small.order(codes[14]!)).toBeUndefined();
      await small.refresh({ full: true });
      expect(small.order(codes[13]!)).toBeUndefined();
      expect(small.order(codes[14]!)).toBeDefined();
      small.stop();
    } finally {
      await account.close();
    }
  });

  it('fifty stored shipments created in the same millisecond: the stored part is not trusted, never half a split order', async () => {
    const account = await smallAccount();
    try {
      const codes = seedStoredShipments(account.sim, 55, 'BURST-');
      // A split order among them: two READY stored shipments with one order number.
      seedStoredShipments(account.sim, 1, 'BURST-');
      spreadCreated('BURST-', DAY_START, 0, account.sim);
      const small = newIndex(account.client);
      await small.refresh({ full: true });
      expect(small.figuresNow().storedComplete).toBe(false);
      for (const code of codes) expect(small.storedShipments(code)).toBeUndefined();
      small.stop();
    } finally {
      await account.close();
    }
  });

  it('a rate limit answered 429 with Retry-After is waited out: the sweep completes, nothing is skipped', async () => {
    const account = await smallAccount({ rateLimitPerSecond: 20 });
    try {
      const codes = seedOrders(account.sim, 400, 'RL-O');
      const limited = newIndex(account.client);
      // A burst from elsewhere on the same account uses up this second's allowance.
      await Promise.all(Array.from({ length: 25 }, () => account.client.orders.list({ page: 0, size: 1 })));
      await limited.refresh({ full: true });
      for (const code of codes) expect(limited.order(code)).toBeDefined();
      expect(account.sim.requests.toJSON().accounts[DEMO_API_KEY_ID]?.limited).toBeGreaterThan(0);
      limited.stop();
    } finally {
      await account.close();
    }
  }, 60_000);
});
