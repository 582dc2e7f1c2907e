/**
 * What checkpoints write over a paced day (issue 30): 2,000 scans' journal entries (test/support/full-day.ts) go
 * through a job journal the way a station's do, a quiet moment after each scan as when a packer scans one parcel
 * every few seconds, under two policies side by side: this version's (by amount: every 250 entries, and at close)
 * and the one before it (after every quiet moment of two seconds, which a paced day meets after every scan: here
 * written after every scan). The bytes are counted by the file layer of test/support/file-faults.ts.
 *
 * Then a station left running for a month, every day's scans folded into its job book: what it holds in memory
 * and what one checkpoint of it weighs at the month's end, with the daily pruning's forgetting (as a start would
 * load: the three newest journal days, and whatever is still in motion) and without it (as before).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JOURNAL_DAYS, openJobJournal } from '../../main/station/job-journal';
import { JobBook } from '../../main/station/jobs';
import type { JournalEntry } from '../../main/station/journal';
import { installFileFaults } from '../support/file-faults';
import { scanEntries } from '../support/full-day';
import { round } from './stats';

export interface CheckpointPolicyFigures {
  policy: string;
  checkpoints: number;
  megabytes: number;
  /** The journal's own bytes over the same day, for scale. */
  journalMegabytes: number;
}

export interface UptimeFigures {
  jobsInMemory: number;
  /** One checkpoint's job book (its JSON), at the end of the run. */
  checkpointMegabytes: number;
}

export interface CheckpointResult {
  scans: number;
  before: CheckpointPolicyFigures;
  now: CheckpointPolicyFigures;
  /** This version's bytes against the one before. */
  ratio: number;
  /** A station running `days` days without a restart, `scans` scans a day (absent from runs before it was measured). */
  uptime?: { days: number; forgetting: UptimeFigures; keepingAll: UptimeFigures };
}

async function paced(scans: number, policy: 'amount' | 'pause'): Promise<CheckpointPolicyFigures> {
  const dir = await mkdtemp(join(tmpdir(), 'packbench-bench-checkpoint-'));
  const day = new Date().toISOString().slice(0, 10);
  const layer = await installFileFaults(dir);
  try {
    const opened = await openJobJournal({
      journalDir: join(dir, 'journal'),
      now: () => new Date(),
      log: () => {},
      onChange: () => {},
      busy: () => false,
      // The policy before wrote one two seconds after the last entry, that is after every scan of a paced day:
      // here it is written after every scan by hand, and never by amount.
      ...(policy === 'pause' ? { checkpointEvery: { entries: Number.MAX_SAFE_INTEGER } } : {}),
    });
    for (let n = 1; n <= scans; n++) {
      for (const body of scanEntries(n, day)) opened.jobs.apply(await opened.journal.append(body));
      // The packer takes the next parcel: a quiet moment after every scan.
      if (policy === 'pause') await opened.checkpointer.write();
      else await new Promise((r) => setTimeout(r, 5));
    }
    await opened.checkpointer.close();
    await opened.journal.close();
    const checkpointWrites = layer.steps.filter((s) => s.op === 'writeFile' && s.path.includes('checkpoint.json'));
    const journalWrites = layer.steps.filter((s) => s.op === 'write' && s.path.endsWith('.jsonl'));
    const mb = (steps: typeof checkpointWrites) => round(steps.reduce((n, s) => n + s.bytes, 0) / 1024 / 1024, 2);
    return {
      policy: policy === 'amount' ? 'by amount (every 250 entries, and at close)' : 'after every pause (before)',
      checkpoints: checkpointWrites.length,
      megabytes: mb(checkpointWrites),
      journalMegabytes: mb(journalWrites),
    };
  } finally {
    layer.remove();
    await rm(dir, { recursive: true, force: true });
  }
}

export async function runCheckpoint(options: { quick: boolean; log: (line: string) => void }): Promise<CheckpointResult> {
  const scans = options.quick ? 500 : 2000;
  options.log(`  checkpoints: ${scans} paced scans, the policy before…`);
  const before = await paced(scans, 'pause');
  options.log(`  checkpoints: ${scans} paced scans, by amount…`);
  const now = await paced(scans, 'amount');
  const days = options.quick ? 7 : 30;
  options.log(`  a station running ${days} days, ${scans} scans a day…`);
  const uptime = { days, forgetting: runningFor(days, scans, true), keepingAll: runningFor(days, scans, false) };
  return { scans, before, now, ratio: now.megabytes / Math.max(0.001, before.megabytes), uptime };
}

/** A job book fed `days` days of scans without a restart, forgetting at each day's end or not. */
function runningFor(days: number, scans: number, forgetting: boolean): UptimeFigures {
  const book = new JobBook();
  const first = Date.parse('2026-10-01T00:00:00.000Z');
  const dayOf = (d: number): string => new Date(first + d * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  let seq = 0;
  for (let d = 0; d < days; d++) {
    const day = dayOf(d);
    for (let n = 1; n <= scans; n++)
      for (const body of scanEntries(n, day))
        book.apply({ ...body, seq: ++seq, at: `${day}T08:00:00.000Z` } as JournalEntry, false);
    // The daily pruning: a start would read back this day and the JOURNAL_DAYS before it.
    if (forgetting && d >= JOURNAL_DAYS) book.forgetBefore(dayOf(d - JOURNAL_DAYS));
  }
  return {
    jobsInMemory: [...book.all()].length,
    checkpointMegabytes: round(Buffer.byteLength(JSON.stringify(book.snapshot())) / 1024 / 1024, 2),
  };
}
