import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { systemClock, type Clock } from '../../../main/printers/clock';
import type { Station } from '../../../main/station/station';
import { scanAndWait, startBench, waitForJob, type Bench } from '../../support/station-harness';

const DAY_MS = 24 * 60 * 60 * 1000;

let bench: Bench | undefined;
afterEach(async () => {
  await bench?.close();
  bench = undefined;
});

/** A station whose clock (journal, label cache, spool) can be moved forward by whole days. */
async function benchWithMovableClock(): Promise<{
  bench: Bench;
  later: (days: number) => void;
  restart: () => Promise<Station>;
}> {
  let offset = 0;
  const now = (): Date => new Date(Date.now() + offset);
  const clock: Clock = { ...systemClock, now: () => Date.now() + offset };
  const extra = {
    now,
    printServiceOptions: {
      clock,
      backoffMs: () => 20,
      holdAfterAttempts: 3,
      driverOptions: { zplTcp: { connectTimeoutMs: 500, writeTimeoutMs: 1000 } },
    },
  };
  const b = await startBench({ extra });
  return {
    bench: b,
    later: (days) => (offset += days * DAY_MS),
    async restart() {
      await b.station.close();
      return b.startStation({ extra });
    },
  };
}

const documentIds = (job: { shipments: { documents: { documentId: string }[] }[] }): string[] =>
  job.shipments.flatMap((s) => s.documents.map((d) => d.documentId));

describe('pruning the data directory by age', () => {
  it('removes old journal days, labels and finished spool records, and keeps what exactly-once and reprints need', async () => {
    const world = await benchWithMovableClock();
    bench = world.bench;
    const { station } = bench;
    const old = await scanAndWait(station, 'ORD-1001');
    expect(old.state).toBe('printed');
    // The default keeps 90 days of journal, 30 of labels, 14 of finished spool jobs. A hundred days on, the
    // station is used three days in a row (a start reads back the three newest journal days).
    world.later(100);
    expect((await scanAndWait(station, 'ORD-1003')).state).toBe('printed');
    world.later(1);
    expect((await scanAndWait(station, 'ORD-1004')).state).toBe('printed');
    world.later(1);
    const recent = await scanAndWait(station, 'ORD-1002');
    expect(recent.state).toBe('printed');
    const oldDay = old.createdAt.slice(0, 10);
    const today = recent.createdAt.slice(0, 10);

    const report = await station.prune();

    expect(report.journalFiles).toEqual([`journal-${oldDay}.jsonl`]);
    expect(report.labels).toBe(documentIds(old).length);
    expect(report.spoolRecords).toBeGreaterThanOrEqual(1);
    const journalFiles = (await readdir(join(bench.dataDir, 'journal'))).filter((n) => n.endsWith('.jsonl'));
    expect(journalFiles).toHaveLength(3);
    expect(journalFiles).toContain(`journal-${today}.jsonl`);
    const done = await readdir(join(bench.dataDir, 'spool', 'done'));
    expect(done.some((n) => n.startsWith(`${recent.id}~`))).toBe(true);
    expect(done.some((n) => n.startsWith(`${old.id}~`))).toBe(false);
    // Today's labels are still in the cache, the old ones are gone.
    for (const id of documentIds(recent))
      await expect(station.getDocumentPreview({ documentId: id })).resolves.toBeTruthy();
    for (const id of documentIds(old))
      await expect(station.getDocumentPreview({ documentId: id })).rejects.toThrow();

    // Exactly once: neither order is booked again, whether the journal still has it (today) or not (pruned).
    for (const code of ['ORD-1002', 'ORD-1001']) {
      const again = await scanAndWait(station, code);
      expect(again.failure?.reason).toBe('duplicate');
      expect(bench.sim.records().filter((r) => !r.cancelled && r.internalReference === code)).toHaveLength(1);
    }

    // Reprints: today's from the label cache, the pruned one as a copy from nShift.
    for (const code of ['ORD-1002', 'ORD-1001']) {
      const reprint = await waitForJob(station, (await station.reprint({ code })).jobId);
      expect(reprint.state).toBe('printed');
    }

    // A restart after pruning reads back today's jobs and finds nothing to resume.
    const restarted = await world.restart();
    const jobs = await restarted.listJobs({ limit: 50 });
    expect(jobs.map((j) => j.id)).toContain(recent.id);
    expect(
      bench.sim.records().filter((r) => !r.cancelled && r.internalReference === 'ORD-1002'),
    ).toHaveLength(1);
  });

  it('a station left running forgets, as a start would, the jobs before the journal days a start reads back', async () => {
    const world = await benchWithMovableClock();
    bench = world.bench;
    const old = await scanAndWait(bench.station, 'ORD-1001');
    // Ten days on, the station is used three days in a row: a start would read back those three journal days.
    world.later(10);
    await scanAndWait(bench.station, 'ORD-1003');
    world.later(1);
    await scanAndWait(bench.station, 'ORD-1004');
    world.later(1);
    const recent = await scanAndWait(bench.station, 'ORD-1002');
    await expect(bench.station.getJob({ jobId: old.id })).resolves.toMatchObject({ state: 'printed' });

    const report = await bench.station.prune();

    // The journal keeps its day (90 days by default), but memory keeps what a restart would have: not that job.
    expect(report.journalFiles).toEqual([]);
    expect(report.jobs).toBe(1);
    await expect(bench.station.getJob({ jobId: old.id })).rejects.toThrow();
    await expect(bench.station.getJob({ jobId: recent.id })).resolves.toMatchObject({ state: 'printed' });
    const restarted = await world.restart();
    await expect(restarted.getJob({ jobId: old.id })).rejects.toThrow();
    // The order is still never booked twice: nShift says it is booked.
    expect((await scanAndWait(restarted, 'ORD-1001')).failure?.reason).toBe('duplicate');
    expect(
      bench.sim.records().filter((r) => !r.cancelled && r.internalReference === 'ORD-1001'),
    ).toHaveLength(1);
  });

  it('never removes the journal days a start reads back, however short the retention', async () => {
    const world = await benchWithMovableClock();
    bench = world.bench;
    const days: string[] = [];
    for (let i = 0; i < 4; i++) {
      const job = await scanAndWait(bench.station, `ORD-100${i + 1}`);
      days.push(job.createdAt.slice(0, 10));
      world.later(1);
    }
    await bench.station.saveSettings({ retention: { journalDays: 7, labelDays: 2, spoolDays: 7 } });
    world.later(30);
    const journalDir = join(bench.dataDir, 'journal');
    const dayFiles = async (): Promise<string[]> =>
      (await readdir(journalDir)).filter((n) => n.endsWith('.jsonl')).sort();
    const before = await dayFiles();
    expect(before.slice(0, 4)).toEqual(days.map((d) => `journal-${d}.jsonl`));
    const report = await bench.station.prune();
    // Thirty days on, all four days are older than the shortest retention allowed, but a start reads back the
    // three newest (an intent without its outcome is reconciled from them): only the oldest goes.
    expect(report.journalFiles.length).toBeGreaterThan(0);
    expect(await dayFiles()).toEqual(before.slice(-3));
    // And a retention shorter than that window is refused.
    await expect(
      bench.station.saveSettings({ retention: { journalDays: 1, labelDays: 2, spoolDays: 7 } }),
    ).rejects.toThrow();
  });
});
