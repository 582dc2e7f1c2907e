/**
 * A web shop's order made through nShift Checkout reaches Delivery as prepared shipments (one per partial
 * shipment). With Checkout credentials, a scan of the shop's order number finds its partial shipments in Checkout
 * and books and prints each prepared shipment exactly once: also when nShift's answer is lost, when the station
 * restarts between its intent and the answer, and when another station or the shop's own system booked some of
 * them first. Everything over real HTTP against the simulator, labels on the virtual Zebra.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { prepareIdOf } from '../../../main/nshift/checkout/prepared';
import { createMemoryVault } from '../../../main/settings/file-vault';
import {
  CHECKOUT_DEMO_CLIENT_ID,
  CHECKOUT_DEMO_CLIENT_SECRET,
  DEMO_API_KEY_ID,
  type Simulator,
} from '../../../main/simulator/index';
import { Journal, type BookingTarget } from '../../../main/station/journal';
import type { Settings } from '../../../main/settings/schema';
import { scanAndWait, startBench, waitForJob, type Bench } from '../../support/station-harness';

let bench: Bench | undefined;
afterEach(async () => {
  await bench?.close();
  bench = undefined;
});

const CHECKOUT_VAULT = () =>
  createMemoryVault({ id: CHECKOUT_DEMO_CLIENT_ID, secret: CHECKOUT_DEMO_CLIENT_SECRET });

/** The station's Checkout points at the simulator (the same origin as its Delivery), as an admin saves it. */
function withCheckout(s: Settings): Settings {
  const origin = new URL(s.deliveryUrl).origin;
  return { ...s, checkout: { ...s.checkout, baseUrl: `${origin}/checkout`, authUrl: `${origin}/identity` } };
}

/** A bench (and every station it starts) with the demo's Checkout client credentials. */
function benchWithCheckout(settings: (s: Settings) => Settings = withCheckout): Promise<Bench> {
  return startBench({ extra: { checkoutVault: CHECKOUT_VAULT() }, settings });
}

/** The prepare ids of an order's prepared shipments in the simulated Delivery account, in creation order. */
function preparedOf(sim: Simulator, orderNo: string): string[] {
  return [...sim.state.prepared.values()].filter((p) => p.data.orderNo === orderNo).map((p) => p.prepareId);
}

const bookingsOf = (b: Bench, orderNo: string) =>
  b.sim.records().filter((r) => r.orderNo === orderNo && r.route === 'prepared');

/** Books a prepared shipment straight through the API, as another station or the shop's own system does. */
async function bookElsewhere(b: Bench, prepareId: string): Promise<{ id: string }[]> {
  const res = await fetch(`${b.deliveryUrl}/prepared-shipments/${prepareId}/shipments?returnFile=true`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${b.sim.issueToken(DEMO_API_KEY_ID)}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ target1Media: 'thermo-190', target1Type: 'zpl' }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string }[];
}

