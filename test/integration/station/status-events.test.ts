import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDeliveryClient } from '../../../main/nshift/delivery/client';
import { createManualClock, type SimClock } from '../../../main/simulator/clock';
import { DEMO_API_KEY_ID, DEMO_API_KEY_SECRET, seedDemoData } from '../../../main/simulator/demo';
import { createSimulator, type Simulator } from '../../../main/simulator/server';
import type { Settings } from '../../../main/settings/schema';
import type { Station } from '../../../main/station/station';
import { scanAndWait, startBench, type Bench } from '../../support/station-harness';
import { ASA } from '../simulator/harness';

/**
 * The status-event follower against the simulator over HTTP. Time is the simulator's manual clock, which
 * the follower and its call-rate guard read too: the tests move it by minutes and days and call `tick()`
 * where the follower's timer would, so no test waits for wall-clock time.
 */
const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const FIVE_MINUTES = 5 * MINUTE;

let bench: Bench | undefined;
afterEach(async () => {
  await bench?.close();
  bench = undefined;
});

function simulatorWithCarriers(): { sim: Simulator; clock: SimClock } {
  const clock = createManualClock(Date.now());
  const sim = createSimulator({ clock, carrierProgress: true });
  seedDemoData(sim);
  return { sim, clock };
}

/** The follower reads the simulator's clock; its timer is left to the test (a tick per clock move). */
function followerOn(clock: SimClock, settings?: (s: Settings) => Settings) {
  return {
    extra: { statusEvents: { now: () => clock.now(), checkEveryMs: 24 * HOUR } },
    ...(settings ? { settings } : {}),
  };
}

/** Calls that counted against the rule: not exempt (after `done: false`), and served. */
function countedCalls(sim: Simulator): number[] {
  return sim
    .feedCalls('alerts')
    .filter((c) => !c.exempt && !c.refused)
    .map((c) => c.at);
}

function gaps(times: number[]): number[] {
  return times.slice(1).map((t, i) => t - times[i]!);
}

async function stepClock(clock: SimClock, stations: Station[], minutes: number): Promise<void> {
  for (let i = 0; i < minutes; i++) {
    clock.advance(MINUTE);
    for (const station of stations) {
      // A greedy caller: ticking twice must not read twice.
      await station.statusEvents.tick();
      await station.statusEvents.tick();
    }
  }
}

describe('the status-event follower holds the feed call rate', () => {
  it('reads the feed about every five minutes while the clock runs for an hour, never too soon', async () => {
    const { sim, clock } = simulatorWithCarriers();
    bench = await startBench({ simulator: sim, ...followerOn(clock) });
    await scanAndWait(bench.station, 'ORD-1001');
    await bench.station.statusEvents.tick();

    await stepClock(clock, [bench.station], 60);

    const counted = countedCalls(sim);
    expect(sim.feedCalls('alerts').filter((c) => c.refused)).toEqual([]);
    expect(Math.min(...gaps(counted))).toBeGreaterThanOrEqual(FIVE_MINUTES);
    // It kept following: one read every 5 min 5 s, on the next minute the clock showed.
    expect(Math.max(...gaps(counted))).toBeLessThanOrEqual(6 * MINUTE);
    expect(counted.length).toBeGreaterThanOrEqual(10);
    expect(counted.length).toBeLessThanOrEqual(13);
  });

  it('with stationsOnAccount, each station reads that many times less often, and two stations on one key stay within the rule', async () => {
    const { sim, clock } = simulatorWithCarriers();
    const shared = (s: Settings): Settings => ({
      ...s,
      statusEvents: { follow: true, stationsOnAccount: 2 },
    });
    bench = await startBench({ simulator: sim, ...followerOn(clock, shared) });
    const other = await bench.startStation({
      dataDir: await mkdtemp(join(tmpdir(), 'packbench-second-')),
      ...followerOn(clock, shared),
    });
    await stepClock(clock, [bench.station, other], 60);

    const all = sim.feedCalls('alerts');
    // At most the first call of the second station meets the first one's; nShift's minDelay then spaces them.
    expect(all.filter((c) => c.refused).length).toBeLessThanOrEqual(1);
    expect(Math.min(...gaps(countedCalls(sim)))).toBeGreaterThanOrEqual(FIVE_MINUTES);
    expect(countedCalls(sim).length).toBeLessThanOrEqual(13);
  });

  it('a station that does not follow the feed never calls it', async () => {
    const { sim, clock } = simulatorWithCarriers();
    bench = await startBench({
      simulator: sim,
      ...followerOn(clock, (s) => ({ ...s, statusEvents: { follow: false, stationsOnAccount: 1 } })),
    });
    await stepClock(clock, [bench.station], 15);
    expect(sim.feedCalls('alerts')).toEqual([]);
  });

  it('a changed setting takes effect without a restart: spaced out, then stopped', async () => {
    const { sim, clock } = simulatorWithCarriers();
    bench = await startBench({ simulator: sim, ...followerOn(clock) });
    await bench.station.statusEvents.tick();
    await bench.station.saveSettings({ statusEvents: { follow: true, stationsOnAccount: 3 } });
    await stepClock(clock, [bench.station], 33);
    expect(gaps(countedCalls(sim))).toEqual([16 * MINUTE, 16 * MINUTE]);

    await bench.station.saveSettings({ statusEvents: { follow: false, stationsOnAccount: 3 } });
    const before = sim.feedCalls('alerts').length;
    await stepClock(clock, [bench.station], 40);
    expect(sim.feedCalls('alerts')).toHaveLength(before);
  });

  it('the Delivery client itself refuses a feed call that would break the rule, without sending it', async () => {
    const { sim, clock } = simulatorWithCarriers();
    const { deliveryBaseUrl } = await sim.start();
    const client = createDeliveryClient({
      baseUrl: deliveryBaseUrl,
      apiKey: { id: DEMO_API_KEY_ID, secret: DEMO_API_KEY_SECRET },
      now: () => clock.now(),
    });
    try {
      const first = await client.alerts.page(-1);
      expect(first.ok).toBe(true);
      clock.advance(FIVE_MINUTES - 1000);
      const tooSoon = await client.alerts.page(first.ok ? first.value.fetchId : -1);
      expect(tooSoon).toMatchObject({ ok: false, error: { kind: 'rate_limited', retryAfterMs: 1000 } });
      expect(sim.feedCalls('alerts')).toHaveLength(1);
      clock.advance(1000);
      expect((await client.alerts.page(-1)).ok).toBe(true);
      expect(sim.feedCalls('alerts').filter((c) => c.refused)).toEqual([]);
    } finally {
      await client.close();
      await sim.stop();
    }
  });
});

