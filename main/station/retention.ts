/**
 * Keeps the data directory from growing through a year of use: the journal's day files, the label cache and
 * the spool's finished jobs are removed once they are older than the `retention` settings say. What the
 * exactly-once rule needs is never removed: the journal days a start reads back (today and the two before,
 * where an intent without its outcome is reconciled), the spool's unfinished jobs (queued, sending, held,
 * failed) and the settings' minimums keep every finished spool record a resumed job may ask for. A reprint of
 * a shipment whose label left the cache asks nShift for a copy, as it would on another station. Memory keeps no
 * more than a start would load: the jobs before those journal days are forgotten, unless still in motion.
 */
import type { StationContext } from './context';
import { daysReadBack, JOURNAL_DAYS } from './job-journal';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface PruneReport {
  journalFiles: string[];
  /** Jobs forgotten from memory: created before the journal days a start reads back, and no longer in motion. */
  jobs: number;
  labels: number;
  spoolRecords: number;
}

export async function pruneDataDir(
  ctx: Pick<StationContext, 'journal' | 'jobs' | 'labelCache' | 'printService' | 'settings' | 'now'>,
): Promise<PruneReport> {
  const { journalDays, labelDays, spoolDays } = ctx.settings().retention;
  const journalCutoff = new Date(ctx.now().getTime() - journalDays * DAY_MS).toISOString().slice(0, 10);
  const journalFiles = await ctx.journal.pruneBefore(journalCutoff, JOURNAL_DAYS);
  // Memory keeps no more than a start would load, however long the station runs.
  const [oldestRead] = await daysReadBack(ctx.journal);
  return {
    journalFiles,
    jobs: oldestRead ? ctx.jobs.forgetBefore(oldestRead) : 0,
    labels: await ctx.labelCache.prune(labelDays),
    spoolRecords: await ctx.printService.pruneFinished(Math.max(spoolDays, JOURNAL_DAYS + 1) * DAY_MS),
  };
}
