/**
 * A station whose data folder refuses writes (a full disk): the file system's refusal is injected on the file
 * handles the station writes with, everything else is real (simulator over HTTP, virtual Zebra, files).
 * The journal appends with FileHandle.write; the label cache and the spool write whole files with writeFile.
 */
import { mkdtemp, open, rm, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startBench, waitForJob, type Bench } from '../../support/station-harness';

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

  it('fails a booking whose label the disk could not keep with its shipment, never rebooks, and reprints it', async () => {
    bench = await startBench();
    vi.spyOn(handles, 'writeFile').mockRejectedValue(diskFull());

    const { jobId } = await bench.station.scan({ code: 'ORD-1001' });
    const job = await waitForJob(bench.station, jobId);
    await bench.station.whenIdle();

    const shipment = bench.sim.records().find((r) => r.orderNo === 'ORD-1001');
    expect(shipment).toBeDefined();
    expect(job.state).toBe('failed');
    expect(job.failure).toMatchObject({
      reason: 'station',
      code: 'cannot_save',
      detail: 'booking_not_saved',
      params: { shipmentId: shipment!.shipmentId },
    });
    expect(job.failure?.message).toContain('do not book the order again');
    expect(bench.zebra.labels()).toEqual([]);

    // Scanning again is answered from nShift (already booked), never a second booking.
    vi.restoreAllMocks();
    const again = await waitForJob(bench.station, (await bench.station.scan({ code: 'ORD-1001' })).jobId);
    expect(again.failure?.code).toBe('already_booked');
    expect(bookingsOf(bench, 'ORD-1001')).toBe(1);

    // Once the disk takes writes again, the reprint the failure asks for prints the label, once.
    const reprint = await waitForJob(bench.station, (await bench.station.reprint({ jobId })).jobId);
    expect(reprint.state).toBe('printed');
    const documents = reprint.shipments.flatMap((s) => s.documents);
    expect(documents).toHaveLength(1);
    const label = await bench.station.getDocumentPreview({ documentId: documents[0]!.documentId });
    expect(Buffer.concat(bench.zebra.printData())).toEqual(Buffer.from(label.base64, 'base64'));
    expect(bookingsOf(bench, 'ORD-1001')).toBe(1);
  });
});
