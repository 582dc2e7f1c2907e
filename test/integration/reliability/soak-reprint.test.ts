import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SOAK_DEFAULTS } from '../../soak/options';
import { runSoak } from '../../soak/run-soak';

/**
 * A booking whose label cannot be downloaded: the station says "booked, reprint it, do not book it again";
 * the soak's packer does exactly that, and the label still prints once with one booking.
 */
describe('a soak day where the first label cannot be downloaded', () => {
  let root: string | undefined;
  afterAll(async () => {
    if (root) await rm(root, { recursive: true, force: true });
  });

  it("reprints on the station's word and ends with every label printed once", async () => {
    root = await mkdtemp(join(tmpdir(), 'packbench-soak-reprint-'));
    const report = await runSoak({
      ...SOAK_DEFAULTS,
      scans: 25,
      seed: 3,
      kills: 0,
      outages: 0,
      tokenExpiries: 0,
      serverErrorRate: 0,
      dropAfterCommitRate: 0,
      spikeRate: 0,
      stallMs: 20_000,
      deadlineMs: 60_000,
      dataDir: join(root, 'data'),
      headlessEntry: resolve('dist/main/headless.js'),
      log: () => {},
      // Its subject is the reprint; the disk-full phase is the short soak's.
      diskFullOrders: 0,
      // Every try of the first label download fails (the transport retries idempotent reads).
      setUpSimulator: (sim) =>
        sim.faults.failNext(3, { method: 'GET', path: '/shipments/*/prints', status: 503 }),
    });
    expect(report.scans.reprintsRequested).toBe(1);
    expect(report.bookings.doubled).toEqual([]);
    expect(report.bookings.notBooked).toEqual([]);
    expect(report.labels.lost).toEqual([]);
    expect(report.labels.doubled).toEqual([]);
    expect(report.problems).toEqual([]);
  }, 90_000);
});
