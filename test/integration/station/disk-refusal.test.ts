/**
 * A station whose data folder refuses writes (a full disk): the file system's refusal is injected on the file
 * handles the station writes with, everything else is real (simulator over HTTP, virtual Zebra, files).
 * The journal appends with FileHandle.write; the label cache and the spool write whole files with writeFile.
 */
import { readlinkSync } from 'node:fs';
import { mkdtemp, open, readdir, rm, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createReturnStored, startBench, waitForJob, type Bench } from '../../support/station-harness';

type HandleMethods = Pick<FileHandle, 'write' | 'writeFile'>;
let handles: HandleMethods;
beforeAll(async () => {
  const dir = await mkdtemp(join(tmpdir(), 'packbench-probe-'));
  const probe = await open(join(dir, 'probe'), 'w');
  handles = Object.getPrototypeOf(probe) as HandleMethods;
  await probe.close();
  await rm(dir, { recursive: true, force: true });
});

let bench: Bench | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await bench?.close();
  bench = undefined;
});

const diskFull = (): Error =>
  Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });

/**
 * Refuses whole-file writes into some folders of the data directory (while `when` says so). Which file a handle
 * writes is read from /proc, so the tests that use this run on Linux only: a label's bytes go to the label cache
 * and to the spool alike, and nothing else tells the two writes apart.
 */
function refuseWritesIn(
  folders: 'spool' | 'labels' | ('spool' | 'labels')[],
  when: () => boolean = () => true,
): void {
  const refused = (Array.isArray(folders) ? folders : [folders]).map((folder) => `/${folder}/`);
  const writeFile = handles.writeFile as (...args: unknown[]) => Promise<void>;
  vi.spyOn(handles, 'writeFile').mockImplementation(function (this: FileHandle, ...args: unknown[]) {
    const target = when() ? readlinkSync(`/proc/self/fd/${this.fd}`) : '';
    if (refused.some((folder) => target.includes(folder))) return Promise.reject(diskFull());
    return writeFile.apply(this, args);
  });
}

/**
 * Scans a booking of an outbound and a return shipment while the journal refuses its second `booked` (the return
 * shipment's, its label already cached; the outbound one's is written), then lets the disk take writes again.
 */
async function scanRefusingReturnBooked(b: Bench, code: string): Promise<string> {
  let booked = 0;
  const write = handles.write as (...args: unknown[]) => ReturnType<FileHandle['write']>;
  vi.spyOn(handles, 'write').mockImplementation(function (this: FileHandle, ...args: unknown[]) {
    const [data] = args;
    if (Buffer.isBuffer(data) && data.includes('"type":"booked"') && ++booked >= 2)
      return Promise.reject(diskFull());
    return write.apply(this, args);
  });
  const { jobId } = await b.station.scan({ code });
  await waitForJob(b.station, jobId);
  await b.station.whenIdle();
  vi.restoreAllMocks();
  return jobId;
}

function bookingsOf(b: Bench, orderNo: string): number {
  return b.sim.records().filter((r) => !r.cancelled && r.orderNo === orderNo).length;
}

