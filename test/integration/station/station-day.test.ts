/**
 * The station's day is the calendar day of the PC it runs on, not UTC's: a station in Stockholm starts its day at
 * its own midnight (23:00 UTC in winter), which is when the packer's "today" starts, the History screen's default
 * day and the day nShift's portal shows. A station on the simulator over HTTP, both on one manual clock, in
 * Europe/Stockholm (this file runs in a process of its own: vitest's forks pool).
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock, type SimClock } from '../../../main/simulator/clock';
import { seedDemoDataWithCheckout } from '../../../main/simulator/demo';
import { ALL_LICENSES } from '../../../main/simulator/licenses';
import { createSimulator, type Simulator } from '../../../main/simulator/server';
import { scanAndWait, startBench, type Bench } from '../../support/station-harness';

process.env.TZ = 'Europe/Stockholm';

/** 22:30 in Stockholm on Friday 27 November (21:30 UTC): the evening shift. */
const EVENING = Date.UTC(2026, 10, 27, 21, 30);
/** 00:15 in Stockholm on Saturday 28 November, still the 27th in UTC (23:15). */
const AFTER_MIDNIGHT = Date.UTC(2026, 10, 27, 23, 15);

let bench: Bench | undefined;
let clock: SimClock;

beforeAll(() => {
  // The zone took: 23:15 UTC is already the 28th here.
  expect(new Date(AFTER_MIDNIGHT).getDate()).toBe(28);
});

afterEach(async () => {
  await bench?.close();
  bench = undefined;
});

async function benchAt(startMs: number): Promise<Bench> {
  clock = createManualClock(startMs);
  return startBench({
    simulator: await seeded(createSimulator({ clock })),
    extra: { now: () => new Date(clock.now()) },
  });
}

async function seeded(sim: Simulator): Promise<Simulator> {
  await sim.start();
  await seedDemoDataWithCheckout(sim);
  return sim;
}

describe("the station's day after its midnight", () => {
  it("lists only the new day's jobs: last evening's are not today's", async () => {
    bench = await benchAt(EVENING);
    const evening = await scanAndWait(bench.station, 'ORD-1001');
    clock.advance(AFTER_MIDNIGHT - EVENING);
    const night = await scanAndWait(bench.station, 'ORD-1003');

    const jobs = await bench.station.listJobs();
    expect(jobs.map((j) => j.id)).toEqual([night.id]);
    expect(jobs.map((j) => j.id)).not.toContain(evening.id);
  });

  it("the end-of-day view is the new day's: its date, and only the shipments booked since midnight", async () => {
    bench = await benchAt(EVENING);
    await scanAndWait(bench.station, 'ORD-1001');
    clock.advance(AFTER_MIDNIGHT - EVENING);
    const night = await scanAndWait(bench.station, 'ORD-1003');

    const unmanifested = await bench.station.listUnmanifested();
    expect(unmanifested).toMatchObject({ date: '2026-11-28', source: 'nshift', manifests: 0 });
    expect(unmanifested.shipments.map((s) => s.shipmentId)).toEqual([night.shipments[0]!.shipmentId]);
  });

  it("a manifest made after midnight asks nShift for the new day's shipments, and holds the one booked since", async () => {
    bench = await benchAt(EVENING);
    await scanAndWait(bench.station, 'ORD-1001');
    clock.advance(AFTER_MIDNIGHT - EVENING);
    const night = await scanAndWait(bench.station, 'ORD-1003');

    const { jobId } = await bench.station.createManifest({ manifestType: 'PNL' });
    expect((await bench.finished(jobId)).state).toBe('printed');
    const [manifest] = await bench.station.listManifests({ dateFrom: '2026-11-28', dateTo: '2026-11-28' });
    const held = await bench.station.listManifestShipments({
      manifestType: manifest!.manifestType,
      manifestId: manifest!.manifestId,
    });
    expect(held.map((s) => s.shipmentId)).toEqual([night.shipments[0]!.shipmentId]);
  });

  it("the journal's answer (an account that may not read the history) counts the same day", async () => {
    bench = await benchAt(EVENING);
    const key = { id: 'no-history', secret: 'no-history-secret' };
    bench.sim.addApiKey({ ...key, licenses: ALL_LICENSES.filter((l) => l !== 'REST API Shipment History') });
    const station = await bench.startStation({ apiKey: key, dataDir: `${bench.dataDir}-2` });
    await scanAndWait(station, 'ORD-1001');
    clock.advance(AFTER_MIDNIGHT - EVENING);
    const night = await scanAndWait(station, 'ORD-1003');

    const unmanifested = await station.listUnmanifested();
    expect(unmanifested).toMatchObject({ date: '2026-11-28', source: 'journal' });
    expect(unmanifested.shipments.map((s) => s.shipmentId)).toEqual([night.shipments[0]!.shipmentId]);
  });
});
