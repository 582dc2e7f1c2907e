import { useEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { JobView } from '../../../preload/api';
import { useServices, useStationState } from '../state/context';
import type { ScanSession } from '../state/scan-session';
import { useScanHandler, useScanRouting } from '../scan/scan-routing';
import { IsolatedKeyGate } from '../scan/isolated-key';
import { StateIcon } from '../components/Icon';
import { StateBadge } from '../components/StateBadge';
import { FailureDetails } from '../components/FailureDetails';
import { ActionFeedback } from '../components/ActionFeedback';
import { useAction } from '../components/use-action';
import { isFinished, jobFailure, resultState, type ResultState } from '../components/result-state';
import { printerWait, type PrinterWait } from '../components/printer-wait';
import { missedScans } from '../components/missed-scans';
import { formatList, formatTime } from '../i18n/format';
import { jobCode, shipmentName, shipmentNumbers } from '../components/shipment-number';
import { isScanRow, reprintsByJob, ReprintNote, ROW_KINDS } from '../components/ReprintNote';
import { cancelledShipmentIds, reprintsOnlyCancelled } from '../components/cancelled';
import { useScanField } from '../components/use-screen-focus';
import { printerName } from '../components/printer-name';
import { ReadinessPanel, readinessTone } from '../components/ReadinessPanel';
import { useReadiness } from '../state/use-readiness';
import type { ReadinessAction } from '../state/readiness';
const REPRINT_KEYS = new Set(['r', 'R']);

function canReprint(state: ResultState | undefined): boolean {
  return state === 'duplicate' || state === 'printed' || state === 'held';
}

/** Where the shipment's documents went, so the packer knows which printer to walk to (its name in their words). */
function printerNames(t: TFunction, shipment: JobView['shipments'][number]): string[] {
  return [
    ...new Set(
      shipment.documents
        .map((document) => document.printerName)
        .filter((name): name is string => Boolean(name))
        .map((name) => printerName(t, name)),
    ),
  ];
}

function heldSpoolJobIds(job: JobView): string[] {
  return job.shipments.flatMap((shipment) =>
    shipment.documents.filter((d) => d.state === 'held' && d.spoolJobId).map((d) => d.spoolJobId as string),
  );
}

export interface ScanScreenProps {
  session: ScanSession;
  /** Burst gap of the scan layer: the R shortcut waits this long to be sure it is not a scan's first key. */
  burstGapMs?: number;
  repeatNotice?: { code: string; at: number };
  /** The one thing to do about what keeps a scan from succeeding (the setup's step, a check, a reload). */
  onReadinessAction?: (action: ReadinessAction) => void;
}

export function ScanScreen({ session, burstGapMs, repeatNotice, onReadinessAction }: ScanScreenProps) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const { jobs, settings, status, spool } = useStationState();
  const routing = useScanRouting();
  const [value, setValue] = useState('');
  /** Enter or "Book and print" with nothing typed: said, never nothing at all. */
  const [emptyAsked, setEmptyAsked] = useState(false);
  const [inputRef, focusInput] = useScanField();
  const ready = useReadiness();
  const gate = useMemo(() => new IsolatedKeyGate(burstGapMs), [burstGapMs]);
  useEffect(() => () => gate.cancel(), [gate]);

  useScanHandler((code) => {
    void session.scan(code);
  });

  const last = session.last;
  // Scans the packer moved on from that failed or were held since: said above the newer result, never only in the list.
  const missed = missedScans(session.behind, jobs);
  const job = last?.jobId ? jobs.find((candidate) => candidate.id === last.jobId) : undefined;
  const cancelled = cancelledShipmentIds(jobs);
  const shown: ResultState | 'idle' = !last
    ? 'idle'
    : job
      ? resultState(job)
      : last.failure
        ? 'failed'
        : 'resolving';
  const jobState = !last ? 'idle' : job ? job.state : last.failure ? 'failed' : 'resolving';
  const failure = job ? jobFailure(job) : last?.failure;
  // A shipment cancelled since (on the Cancel screen or in History) has a void label: never reprinted.
  const voided = job !== undefined && reprintsOnlyCancelled(job, cancelled);
  const reprintable = job !== undefined && !voided && canReprint(shown === 'idle' ? undefined : shown);
  const held = job ? heldSpoolJobIds(job) : [];
  /** Releasing the held labels: a refusal (the print job changed or left the queue meanwhile) is said, never lost. */
  const [released, runRelease, resetRelease] = useAction();
  // What the release said belongs to the result it was pressed on: a new result starts without it.
  useEffect(() => resetRelease(), [last?.jobId, resetRelease]);
  // A reprint asked for and not yet ended: another R (a double tap) or click must not ask again.
  const reprintRunning = useRef(false);
  const reprintShown = last?.kind === 'reprint' && !last.failure && (!job || !isFinished(resultState(job)));
  function reprintInFlight(): boolean {
    return reprintRunning.current || reprintShown;
  }
  // "Printing" while the printer is away would read as all well: say what the label waits for instead.
  const wait = job ? printerWait(job, status?.printers ?? [], spool) : undefined;

  function reprint(): void {
    if (job && !reprintInFlight()) {
      reprintRunning.current = true;
      void session.reprint(job).finally(() => {
        reprintRunning.current = false;
      });
    }
    focusInput();
  }

  function release(): void {
    const ids = held;
    void runRelease(
      async () => {
        // Each held label is asked for, also when another's release is refused; the first refusal is shown.
        const results = await Promise.allSettled(ids.map((id) => api.releaseSpoolJob({ spoolJobId: id })));
        const refused = results.find((result) => result.status === 'rejected');
        if (refused) throw refused.reason;
      },
      t('jobs.actionDone', { action: t('scan.release') }),
    );
    focusInput();
  }

  function onSubmit(event: FormEvent): void {
    event.preventDefault();
    gate.cancel();
    // Also when "Book and print" was clicked: the focus must not stay on the button.
    focusInput();
    setEmptyAsked(!value.trim());
    if (!value.trim()) return;
    routing.submit(value);
    setValue('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>): void {
    if (event.key === 'Escape') {
      gate.cancel();
      setValue('');
      session.dismiss();
      return;
    }
    const plain = !event.ctrlKey && !event.altKey && !event.metaKey;
    const reprintKey = plain && REPRINT_KEYS.has(event.key);
    // R again while the first is held back: a double tap (one reprint) unless a scan's keys follow.
    if (reprintKey && gate.repeat()) {
      event.preventDefault();
      return;
    }
    const heldKeys = gate.interrupt();
    if (heldKeys > 0) {
      // The Rs were the first keys of a scan (or of typing), not the shortcut: give them back to the field.
      const given = 'R'.repeat(heldKeys);
      if (event.key === 'Enter') {
        event.preventDefault();
        routing.submit(`${given}${value}`);
        setValue('');
      } else if (event.key.length === 1) {
        event.preventDefault();
        setValue((current) => `${current}${given}${event.key}`);
      }
      return;
    }
    if (reprintKey && value === '' && (reprintable || reprintInFlight())) {
      // The shortcut never types into the field; while a reprint is on its way, R asks for nothing more.
      event.preventDefault();
      if (!reprintInFlight()) gate.press(reprint, () => undefined);
    }
  }

  // One row per booking; its reprints are a note on that row, not rows that look like more bookings.
  const rowIds = new Set(jobs.filter((candidate) => ROW_KINDS.has(candidate.kind)).map((row) => row.id));
  const today = jobs.filter((candidate) => isScanRow(candidate, rowIds)).slice(0, 50);
  const reprints = reprintsByJob(jobs);
  const seconds = Math.round((settings?.scanner.duplicateWindowMs ?? 2000) / 100) / 10;

  return (
    <section className="screen scan-screen" aria-labelledby="scan-title">
      <h1 id="scan-title" className="visually-hidden">
        {t('scan.title')}
      </h1>
      <form className="scan-form" onSubmit={onSubmit} data-scan-input="">
        <label htmlFor="scan-input" className="scan-label">
          {t('scan.inputLabel')}
        </label>
        <div className="scan-row">
          <input
            id="scan-input"
            ref={inputRef}
            data-testid="scan-input"
            className="scan-input"
            type="text"
            autoComplete="off"
            autoCorrect="off"
            spellCheck={false}
            value={value}
            aria-describedby={emptyAsked ? 'scan-empty' : undefined}
            onChange={(event) => {
              setValue(event.target.value);
              setEmptyAsked(false);
            }}
            onKeyDown={onKeyDown}
          />
          <button type="submit" className="button button-primary">
            {t('scan.submit')}
          </button>
        </div>
      </form>

      {emptyAsked ? (
        <p className="notice" role="status" id="scan-empty" data-testid="scan-empty">
          {t('common.emptyCode')}
        </p>
      ) : null}
      {missed.length > 0 ? (
        <div className="alert alert-error" role="alert" data-testid="missed-scans">
          {missed.map((scan) => (
            <div key={scan.seq} data-code={scan.code}>
              <p>
                <StateIcon state={scan.state} size={20} />{' '}
                {t(`scan.behind.${scan.state}`, { code: scan.code, next: scan.next })}
              </p>
              {scan.failure ? <FailureDetails failure={scan.failure} /> : <p>{t('scan.behind.todo')}</p>}
            </div>
          ))}
        </div>
      ) : null}
      {repeatNotice ? (
        <p className="notice" role="status">
          {t('scan.repeatIgnored', { code: repeatNotice.code, seconds })}
        </p>
      ) : null}

      <section
        className={`last-result result-${wait ? 'waiting' : shown === 'idle' ? readinessTone(ready) : shown}`}
        data-testid="last-result"
        data-state={jobState}
        data-result={shown}
        data-waiting={wait ? 'printer' : undefined}
        data-ready={shown === 'idle' ? String(ready.ready) : undefined}
        data-problem={shown === 'idle' && !ready.ready ? ready.problem : undefined}
        aria-live="polite"
        aria-atomic="true"
        aria-label={t('scan.result')}
      >
        {shown === 'idle' ? (
          <ReadinessPanel
            state={ready}
            onAction={(action) => {
              onReadinessAction?.(action);
              focusInput();
            }}
          />
        ) : (
          <>
            <StateIcon state={wait ? 'waiting' : shown} size={88} />
            <div className="result-body">
              {wait ? (
                <p className="result-headline result-headline-long">
                  {t(`scan.waiting.${wait.printer}_${wait.trouble}`)}
                </p>
              ) : (
                <p className="result-headline">{t(`scan.headline.${shown}`)}</p>
              )}
              <p className="result-code">{last?.code}</p>
              {job?.kind === 'reprint' ? <p className="result-detail">{t('numbers.reprintNote')}</p> : null}
              {job?.progress ? (
                <p className="result-detail">
                  {t('scan.progress', {
                    done: job.progress.done,
                    total: job.progress.total,
                    count: job.progress.total,
                  })}
                </p>
              ) : null}
              {job?.shipments.map((shipment) => (
                <p className="result-detail" key={shipment.shipmentId}>
                  {shipmentName(t, shipment, job.orderNo)}
                  {shipment.parcelNos.length > 0 ? (
                    <> · {t('scan.parcels', { count: shipment.parcelNos.length })}</>
                  ) : null}
                  {shipment.receiverName ? (
                    <> · {t('scan.receiver', { name: shipment.receiverName })}</>
                  ) : null}
                  {printerNames(t, shipment).length > 0 ? (
                    <> · {t('scan.printedOn', { printer: printerNames(t, shipment).join(', ') })}</>
                  ) : null}
                </p>
              ))}
              {wait ? <WaitDetails wait={wait} /> : null}
              {shown === 'held' ? <p className="result-todo">{t('scan.heldTodo')}</p> : null}
              {voided && canReprint(shown) ? (
                <p className="result-detail">{t('numbers.cancelledNoReprint')}</p>
              ) : null}
              {failure && shown !== 'printed' && shown !== 'done' ? (
                <FailureDetails failure={failure} />
              ) : null}
              <div className="result-actions">
                {reprintable ? (
                  <button
                    type="button"
                    className="button button-primary"
                    aria-keyshortcuts="R"
                    onClick={reprint}
                  >
                    {t('scan.reprint')}
                  </button>
                ) : null}
                {held.length > 0 ? (
                  <button type="button" className="button" onClick={release}>
                    {t('scan.release')}
                  </button>
                ) : null}
                <button
                  type="button"
                  className="button button-quiet"
                  aria-keyshortcuts="Escape"
                  onClick={() => {
                    session.dismiss();
                    focusInput();
                  }}
                >
                  {t('scan.dismiss')}
                </button>
              </div>
              <ActionFeedback state={released} />
            </div>
          </>
        )}
      </section>

      <section className="today" aria-labelledby="today-title">
        <h2 id="today-title">{t('scan.today')}</h2>
        {today.length === 0 ? (
          <p>{t('scan.noneToday')}</p>
        ) : (
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t('scan.time')}</th>
                <th scope="col">{t('scan.code')}</th>
                <th scope="col">{t('scan.state')}</th>
                <th scope="col">{t('scan.result')}</th>
              </tr>
            </thead>
            <tbody>
              {today.map((row) => {
                const rowFailure = jobFailure(row);
                const state = resultState(row, cancelled);
                return (
                  <tr key={row.id} data-job-id={row.id}>
                    <td>{formatTime(row.createdAt, i18n.language)}</td>
                    <td className="mono">
                      <span className="code-cut" title={jobCode(row)}>
                        {jobCode(row)}
                      </span>
                      {row.kind === 'reprint' ? (
                        <span className="row-kind"> · {t('jobKind.reprint')}</span>
                      ) : null}
                    </td>
                    <td>
                      <StateBadge state={state} />
                    </td>
                    <td>
                      {rowFailure && state !== 'printed' ? (
                        <FailureDetails failure={rowFailure} compact />
                      ) : (
                        shipmentNumbers(row)
                      )}
                      <ReprintNote reprints={reprints.get(row.id) ?? []} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </section>
    </section>
  );
}

/** Which printer, what it reports, and how often the station tried: enough to walk over and fix it. */
function WaitDetails({ wait }: { wait: PrinterWait }) {
  const { t, i18n } = useTranslation();
  const facts = [
    wait.printerName ? t('scan.waitingOn', { name: printerName(t, wait.printerName) }) : undefined,
    wait.problems.length > 0
      ? formatList(
          wait.problems.map((problem) => t(`printerProblem.${problem}`)),
          i18n.language,
        )
      : undefined,
    wait.attempts > 0 ? t('scan.waitingAttempts', { count: wait.attempts }) : undefined,
  ].filter((fact): fact is string => Boolean(fact));
  return (
    <>
      {facts.length > 0 ? <p className="result-detail">{facts.join(' · ')}</p> : null}
      <p className="result-todo">{t('scan.waitingTodo')}</p>
    </>
  );
}