describe('the follower survives restarts and days off', () => {
  it('keeps its fetchId across a restart (no fetchId=-1 the second time) and the five minutes too', async () => {
    const { sim, clock } = simulatorWithCarriers();
    bench = await startBench({ simulator: sim, ...followerOn(clock) });
    await bench.station.statusEvents.tick();
    expect(sim.feedCalls('alerts').map((c) => c.fetchId)).toEqual(['-1']);
    await bench.station.close();

    // Restarted at once: the last call was a moment ago, so no call yet.
    const again = await bench.startStation(followerOn(clock));
    await again.statusEvents.tick();
    expect(sim.feedCalls('alerts')).toHaveLength(1);
    await again.close();

    clock.advance(6 * MINUTE);
    const later = await bench.startStation(followerOn(clock));
    await later.statusEvents.tick();
    const calls = sim.feedCalls('alerts');
    expect(calls).toHaveLength(2);
    expect(calls[1]!.fetchId).not.toBe('-1');
    expect(calls[1]!.fetchId).toBe(String(sim.state.alerts.at(-1)?.seq ?? 0));
  });

  it('catches up after a day off: every event of the day, over several pages, from the stored fetchId', async () => {
    const { sim, clock } = simulatorWithCarriers();
    bench = await startBench({ simulator: sim, ...followerOn(clock) });
    const job = await scanAndWait(bench.station, 'ORD-1001');
    // An order's number comes from nShift's history beside the job, not before its label: wait for it.
    await expect
      .poll(async () => (await bench!.station.getJob({ jobId: job.id })).shipments[0]?.shipmentNo)
      .toBeTruthy();
    const shipmentNo = (await bench.station.getJob({ jobId: job.id })).shipments[0]!.shipmentNo!;
    // Another 40 shipments of the account, booked by other stations: 120 more events, so two pages.
    const client = createDeliveryClient({
      baseUrl: bench.deliveryUrl,
      apiKey: { id: DEMO_API_KEY_ID, secret: DEMO_API_KEY_SECRET },
    });
    for (let i = 0; i < 40; i++) {
      const booked = await client.shipments.create({
        printConfig: { target1Media: 'thermo-190', target1Type: 'zpl' },
        shipment: {
          sender: { quickId: '1' },
          receiver: ASA,
          service: { id: 'P19' },
          parcels: [{ copies: 1, weight: 1 }],
          orderNo: `OTHER-${i}`,
        },
      });
      expect(booked.ok).toBe(true);
    }
    await client.close();
    await bench.station.statusEvents.tick();
    const before = sim.feedCalls('alerts').length;
    await bench.station.close();

    clock.advance(25 * HOUR);
    const restarted = await bench.startStation(followerOn(clock));
    await restarted.statusEvents.tick();

    const catchUp = sim.feedCalls('alerts').slice(before);
    expect(catchUp[0]!.fetchId).not.toBe('-1');
    expect(catchUp.length).toBeGreaterThanOrEqual(2);
    expect(catchUp.slice(1).every((c) => c.exempt)).toBe(true);
    expect(catchUp.some((c) => c.refused)).toBe(false);
    const timeline = await restarted.getShipmentTimeline({ code: shipmentNo });
    expect(timeline.events.map((e) => e.step)).toEqual(['handed_over', 'in_transit', 'delivered']);
    expect(timeline.readAt).toBe(new Date(clock.now()).toISOString());
    const other = await restarted.searchHistory({ searchField: 'orderNo', searchValue: 'OTHER-39' });
    expect(other[0]!.timeline.map((e) => e.step)).toEqual(['handed_over', 'in_transit', 'delivered']);
  });
});

