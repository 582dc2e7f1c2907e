import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { JobView } from '../../../preload/api';
import { createLabelCache } from '../../../main/labels/label-cache';
import { createSpoolStore, type SpoolRecord } from '../../../main/printers/spool-store';
import { DEMO_API_KEY_ID } from '../../../main/simulator/demo';
import {
  bookingTargetKey,
  Journal,
  type BookingTarget,
  type JournalEntryBody,
} from '../../../main/station/journal';
import { createReturnStored, startBench, waitForJob, type Bench } from '../../support/station-harness';

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

/** A job that resolved its code to one target and journalled its intent to book it: what precedes a booking. */
function askedToBook(jobId: string, kind: 'scan' | 'book_stored', target: BookingTarget): JournalEntryBody[] {
  const code = target.type === 'order' ? target.internalReference : target.orderNo!;
  return [
    { type: 'job', jobId, kind, scan: code },
    { type: 'resolved', jobId, source: target.type, orderNo: code, targets: [target] },
    { type: 'book_intent', jobId, target },
  ];
}

/** A ZPL label put into a data directory's label cache, as the station kept it before the crash. */
async function cacheLabel(dir: string, shipmentId: string, documentId: string, bytes: Buffer): Promise<void> {
  await createLabelCache(join(dir, 'labels')).put({
    id: documentId,
    kind: 'label',
    format: 'zpl',
    charset: 'cp850',
    shipmentId,
    bytes,
  });
}

