import { useTranslation } from 'react-i18next';
import type { JobView } from '../../../preload/api';
import { formatList, formatTime } from '../i18n/format';
import { resultState } from './result-state';
import { jobPrinterNames } from './printer-name';

/** Jobs that are a row of their own in the lists of scans; a reprint belongs on the row it reprints. */
export const ROW_KINDS = new Set<JobView['kind']>(['scan', 'book_stored']);

/** Today's reprints by the job they reprint (`reprintOf`), newest first like the job list. */
export function reprintsByJob(jobs: readonly JobView[]): Map<string, JobView[]> {
  const byJob = new Map<string, JobView[]>();
  for (const job of jobs) {
    if (job.kind !== 'reprint' || !job.reprintOf) continue;
    const list = byJob.get(job.reprintOf) ?? [];
    list.push(job);
    byJob.set(job.reprintOf, list);
  }
  return byJob;
}

/** Whether a job is a row in a list of scans: a booking, or a reprint whose booking is not in the list. */
export function isScanRow(job: JobView, rowIds: ReadonlySet<string>): boolean {
  if (ROW_KINDS.has(job.kind)) return true;
  return job.kind === 'reprint' && !(job.reprintOf && rowIds.has(job.reprintOf));
}

/** "Reprinted at 10:32 on Zebra 1" on the row of the booking: a reprint never reads as a second booking. */
export function ReprintNote({ reprints }: { reprints: readonly JobView[] }) {
  const { t, i18n } = useTranslation();
  const latest = reprints[0];
  if (!latest) return null;
  const time = formatTime(latest.createdAt, i18n.language);
  const state = resultState(latest);
  const printers = jobPrinterNames(t, latest);
  const text =
    state === 'printed' && printers.length > 0
      ? t('numbers.reprinted', {
          count: reprints.length,
          time,
          printer: formatList(printers, i18n.language),
        })
      : t('numbers.reprintState', { time, state: t(`jobState.${state}`) });
  return (
    <p className="reprint-note" data-testid="reprint-note" data-job-id={latest.id}>
      {text}
    </p>
  );
}