describe('what the events change for the packer', () => {
  it("the cancel lookup warns about the carrier's penalty from a hand-over event, before nShift's status shows it", async () => {
    const { sim, clock } = simulatorWithCarriers();
    bench = await startBench({ simulator: sim, ...followerOn(clock) });
    const job = await scanAndWait(bench.station, 'ORD-1001');
    const parcelNo = job.shipments[0]!.parcelNos[0]!;
    expect((await bench.station.lookupShipment({ code: parcelNo })).handedOver).toBe(false);

    clock.advance(3 * HOUR);
    await bench.station.statusEvents.tick();
    const looked = await bench.station.lookupShipment({ code: parcelNo });
    expect(looked.status).toBe('PRINTED');
    expect(looked.handedOver).toBe(true);
  });

  it('a history result carries where and when each label printed, and its timeline', async () => {
    const { sim, clock } = simulatorWithCarriers();
    bench = await startBench({ simulator: sim, ...followerOn(clock) });
    const job = await scanAndWait(bench.station, 'ORD-1001');
    await scanAndWait(bench.station, 'SO-2001');
    clock.advance(7 * HOUR);
    await bench.station.statusEvents.tick();

    const [found, ...rest] = await bench.station.searchHistory({
      searchField: 'orderNo',
      searchValue: 'ORD-1001',
    });
    expect(rest).toEqual([]);
    expect(found).toMatchObject({
      source: 'nshift',
      shipmentId: job.shipments[0]!.shipmentId,
      receiverName: 'Åsa Öberg',
      serviceId: 'P19',
      handedOver: true,
    });
    expect(found!.documents.map((d) => [d.kind, d.state, d.printerName, d.jobKind])).toEqual([
      ['label', 'printed', 'Virtual Zebra', 'scan'],
    ]);
    expect(found!.timeline.map((e) => e.step)).toEqual(['handed_over', 'in_transit']);

    // Without a field, a number is tried as shipment, parcel and order number.
    const byParcel = await bench.station.searchHistory({ searchValue: job.shipments[0]!.parcelNos[0]! });
    expect(byParcel.map((s) => s.shipmentId)).toEqual([job.shipments[0]!.shipmentId]);
  });

  it("nShift unreachable: today's shipments come from the journal, marked, with why", async () => {
    const { sim, clock } = simulatorWithCarriers();
    bench = await startBench({ simulator: sim, ...followerOn(clock) });
    const job = await scanAndWait(bench.station, 'ORD-1001');
    sim.setReachable(false);

    const [found] = await bench.station.searchHistory({ searchField: 'orderNo', searchValue: 'ORD-1001' });
    expect(found).toMatchObject({
      source: 'journal',
      shipmentId: job.shipments[0]!.shipmentId,
      status: 'PRINTED',
      offline: { reason: 'network' },
    });
    expect(found!.documents.map((d) => d.state)).toEqual(['printed']);
    const today = new Date().toISOString().slice(0, 10);
    const byDate = await bench.station.searchHistory({ dateFrom: today, dateTo: today });
    expect(byDate.map((s) => s.source)).toEqual(['journal']);
    // Nothing in the journal matches: the failure itself, so the packer knows nShift is unreachable.
    await expect(
      bench.station.searchHistory({ searchField: 'orderNo', searchValue: 'ORD-1003' }),
    ).rejects.toMatchObject({ body: { failure: { reason: 'network' } } });
  });
});