/** The journal file of a data directory (one day's), as text. */
async function journalText(dir: string): Promise<string> {
  const file = (await readdir(join(dir, 'journal'))).find((f) => f.endsWith('.jsonl'))!;
  return readFile(join(dir, 'journal', file), 'utf8');
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

/**
 * Books ORD-1005 and ORD-1006 on the bench's station, then writes the journal of a reprint of both cut off by a
 * crash: it named both shipments and journalled the first one's label (held, when `firstLabel` says so), and
 * stopped before the second's. The bench's printer starts the restart with nothing printed.
 */
async function reprintCutOffAfterFirst(b: Bench, jobId: string, firstLabel?: 'held') {
  const first = await waitForJob(b.station, (await b.station.scan({ code: 'ORD-1005' })).jobId);
  const second = await waitForJob(b.station, (await b.station.scan({ code: 'ORD-1006' })).jobId);
  const [one, two] = [first.shipments[0]!, second.shipments[0]!];
  const doc = one.documents[0]!;
  b.zebra.clearRecords();
  const dir = await journalWith([
    { type: 'job', jobId, kind: 'reprint', scan: 'ORD-1005' },
    { type: 'shipment_info', jobId, shipmentId: one.shipmentId, parcelNos: one.parcelNos },
    { type: 'shipment_info', jobId, shipmentId: two.shipmentId, parcelNos: two.parcelNos },
    {
      type: 'documents',
      jobId,
      ownerId: one.shipmentId,
      documents: [
        { documentId: doc.documentId, kind: 'label', format: 'zpl', charset: 'cp850', bytes: doc.bytes },
      ],
    },
    ...(firstLabel
      ? [
          {
            type: 'print_state' as const,
            jobId,
            shipmentId: one.shipmentId,
            documentId: doc.documentId,
            state: firstLabel,
            bytes: doc.bytes,
          },
        ]
      : []),
  ]);
  return { dir, doc, shipmentId: one.shipmentId };
}

/** What the spool's files hold of a label it took before the crash (its record and its bytes). */
async function spoolLabel(
  dir: string,
  jobId: string,
  label: { shipmentId: string; documentId: string; bytes: Buffer },
  state: 'queued' | 'sending',
): Promise<void> {
  const now = new Date().toISOString();
  const record: SpoolRecord = {
    version: 1,
    id: `sp-crash-${jobId}`,
    seq: 0,
    printerId: 'zebra',
    printerName: 'Virtual Zebra',
    document: {
      id: label.documentId,
      kind: 'label',
      format: 'zpl',
      charset: 'cp850',
      shipmentId: label.shipmentId,
    },
    bytes: label.bytes.length,
    state,
    attempts: state === 'sending' ? 1 : 0,
    createdAt: now,
    updatedAt: now,
    ttlFrom: Date.now(),
    nextAttemptAt: Date.now(),
    shipmentId: label.shipmentId,
    stationJobId: jobId,
  };
  const store = createSpoolStore(join(dir, 'spool'));
  await store.saveBytes(record.id, label.bytes);
  await store.saveRecord(record);
}

describe('after a crash, the station finishes each job from where it stopped, exactly once', () => {
  it('a booking asked for but never answered, which nShift did make: taken over, not booked again', async () => {
    bench = await startBench();
    const id = await orderId(bench, 'ORD-1003');
    const target = { type: 'order' as const, orderId: id, internalReference: 'ORD-1003' };
    const dir = await journalWith(askedToBook('scan-crash-1', 'scan', target));
    // The request had reached nShift before the crash.
    await api(bench, 'POST', '/orders/shipments', { orderId: id });

    const station = await bench.startStation({ dataDir: dir });
    const job = await finished(station, 'scan-crash-1');
    expect(job.state).toBe('printed');
    const bookings = bench.sim.records().filter((r) => r.internalReference === 'ORD-1003');
    expect(bookings).toHaveLength(1);
    expect(job.shipments.map((s) => s.shipmentId)).toEqual([bookings[0]!.shipmentId]);
    await bench.zebra.waitForLabels(1);
    // The `booked` entry itself carries the shipment's numbers and parcels (the headless `booked` line is written
    // from it), though the answer that had them was lost.
    const journal = await journalText(dir);
    const booked = journal.split('\n').find((line) => line.includes('"type":"booked"'))!;
    expect(booked).toContain(`"shipmentNo":"${bookings[0]!.shipmentNo}"`);
    expect(booked).toContain(`"parcelNos":${JSON.stringify(bookings[0]!.parcelNos)}`);
  });

  it('a booking asked for that never reached nShift: booked now, once', async () => {
    bench = await startBench();
    const id = await orderId(bench, 'ORD-1004');
    const target = { type: 'order' as const, orderId: id, internalReference: 'ORD-1004' };
    const dir = await journalWith(askedToBook('scan-crash-2', 'scan', target));
    const station = await bench.startStation({ dataDir: dir });
    const job = await finished(station, 'scan-crash-2');
    expect(job.state).toBe('printed');
    expect(bench.sim.records().filter((r) => r.internalReference === 'ORD-1004')).toHaveLength(1);
  });

  it('a booking from the Stored list asked for but never answered, which nShift did make: taken over and printed once', async () => {
    bench = await startBench();
    const [stored] = await bench.station.listStored({ orderNo: 'SO-2002' });
    const target = { type: 'stored' as const, storedId: stored!.storedId, orderNo: 'SO-2002' };
    const dir = await journalWith(askedToBook('book_stored-crash-1', 'book_stored', target));
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

  it('a stored booking of a split order reconciled after a crash never takes a shipment an earlier job of the station booked', async () => {
    bench = await startBench();
    const stored = await bench.station.listStored({ orderNo: 'SPLIT-3002' });
    expect(stored.length).toBeGreaterThanOrEqual(2);
    const book = async (storedId: string): Promise<string> => {
      const results = await api<{ id: string }[]>(bench!, 'POST', `/stored-shipments/${storedId}/shipments`, {
        target1Media: 'thermo-190',
        target1Type: 'zpl',
      });
      return results[0]!.id;
    };
    // Booked by an earlier job of this station, its label printed.
    const first = { type: 'stored' as const, storedId: stored[0]!.storedId, orderNo: 'SPLIT-3002' };
    const earlier = await book(first.storedId);
    // This job asked for the second one; nShift booked it and the station stopped before the answer.
    const second = { type: 'stored' as const, storedId: stored[1]!.storedId, orderNo: 'SPLIT-3002' };
    const dir = await journalWith([
      ...askedToBook('book_stored-earlier', 'book_stored', first),
      {
        type: 'booked',
        jobId: 'book_stored-earlier',
        targetKey: `stored:${first.storedId}`,
        shipmentId: earlier,
        parcelNos: [],
        documents: [],
      },
      { type: 'finished', jobId: 'book_stored-earlier' },
      ...askedToBook('book_stored-crash-2', 'book_stored', second),
    ]);
    // What nShift's history said before this job's booking: the earlier shipment only.
    const before = await api<unknown>(
      bench,
      'GET',
      '/shipments-history?searchField=orderNo&searchValue=SPLIT-3002',
    );
    const own = await book(second.storedId);

    // Right after the crash the history has not caught up yet: the earlier shipment is all it lists. Two answers:
    // the station's connection check reads the history too, at the same moment, in either order.
    bench.sim.faults.failNext(2, { method: 'GET', path: '/shipments-history', status: 200, body: before });
    const station = await bench.startStation({ dataDir: dir });
    const lagging = await finished(station, 'book_stored-crash-2');
    expect(lagging.state).toBe('failed');
    expect(lagging.failure?.code).toBe('outcome_unknown');
    expect(lagging.shipments.map((s) => s.shipmentId)).not.toContain(earlier);
    // Nothing of the earlier shipment printed again, nothing booked anew.
    expect(Buffer.concat(bench.zebra.printData())).toHaveLength(0);
    expect(
      bench.sim
        .records()
        .filter((r) => r.orderNo === 'SPLIT-3002')
        .map((r) => r.shipmentId),
    ).toEqual(expect.arrayContaining([earlier, own]));
    expect(bench.sim.records().filter((r) => r.orderNo === 'SPLIT-3002')).toHaveLength(2);
  });

  it('a stored booking reconciled after a crash still takes its own shipment when a reprint job named it', async () => {
    bench = await startBench();
    const [stored] = await bench.station.listStored({ orderNo: 'SPLIT-3002' });
    const target = { type: 'stored' as const, storedId: stored!.storedId, orderNo: 'SPLIT-3002' };
    const [own] = await api<{ id: string }[]>(
      bench,
      'POST',
      `/stored-shipments/${target.storedId}/shipments`,
      {
        target1Media: 'thermo-190',
        target1Type: 'zpl',
      },
    );
    const dir = await journalWith([
      ...askedToBook('book_stored-crash-3', 'book_stored', target),
      // A reprint by order number found that shipment in nShift and named it (its print never started).
      { type: 'job', jobId: 'reprint-by-order', kind: 'reprint', scan: 'SPLIT-3002' },
      { type: 'shipment_info', jobId: 'reprint-by-order', shipmentId: own!.id, orderNo: 'SPLIT-3002' },
      { type: 'finished', jobId: 'reprint-by-order' },
    ]);

    const station = await bench.startStation({ dataDir: dir });
    await finished(station, 'book_stored-crash-3');
    await station.whenIdle();
    const job = await station.getJob({ jobId: 'book_stored-crash-3' });
    expect(job.state).toBe('printed');
    expect(job.shipments.map((s) => s.shipmentId)).toEqual([own!.id]);
    expect(bench.sim.records().filter((r) => r.orderNo === 'SPLIT-3002')).toHaveLength(1);
  });

  it('a station closed with scans waiting starts none of them: each fails, nothing is booked, a restart books none', async () => {
    bench = await startBench();
    // The first scan's look-up is slow, so the next two wait on the queue when the station closes.
    bench.sim.faults.latency({ path: '/orders', ms: 600 });
    const first = await bench.station.scan({ code: 'ORD-1001' });
    const waiting = [
      await bench.station.scan({ code: 'ORD-1002' }),
      await bench.station.scan({ code: 'ORD-1003' }),
    ];
    const events = bench.events;
    await bench.station.close();
    const failed = (jobId: string) =>
      events.filter((e) => e.type === 'job' && e.job.id === jobId && e.job.state === 'failed').at(-1);
    for (const { jobId } of waiting) {
      const last = failed(jobId);
      expect(last?.type === 'job' && last.job.failure).toMatchObject({ detail: 'stopped_before_booking' });
    }
    const booked = () =>
      bench!.sim
        .records()
        .filter((r) => r.internalReference === 'ORD-1002' || r.internalReference === 'ORD-1003');
    expect(booked()).toHaveLength(0);

    const restarted = await bench.startStation();
    await restarted.whenIdle();
    for (const { jobId } of waiting) expect((await restarted.getJob({ jobId })).state).toBe('failed');
    expect(booked()).toHaveLength(0);
    // The job in hand was finished, not cut off.
    expect(bench.sim.records().filter((r) => r.internalReference === 'ORD-1001')).toHaveLength(1);
    expect((await restarted.getJob({ jobId: first.jobId })).state).toBe('printed');
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
      ...askedToBook('scan-crash-4', 'scan', { type: 'order', orderId: 'x', internalReference: 'ORD-1005' }),
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
    await cacheLabel(dir, shipment.shipmentId, doc.documentId, Buffer.from(preview.base64, 'base64'));
    const bookings = bench.sim.records().length;

    const station = await bench.startStation({ dataDir: dir });
    await finished(station, 'scan-crash-4');
    // Still printed once the station is idle: the booked target is not booked again after its label printed.
    await station.whenIdle();
    const job = await station.getJob({ jobId: 'scan-crash-4' });
    expect(job.state).toBe('printed');
    expect(Buffer.concat(bench.zebra.printData()).equals(Buffer.from(preview.base64, 'base64'))).toBe(true);
    expect(bench.sim.records().length).toBe(bookings);
  });

  /**
   * A booking's `booked` that recorded its label `sending` (issue 30: the spool writes nothing before that label's
   * first byte), then the crash: ORD-1005's journal up to that entry in a new data directory, its label in the
   * label cache when `cached` says so.
   */
  async function crashedWhileSending(b: Bench, jobId: string, cached: boolean) {
    const { shipment, doc, bytes } = await bookedOnTheBench(b);
    const dir = await bookedNotPrinted(jobId, shipment, doc.documentId, { sending: true });
    if (cached) await cacheLabel(dir, shipment.shipmentId, doc.documentId, bytes);
    return { dir, bytes, documentId: doc.documentId };
  }

  it('a label its `booked` recorded sending, kept in the label cache (it may have printed): held for the packer; released, it prints once', async () => {
    bench = await startBench();
    const { dir, bytes, documentId } = await crashedWhileSending(bench, 'scan-crash-sending-1', true);
    const bookings = bench.sim.records().length;

    const station = await bench.startStation({ dataDir: dir });
    const job = await finished(station, 'scan-crash-sending-1');
    expect(job.state).toBe('held');
    expect(job.shipments[0]!.documents[0]).toMatchObject({
      documentId,
      state: 'held',
      heldReason: 'restart',
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(Buffer.concat(bench.zebra.printData())).toHaveLength(0);

    const [held] = (await station.listSpool()).filter((j) => j.stationJobId === 'scan-crash-sending-1');
    expect(held).toMatchObject({ state: 'held', heldReason: 'restart', documentId });
    await station.releaseSpoolJob({ spoolJobId: held!.id });
    await bench.zebra.waitForLabels(1);
    await expect
      .poll(async () => (await station.getJob({ jobId: 'scan-crash-sending-1' })).state)
      .toBe('printed');
    expect(Buffer.concat(bench.zebra.printData()).equals(bytes)).toBe(true);
    expect(bench.sim.records().length).toBe(bookings);
  });

  it('a label its `booked` recorded sending that the label cache never kept (so it never went out): printed once from nShift', async () => {
    bench = await startBench();
    const { dir, bytes } = await crashedWhileSending(bench, 'scan-crash-sending-2', false);
    const bookings = bench.sim.records().length;

    const station = await bench.startStation({ dataDir: dir });
    await finished(station, 'scan-crash-sending-2');
    await station.whenIdle();
    expect((await station.getJob({ jobId: 'scan-crash-sending-2' })).state).toBe('printed');
    expect(Buffer.concat(bench.zebra.printData()).equals(bytes)).toBe(true);
    expect(bench.sim.records().length).toBe(bookings);
  });

  it('a reprint of two shipments cut off after the first label was sent: that label prints once, the job fails for the second', async () => {
    bench = await startBench();
    // The reprint named both shipments, journalled the first one's label, and stopped before the second's.
    const { dir, doc, shipmentId } = await reprintCutOffAfterFirst(bench, 'reprint-crash-2');
    const preview = await bench.station.getDocumentPreview({ documentId: doc.documentId });
    await createLabelCache(join(dir, 'labels')).put({
      id: doc.documentId,
      kind: 'label',
      format: 'zpl',
      charset: 'cp850',
      shipmentId,
      bytes: Buffer.from(preview.base64, 'base64'),
    });

    const station = await bench.startStation({ dataDir: dir });
    const job = await finished(station, 'reprint-crash-2');
    await station.whenIdle();
    expect(job.state).toBe('failed');
    expect(job.failure).toMatchObject({ code: 'internal', detail: 'unfinished_after_restart' });
    expect(job.failure?.message).toMatch(/reprint of ORD-1005/);
    expect(bench.zebra.labels()).toHaveLength(1);
    expect(Buffer.concat(bench.zebra.printData()).equals(Buffer.from(preview.base64, 'base64'))).toBe(true);
    expect((await station.getJob({ jobId: 'reprint-crash-2' })).state).toBe('failed');
  });

  /**
   * The journal of a job whose `booked` reached the disk and whose print did not, for `documentId`; `sending`: that
   * `booked` recorded the label's `sending`.
   */
  function bookedNotPrinted(
    jobId: string,
    shipment: JobView['shipments'][number],
    documentId: string,
    options: { sending?: boolean } = {},
  ) {
    const target = { type: 'order' as const, orderId: 'x', internalReference: 'ORD-1005' };
    return journalWith([
      ...askedToBook(jobId, 'scan', target),
      {
        type: 'booked',
        jobId,
        targetKey: 'order:x',
        shipmentId: shipment.shipmentId,
        parcelNos: shipment.parcelNos,
        documents: [{ documentId, kind: 'label', format: 'zpl', charset: 'cp850', bytes: 10 }],
        ...(options.sending ? { sending: [documentId] } : {}),
      },
    ]);
  }

  /** ORD-1005 booked and printed on the bench's station: its shipment, label and the label's bytes. */
  async function bookedOnTheBench(b: Bench) {
    const first = await waitForJob(b.station, (await b.station.scan({ code: 'ORD-1005' })).jobId);
    const shipment = first.shipments[0]!;
    const doc = shipment.documents[0]!;
    const preview = await b.station.getDocumentPreview({ documentId: doc.documentId });
    b.zebra.clearRecords();
    return { shipment, doc, bytes: Buffer.from(preview.base64, 'base64') };
  }

  it('a shipment booked whose label the cache has lost (its folder emptied): downloaded again, printed once, no new booking', async () => {
    bench = await startBench();
    const { shipment, doc, bytes: label } = await bookedOnTheBench(bench);
    const dir = await bookedNotPrinted('scan-crash-5', shipment, doc.documentId);
    const bookings = bench.sim.records().length;

    const station = await bench.startStation({ dataDir: dir });
    await finished(station, 'scan-crash-5');
    await station.whenIdle();
    const job = await station.getJob({ jobId: 'scan-crash-5' });
    expect(job.state).toBe('printed');
    expect(Buffer.concat(bench.zebra.printData()).equals(label)).toBe(true);
    expect(bench.sim.records().length).toBe(bookings);
    // Kept for the next reprint.
    expect(
      (await createLabelCache(join(dir, 'labels')).get(doc.documentId))?.document.bytes.equals(label),
    ).toBe(true);
  });

  it('a booked label neither the cache nor nShift has any more: the job fails for the packer to reprint, nothing prints', async () => {
    bench = await startBench();
    const first = await waitForJob(bench.station, (await bench.station.scan({ code: 'ORD-1005' })).jobId);
    const shipment = first.shipments[0]!;
    bench.zebra.clearRecords();
    const dir = await bookedNotPrinted('scan-crash-6', shipment, `shp-${shipment.shipmentId}-print-gone`);

    const station = await bench.startStation({ dataDir: dir });
    await finished(station, 'scan-crash-6');
    // Nothing after it either: the job, failed with its label lost, is not booked again.
    await station.whenIdle();
    const job = await station.getJob({ jobId: 'scan-crash-6' });
    const journal = await journalText(dir);
    expect(journal.split('\n').filter((line) => line.includes('"book_intent"'))).toHaveLength(1);
    expect(job.state).toBe('failed');
    expect(job.failure).toMatchObject({
      code: 'label_not_downloaded',
      params: { shipmentId: shipment.shipmentId },
    });
    expect(job.failure?.message).toMatch(/Reprint it; do not book the order again/);
    expect(Buffer.concat(bench.zebra.printData())).toHaveLength(0);
  });

  it('a shipment booked whose documents never reached the journal (its download failed, then the station stopped): downloaded now, printed once, no new booking', async () => {
    bench = await startBench();
    const first = await waitForJob(bench.station, (await bench.station.scan({ code: 'ORD-1005' })).jobId);
    const shipment = first.shipments[0]!;
    const label = Buffer.concat(bench.zebra.printData());
    bench.zebra.clearRecords();
    const target = { type: 'order' as const, orderId: 'x', internalReference: 'ORD-1005' };
    const dir = await journalWith([
      ...askedToBook('scan-crash-7', 'scan', target),
      {
        type: 'booked',
        jobId: 'scan-crash-7',
        targetKey: 'order:x',
        shipmentId: shipment.shipmentId,
        parcelNos: shipment.parcelNos,
        documents: [],
      },
    ]);
    const bookings = bench.sim.records().length;

    const station = await bench.startStation({ dataDir: dir });
    await finished(station, 'scan-crash-7');
    await station.whenIdle();
    const job = await station.getJob({ jobId: 'scan-crash-7' });
    expect(job.state).toBe('printed');
    expect(job.shipments[0]!.documents).toHaveLength(1);
    expect(Buffer.concat(bench.zebra.printData()).equals(label)).toBe(true);
    expect(bench.sim.records().length).toBe(bookings);
  });

  it.each([
    ['manifest', 'manifest', /making the manifest/],
    ['consolidated_close', 'CONS-1', /closing consolidated shipment CONS-1/],
    ['cancel', '5000123', /cancelling 5000123/],
    ['reprint', 'ORD-1001', /reprint of ORD-1001/],
    ['test_print', 'zebra', /test label/],
  ] as const)(
    'a %s job cut off before its result reached the journal fails for the packer to check, never done with nothing printed',
    async (kind, scan, says) => {
      bench = await startBench();
      const dir = await journalWith([{ type: 'job', jobId: `${kind}-crash`, kind, scan }]);
      const station = await bench.startStation({ dataDir: dir });
      const job = await finished(station, `${kind}-crash`);
      expect(job.state).toBe('failed');
      expect(job.failure).toMatchObject({ code: 'internal', detail: 'unfinished_after_restart' });
      expect(job.failure?.message).toMatch(says);
    },
  );

  it('a manifest lost from the label cache before it printed: the job fails to be printed again, nShift is not asked for it', async () => {
    bench = await startBench();
    const dir = await journalWith([
      { type: 'job', jobId: 'manifest-crash-1', kind: 'manifest', scan: 'manifest' },
      {
        type: 'documents',
        jobId: 'manifest-crash-1',
        ownerId: 'mf-1',
        documents: [{ documentId: 'mf-1-print-1', kind: 'manifest', format: 'pdf', bytes: 10 }],
      },
    ]);
    /** Every request nShift has had for a shipment's documents. */
    const printRequests = (): number =>
      Object.values(bench!.sim.requests.toJSON().accounts)
        .flatMap((account) => Object.entries(account.byEndpoint))
        .filter(([endpoint]) => endpoint.includes('/prints'))
        .reduce((sum, [, e]) => sum + e.requests, 0);
    const before = printRequests();

    const station = await bench.startStation({ dataDir: dir });
    const job = await finished(station, 'manifest-crash-1');
    expect(job.state).toBe('failed');
    expect(job.failure).toMatchObject({ code: 'internal', detail: 'unfinished_after_restart' });
    expect(job.failure?.message).toMatch(/print it again/);
    await station.whenIdle();
    expect(printRequests()).toBe(before);
  });
});

/**
 * The spool writes a label's records beside the journal's `booked` rather than after it (the first byte waits
 * for both), so a crash can leave the label in the spool while the journal shows the booking as asked for and
 * never answered. A restart reconciles the booking with nShift and must leave that label to the spool.
 */
describe("after a crash between the spool's write and the journal's `booked`, the label is printed at most once", () => {
  /** Books ORD-xxxx in nShift behind the station's back (the answer the crash lost); returns its first label. */
  async function bookedInNshift(b: Bench, reference: string) {
    const id = await orderId(b, reference);
    const booked = await api<{ shipmentId: string }>(b, 'POST', '/orders/shipments', {
      orderId: id,
      printConfig: { target1Media: 'thermo-190', target1Type: 'zpl', target1Charset: 'cp850' },
    });
    const prints = await api<{ id: string; data: string }[]>(
      b,
      'GET',
      `/shipments/${booked.shipmentId}/prints?returnFile=true`,
    );
    const zpl = prints.find((p) => Buffer.from(p.data, 'base64').toString('latin1').includes('^XA'))!;
    return {
      target: { type: 'order' as const, orderId: id, internalReference: reference },
      shipmentId: booked.shipmentId,
      // The id the station gives a document nShift lists (main/nshift/delivery/documents.ts).
      documentId: `shp-${booked.shipmentId}-print-${zpl.id}`,
      bytes: Buffer.from(zpl.data, 'base64'),
    };
  }

  async function crashState(
    jobId: string,
    booked: Awaited<ReturnType<typeof bookedInNshift>>,
    spooled: { state: 'queued' | 'sending'; documentId?: string },
  ): Promise<string> {
    const dir = await journalWith(askedToBook(jobId, 'scan', booked.target));
    await spoolLabel(
      dir,
      jobId,
      { ...booked, documentId: spooled.documentId ?? booked.documentId },
      spooled.state,
    );
    return dir;
  }

  it('a label spooled but not yet sent: the spool prints it, the reconciled booking prints nothing more', async () => {
    bench = await startBench();
    const booked = await bookedInNshift(bench, 'ORD-1003');
    const dir = await crashState('scan-spooled-1', booked, { state: 'queued' });
    const bookings = bench.sim.records().length;

    const station = await bench.startStation({ dataDir: dir });
    await bench.zebra.waitForLabels(1);
    await new Promise((r) => setTimeout(r, 300)); // room for a second label, which must not come
    expect(Buffer.concat(bench.zebra.printData()).equals(booked.bytes)).toBe(true);
    expect(bench.sim.records().length).toBe(bookings);
    const job = await finished(station, 'scan-spooled-1');
    expect(job.shipments.map((s) => s.shipmentId)).toEqual([booked.shipmentId]);
    await expect.poll(async () => (await station.getJob({ jobId: 'scan-spooled-1' })).state).toBe('printed');
  });

  it('a label marked sending (it may have printed): held for the packer, not printed again; released, it prints once', async () => {
    bench = await startBench();
    const booked = await bookedInNshift(bench, 'ORD-1004');
    const dir = await crashState('scan-spooled-2', booked, { state: 'sending' });

    const station = await bench.startStation({ dataDir: dir });
    const job = await finished(station, 'scan-spooled-2');
    expect(job.state).toBe('held');
    expect(job.shipments.map((s) => s.shipmentId)).toEqual([booked.shipmentId]);
    await new Promise((r) => setTimeout(r, 300));
    expect(Buffer.concat(bench.zebra.printData())).toHaveLength(0);

    const [held] = (await station.listSpool()).filter((j) => j.stationJobId === 'scan-spooled-2');
    expect(held).toMatchObject({ state: 'held', heldReason: 'restart', documentId: booked.documentId });
    // The job says why too (the headless host's held line tells it may have printed), and keeps it across a restart.
    expect(job.shipments[0]!.documents[0]).toMatchObject({ state: 'held', heldReason: 'restart' });
    await station.close();
    const again = await bench.startStation({ dataDir: dir });
    expect((await again.getJob({ jobId: 'scan-spooled-2' })).shipments[0]!.documents[0]).toMatchObject({
      state: 'held',
      heldReason: 'restart',
    });
    await again.releaseSpoolJob({ spoolJobId: held!.id });
    await bench.zebra.waitForLabels(1);
    await expect.poll(async () => (await again.getJob({ jobId: 'scan-spooled-2' })).state).toBe('printed');
    expect(
      (await again.getJob({ jobId: 'scan-spooled-2' })).shipments[0]!.documents[0]!.heldReason,
    ).toBeUndefined();
    // One document, sent once (an order of several parcels is one document of several labels).
    expect(Buffer.concat(bench.zebra.printData()).equals(booked.bytes)).toBe(true);
  });

  it('a label spooled under an id nShift no longer gives (its documents are copies after the hour): only the spooled label prints', async () => {
    bench = await startBench();
    const booked = await bookedInNshift(bench, 'ORD-1005');
    const dir = await crashState('scan-spooled-3', booked, {
      state: 'queued',
      documentId: `shp-${booked.shipmentId}-print-before-the-crash`,
    });

    const station = await bench.startStation({ dataDir: dir });
    await bench.zebra.waitForLabels(1);
    await new Promise((r) => setTimeout(r, 300));
    expect(Buffer.concat(bench.zebra.printData()).equals(booked.bytes)).toBe(true);
    await expect.poll(async () => (await station.getJob({ jobId: 'scan-spooled-3' })).state).toBe('printed');
    const job = await station.getJob({ jobId: 'scan-spooled-3' });
    expect(job.shipments[0]!.documents.map((d) => d.documentId)).toEqual([
      `shp-${booked.shipmentId}-print-before-the-crash`,
    ]);
  });
});

/**
 * A job of several shipments (a booking that made a return shipment beside the outbound one, a reprint of two,
 * a consolidated close of several results) cut off between them: what it had in hand prints once, and the rest
 * prints or the job says what to redo. It never looks ended with a label still to come.
 */
describe('after a crash between the shipments of one job, none of them is left behind', () => {
  /** Books a RETURN stored shipment in nShift behind the station's back: its outbound and return shipments. */
  async function bookedReturnInNshift(b: Bench, orderNo: string) {
    createReturnStored(b, orderNo);
    const [stored] = await api<{ id: string }[]>(
      b,
      'GET',
      `/stored-shipments?searchField=orderNo&searchOp=equals&searchValue=${orderNo}`,
    );
    const results = await api<{ id: string }[]>(
      b,
      'POST',
      `/stored-shipments/${stored!.id}/shipments?returnFile=true`,
      { target1Media: 'thermo-190', target1Type: 'zpl', target1Charset: 'cp850' },
    );
    const labels = await Promise.all(
      results.map(async ({ id }) => {
        const [zpl] = await api<{ id: string; data: string }[]>(
          b,
          'GET',
          `/shipments/${id}/prints?returnFile=true`,
        );
        return {
          shipmentId: id,
          documentId: `shp-${id}-print-${zpl!.id}`,
          bytes: Buffer.from(zpl!.data, 'base64'),
        };
      }),
    );
    const target: BookingTarget = { type: 'stored', storedId: stored!.id, orderNo };
    return { target, outbound: labels[0]!, returned: labels[1]! };
  }

  /** The journal of a scan whose outbound shipment's `booked` (naming both) came, and not the return one's. */
  function outboundBooked(
    jobId: string,
    booked: Awaited<ReturnType<typeof bookedReturnInNshift>>,
    outboundLabel: 'printed' | 'held',
  ): JournalEntryBody[] {
    const { target, outbound, returned } = booked;
    return [
      ...askedToBook(jobId, 'scan', target),
      {
        type: 'booked',
        jobId,
        targetKey: bookingTargetKey(target),
        shipmentId: outbound.shipmentId,
        parcelNos: [],
        documents: [
          { documentId: outbound.documentId, kind: 'label', format: 'zpl', charset: 'cp850', bytes: 100 },
        ],
        targetShipmentIds: [outbound.shipmentId, returned.shipmentId],
      },
      {
        type: 'print_state',
        jobId,
        shipmentId: outbound.shipmentId,
        documentId: outbound.documentId,
        state: outboundLabel,
        printerId: 'zebra',
        bytes: 100,
      },
    ];
  }

  it('a return shipment whose outbound label was held: its label is downloaded and printed once; the job waits on the held one', async () => {
    bench = await startBench();
    const booked = await bookedReturnInNshift(bench, 'RET-7101');
    const dir = await journalWith(outboundBooked('scan-return-1', booked, 'held'));
    const bookings = bench.sim.records().length;

    const station = await bench.startStation({ dataDir: dir });
    await bench.zebra.waitForLabels(1);
    await station.whenIdle();
    expect(Buffer.concat(bench.zebra.printData()).equals(booked.returned.bytes)).toBe(true);
    const job = await station.getJob({ jobId: 'scan-return-1' });
    expect(job.state).toBe('held');
    expect(job.shipments.map((s) => [s.shipmentId, s.state])).toEqual([
      [booked.outbound.shipmentId, 'held'],
      [booked.returned.shipmentId, 'printed'],
    ]);
    expect(bench.sim.records().length).toBe(bookings);
  });

  it('a return shipment whose label the spool took under an id nShift no longer gives (after the hour): only the spooled label prints', async () => {
    bench = await startBench();
    const booked = await bookedReturnInNshift(bench, 'RET-7102');
    const dir = await journalWith(outboundBooked('scan-return-2', booked, 'printed'));
    const spooledId = `shp-${booked.returned.shipmentId}-print-before-the-crash`;
    await spoolLabel(dir, 'scan-return-2', { ...booked.returned, documentId: spooledId }, 'queued');
    bench.sim.clock.advance(2 * 60 * 60 * 1000);

    const station = await bench.startStation({ dataDir: dir });
    await bench.zebra.waitForLabels(1);
    await new Promise((r) => setTimeout(r, 300)); // room for a second label, which must not come
    await station.whenIdle();
    expect(bench.zebra.labels()).toHaveLength(1);
    expect(Buffer.concat(bench.zebra.printData()).equals(booked.returned.bytes)).toBe(true);
    await expect.poll(async () => (await station.getJob({ jobId: 'scan-return-2' })).state).toBe('printed');
    const job = await station.getJob({ jobId: 'scan-return-2' });
    expect(job.shipments[1]!.documents.map((d) => d.documentId)).toEqual([spooledId]);
  });

  it('a return shipment whose spooled label prints while the restart asks nShift about it: the job learns that it printed', async () => {
    bench = await startBench();
    const booked = await bookedReturnInNshift(bench, 'RET-7103');
    const dir = await journalWith(outboundBooked('scan-return-3', booked, 'printed'));
    await spoolLabel(dir, 'scan-return-3', booked.returned, 'queued');
    // The printer is off when the station starts and on again while the history answers slowly: the spool
    // prints the label after the restart read the spool, and before the journal lists the label.
    await bench.zebra.offline();
    bench.sim.faults.latency({ path: '/shipments-history', ms: 1500 });
    const station = await bench.startStation({
      dataDir: dir,
      extra: { printServiceOptions: { backoffMs: () => 50 } },
    });
    await new Promise((r) => setTimeout(r, 300));
    await bench.zebra.online();
    await bench.zebra.waitForLabels(1);

    const job = await finished(station, 'scan-return-3');
    expect(job.state).toBe('printed');
    expect(job.shipments[1]!.documents).toMatchObject([
      { documentId: booked.returned.documentId, state: 'printed' },
    ]);
    await station.whenIdle();
    expect(bench.zebra.labels()).toHaveLength(1);
  });

  it('a reprint of two shipments whose first label was held: the job fails for the second, the held label stays held', async () => {
    bench = await startBench();
    const { dir } = await reprintCutOffAfterFirst(bench, 'reprint-held', 'held');

    const station = await bench.startStation({ dataDir: dir });
    const job = await finished(station, 'reprint-held');
    expect(job.state).toBe('failed');
    expect(job.failure).toMatchObject({ detail: 'unfinished_after_restart' });
    expect(job.failure?.message).toMatch(/reprint of ORD-1005/);
    expect(job.shipments[0]!.documents[0]!.state).toBe('held');
    expect(bench.zebra.labels()).toHaveLength(0);
  });

  it('a consolidated close of two results cut off after the first waybill printed fails for the packer to check, never printed', async () => {
    bench = await startBench();
    const dir = await journalWith([
      { type: 'job', jobId: 'close-crash-2', kind: 'consolidated_close', scan: 'CONS-2' },
      { type: 'shipment_info', jobId: 'close-crash-2', shipmentId: '9001', shipmentNo: 'W-9001' },
      { type: 'shipment_info', jobId: 'close-crash-2', shipmentId: '9002', shipmentNo: 'W-9002' },
      {
        type: 'documents',
        jobId: 'close-crash-2',
        ownerId: '9001',
        documents: [{ documentId: 'waybill-9001', kind: 'waybill', format: 'pdf', bytes: 100 }],
      },
      {
        type: 'print_state',
        jobId: 'close-crash-2',
        shipmentId: '9001',
        documentId: 'waybill-9001',
        state: 'printed',
        bytes: 100,
      },
    ]);
    const station = await bench.startStation({ dataDir: dir });
    const job = await finished(station, 'close-crash-2');
    expect(job.state).toBe('failed');
    expect(job.failure?.message).toMatch(/closing consolidated shipment CONS-2/);
  });

  it('a consolidated close cut off by a restart is named by its key, as the packer knows it, with its id', async () => {
    bench = await startBench();
    const dir = await journalWith([
      {
        type: 'job',
        jobId: 'close-crash-3',
        kind: 'consolidated_close',
        scan: '9100001',
        consolidationKey: 'KONS-4001',
      },
    ]);
    const station = await bench.startStation({ dataDir: dir });
    const job = await finished(station, 'close-crash-3');
    expect(job.state).toBe('failed');
    expect(job.failure?.message).toMatch(/closing consolidated shipment KONS-4001 \(id 9100001\)/);
  });
});

describe('a journal an earlier Packbench wrote', () => {
  it('a consolidated close journalled before keys were recorded reads as it did: its code is the id, and no key', async () => {
    bench = await startBench();
    const dir = await journalWith([
      { type: 'job', jobId: 'close-old', kind: 'consolidated_close', scan: 'CONS-3' },
      { type: 'finished', jobId: 'close-old' },
    ]);
    const station = await bench.startStation({ dataDir: dir });
    const job = await station.getJob({ jobId: 'close-old' });
    expect(job).toMatchObject({ kind: 'consolidated_close', scan: 'CONS-3', state: 'done' });
    expect(job.consolidationKey).toBeUndefined();
  });
});
