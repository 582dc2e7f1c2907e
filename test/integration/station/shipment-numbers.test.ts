import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_API_KEY_ID, seedOrders } from '../../../main/simulator/demo';
import { createSimulator } from '../../../main/simulator/server';
import type { Station } from '../../../main/station/station';
import type { JobView } from '../../../preload/api';
import { scanAndWait, startBench, type Bench } from '../../support/station-harness';

/**
 * An order's booking answer carries no shipment number: the station takes it from nShift's history, beside the
 * jobs and in batches, so an order scan costs the two requests of its label (booking, documents) and no third.
 */
let bench: Bench | undefined;
afterEach(async () => {
  await bench?.close();
  bench = undefined;
});

/** The simulator's count of the account's requests to one endpoint since the last reset. */
function requestsTo(b: Bench, endpoint: string): number {
  return b.sim.requests.toJSON().accounts[DEMO_API_KEY_ID]?.byEndpoint[endpoint]?.requests ?? 0;
}

async function withIndexLoaded(b: Bench, station: Station): Promise<void> {
  await expect
    .poll(async () => (await station.getStatus()).indexRefreshedAt, { timeout: 10_000 })
    .toBeDefined();
  // Nothing of the index's own loading is counted below.
  await station.refreshIndex();
  b.sim.requests.reset();
}

async function benchOfOrders(codes: number, numbers: { batch?: number; maxWaitMs?: number }) {
  const sim = createSimulator();
  const orders = seedOrders(sim, codes, 'NUM-O');
  bench = await startBench({
    simulator: sim,
    settings: (s) => ({ ...s, resolve: { ...s.resolve, indexRefreshSeconds: 600 } }),
    extra: { shipmentNumbers: numbers },
  });
  await withIndexLoaded(bench, bench.station);
  return { station: bench.station, orders, sim };
}

describe('order bookings’ shipment numbers', () => {
  it('five order scans in a row make two requests each, and one history listing numbers all five', async () => {
    const { station, orders, sim } = await benchOfOrders(5, { batch: 5, maxWaitMs: 60_000 });
    const jobs: JobView[] = [];
    for (const code of orders) jobs.push(await scanAndWait(station, code));
    expect(jobs.map((j) => j.state)).toEqual(Array(5).fill('printed'));
    expect(requestsTo(bench!, 'POST /orders/shipments')).toBe(5);
    expect(requestsTo(bench!, 'GET /shipments/:shipmentId/prints')).toBe(5);

    for (const [i, code] of orders.entries()) {
      const booked = sim.records().find((r) => r.internalReference === code)!;
      await expect
        .poll(async () => (await station.getJob({ jobId: jobs[i]!.id })).shipments[0]?.shipmentNo)
        .toBe(booked.shipmentNo);
    }
    expect(requestsTo(bench!, 'GET /shipments-history')).toBe(1);
    expect(requestsTo(bench!, 'GET /orders')).toBe(0);
  });

  it('a booking alone gets its number within the wait, by one search for its order number', async () => {
    const { station, orders, sim } = await benchOfOrders(1, { batch: 40, maxWaitMs: 100 });
    const job = await scanAndWait(station, orders[0]!);
    const booked = sim.records().find((r) => r.internalReference === orders[0])!;
    await expect
      .poll(async () => (await station.getJob({ jobId: job.id })).shipments[0]?.shipmentNo)
      .toBe(booked.shipmentNo);
    expect(requestsTo(bench!, 'GET /shipments-history')).toBe(1);
  });

  it('numbers still waiting when the station closes are looked up before it closes, and a restart shows them', async () => {
    const { station, orders, sim } = await benchOfOrders(3, { batch: 40, maxWaitMs: 60_000 });
    const jobs: JobView[] = [];
    for (const code of orders) jobs.push(await scanAndWait(station, code));
    expect(requestsTo(bench!, 'GET /shipments-history')).toBe(0);
    await station.close();
    expect(requestsTo(bench!, 'GET /shipments-history')).toBe(1);

    const again = await bench!.startStation();
    for (const [i, code] of orders.entries()) {
      const job = await again.getJob({ jobId: jobs[i]!.id });
      expect(job.shipments[0]?.shipmentNo).toBe(
        sim.records().find((r) => r.internalReference === code)!.shipmentNo,
      );
    }
  });
});
