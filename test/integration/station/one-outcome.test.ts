/**
 * One terminal outcome per job (issue 28): a scan the station reported `failed` because its disk refused a
 * write is never booked or printed afterwards, not even by the restart, unless the packer scans it again. The
 * disk fills up at a booking while scans wait behind it: the journal's day file refuses every write from then
 * on (as a full disk refuses new blocks), everything else is real.
 */
import { readlinkSync } from 'node:fs';
import { mkdtemp, open, rm, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startBench, waitForJob, type Bench } from '../../support/station-harness';

let handles: Pick<FileHandle, 'write'>;
beforeAll(async () => {
  const dir = await mkdtemp(join(tmpdir(), 'packbench-probe-'));
  const probe = await open(join(dir, 'probe'), 'w');
  handles = Object.getPrototypeOf(probe) as typeof handles;
  await probe.close();
  await rm(dir, { recursive: true, force: true });
});

let bench: Bench | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await bench?.close();
  bench = undefined;
});

/** From the first `booked` on, the journal's day files take no more bytes: the disk is full. */
function diskFullAtTheFirstBooking(): void {
  let full = false;
  const write = handles.write as (...args: unknown[]) => ReturnType<FileHandle['write']>;
  vi.spyOn(handles, 'write').mockImplementation(function (this: FileHandle, ...args: unknown[]) {
    const file = basename(readlinkSync(`/proc/self/fd/${this.fd}`));
    const [data] = args;
    if (
      /^journal-.*\.jsonl$/.test(file) &&
      (full || (Buffer.isBuffer(data) && data.includes('"type":"booked"')))
    ) {
      full = true;
      return Promise.reject(
        Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }),
      );
    }
    return write.apply(this, args);
  });
}

const bookings = (b: Bench, code: string): number =>
  b.sim.records().filter((r) => !r.cancelled && r.internalReference === code).length;

describe.runIf(process.platform === 'linux')('a job reported failed stays failed', () => {
  it('scans queued behind a refused write are never booked by the restart; the booking in hand prints once', async () => {
    bench = await startBench();
    // The first scan's look-up is slow, so the next three wait on the queue, their `job` entries on disk.
    bench.sim.faults.latency({ path: '/orders', ms: 400 });
    diskFullAtTheFirstBooking();
    const first = await bench.station.scan({ code: 'ORD-1005' });
    const queued = [];
    for (const code of ['ORD-1003', 'ORD-1004', 'ORD-1006'])
      queued.push({ code, jobId: (await bench.station.scan({ code })).jobId });

    expect((await waitForJob(bench.station, first.jobId)).failure).toMatchObject({
      detail: 'booking_not_saved',
    });
    for (const { jobId } of queued)
      expect((await waitForJob(bench.station, jobId)).failure).toMatchObject({
        code: 'cannot_save',
        detail: 'data_folder_unwritable',
      });
    await bench.station.whenIdle();
    expect(bookings(bench, 'ORD-1005')).toBe(1);

    // Room on the disk again, and a restart.
    vi.restoreAllMocks();
    bench.sim.faults.clear();
    await bench.station.close();
    const restarted = await bench.startStation();
    await restarted.whenIdle();

    // What the packer was told holds: failed, nothing booked or printed for them.
    for (const { code, jobId } of queued) {
      expect(bookings(bench, code)).toBe(0);
      expect(await restarted.getJob({ jobId })).toMatchObject({
        state: 'failed',
        failure: { code: 'cannot_save', detail: 'data_folder_unwritable' },
      });
    }
    // The booking nShift made prints its label once, as the packer was told it would.
    expect((await waitForJob(restarted, first.jobId)).state).toBe('printed');
    expect(bench.zebra.labels()).toHaveLength(1);
    expect(bookings(bench, 'ORD-1005')).toBe(1);

    // A second restart changes nothing; scanning one again books it, once.
    await restarted.close();
    const again = await bench.startStation();
    await again.whenIdle();
    for (const code of ['ORD-1003', 'ORD-1004', 'ORD-1006']) expect(bookings(bench, code)).toBe(0);
    expect((await waitForJob(again, (await again.scan({ code: 'ORD-1004' })).jobId)).state).toBe('printed');
    expect(bookings(bench, 'ORD-1004')).toBe(1);
    expect(bookings(bench, 'ORD-1003')).toBe(0);
  });
});
