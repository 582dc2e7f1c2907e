import { appendFile, mkdtemp, readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JobBook } from '../../../main/station/jobs';
import { openJobJournal, type JobJournal } from '../../../main/station/job-journal';
import { parseJournal } from '../../../main/station/journal';
import { installFileFaults } from '../../support/file-faults';
import { scanEntries, writeDay } from '../../support/full-day';

const DAY = '2026-11-21';
const evening = () => new Date(`${DAY}T18:00:00Z`);
const dirs: string[] = [];
const opened: JobJournal[] = [];

afterEach(async () => {
  for (const o of opened.splice(0)) await o.journal.close();
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

async function dataDir(): Promise<string> {
  const d = await mkdtemp(join(tmpdir(), 'packbench-checkpoint-'));
  dirs.push(d);
  return d;
}

async function open(dir: string): Promise<JobJournal> {
  const o = await openJobJournal({
    journalDir: join(dir, 'journal'),
    now: evening,
    log: () => {},
    onChange: () => {},
    busy: () => false,
    checkpointEvery: { entries: Number.MAX_SAFE_INTEGER, quietMs: 24 * 60 * 60 * 1000 },
  });
  opened.push(o);
  return o;
}

/** What a full replay of the journal says: the truth a checkpoint must agree with. */
async function replayAll(dir: string): Promise<JobBook> {
  const book = new JobBook();
  const files = (await readdir(join(dir, 'journal'))).filter((f) => f.endsWith('.jsonl')).sort();
  for (const f of files)
    for (const e of parseJournal(await readFile(join(dir, 'journal', f))).entries) book.apply(e, false);
  return book;
}

/** Every job of the full replay is in the book, equal in full once read back. */
async function expectSameJobs(book: JobBook, truth: JobBook): Promise<void> {
  const ids = [...truth.all()].map((j) => j.id);
  expect([...book.all()].map((j) => j.id)).toEqual(ids);
  for (const id of ids) {
    expect(await book.ensure(id)).toBe(true);
    expect(book.get(id)).toEqual(truth.get(id));
  }
  expect(book.openJobs().map((j) => j.id)).toEqual(truth.openJobs().map((j) => j.id));
}

describe('journal checkpoints', () => {
  it.runIf(process.platform === 'linux')(
    'come by amount, not after every pause: 100 scans two seconds apart write two checkpoints, not a hundred',
    async () => {
      const dir = await dataDir();
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const faults = await installFileFaults(dir);
      try {
        // The default policy, as a station opens it.
        const o = await openJobJournal({
          journalDir: join(dir, 'journal'),
          now: evening,
          log: () => {},
          onChange: () => {},
          busy: () => false,
        });
        opened.push(o);
        const written = () =>
          faults.steps.filter((s) => s.op === 'rename' && s.path.endsWith('checkpoint.json'));
        let entries = 0;
        for (let n = 1; n <= 100; n++) {
          for (const body of scanEntries(n, DAY)) {
            o.jobs.apply(await o.journal.append(body));
            entries++;
          }
          // The packer takes the next parcel: a quiet moment after every scan.
          await vi.advanceTimersByTimeAsync(3000);
        }
        expect(entries).toBeGreaterThan(500);
        expect(written().length).toBe(Math.floor(entries / 250));
        // The last one at close: the next start replays nothing.
        await o.checkpointer.close();
        expect(written().length).toBe(Math.floor(entries / 250) + 1);
      } finally {
        faults.remove();
        vi.useRealTimers();
      }
    },
  );

  it('a start from a checkpoint reads only the entries after it and rebuilds every job a full replay would', async () => {
    const dir = await dataDir();
    const day = await writeDay(dir, { scans: 700, day: DAY, files: false, tail: 12, unfinished: true });
    const { jobs, start, checkpointer } = await open(dir);
    expect(start.fromCheckpoint).toBe(true);
    // The tail: the last twelve scans' entries, not the day's thousands.
    expect(start.replayed).toBeGreaterThan(0);
    expect(start.replayed).toBeLessThan(100);
    expect(day.entries).toBeGreaterThan(3000);
    // The newest jobs are in memory; the oldest only as summaries until asked for.
    expect(jobs.has(day.jobIds.at(-1)!)).toBe(true);
    expect(jobs.has(day.jobIds[0]!)).toBe(false);
    expect(jobs.openJobs().map((j) => j.id)).toEqual([day.jobIds.at(-1)]);
    await checkpointer.close();
    await expectSameJobs(jobs, await replayAll(dir));
  });

  it('an entry for a job the checkpoint kept only as a summary brings that job back in full', async () => {
    const dir = await dataDir();
    const day = await writeDay(dir, { scans: 600, day: DAY, files: false, tail: 0 });
    const first = await open(dir);
    const old = day.jobIds[0]!;
    expect(first.jobs.has(old)).toBe(false);
    // A reprint of the first scan's label, hours later, appends to that old job.
    const [e] = await Promise.all([
      first.journal.append({
        type: 'print_state',
        jobId: old,
        shipmentId: String(5_000_001),
        documentId: `${5_000_001}-${8_000_001}`,
        state: 'printed',
        printerId: 'zebra',
        spoolJobId: 'sp-again',
        bytes: 100,
      }),
    ]);
    expect(first.jobs.apply(e!)).toBeUndefined();
    await first.journal.close();
    opened.splice(opened.indexOf(first), 1);

    const again = await open(dir);
    expect(again.start.fromCheckpoint).toBe(true);
    expect(again.jobs.has(old)).toBe(true);
    expect(again.jobs.get(old)?.shipments[0]?.documents[0]?.spoolJobId).toBe('sp-again');
    await expectSameJobs(again.jobs, await replayAll(dir));
  });

  it.each([
    [
      'torn (a crash mid-write of an older version without the temp file)',
      async (f: string) => truncate(f, 200),
    ],
    [
      'with a flipped byte',
      async (f: string) => {
        const text = await readFile(f, 'utf8');
        await writeFile(f, text.replace('"scan"', '"scam"'));
      },
    ],
    [
      'of another version',
      async (f: string) => {
        const text = await readFile(f, 'utf8');
        const json = text.slice(9, -1).replace('"version":1', '"version":99');
        const { checksumLine } = await import('../../../main/files/line-log');
        await writeFile(f, checksumLine(json));
      },
    ],
    [
      'holding a job kind this version does not know (a downgrade)',
      async (f: string) => {
        const text = await readFile(f, 'utf8');
        const json = text.slice(9, -1).replace('"kind":"scan"', '"kind":"scan_from_the_future"');
        const { checksumLine } = await import('../../../main/files/line-log');
        await writeFile(f, checksumLine(json));
      },
    ],
  ])('a checkpoint %s means a full replay, never a lost job', async (_name, spoil) => {
    const dir = await dataDir();
    await writeDay(dir, { scans: 120, day: DAY, files: false, tail: 10 });
    await spoil(join(dir, 'journal', 'checkpoint.json'));
    const { jobs, start, warnings } = await open(dir);
    expect(start.fromCheckpoint).toBe(false);
    expect(warnings.map((w) => w.code)).toContain('journal_checkpoint_unusable');
    expect(warnings.map((w) => w.message).join(' ')).toMatch(/checkpoint/);
    await expectSameJobs(jobs, await replayAll(dir));
  });

  it('a checkpoint whose offsets no longer fit the journal (a torn tail was cut off since) is not used', async () => {
    const dir = await dataDir();
    await writeDay(dir, { scans: 80, day: DAY, files: false, tail: 0 });
    const file = join(dir, 'journal', `journal-${DAY}.jsonl`);
    const lines = (await readFile(file, 'utf8')).split('\n');
    // The journal lost its last lines (a restore from backup): the checkpoint points past its end.
    await writeFile(file, `${lines.slice(0, lines.length - 40).join('\n')}\n`);
    const { jobs, start } = await open(dir);
    expect(start.fromCheckpoint).toBe(false);
    await expectSameJobs(jobs, await replayAll(dir));
  });

  it('a torn journal tail after the checkpoint is set aside and every whole entry kept', async () => {
    const dir = await dataDir();
    await writeDay(dir, { scans: 60, day: DAY, files: false, tail: 5 });
    await appendFile(join(dir, 'journal', `journal-${DAY}.jsonl`), '0badc0de {"type":"job","jobId":"scan-2');
    const { jobs, start, warnings } = await open(dir);
    expect(start.fromCheckpoint).toBe(true);
    expect(warnings.map((w) => w.code)).toContain('journal_damaged');
    expect(warnings.map((w) => w.message).join(' ')).toMatch(/set aside/);
    await expectSameJobs(jobs, await replayAll(dir));
  });

  it('the duplicate check sees every job of the day, in memory or not', async () => {
    const dir = await dataDir();
    const day = await writeDay(dir, { scans: 600, day: DAY, files: false, tail: 0 });
    const { jobs } = await open(dir);
    const firstCode = scanEntries(2, DAY)[0]!;
    expect(jobs.has(day.jobIds[1]!)).toBe(false);
    const found = [...jobs.all(DAY)].find(
      (j) => j.kind === 'scan' && firstCode.type === 'job' && j.scan === firstCode.scan,
    );
    expect(found?.shipments.map((s) => s.shipmentId)).toEqual([String(5_000_002)]);
  });
});