describe('a data folder that refuses writes', () => {
  it('turns a scan the journal cannot save into a failed job that says so, and books nothing', async () => {
    bench = await startBench();
    vi.spyOn(handles, 'write').mockRejectedValue(diskFull());

    const { jobId } = await bench.station.scan({ code: 'ORD-1001' });
    const job = await waitForJob(bench.station, jobId);

    expect(job.state).toBe('failed');
    expect(job.failure).toMatchObject({
      reason: 'station',
      code: 'cannot_save',
      detail: 'data_folder_unwritable',
    });
    expect(job.failure?.message).toContain('its disk is full');
    await bench.station.whenIdle();
    expect(bookingsOf(bench, 'ORD-1001')).toBe(0);
    expect(bench.zebra.labels()).toEqual([]);

    // Nothing more is booked until Packbench restarts, even once the disk would take writes again.
    vi.restoreAllMocks();
    const next = await waitForJob(bench.station, (await bench.station.scan({ code: 'ORD-1001' })).jobId);
    expect(next.failure?.code).toBe('cannot_save');
    expect(bookingsOf(bench, 'ORD-1001')).toBe(0);

    // A restart on the disk that takes writes again: the unsaved jobs are gone, and the order books once.
    await bench.station.close();
    const restarted = await bench.startStation();
    expect((await restarted.listJobs({})).map((j) => j.id)).not.toContain(jobId);
    const booked = await waitForJob(restarted, (await restarted.scan({ code: 'ORD-1001' })).jobId);
    expect(booked.state).toBe('printed');
    expect(bookingsOf(bench, 'ORD-1001')).toBe(1);
  });

  /**
   * Booked in nShift, not kept here: the job says so with its shipment, nothing prints, nothing more is booked,
   * and the restart on a disk that takes writes finds the booking in nShift and prints its label, once.
   */
  async function bookedButNotSaved(b: Bench): Promise<void> {
    const { jobId } = await b.station.scan({ code: 'ORD-1001' });
    const job = await waitForJob(b.station, jobId);
    await b.station.whenIdle();

    const shipment = b.sim.records().find((r) => r.orderNo === 'ORD-1001');
    expect(shipment).toBeDefined();
    expect(job.state).toBe('failed');
    expect(job.failure).toMatchObject({
      reason: 'station',
      code: 'cannot_save',
      detail: 'booking_not_saved',
      params: { shipmentId: shipment!.shipmentId },
    });
    expect(job.failure?.message).toContain('Do not book the order again');
    expect(Buffer.concat(b.zebra.printData())).toHaveLength(0);

    vi.restoreAllMocks();
    const again = await waitForJob(b.station, (await b.station.scan({ code: 'ORD-1001' })).jobId);
    expect(again.failure?.code).toBe('cannot_save');
    expect(bookingsOf(b, 'ORD-1001')).toBe(1);

    await b.station.close();
    const restarted = await b.startStation();
    const resumed = await waitForJob(restarted, jobId);
    expect(resumed.state).toBe('printed');
    expect(resumed.shipments.map((s) => s.shipmentId)).toEqual([shipment!.shipmentId]);
    const documents = resumed.shipments.flatMap((s) => s.documents);
    expect(documents).toHaveLength(1);
    const label = await restarted.getDocumentPreview({ documentId: documents[0]!.documentId });
    expect(Buffer.concat(b.zebra.printData())).toEqual(Buffer.from(label.base64, 'base64'));
    expect(bookingsOf(b, 'ORD-1001')).toBe(1);
  }

  it('stops at a booking whose label the label cache could not keep, and prints it once after the restart', async () => {
    bench = await startBench();
    vi.spyOn(handles, 'writeFile').mockRejectedValue(diskFull());
    await bookedButNotSaved(bench);
  });

  it('stops at a booking whose `booked` the journal refused, and prints it once after the restart', async () => {
    bench = await startBench();
    const write = handles.write as (...args: unknown[]) => ReturnType<FileHandle['write']>;
    vi.spyOn(handles, 'write').mockImplementation(function (this: FileHandle, ...args: unknown[]) {
      const [data] = args;
      if (Buffer.isBuffer(data) && data.includes('"type":"booked"')) return Promise.reject(diskFull());
      return write.apply(this, args);
    });
    await bookedButNotSaved(bench);
  });

  // A booking's label is recorded `sending` by the journal's `booked` (issue 30), no longer by the spool.
  it('stops at a label whose `sending` the journal could not record, and prints it once after the restart', async () => {
    bench = await startBench();
    const write = handles.write as (...args: unknown[]) => ReturnType<FileHandle['write']>;
    vi.spyOn(handles, 'write').mockImplementation(function (this: FileHandle, ...args: unknown[]) {
      const [data] = args;
      if (Buffer.isBuffer(data) && data.includes('"sending":[')) return Promise.reject(diskFull());
      return write.apply(this, args);
    });
    await bookedButNotSaved(bench);
  });

  // A booking's label goes out with its bytes in the label cache alone: the spool writes none of them (issue 30).
  it.runIf(process.platform === 'linux')(
    'stops at a label whose bytes the station could not write, and prints it once after the restart',
    async () => {
      bench = await startBench();
      refuseWritesIn('labels');
      await bookedButNotSaved(bench);
    },
  );

  it.runIf(process.platform === 'linux')(
    'a manifest the spool could not write stops the station without naming a shipment to keep from rebooking',
    async () => {
      bench = await startBench();
      await waitForJob(bench.station, (await bench.station.scan({ code: 'ORD-1001' })).jobId);
      refuseWritesIn('spool');
      const { jobId } = await bench.station.createManifest({ manifestType: 'PNL' });
      const job = await waitForJob(bench.station, jobId);
      expect(job.failure).toMatchObject({ code: 'cannot_save', detail: 'data_folder_unwritable' });
      // Nothing more is booked until the restart.
      vi.restoreAllMocks();
      const next = await waitForJob(bench.station, (await bench.station.scan({ code: 'ORD-1002' })).jobId);
      expect(next.failure?.code).toBe('cannot_save');
      expect(bookingsOf(bench, 'ORD-1002')).toBe(0);
    },
  );

  it.runIf(process.platform === 'linux')(
    'a split order whose label cache and spool still refuse after a restart names the booked shipment, and the next restart finishes it',
    async () => {
      bench = await startBench();
      // The label cache keeps a booking's label on its way out, the spool one printed after a restart (issue 30).
      refuseWritesIn(['labels', 'spool']);
      const { jobId } = await bench.station.scan({ code: 'SPLIT-3002' });
      const first = await waitForJob(bench.station, jobId);
      const booked = bench.sim.records().filter((r) => r.orderNo === 'SPLIT-3002');
      expect(booked).toHaveLength(1);
      expect(first.failure).toMatchObject({
        detail: 'booking_not_saved',
        params: { shipmentId: booked[0]!.shipmentId },
      });

      // Restarted on a spool that still refuses: the booked label cannot be spooled, and nothing more is booked.
      await bench.station.close();
      const second = await bench.startStation();
      const again = await waitForJob(second, jobId);
      expect(again.failure).toMatchObject({
        detail: 'booking_not_saved',
        params: { shipmentId: booked[0]!.shipmentId },
      });
      expect(bookingsOf(bench, 'SPLIT-3002')).toBe(1);
      expect(bench.zebra.labels()).toHaveLength(0);

      // On a disk that takes writes: the booked label once, the other two booked and printed once each.
      vi.restoreAllMocks();
      await second.close();
      const third = await bench.startStation();
      const done = await waitForJob(third, jobId);
      expect(done.state).toBe('printed');
      expect(bookingsOf(bench, 'SPLIT-3002')).toBe(3);
      expect(bench.zebra.labels()).toHaveLength(3);
    },
  );

  it('books no further stored shipment of a split order once one booking could not be kept', async () => {
    // SPLIT-3002: three READY stored shipments with that order number.
    bench = await startBench();
    vi.spyOn(handles, 'writeFile').mockRejectedValue(diskFull());
    const { jobId } = await bench.station.scan({ code: 'SPLIT-3002' });
    const job = await waitForJob(bench.station, jobId);
    await bench.station.whenIdle();

    // The first stored shipment is booked and could not be kept; the second is never asked for.
    const booked = bench.sim.records().filter((r) => !r.cancelled && r.orderNo === 'SPLIT-3002');
    expect(booked).toHaveLength(1);
    expect(job.failure).toMatchObject({
      code: 'cannot_save',
      detail: 'booking_not_saved',
      params: { shipmentId: booked[0]!.shipmentId },
    });
    expect(Buffer.concat(bench.zebra.printData())).toHaveLength(0);

    // The restart prints the booked one and books the other two: each once.
    vi.restoreAllMocks();
    await bench.station.close();
    const restarted = await bench.startStation();
    const resumed = await waitForJob(restarted, jobId);
    expect(resumed.state).toBe('printed');
    expect(bookingsOf(bench, 'SPLIT-3002')).toBe(3);
    expect(resumed.shipments.map((s) => s.shipmentId)).toContain(booked[0]!.shipmentId);
    expect(resumed.shipments).toHaveLength(3);
    expect(bench.zebra.labels()).toHaveLength(3);
  });

  it.runIf(process.platform === 'linux')(
    'a booking of an outbound and a return shipment whose second the label cache could not keep prints both once after the restart',
    async () => {
      bench = await startBench();
      // A RETURN addon: nShift books the outbound shipment and a return shipment, one answer for both.
      createReturnStored(bench, 'RET-7001');
      // The first shipment is kept (its label, then its `booked`); from then on the label cache is refused.
      let firstKept = false;
      const write = handles.write as (...args: unknown[]) => ReturnType<FileHandle['write']>;
      vi.spyOn(handles, 'write').mockImplementation(function (this: FileHandle, ...args: unknown[]) {
        const [data] = args;
        if (Buffer.isBuffer(data) && data.includes('"type":"booked"')) firstKept = true;
        return write.apply(this, args);
      });
      refuseWritesIn('labels', () => firstKept);

      const { jobId } = await bench.station.scan({ code: 'RET-7001' });
      const job = await waitForJob(bench.station, jobId);
      await bench.station.whenIdle();
      const shipments = bench.sim.records().filter((r) => r.orderNo === 'RET-7001');
      expect(shipments).toHaveLength(2);
      const kept = job.shipments.find((s) => s.documents.length > 0)!.shipmentId;
      const lost = shipments.map((s) => s.shipmentId).find((id) => id !== kept);
      // The job shows both shipments, and the message names the one the station could not keep.
      expect(job.shipments.map((s) => s.shipmentId)).toEqual([kept, lost]);
      expect(job.failure).toMatchObject({ detail: 'booking_not_saved', params: { shipmentId: lost } });
      expect(bench.zebra.labels()).toHaveLength(0);

      vi.restoreAllMocks();
      await bench.station.close();
      const restarted = await bench.startStation();
      // The job ends only once both labels printed: the return shipment was the job's all along.
      const resumed = await waitForJob(restarted, jobId);
      expect(resumed.state).toBe('printed');
      expect(resumed.shipments.map((s) => s.shipmentId).sort()).toEqual(
        shipments.map((s) => s.shipmentId).sort(),
      );
      expect(bench.zebra.labels()).toHaveLength(2);
      expect(bench.sim.records().filter((r) => r.orderNo === 'RET-7001')).toHaveLength(2);
    },
  );

  it('a return shipment whose `booked` the journal refused, printed from a copy after the hour, reprints once', async () => {
    bench = await startBench();
    createReturnStored(bench, 'RET-7003');
    const jobId = await scanRefusingReturnBooked(bench, 'RET-7003');

    // Restarted after nShift's hour: the return label prints from a copy, beside the original in the cache.
    await bench.station.close();
    bench.sim.clock.advance(2 * 60 * 60 * 1000);
    const restarted = await bench.startStation();
    expect((await waitForJob(restarted, jobId)).state).toBe('printed');
    expect(bench.zebra.labels()).toHaveLength(2);

    // A reprint prints the job's two labels, once each: not the original beside its copy.
    const { jobId: reprintId } = await restarted.reprint({ jobId });
    await restarted.whenIdle();
    const reprint = await restarted.getJob({ jobId: reprintId });
    expect(reprint.state).toBe('printed');
    expect(reprint.shipments.flatMap((s) => s.documents)).toHaveLength(2);
    expect(bench.zebra.labels()).toHaveLength(4);
  });

  it('a return shipment whose `booked` the journal refused prints after the restart where its service routes it, with its numbers', async () => {
    // The service's labels go to their own printer (the documents folder), not to the label printer.
    bench = await startBench({
      settings: (s) => ({
        ...s,
        routing: { ...s.routing, rules: [{ serviceId: 'P19', printerId: 'docs' }] },
      }),
    });
    createReturnStored(bench, 'RET-7006');
    const jobId = await scanRefusingReturnBooked(bench, 'RET-7006');

    await bench.station.close();
    const restarted = await bench.startStation();
    const job = await waitForJob(restarted, jobId);
    await restarted.whenIdle();
    expect(job.state).toBe('printed');
    const records = bench.sim.records().filter((r) => r.orderNo === 'RET-7006');
    expect(records).toHaveLength(2);
    for (const record of records) {
      expect(job.shipments.find((s) => s.shipmentId === record.shipmentId)).toMatchObject({
        shipmentNo: record.shipmentNo,
        parcelNos: record.parcelNos,
        serviceId: 'P19',
        state: 'printed',
      });
    }
    expect(bench.zebra.labels()).toHaveLength(0);
    expect(await readdir(join(bench.dataDir, 'documents'))).toHaveLength(2);
  });

  it('names the shipment too when the booking was found in nShift after its answer was lost', async () => {
    bench = await startBench();
    bench.sim.faults.dropAfterCommit(1, { path: '/orders/shipments' });
    vi.spyOn(handles, 'writeFile').mockRejectedValue(diskFull());
    await bookedButNotSaved(bench);
  });
});
