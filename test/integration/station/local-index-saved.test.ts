/**
 * The local index is warm from a restart's first scan: it is kept in the data folder with its sweep positions and
 * read back at start, and a sweep under way serves what it has read. Against the simulator over HTTP, requests
 * counted by the simulator.
 */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDeliveryClient, type DeliveryClient } from '../../../main/nshift/delivery/client';
import {
  DEMO_API_KEY_ID,
  DEMO_API_KEY_SECRET,
  seedOrders,
  seedStoredShipments,
} from '../../../main/simulator/demo';
import { createSimulator, type Simulator } from '../../../main/simulator/server';
import type { Settings } from '../../../main/settings/schema';
import { LocalIndex } from '../../../main/station/local-index';
import { INDEX_FILE } from '../../../main/station/local-index-file';
import type { Station } from '../../../main/station/station';
import { scanAndWait, startBench, type Bench } from '../../support/station-harness';

let bench: Bench | undefined;
let sim: Simulator | undefined;
let client: DeliveryClient | undefined;
afterEach(async () => {
  await bench?.close();
  await client?.close();
  await sim?.stop();
  bench = undefined;
  sim = undefined;
  client = undefined;
});

function requestsTo(on: Simulator, endpoint: string, account = DEMO_API_KEY_ID): number {
  return on.requests.toJSON().accounts[account]?.byEndpoint[endpoint]?.requests ?? 0;
}

const withIndex = (s: Settings): Settings => ({ ...s, resolve: { ...s.resolve, indexRefreshSeconds: 600 } });

/**
 * The restarted station's index sends nothing (as if its account's second were always full), so every request the
 * simulator counts is the scan's.
 */
const indexHeldBack = { indexOptions: { requestRate: { msUntilBelow: () => 5 } } };

/** The station's connection check (its token, a licence probe) is done: what the simulator counts next is a scan's. */
async function connected(b: Bench, station: Station): Promise<void> {
  await expect.poll(async () => (await station.getStatus()).account.state).toBe('connected');
  b.sim.requests.reset();
}

describe('the local index kept between starts', () => {
  it('a station restarted on its saved index books its first stored scan with one request, and keeps no receiver in it', async () => {
    bench = await startBench({ settings: withIndex });
    await expect.poll(async () => (await bench!.station.getStatus()).indexRefreshedAt).toBeDefined();
    await bench.station.close();
    const file = join(bench.dataDir, INDEX_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const saved = await readFile(file, 'utf8');
    expect(saved).toContain('SO-2001');
    // Ids and parcels only: the demo's receivers (Åsa Öberg, …) are nowhere in it.
    expect(saved).not.toMatch(/Åsa|Öberg|Storgatan/);

    const restarted = await bench.startStation({ extra: indexHeldBack });
    await connected(bench, restarted);
    const job = await scanAndWait(restarted, 'SO-2001');
    expect(job.state).toBe('printed');
    expect(requestsTo(bench.sim, 'POST /stored-shipments/:storedId/shipments')).toBe(1);
    expect(requestsTo(bench.sim, 'GET /stored-shipments')).toBe(0);
    expect(requestsTo(bench.sim, 'GET /orders')).toBe(0);
  });

  it('a saved index of another API key is not used: the first scan looks its code up, and the log says why', async () => {
    bench = await startBench({ settings: withIndex });
    await expect.poll(async () => (await bench!.station.getStatus()).indexRefreshedAt).toBeDefined();
    await bench.station.close();

    bench.sim.addApiKey({ id: 'OTHER-KEY', secret: 'other-secret' });
    const lines: string[] = [];
    const other = await bench.startStation({
      apiKey: { id: 'OTHER-KEY', secret: 'other-secret' },
      extra: { ...indexHeldBack, log: (line) => lines.push(line) },
    });
    await connected(bench, other);
    const job = await scanAndWait(other, 'SO-2001');
    expect(job.state).toBe('printed');
    expect(requestsTo(bench.sim, 'GET /stored-shipments', 'OTHER-KEY')).toBe(1);
    expect(requestsTo(bench.sim, 'POST /stored-shipments/:storedId/shipments', 'OTHER-KEY')).toBe(1);
    expect(lines.join('\n')).toMatch(
      /saved index .* is not used: it was saved for another API key or Delivery URL/,
    );
  });
});

describe('a sweep under way', () => {
  it('serves the orders and stored shipments it has read, before it ends', async () => {
    sim = createSimulator();
    const orders = seedOrders(sim, 600, 'SW-O');
    const stored = seedStoredShipments(sim, 40, 'SW-S');
    // Created through the last ten hours; the last one a moment before the sweep starts.
    const all = [...sim.state.stored.values()];
    const from = Date.now() - 10 * 60 * 60 * 1000;
    all.forEach((s, i) => (s.created = from + i * 15 * 60 * 1000));
    all.at(-1)!.created = Date.now() - 60 * 1000;
    const started = await sim.start();
    client = createDeliveryClient({
      baseUrl: started.deliveryBaseUrl,
      apiKey: { id: DEMO_API_KEY_ID, secret: DEMO_API_KEY_SECRET },
    });
    const over = client;

    // The sweep holds still (as if the account's second were full) once it has read every stored shipment.
    let release = false;
    const index: LocalIndex = new LocalIndex({
      client: () => over,
      intervalMs: 60_000,
      minGapMs: 0,
      requestRate: {
        msUntilBelow: () => (!release && (index.figuresNow().sweeping?.stored ?? 0) >= stored.length ? 5 : 0),
      },
    });
    const sweep = index.refresh({ full: true });
    await expect.poll(() => (index.figuresNow().sweeping?.stored ?? 0) >= stored.length).toBe(true);

    const figures = index.figuresNow();
    expect(figures.lastFull).toBeUndefined();
    const readOrders = figures.sweeping!.orders;
    expect(readOrders).toBeGreaterThan(0);
    expect(readOrders).toBeLessThan(orders.length);
    // An order on a page read is used; one on a page still to read is looked up live.
    expect(index.order(orders[0]!)).toBeDefined();
    expect(index.order(orders.at(-1)!)).toBeUndefined();
    // A stored shipment read long after its creation is used; one made a minute before the sweep began is not yet
    // (a split order's other stored shipments could still be in windows to read).
    expect(index.storedShipments(stored[0]!)).toHaveLength(1);
    expect(index.storedShipments(stored.at(-1)!)).toBeUndefined();

    release = true;
    await sweep;
    expect(index.order(orders.at(-1)!)).toBeDefined();
    expect(index.storedShipments(stored.at(-1)!)).toHaveLength(1);
    index.stop();
  });
});