describe('a checkout order’s prepared shipments, booked at the bench', () => {
  it('SPLIT-3001: three prepared shipments, booked and printed once each; a rescan books nothing', async () => {
    bench = await benchWithCheckout();
    const prepared = preparedOf(bench.sim, 'SPLIT-3001');
    expect(prepared).toHaveLength(3);
    const job = await scanAndWait(bench.station, 'SPLIT-3001', 30_000);
    expect(job.state).toBe('printed');
    expect(job.source).toBe('prepared');
    expect(job.progress).toEqual({ done: 3, total: 3 });
    expect(new Set(job.shipments.map((s) => s.shipmentId)).size).toBe(3);
    expect(bookingsOf(bench, 'SPLIT-3001')).toHaveLength(3);
    // Booking consumed them: nShift holds none of them any more, and made no stored shipment of them.
    expect(preparedOf(bench.sim, 'SPLIT-3001')).toEqual([]);
    expect([...bench.sim.state.stored.values()].some((s) => s.data.orderNo === 'SPLIT-3001')).toBe(false);
    await bench.zebra.waitForLabels(3);
    for (const shipment of job.shipments)
      for (const parcelNo of shipment.parcelNos)
        expect(bench.zebra.labels().filter((l) => l.toString('latin1').includes(parcelNo))).toHaveLength(1);

    const again = await scanAndWait(bench.station, 'SPLIT-3001');
    expect(again.failure).toMatchObject({ reason: 'duplicate', detail: 'booked_here' });
    expect(bookingsOf(bench, 'SPLIT-3001')).toHaveLength(3);
    expect(bench.zebra.labels()).toHaveLength(3);
  });

  it('an answer dropped after nShift committed the booking is reconciled: booked once, printed once', async () => {
    bench = await benchWithCheckout();
    bench.sim.faults.dropAfterCommit(1, { method: 'POST', path: /\/prepared-shipments\/[^/]+\/shipments/ });
    const job = await scanAndWait(bench.station, 'SPLIT-3001', 30_000);
    expect(job.state).toBe('printed');
    const booked = bookingsOf(bench, 'SPLIT-3001');
    expect(booked).toHaveLength(3);
    expect(new Set(job.shipments.map((s) => s.shipmentId))).toEqual(new Set(booked.map((r) => r.shipmentId)));
    // The reconciled shipment carries its numbers, though the answer that had them was lost.
    expect(job.shipments.every((s) => s.shipmentNo && s.parcelNos.length > 0)).toBe(true);
    await bench.zebra.waitForLabels(3);
    expect(bench.zebra.labels()).toHaveLength(3);
  });

  it('prepared shipments another station booked first are not booked again; the scan books the rest', async () => {
    bench = await benchWithCheckout();
    const [first] = preparedOf(bench.sim, 'SPLIT-3001');
    const elsewhere = await bookElsewhere(bench, first!);
    const job = await scanAndWait(bench.station, 'SPLIT-3001', 30_000);
    expect(job.state).toBe('printed');
    expect(job.shipments).toHaveLength(2);
    expect(job.shipments.map((s) => s.shipmentId)).not.toContain(elsewhere[0]!.id);
    expect(bookingsOf(bench, 'SPLIT-3001')).toHaveLength(3);

    // All three booked now: a scan at another bench is a duplicate found in nShift, and books nothing.
    const other = await bench.startStation({ dataDir: await mkdtemp(join(tmpdir(), 'packbench-other-')) });
    const duplicate = await waitForJob(other, (await other.scan({ code: 'SPLIT-3001' })).jobId);
    expect(duplicate.failure).toMatchObject({ reason: 'duplicate', detail: 'booked_in_nshift' });
    expect(bookingsOf(bench, 'SPLIT-3001')).toHaveLength(3);
  });

  it('a prepared shipment booked elsewhere between the scan’s look-up and its booking is a duplicate; the rest are booked', async () => {
    bench = await benchWithCheckout();
    const [first] = preparedOf(bench.sim, 'SPLIT-3001');
    const [elsewhere] = await bookElsewhere(bench, first!);
    // The scan's look-up still finds it held (the other station's booking lands right after it), so the
    // station asks to book it and nShift answers 404: booking consumed it.
    bench.sim.faults.failNext(1, {
      method: 'GET',
      path: `/prepared-shipments/${first!}`,
      status: 200,
      body: { orderNo: 'SPLIT-3001', service: { id: 'P19' } },
    });
    const job = await scanAndWait(bench.station, 'SPLIT-3001', 30_000);
    expect(job.state).toBe('printed');
    expect(job.shipments).toHaveLength(2);
    expect(job.shipments.map((s) => s.shipmentId)).not.toContain(elsewhere!.id);
    expect(bookingsOf(bench, 'SPLIT-3001')).toHaveLength(3);
    await bench.zebra.waitForLabels(2);
    expect(bench.zebra.labels()).toHaveLength(2);
  });

  it('an order booked from its prepared shipment and cancelled since is already_cancelled, never booked anew', async () => {
    bench = await benchWithCheckout();
    const job = await scanAndWait(bench.station, 'WEB-5002'); // not in Delivery: nothing to cancel yet
    expect(job.failure?.code).toBe('checkout_not_in_delivery');
    const split = await scanAndWait(bench.station, 'SPLIT-3001', 30_000);
    for (const shipment of split.shipments)
      await waitForJob(
        bench.station,
        (await bench.station.cancelShipment({ shipmentId: shipment.shipmentId, confirm: true })).jobId,
      );
    const other = await bench.startStation({ dataDir: await mkdtemp(join(tmpdir(), 'packbench-other-')) });
    const again = await waitForJob(other, (await other.scan({ code: 'SPLIT-3001' })).jobId);
    expect(again.failure).toMatchObject({
      reason: 'not_found',
      code: 'already_cancelled',
      detail: 'prepared_cancelled',
      params: { code: 'SPLIT-3001' },
    });
    expect(bookingsOf(bench, 'SPLIT-3001')).toHaveLength(3);
  });

  it('without Checkout credentials the prepared shipments are not found, and Checkout is never asked', async () => {
    bench = await startBench();
    const before = bench.sim.state.checkout.requests;
    const job = await scanAndWait(bench.station, 'SPLIT-3001');
    expect(job.failure).toMatchObject({ reason: 'not_found', code: 'unknown_code' });
    expect(bench.sim.state.checkout.requests).toBe(before);
    expect(bookingsOf(bench, 'SPLIT-3001')).toHaveLength(0);
  });

  it('with the prepared source turned off in settings, Checkout only explains: nothing is booked', async () => {
    bench = await benchWithCheckout((s) => ({
      ...withCheckout(s),
      resolve: { ...s.resolve, sources: ['order', 'stored', 'shipment'] },
    }));
    const job = await scanAndWait(bench.station, 'SPLIT-3001');
    expect(job.failure).toMatchObject({ code: 'checkout_not_in_delivery', params: { count: 3 } });
    expect(bookingsOf(bench, 'SPLIT-3001')).toHaveLength(0);
  });
});

