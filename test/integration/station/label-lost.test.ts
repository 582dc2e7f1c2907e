/**
 * A booked label is never lost and never reported printed when it was not (issue 28). The crash states are
 * written into a fresh data directory, as in restart.test.ts: a booking nShift made whose answer the journal
 * never kept, with the label cache holding some of its documents (an older version's cache wrote a document's
 * meta without its bytes when the disk filled up; reading it dropped the label and kept the customs
 * declaration). The restart must print every document of the shipment once, or fail the job saying so.
 */
import { mkdtemp, open, readdir, readFile, rm, writeFile, mkdir, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { JobView } from '../../../preload/api';
import { DEMO_API_KEY_ID } from '../../../main/simulator/demo';
import { createLabelCache } from '../../../main/labels/label-cache';
import { Journal, type BookingTarget, type JournalEntryBody } from '../../../main/station/journal';
import { startBench, waitForJob, type Bench } from '../../support/station-harness';

let bench: Bench | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await bench?.close();
  bench = undefined;
});

let handles: Pick<FileHandle, 'writeFile'>;
beforeAll(async () => {
  const dir = await mkdtemp(join(tmpdir(), 'packbench-probe-'));
  const probe = await open(join(dir, 'probe'), 'w');
  handles = Object.getPrototypeOf(probe) as typeof handles;
  await probe.close();
  await rm(dir, { recursive: true, force: true });
});

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

interface Booked {
  target: BookingTarget;
  shipmentId: string;
  documents: { id: string; kind: 'label' | 'customs'; format: 'zpl' | 'pdf'; bytes: Buffer }[];
}

/** ORD-1002 (to Oslo: a ZPL label and an A4 customs declaration) booked in nShift; the answer never arrived. */
async function bookedBehindTheStation(b: Bench): Promise<Booked> {
  const [order] = await api<{ id: string }[]>(b, 'GET', '/orders?internalReference=ORD-1002');
  const target: BookingTarget = { type: 'order', orderId: order!.id, internalReference: 'ORD-1002' };
  const booked = await api<{ shipmentId: string }>(b, 'POST', '/orders/shipments', {
    orderId: order!.id,
    printConfig: {
      target1Media: 'thermo-190',
      target1Type: 'zpl',
      target1Charset: 'cp850',
      target2Media: 'laser-a4',
      target2Type: 'pdf',
    },
  });
  const prints = await api<{ id: string; data: string; description?: string }[]>(
    b,
    'GET',
    `/shipments/${booked.shipmentId}/prints?returnFile=true`,
  );
  return {
    target,
    shipmentId: booked.shipmentId,
    documents: prints.map((p) => {
      const bytes = Buffer.from(p.data, 'base64');
      const pdf = bytes.subarray(0, 5).toString('latin1') === '%PDF-';
      return {
        id: `shp-${booked.shipmentId}-print-${p.id}`,
        kind: pdf ? 'customs' : 'label',
        format: pdf ? 'pdf' : 'zpl',
        bytes,
      };
    }),
  };
}

/** A data directory whose journal asked for the booking and never got its answer. */
async function askedNeverAnswered(jobId: string, target: BookingTarget): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'packbench-lost-'));
  const { journal } = await Journal.open(join(dir, 'journal'));
  const entries: JournalEntryBody[] = [
    { type: 'job', jobId, kind: 'scan', scan: 'ORD-1002' },
    { type: 'resolved', jobId, source: 'order', orderNo: 'ORD-1002', targets: [target] },
    { type: 'book_intent', jobId, target },
  ];
  for (const entry of entries) await journal.append(entry);
  await journal.close();
  return dir;
}

/** The older cache's state after the disk filled: the customs declaration whole, the label's meta without bytes. */
async function olderCacheWithoutTheLabel(dir: string, booked: Booked): Promise<void> {
  const labels = join(dir, 'labels');
  await mkdir(labels, { recursive: true });
  for (const doc of booked.documents) {
    const meta = {
      id: doc.id,
      kind: doc.kind,
      format: doc.format,
      ...(doc.format === 'zpl' ? { charset: 'cp850' } : {}),
      shipmentId: booked.shipmentId,
      bytes: doc.bytes.length,
      createdAt: new Date().toISOString(),
    };
    await writeFile(join(labels, `${doc.id}.json`), JSON.stringify(meta));
    if (doc.kind !== 'label') await writeFile(join(labels, `${doc.id}.bin`), doc.bytes);
  }
}

/** What reached paper: the Zebra's bytes and the PDFs in the documents folder. */
async function printedOn(b: Bench, dir: string): Promise<{ zebra: Buffer; pdfs: Buffer[] }> {
  const folder = join(dir, 'documents');
  const names = await readdir(folder).catch(() => [] as string[]);
  return {
    zebra: Buffer.concat(b.zebra.printData()),
    pdfs: await Promise.all(names.map((n) => readFile(join(folder, n)))),
  };
}

async function settled(station: Awaited<ReturnType<Bench['startStation']>>, jobId: string): Promise<JobView> {
  await waitForJob(station, jobId);
  await station.whenIdle();
  return station.getJob({ jobId });
}

