import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { JobView } from '../../../preload/api';
import { createLabelCache } from '../../../main/labels/label-cache';
import { DEMO_API_KEY_ID } from '../../../main/simulator/demo';
import { Journal, type JournalEntryBody } from '../../../main/station/journal';
import { startBench, waitForJob, type Bench } from '../../support/station-harness';

/**
 * A crash is simulated by writing what the journal would hold at the moment of the crash into a fresh data
 * directory, then starting a station on it: it must finish each job from where it stopped, exactly once.
 */
let bench: Bench | undefined;
afterEach(async () => {
  await bench?.close();
  bench = undefined;
});

async function journalWith(entries: JournalEntryBody[]): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'packbench-crash-'));
  const { journal } = await Journal.open(join(dir, 'journal'));
  for (const e of entries) await journal.append(e);
  await journal.close();
  return dir;
}

async function api<T>(b: Bench, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${b.deliveryUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${b.sim.issueToken(DEMO_API_KEY_ID)}`,
      'content-type': 'application/json',
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return (await res.json()) as T;
}

async function orderId(b: Bench, reference: string): Promise<string> {
  const orders = await api<{ id: string }[]>(b, 'GET', `/orders?internalReference=${reference}`);
  return orders[0]!.id;
}

async function finished(
  station: Awaited<ReturnType<Bench['startStation']>>,
  jobId: string,
): Promise<JobView> {
  return waitForJob(station, jobId);
}

describe('after a crash, the station finishes each job from where it stopped, exactly once', () => {
  it('a booking asked for but never answered, which nShift did make: taken over, not booked again', async () => {
    bench = await startBench();
    const id = await orderId(bench, 'ORD-1003');
    const target = { type: 'order' as const, orderId: id, internalReference: 'ORD-1003' };
    const dir = await journalWith([
      { type: 'job', jobId: 'scan-crash-1', kind: 'scan', scan: 'ORD-1003' },
      { type: 'resolved', jobId: 'scan-crash-1', source: 'order', orderNo: 'ORD-1003', targets: [target] },
      { type: 'book_intent', jobId: 'scan-crash-1', target },
    ]);
    // The request had reached nShift before the crash.
    await api(bench, 'POST', '/orders/shipments', { orderId: id });

    const station = await bench.startStation({ dataDir: dir });
    const job = await finished(station, 'scan-crash-1');
    expect(job.state).toBe('printed');
    const bookings = bench.sim.records().filter((r) => r.internalReference === 'ORD-1003');
    expect(bookings).toHaveLength(1);
    expect(job.shipments.map((s) => s.shipmentId)).toEqual([bookings[0]!.shipmentId]);
    await bench.zebra.waitForLabels(1);
  });

  it('a booking asked for that never reached nShift: booked now, once', async () => {
    bench = await startBench();
    const id = await orderId(bench, 'ORD-1004');
    const target = { type: 'order' as const, orderId: id, internalReference: 'ORD-1004' };
    const dir = await journalWith([
      { type: 'job', jobId: 'scan-crash-2', kind: 'scan', scan: 'ORD-1004' },
      { type: 'resolved', jobId: 'scan-crash-2', source: 'order', orderNo: 'ORD-1004', targets: [target] },
      { type: 'book_intent', jobId: 'scan-crash-2', target },
    ]);
    const station = await bench.startStation({ dataDir: dir });
    const job = await finished(station, 'scan-crash-2');
    expect(job.state).toBe('printed');
    expect(bench.sim.records().filter((r) => r.internalReference === 'ORD-1004')).toHaveLength(1);
  });

  it('a booking from the Stored list asked for but never answered, which nShift did make: taken over and printed once', async () => {
    bench = await startBench();
    const [stored] = await bench.station.listStored({ orderNo: 'SO-2002' });
    const target = { type: 'stored' as const, storedId: stored!.storedId, orderNo: 'SO-2002' };
    const dir = await journalWith([
      { type: 'job', jobId: 'book_stored-crash-1', kind: 'book_stored', scan: 'SO-2002' },
      {
        type: 'resolved',
        jobId: 'book_stored-crash-1',
        source: 'stored',
        orderNo: 'SO-2002',
        targets: [target],
      },
      { type: 'book_intent', jobId: 'book_stored-crash-1', target },
    ]);
    // The request had reached nShift before the crash.
    await api(bench, 'POST', `/stored-shipments/${stored!.storedId}/shipments`, {
      target1Media: 'thermo-190',
      target1Type: 'zpl',
    });

    const station = await bench.startStation({ dataDir: dir });
    const job = await finished(station, 'book_stored-crash-1');
    expect(job.state).toBe('printed');
    expect(bench.sim.records().filter((r) => r.orderNo === 'SO-2002')).toHaveLength(1);
    await bench.zebra.waitForLabels(1);
  });

  it('a scan journalled before anything was sent: resolved and booked as a fresh scan', async () => {
    bench = await startBench();
    const dir = await journalWith([{ type: 'job', jobId: 'scan-crash-3', kind: 'scan', scan: 'SO-2001' }]);
    const station = await bench.startStation({ dataDir: dir });
    const job = await finished(station, 'scan-crash-3');
    expect(job.state).toBe('printed');
    expect(bench.sim.records().filter((r) => r.orderNo === 'SO-2001')).toHaveLength(1);
  });

  it('a shipment booked whose label never reached the printer: printed from the label cache, once, with no new booking', async () => {
    bench = await startBench();
    // Book through the first station, then replay its journal minus the print into a new data directory.
    const first = await waitForJob(bench.station, (await bench.station.scan({ code: 'ORD-1005' })).jobId);
    const shipment = first.shipments[0]!;
    const doc = shipment.documents[0]!;
    const preview = await bench.station.getDocumentPreview({ documentId: doc.documentId });
    bench.zebra.clearRecords();

    const dir = await journalWith([
      { type: 'job', jobId: 'scan-crash-4', kind: 'scan', scan: 'ORD-1005' },
      {
        type: 'resolved',
        jobId: 'scan-crash-4',
        source: 'order',
        orderNo: 'ORD-1005',
        targets: [{ type: 'order', orderId: 'x', internalReference: 'ORD-1005' }],
      },
      {
        type: 'book_intent',
        jobId: 'scan-crash-4',
        target: { type: 'order', orderId: 'x', internalReference: 'ORD-1005' },
      },
      {
        type: 'booked',
        jobId: 'scan-crash-4',
        targetKey: 'order:x',
        shipmentId: shipment.shipmentId,
        parcelNos: shipment.parcelNos,
        documents: [
          { documentId: doc.documentId, kind: 'label', format: 'zpl', charset: 'cp850', bytes: doc.bytes },
        ],
      },
    ]);
    await createLabelCache(join(dir, 'labels')).put({
      id: doc.documentId,
      kind: 'label',
      format: 'zpl',
      charset: 'cp850',
      shipmentId: shipment.shipmentId,
      bytes: Buffer.from(preview.base64, 'base64'),
    });
    const bookings = bench.sim.records().length;

    const station = await bench.startStation({ dataDir: dir });
    const job = await finished(station, 'scan-crash-4');
    expect(job.state).toBe('printed');
    expect(Buffer.concat(bench.zebra.printData()).equals(Buffer.from(preview.base64, 'base64'))).toBe(true);
    expect(bench.sim.records().length).toBe(bookings);
  });
});
