import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { JobView, SpoolJobView } from '../../../preload/api';
import { scanAndWait, startBench, type Bench } from '../../support/station-harness';

/**
 * A label that fails after the print call that sent it has answered (released from hold, retried on the Jobs
 * screen) still fails its job with a failure the packer's screen can explain: never `failed` with nothing to say.
 */
let bench: Bench | undefined;
afterEach(async () => {
  await bench?.close();
  bench = undefined;
});

/** A scan whose label the offline Zebra did not take: held, and its spool job. */
async function heldLabel(b: Bench): Promise<{ job: JobView; held: SpoolJobView }> {
  await b.zebra.offline();
  const job = await scanAndWait(b.station, 'ORD-1001');
  expect(job.state).toBe('held');
  expect(job.failure).toBeUndefined();
  const held = (await b.station.listSpool()).find((j) => j.state === 'held' && j.stationJobId === job.id);
  expect(held).toBeDefined();
  return { job, held: held! };
}

async function spoolJob(b: Bench, id: string): Promise<SpoolJobView | undefined> {
  return (await b.station.listSpool()).find((j) => j.id === id);
}

/** The journal's `failed` entries of a job. */
async function failedEntries(b: Bench, jobId: string): Promise<unknown[]> {
  const dir = join(b.dataDir, 'journal');
  const lines: string[] = [];
  for (const file of (await readdir(dir)).filter((f) => f.endsWith('.jsonl')))
    lines.push(...(await readFile(join(dir, file), 'utf8')).split('\n').filter(Boolean));
  // Each line is its checksum, a space, then the entry.
  return lines
    .map((line) => JSON.parse(line.slice(line.indexOf(' ') + 1)) as { type?: string; jobId?: string })
    .filter((entry) => entry.type === 'failed' && entry.jobId === jobId);
}

async function failedJob(b: Bench, jobId: string): Promise<JobView> {
  await expect.poll(async () => (await b.station.getJob({ jobId })).failure).toBeDefined();
  return b.station.getJob({ jobId });
}

describe('a label that fails after its print call answered', () => {
  it('held, its printer removed in Settings, then released: the job fails with no_printer, not with nothing', async () => {
    bench = await startBench();
    const { job, held } = await heldLabel(bench);
    await bench.station.removePrinter({ printerId: 'zebra' });
    await bench.station.releaseSpoolJob({ spoolJobId: held.id });

    const failed = await failedJob(bench, job.id);
    expect(failed.state).toBe('failed');
    expect(failed.failure).toMatchObject({ reason: 'printer', code: 'no_printer' });
    expect(failed.failure?.detail).toBeUndefined();
    expect(failed.failure?.message).toContain('Virtual Zebra');
    const after = await spoolJob(bench, held.id);
    expect(after).toMatchObject({ state: 'failed', lastErrorCode: 'rejected' });
    expect(after?.lastError).toBe('Printer Virtual Zebra is no longer set up');
    expect(bench.zebra.labels()).toHaveLength(0);

    // A restart reads the same failure back from the journal.
    await bench.station.close();
    const again = await bench.startStation();
    expect((await again.getJob({ jobId: job.id })).failure).toMatchObject({ code: 'no_printer' });
  });

  it('released with its bytes gone from the spool: printer_io naming the printer; a retry after the printer went says no_printer', async () => {
    bench = await startBench();
    const { job, held } = await heldLabel(bench);
    await bench.zebra.online();
    await rm(join(bench.dataDir, 'spool', `${held.id}.bin`));
    await bench.station.releaseSpoolJob({ spoolJobId: held.id });

    const failed = await failedJob(bench, job.id);
    expect(failed.state).toBe('failed');
    expect(failed.failure).toMatchObject({
      reason: 'printer',
      code: 'printer_error',
      detail: 'printer_io',
      params: { printer: 'Virtual Zebra' },
    });
    expect(await spoolJob(bench, held.id)).toMatchObject({ state: 'failed', lastErrorCode: 'io' });

    // The same label retried on the Jobs screen fails again, for another reason: the job says the newer one.
    await bench.station.removePrinter({ printerId: 'zebra' });
    await bench.station.retrySpoolJob({ spoolJobId: held.id });
    await expect
      .poll(async () => (await bench!.station.getJob({ jobId: job.id })).failure?.code)
      .toBe('no_printer');
    expect((await bench.station.getJob({ jobId: job.id })).state).toBe('failed');
    expect(bench.zebra.labels()).toHaveLength(0);
  });

  it('removed while its own print call still retries it: the scan fails once, with no_printer rather than a refusal', async () => {
    bench = await startBench({
      // The spool keeps trying the offline printer (never holds): the scan's print call is still waiting.
      extra: {
        printServiceOptions: {
          backoffMs: () => 50,
          driverOptions: { zplTcp: { connectTimeoutMs: 500, writeTimeoutMs: 1000 } },
        },
      },
    });
    await bench.zebra.offline();
    const { jobId } = await bench.station.scan({ code: 'ORD-1001' });
    await expect
      .poll(async () => (await bench!.station.listSpool()).find((j) => j.stationJobId === jobId)?.attempts)
      .toBeGreaterThan(0);
    await bench.station.removePrinter({ printerId: 'zebra' });

    await bench.finished(jobId);
    // The print state is journalled before the scan records its failure: the job reads failed a moment before.
    const job = await failedJob(bench, jobId);
    expect(job.state).toBe('failed');
    expect(job.failure).toMatchObject({ reason: 'printer', code: 'no_printer' });
    // The print call's answer and the spool's event about it are one failure, not two.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await failedEntries(bench, jobId)).toHaveLength(1);
  });

  it('released once more and failing the same way: the journal takes no second failure', async () => {
    bench = await startBench();
    const { job, held } = await heldLabel(bench);
    await bench.zebra.online();
    await rm(join(bench.dataDir, 'spool', `${held.id}.bin`));
    await bench.station.releaseSpoolJob({ spoolJobId: held.id });
    await failedJob(bench, job.id);
    const failedEvents = (): number =>
      bench!.events.filter((e) => e.type === 'spool' && e.job.id === held.id && e.job.state === 'failed')
        .length;
    const before = failedEvents();
    await bench.station.retrySpoolJob({ spoolJobId: held.id });
    await expect.poll(failedEvents).toBe(before + 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await failedEntries(bench, job.id)).toHaveLength(1);
  });
});