describe('after a crash between the booking intent and nShift’s answer', () => {
  /** A data folder whose journal shows a scan that resolved to prepared shipments and asked to book the first. */
  async function cutOff(targets: BookingTarget[]): Promise<string> {
    const dir = await mkdtemp(join(tmpdir(), 'packbench-prepared-crash-'));
    const { journal } = await Journal.open(join(dir, 'journal'));
    await journal.append({ type: 'job', jobId: 'scan-prepared', kind: 'scan', scan: 'SPLIT-3001' });
    await journal.append({
      type: 'resolved',
      jobId: 'scan-prepared',
      source: 'prepared',
      orderNo: 'SPLIT-3001',
      targets,
    });
    await journal.append({ type: 'book_intent', jobId: 'scan-prepared', target: targets[0]! });
    await journal.close();
    return dir;
  }
  const targetsOf = (b: Bench): BookingTarget[] =>
    preparedOf(b.sim, 'SPLIT-3001').map((prepareId) => ({
      type: 'prepared',
      prepareId,
      orderNo: 'SPLIT-3001',
    }));

  it('nShift had booked it: the restart takes it over and books only the other two', async () => {
    bench = await benchWithCheckout();
    const targets = targetsOf(bench);
    const dir = await cutOff(targets);
    // The request had reached nShift before the crash.
    const [made] = await bookElsewhere(bench, (targets[0] as { prepareId: string }).prepareId);
    const station = await bench.startStation({ dataDir: dir });
    const job = await waitForJob(station, 'scan-prepared', 30_000);
    expect(job.state).toBe('printed');
    expect(job.shipments.map((s) => s.shipmentId)).toContain(made!.id);
    expect(bookingsOf(bench, 'SPLIT-3001')).toHaveLength(3);
    await bench.zebra.waitForLabels(3);
    expect(bench.zebra.labels()).toHaveLength(3);
  });

  it('the request never reached nShift: the restart books it now, once, and the other two', async () => {
    bench = await benchWithCheckout();
    const dir = await cutOff(targetsOf(bench));
    const station = await bench.startStation({ dataDir: dir });
    const job = await waitForJob(station, 'scan-prepared', 30_000);
    expect(job.state).toBe('printed');
    expect(bookingsOf(bench, 'SPLIT-3001')).toHaveLength(3);
    expect(preparedOf(bench.sim, 'SPLIT-3001')).toEqual([]);
  });
});

describe('the prepare id of a partial shipment', () => {
  it('is decided in one place, and the simulated Delivery holds each partial shipment under it', async () => {
    bench = await benchWithCheckout();
    const partials = [...bench.sim.state.checkout.partialShipments.values()].filter(
      (p) => p.orderId === 'SPLIT-3001',
    );
    expect(partials.map((p) => prepareIdOf(p))).toEqual(preparedOf(bench.sim, 'SPLIT-3001'));
  });
});
