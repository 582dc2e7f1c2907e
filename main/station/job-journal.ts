/**
 * Opening the journal and its job book at start: from the last checkpoint plus the entries written after it,
 * or a full replay when there is no usable checkpoint. Start-up therefore reads a bounded amount (a checkpoint
 * and a few hundred entries), not the day's journal. Jobs the checkpoint kept only as summaries are read back
 * from their day's file when someone asks for them.
 */
import type { JobView, StartupWarning } from '../../preload/api';
import { startupWarning } from '../domain';
import { Checkpointer, readCheckpoint } from './checkpoint';
import { cannotSave } from './failures';
import { JobBook } from './jobs';
import { Journal, JournalWriteError, type JournalEntry, type StopMark } from './journal';

/** Days of journal read back at start besides today (unfinished jobs older than this are not resumed). */
export const JOURNAL_DAYS = 2;

/** The journal's day files a start reads back, oldest first: today's (or the newest) and the `JOURNAL_DAYS` before it. */
export function daysReadBack(journal: Pick<Journal, 'days'>): Promise<string[]> {
  return journal.days(JOURNAL_DAYS);
}

export interface JobJournal {
  journal: Journal;
  jobs: JobBook;
  checkpointer: Checkpointer;
  /** For the operator: a recovered torn tail, a newer version's entries, a checkpoint that could not be used. */
  warnings: StartupWarning[];
  /** How the book was built: from a checkpoint plus `replayed` entries, or by replaying every entry. */
  start: { fromCheckpoint: boolean; replayed: number };
}

export interface JobJournalOptions {
  journalDir: string;
  now: () => Date;
  log: (line: string) => void;
  /** Every change of a job's view, as it happens (not for the replay at start). */
  onChange: (job: JobView) => void;
  /** True while jobs run: checkpoints wait for a quiet moment. */
  busy: () => boolean;
  /** Checkpoint policy (tests make it eager): every `entries` entries, and `quietMs` after the last one if set. */
  checkpointEvery?: { entries?: number; quietMs?: number };
}

export async function openJobJournal(options: JobJournalOptions): Promise<JobJournal> {
  const { journalDir, now, log } = options;
  const warnings: StartupWarning[] = [];
  const found = await readCheckpoint(journalDir);
  if ('problem' in found && found.problem)
    warnings.push(startupWarning('journal_checkpoint_unusable', found.problem, {}));
  const checkpoint = 'checkpoint' in found ? found.checkpoint : undefined;
  const { journal, recoveries, stoppedAt } = await Journal.open(journalDir, {
    now,
    daysToLoad: JOURNAL_DAYS,
    ...(checkpoint ? { from: { seq: checkpoint.seq, files: checkpoint.files } } : {}),
  });
  for (const r of recoveries)
    warnings.push(
      r.kind === 'newer'
        ? startupWarning('journal_newer', r.message, { file: r.file, count: r.badLines, jobs: r.jobs })
        : startupWarning('journal_damaged', r.message, { file: r.file, keptAs: r.keptAs, count: r.badLines }),
    );

  // The checkpointer needs the book and the book tells it of changes: it is set once both exist.
  const late: { checkpointer?: Checkpointer } = {};
  const onChange = (job: JobView): void => {
    options.onChange(job);
    late.checkpointer?.note();
  };
  const loader = (jobId: string): Promise<JournalEntry[]> => readJobEntries(journal, jobId);
  const days = await daysReadBack(journal);
  const restored = checkpoint !== undefined && !journal.replayedWhole();
  const jobs = restored
    ? JobBook.restore(checkpoint.book, checkpoint.seq, onChange, loader)
    : new JobBook(onChange, loader);
  if (restored && days[0]) jobs.dropBefore(days[0]);
  if (!restored) jobs.markComplete(days);

  const absent = new Set<string>();
  const replayed = journal.entries().length;
  for (const entry of journal.entries()) {
    if (!jobs.apply(entry, false) && entry.type !== 'job') absent.add(entry.jobId);
  }
  journal.releaseEntries();
  // A job the checkpoint kept only as a summary, with entries after it: read back in full.
  for (const jobId of absent) await jobs.ensure(jobId);
  if (stoppedAt) await honourStop(journal, jobs, stoppedAt, log);

  const checkpointer = new Checkpointer({
    journalDir,
    journal,
    jobs,
    busy: options.busy,
    now,
    log,
    ...(options.checkpointEvery?.entries ? { everyEntries: options.checkpointEvery.entries } : {}),
    ...(options.checkpointEvery?.quietMs !== undefined ? { quietMs: options.checkpointEvery.quietMs } : {}),
  });
  late.checkpointer = checkpointer;
  // A start that replayed entries writes a checkpoint soon, so the next start need not.
  if (replayed > 0 || (!restored && days.length > 0)) {
    checkpointer.note();
    checkpointer.soon();
  }
  return { journal, jobs, checkpointer, warnings, start: { fromCheckpoint: restored, replayed } };
}

/**
 * The journal stopped last time (its disk refused a write): every job still open then was shown failed, and the
 * journal could not say so. What was said holds, before anything runs: those jobs are journalled failed
 * (`cannot_save`, as the packer saw it), so the restart neither books nor prints them behind the packer's back (a
 * print-and-apply line would get labels for parcels long gone, and a job two outcomes). The exception is a job
 * shown `booking_not_saved` (the mark lists it): nShift booked it, the station could not keep it, and the packer
 * was told the label prints after the restart, so it resumes as after a crash. Then the mark goes; a crash before
 * that only does the same again, since nothing else ran.
 */
async function honourStop(
  journal: Journal,
  jobs: JobBook,
  stop: StopMark,
  log: (line: string) => void,
): Promise<void> {
  const refusal = Object.assign(new Error(stop.message), stop.code ? { code: stop.code } : {});
  const kept = new Set(stop.kept ?? []);
  const told = jobs.openJobs().filter((job) => !kept.has(job.id));
  try {
    for (const job of told) {
      const entry = await journal.append({ type: 'failed', jobId: job.id, failure: cannotSave(refusal) });
      jobs.apply(entry, false);
    }
    await journal.clearStopMark();
    if (told.length > 0)
      log(
        `the journal had stopped (${stop.message}): ${told.length} job(s) shown failed then are journalled failed`,
      );
  } catch (error) {
    // Still refused: the journal stops again and its new mark stands for these jobs too.
    if (!(error instanceof JournalWriteError)) log(`could not honour the journal's stop: ${String(error)}`);
  }
}

/** A job's entries from its day's journal file (the day is in its id); every day in the window otherwise. */
async function readJobEntries(journal: Journal, jobId: string): Promise<JournalEntry[]> {
  const m = /-(\d{4})(\d{2})(\d{2})-/.exec(jobId);
  const days = m ? [`${m[1]}-${m[2]}-${m[3]}`] : await journal.days(JOURNAL_DAYS);
  const filter = `"jobId":${JSON.stringify(jobId)}`;
  const entries: JournalEntry[] = [];
  for (const day of days) entries.push(...(await journal.readDay(day, filter)));
  return entries.filter((e) => e.jobId === jobId);
}
