import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { JobView } from '../../../preload/api';
import { useServices, useStationState } from '../state/context';
import { Button } from './Button';
import { StateIcon, type IconState } from './Icon';
import { FailureDetails } from './FailureDetails';
import { jobFailure, resultState } from './result-state';
import { printerWait } from './printer-wait';
import { formatList } from '../i18n/format';
import { jobPrinterNames } from './printer-name';

const SETTLED = new Set<JobView['state']>(['printed', 'held', 'done', 'failed']);

const TONE: Record<IconState, string> = {
  resolving: 'alert',
  booking: 'alert',
  printing: 'alert',
  printed: 'alert alert-good',
  done: 'alert alert-good',
  held: 'alert alert-warn',
  waiting: 'alert alert-warn',
  duplicate: 'alert alert-warn',
  cancelled: 'alert alert-error',
  failed: 'alert alert-error',
};

/**
 * A job a button started (a manifest, a stored booking, a consolidated close), followed through the job events
 * to its outcome: printed, held or failed with the translated reason. The packer learns what happened, not
 * the job's internal id.
 */
export function JobOutcome({
  jobId,
  what,
  pending,
  onSettled,
  retry,
  steps,
}: {
  jobId: string;
  what: string;
  /** The line while the job has not ended (and no printer is known to be away), e.g. "Sending…"; else "started"/"running". */
  pending?: string;
  /** Called once when the job has ended (printed, held, done or failed): e.g. to reload a list it changed. */
  onSettled?: () => void;
  /** Offered beside a failure, so the same thing can be tried again where its outcome is read. */
  retry?: { label: string; onRetry(): void };
  /**
   * What the job is doing in a running state, where the job's own state word would mislead: a manifest being
   * created is "resolving" to the station, and "Looking up" is not what the packer should read.
   */
  steps?: Partial<Record<JobView['state'], string>>;
}) {
  const { t, i18n } = useTranslation();
  const { api, store } = useServices();
  const { jobs, status, spool } = useStationState();
  const job = jobs.find((candidate) => candidate.id === jobId);
  const known = job !== undefined;

  const settled = job !== undefined && SETTLED.has(job.state);
  const told = useRef(false);
  useEffect(() => {
    if (!settled || told.current) return;
    told.current = true;
    onSettled?.();
  }, [settled, onSettled]);

  // The job's first event may have gone by before the call answered (or the event stream is down): ask once.
  useEffect(() => {
    if (known) return;
    let live = true;
    api
      .getJob({ jobId })
      .then((found) => {
        if (live) store.upsertJob(found);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api, store, jobId, known]);

  const wait = job ? printerWait(job, status?.printers ?? [], spool) : undefined;
  const shown: IconState = wait ? 'waiting' : job ? resultState(job) : 'resolving';
  const failure = job && shown === 'failed' ? jobFailure(job) : undefined;
  const printers = job ? jobPrinterNames(t, job) : [];

  let text: string;
  if (!job) text = pending ?? t('outcome.started', { what });
  else if (wait) text = t(`scan.waiting.${wait.printer}_${wait.trouble}`);
  else if (shown === 'printed' && printers.length > 0)
    text = t('outcome.printedOn', { what, printer: formatList(printers, i18n.language) });
  else if (
    shown === 'printed' ||
    shown === 'done' ||
    shown === 'held' ||
    shown === 'failed' ||
    shown === 'duplicate'
  )
    text = t(`outcome.${shown}`, { what });
  else
    text = pending ?? t('outcome.running', { what, state: steps?.[job.state] ?? t(`jobState.${job.state}`) });

  return (
    <div
      className={`${TONE[shown]} job-outcome`}
      role="status"
      data-testid="job-outcome"
      data-job-state={job?.state ?? 'started'}
      data-waiting={wait ? 'printer' : undefined}
    >
      <p className="job-outcome-line">
        <StateIcon state={shown} size={24} />
        <span>{text}</span>
      </p>
      {failure ? <FailureDetails failure={failure} /> : null}
      {retry && shown === 'failed' ? (
        <div className="row">
          <Button onClick={retry.onRetry}>{retry.label}</Button>
        </div>
      ) : null}
    </div>
  );
}