describe('a booking reconciled after a restart whose label cache holds only some of its documents', () => {
  it('prints the label and the customs declaration once each, booking nothing again', async () => {
    bench = await startBench();
    const booked = await bookedBehindTheStation(bench);
    const dir = await askedNeverAnswered('scan-lost-1', booked.target);
    await olderCacheWithoutTheLabel(dir, booked);
    const bookings = bench.sim.records().length;

    const station = await bench.startStation({ dataDir: dir });
    const job = await settled(station, 'scan-lost-1');

    expect(job.state).toBe('printed');
    const documents = job.shipments.flatMap((s) => s.documents);
    expect(documents.map((d) => d.kind).sort()).toEqual(['customs', 'label']);
    expect(documents.every((d) => d.state === 'printed')).toBe(true);
    const label = booked.documents.find((d) => d.kind === 'label')!;
    const customs = booked.documents.find((d) => d.kind === 'customs')!;
    const paper = await printedOn(bench, dir);
    expect(paper.zebra.equals(label.bytes)).toBe(true);
    expect(paper.pdfs).toEqual([customs.bytes]);
    expect(bench.sim.records().length).toBe(bookings);
  });

  it('after nShift’s hour: the whole set as copies, each printed once, never the cached half beside them', async () => {
    bench = await startBench();
    const booked = await bookedBehindTheStation(bench);
    const dir = await askedNeverAnswered('scan-lost-2', booked.target);
    await olderCacheWithoutTheLabel(dir, booked);
    bench.sim.clock.advance(2 * 60 * 60 * 1000);

    const station = await bench.startStation({ dataDir: dir });
    const job = await settled(station, 'scan-lost-2');

    expect(job.state).toBe('printed');
    const documents = job.shipments.flatMap((s) => s.documents);
    expect(documents.map((d) => d.kind).sort()).toEqual(['customs', 'label']);
    expect(documents.every((d) => d.documentId.includes('-copy-'))).toBe(true);
    const paper = await printedOn(bench, dir);
    expect(bench.zebra.labels()).toHaveLength(1);
    expect(paper.pdfs).toHaveLength(1);
  });

  it('when nShift gives no documents: the job fails `label_not_downloaded` with its shipment, nothing prints', async () => {
    bench = await startBench();
    const booked = await bookedBehindTheStation(bench);
    const dir = await askedNeverAnswered('scan-lost-3', booked.target);
    await olderCacheWithoutTheLabel(dir, booked);
    // nShift lists the prints but will not hand them over (nor a copy) for now.
    bench.sim.faults.failNext(10, {
      method: 'GET',
      path: `/shipments/${booked.shipmentId}/prints`,
      status: 503,
    });
    bench.sim.faults.failNext(10, {
      method: 'POST',
      path: `/shipments/${booked.shipmentId}/prints`,
      status: 503,
    });
    const bookings = bench.sim.records().length;

    const station = await bench.startStation({ dataDir: dir });
    const job = await settled(station, 'scan-lost-3');

    expect(job.state).toBe('failed');
    expect(job.failure).toMatchObject({
      code: 'label_not_downloaded',
      params: { shipmentId: booked.shipmentId },
    });
    expect(job.shipments.map((s) => s.shipmentId)).toEqual([booked.shipmentId]);
    const paper = await printedOn(bench, dir);
    expect(paper.zebra).toHaveLength(0);
    expect(paper.pdfs).toEqual([]);
    expect(bench.sim.records().length).toBe(bookings);
  });

  it('a cache whose records are whole keeps a booking’s documents together: both read back, or neither', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'packbench-lost-'));
    const cache = createLabelCache(join(dir, 'labels'));
    const doc = (id: string, kind: 'label' | 'customs') => ({
      id,
      kind,
      format: kind === 'label' ? ('zpl' as const) : ('pdf' as const),
      bytes: Buffer.from(kind === 'label' ? '^XA^XZ' : '%PDF-1.7 …'),
      shipmentId: '1',
    });
    await Promise.all([cache.put(doc('l', 'label')), cache.put(doc('c', 'customs'))]);
    await cache.close();
    const packs = (await readdir(join(dir, 'labels'))).filter((n) => n.startsWith('pack-'));
    // One write for the two: a disk that refuses it keeps neither.
    expect(packs).toHaveLength(1);
    expect(
      (await createLabelCache(join(dir, 'labels')).documentsOf('1')).map((d) => d.meta.id).sort(),
    ).toEqual(['c', 'l']);
  });
});

describe('a booking whose customs declaration the spool’s disk refused while its label went out', () => {
  it('prints the declaration once after the restart: never a job printed with it left out', async () => {
    bench = await startBench();
    // The customs declaration's `sending` record is refused (the disk is full just then); the label's is not.
    const writeFile = handles.writeFile as (...args: unknown[]) => Promise<void>;
    vi.spyOn(handles, 'writeFile').mockImplementation(function (this: FileHandle, ...args: unknown[]) {
      const [data] = args;
      if (typeof data === 'string' && data.includes('"state":"sending"') && data.includes('"kind":"customs"'))
        return Promise.reject(
          Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }),
        );
      return writeFile.apply(this, args);
    });
    const { jobId } = await bench.station.scan({ code: 'ORD-1002' });
    const told = await waitForJob(bench.station, jobId);
    await bench.station.whenIdle();
    expect(told.failure).toMatchObject({ code: 'cannot_save', detail: 'booking_not_saved' });

    vi.restoreAllMocks();
    await bench.station.close();
    const restarted = await bench.startStation();
    const job = await settled(restarted, jobId);
    expect(job.state).toBe('printed');
    const documents = job.shipments.flatMap((s) => s.documents);
    expect(documents.map((d) => [d.kind, d.state]).sort()).toEqual([
      ['customs', 'printed'],
      ['label', 'printed'],
    ]);
    const paper = await printedOn(bench, bench.dataDir);
    expect(paper.pdfs).toHaveLength(1);
    expect(bench.zebra.labels()).toHaveLength(1);
  });
});
