import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentPreview as Preview, JobDocument, JobView, SpoolJobView } from '../../../preload/api';
import { useServices, useStationState } from '../state/context';
import { useScanHandler } from '../scan/scan-routing';
import { StateBadge } from '../components/StateBadge';
import { FailureDetails } from '../components/FailureDetails';
import { ActionFeedback } from '../components/ActionFeedback';
import { Button } from '../components/Button';
import { ListTable } from '../components/ListTable';
import { useAction } from '../components/use-action';
import { jobFailure, resultState } from '../components/result-state';
import { DocumentPreview } from '../preview/DocumentPreview';
import { formatTime } from '../i18n/format';
import { reprintInput } from '../state/scan-session';
import { findJobForCode } from './job-match';
import { jobCode, jobLabel, shipmentName } from '../components/shipment-number';
import { printerName } from '../components/printer-name';
import { spoolJobFailure } from '../components/spool-failure';
import { ReprintNote, reprintsByJob } from '../components/ReprintNote';
import { cancelledShipmentIds, reprintsOnlyCancelled } from '../components/cancelled';
import { useScreenFocus } from '../components/use-screen-focus';
import { InView } from '../components/InView';
import { Numbers } from '../components/Numbers';

function hasShipments(job: JobView): boolean {
  // A test label belongs to no shipment: there is nothing to reprint.
  if (job.kind === 'test_print') return false;
  return (
    job.shipments.some((shipment) => !shipment.reference && shipment.documents.length > 0) ||
    job.duplicateOf !== undefined
  );
}

type QueueAction = 'release' | 'retry' | 'cancel';

export function JobsScreen() {
  const { t, i18n } = useTranslation();
  const { api, store } = useServices();
  const { jobs, spool, status } = useStationState();
  // The queue names the printer the packer knows, not its internal id.
  const printerLabel = (printerId: string) =>
    printerName(t, status?.printers.find((p) => p.printerId === printerId)?.name ?? printerId);
  const [selectedId, setSelectedId] = useState<string | undefined>(jobs[0]?.id);
  const [scanNote, setScanNote] = useState<{ found: boolean; code: string } | undefined>();
  const [preview, setPreview] = useState<Preview | undefined>();
  const [action, run] = useAction();
  const rowButtons = useRef(new Map<string, HTMLButtonElement>());
  // No field here: the list is what the packer works (arrows walk it, a scan picks a job), so on arrival the
  // selected job's row has the keyboard. Its actions keep the focus where they were (below).
  useScreenFocus(() => (selectedId ? rowButtons.current.get(selectedId) : undefined));
  /** The print-queue job the packer last released, retried or cancelled: its row says what became of it. */
  const [queueNote, setQueueNote] = useState<{ spoolJobId: string; action: QueueAction } | undefined>();
  /** Where that button was (a queue row, a document line): the focus stays there when the button goes away. */
  const acted = useRef<HTMLElement | null>(null);

  // A button that changes its job's state often disappears with it (Retry on a job now queued): without this
  // the focus would fall to the page body. It goes to the row's next button, else to the row's note.
  useLayoutEffect(() => {
    const place = acted.current;
    if (!place) return;
    const active = document.activeElement;
    if (active && active !== document.body) {
      if (!place.contains(active)) acted.current = null;
      return;
    }
    if (!place.isConnected) return;
    (
      place.querySelector<HTMLElement>('button') ?? place.querySelector<HTMLElement>('[data-queue-note]')
    )?.focus();
  });

  useEffect(() => {
    void store.refreshJobs().catch(() => undefined);
  }, [store]);

  useScanHandler((code) => {
    const job = findJobForCode(jobs, code);
    setScanNote({ found: job !== undefined, code });
    if (job) {
      setSelectedId(job.id);
      setPreview(undefined);
      const button = rowButtons.current.get(job.id);
      button?.focus();
      button?.scrollIntoView?.({ block: 'nearest' });
    }
  });

  const selected = jobs.find((job) => job.id === selectedId);
  const cancelled = cancelledShipmentIds(jobs);

  async function showPreview(documentId: string): Promise<void> {
    setPreview(undefined);
    const result = await run(() => api.getDocumentPreview({ documentId }));
    if (result) setPreview(result);
  }

  /** What the packer can do with a spooled document in its state: release or retry it, or cancel its print. */
  function spoolActions(spoolJobId: string | undefined, state: JobDocument['state'] | SpoolJobView['state']) {
    if (!spoolJobId) return null;
    const actions: {
      action: QueueAction;
      label: string;
      tone: 'primary' | 'plain';
      call(): Promise<SpoolJobView>;
    }[] = [];
    if (state === 'held')
      actions.push({
        action: 'release',
        label: t('jobs.release'),
        tone: 'primary',
        call: () => api.releaseSpoolJob({ spoolJobId }),
      });
    if (state === 'failed')
      actions.push({
        action: 'retry',
        label: t('jobs.retry'),
        tone: 'primary',
        call: () => api.retrySpoolJob({ spoolJobId }),
      });
    if (state === 'held' || state === 'queued' || state === 'failed')
      actions.push({
        action: 'cancel',
        label: t('jobs.cancelPrint'),
        tone: 'plain',
        call: () => api.cancelSpoolJob({ spoolJobId }),
      });
    return (
      <>
        {actions.map((action) => (
          <Button
            key={action.label}
            tone={action.tone}
            onClick={(event) => {
              acted.current = event.currentTarget.closest<HTMLElement>('[data-spool-place]');
              void run(action.call, t('jobs.actionDone', { action: action.label })).then((done) => {
                if (done) setQueueNote({ spoolJobId, action: action.action });
              });
            }}
          >
            {action.label}
          </Button>
        ))}
      </>
    );
  }

  const openSpool = spool.filter((job) => job.state !== 'printed' && job.state !== 'cancelled');

  /** What became of the print-queue job the packer acted on, in its row: queued again, printed, failed again and why. */
  function noteFor(spoolJobId: string | undefined): ReactNode {
    if (!spoolJobId || queueNote?.spoolJobId !== spoolJobId) return null;
    const current = spool.find((candidate) => candidate.id === spoolJobId);
    if (!current) return null;
    const printer = printerLabel(current.printerId);
    const owner = jobs.find(
      (job) =>
        job.id === current.stationJobId ||
        job.shipments.some((shipment) => shipment.documents.some((d) => d.spoolJobId === spoolJobId)),
    );
    // Its job's failure when that is the printer's (it may name the printer's problems); else what the spool job's
    // own error code says. Never the spool's `lastError`: the driver's or the system's words, in no packer's language.
    const ownerFailure = owner ? jobFailure(owner) : undefined;
    const printerState = status?.printers.find((p) => p.printerId === current.printerId);
    const failure =
      current.state !== 'failed'
        ? undefined
        : ownerFailure?.reason === 'printer'
          ? ownerFailure
          : spoolJobFailure(current, {
              name: printer,
              setUp: status === undefined || printerState !== undefined,
              ...(printerState ? { problems: printerState.problems } : {}),
            });
    const tone =
      current.state === 'failed' ? 'alert-error' : current.state === 'held' ? 'alert-warn' : 'alert-good';
    return (
      <div className={`alert ${tone} queue-note`} role="status" tabIndex={-1} data-queue-note={current.state}>
        <p>{t(`jobs.note.${current.state}`, { printer })}</p>
        {current.state === 'held' && current.heldReason ? (
          <p>{t('jobs.heldBecause', { reason: t(`heldReason.${current.heldReason}`) })}</p>
        ) : null}
        {failure ? <FailureDetails failure={failure} compact /> : null}
      </div>
    );
  }

  return (
    <section className="screen jobs-screen" aria-labelledby="jobs-title">
      <h1 id="jobs-title">{t('jobs.title')}</h1>
      {scanNote ? (
        <p className={`alert ${scanNote.found ? '' : 'alert-warn'}`} role="status">
          {scanNote.found
            ? t('jobs.found', { code: scanNote.code })
            : t('jobs.notFound', { code: scanNote.code })}
        </p>
      ) : null}
      <ActionFeedback state={action} />
      <div className="split jobs-split">
        <div>
          <ListTable
            label={t('jobs.listLabel')}
            rows={jobs}
            columns={[t('jobs.code'), t('jobs.time'), t('jobs.kind'), t('jobs.state')]}
            empty={t('jobs.empty')}
          >
            {(job) => (
              <tr key={job.id} aria-selected={job.id === selectedId} data-job-id={job.id}>
                <td>
                  <Button
                    tone="quiet"
                    className="mono code-cut"
                    title={jobLabel(t, job)}
                    aria-pressed={job.id === selectedId}
                    ref={(element) => {
                      if (element) rowButtons.current.set(job.id, element);
                      else rowButtons.current.delete(job.id);
                    }}
                    onClick={() => {
                      setSelectedId(job.id);
                      setPreview(undefined);
                    }}
                    onKeyDown={(event) => {
                      // Up and down walk the list and select as they go.
                      if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
                      event.preventDefault();
                      const index = jobs.findIndex((candidate) => candidate.id === job.id);
                      const next = jobs[index + (event.key === 'ArrowDown' ? 1 : -1)];
                      if (!next) return;
                      setSelectedId(next.id);
                      setPreview(undefined);
                      rowButtons.current.get(next.id)?.focus();
                    }}
                  >
                    {jobLabel(t, job)}
                  </Button>
                </td>
                <td>{formatTime(job.createdAt, i18n.language)}</td>
                <td>{t(`jobKind.${job.kind}`)}</td>
                <td>
                  <StateBadge state={resultState(job, cancelled)} />
                </td>
              </tr>
            )}
          </ListTable>
        </div>
        <div>
          <section className="panel" aria-label={t('jobs.details')} data-testid="job-details">
            {selected ? (
              <JobDetails
                job={selected}
                busy={action.busy}
                onReprint={() =>
                  void run(
                    () => api.reprint(reprintInput(selected)),
                    t('jobs.actionDone', { action: t('jobs.reprint') }),
                  )
                }
                onPreview={(documentId) => void showPreview(documentId)}
                preview={preview}
                onClosePreview={() => setPreview(undefined)}
                spoolActions={spoolActions}
                noteFor={noteFor}
                canReprint={hasShipments(selected)}
                cancelled={cancelled}
              />
            ) : (
              <p>{t('jobs.select')}</p>
            )}
          </section>
        </div>
      </div>

      <h2>{t('jobs.queueTitle')}</h2>
      <ListTable
        label={t('jobs.queueTitle')}
        rows={openSpool}
        columns={[t('jobs.queueDocument'), t('jobs.time'), t('jobs.state'), t('common.actions')]}
        empty={t('jobs.queueEmpty')}
      >
        {(job) => (
          <tr key={job.id} data-spool-id={job.id} data-spool-place="">
            <td>
              {t(`documentKind.${job.documentKind}`)} · {printerLabel(job.printerId)}
              {job.heldReason ? (
                <div>{t('jobs.heldBecause', { reason: t(`heldReason.${job.heldReason}`) })}</div>
              ) : null}
              {job.attempts > 0 ? <div>{t('jobs.attempts', { count: job.attempts })}</div> : null}
            </td>
            <td>{formatTime(job.createdAt, i18n.language)}</td>
            <td>{t(`spoolState.${job.state}`)}</td>
            <td>
              <div className="row">{spoolActions(job.id, job.state)}</div>
              {noteFor(job.id)}
            </td>
          </tr>
        )}
      </ListTable>
    </section>
  );
}

interface JobDetailsProps {
  job: JobView;
  busy: boolean;
  canReprint: boolean;
  /** Shipments cancelled today: a job that would only reprint these offers no reprint, and says why. */
  cancelled: ReadonlySet<string>;
  onReprint(): void;
  onPreview(documentId: string): void;
  /** The document shown: under its own line, where the Preview button that asked for it is. */
  preview: Preview | undefined;
  onClosePreview(): void;
  spoolActions(spoolJobId: string | undefined, state: JobDocument['state']): ReactNode;
  noteFor(spoolJobId: string | undefined): ReactNode;
}

function JobDetails({
  job,
  busy,
  canReprint,
  cancelled,
  onReprint,
  onPreview,
  preview,
  onClosePreview,
  spoolActions,
  noteFor,
}: JobDetailsProps) {
  const { t, i18n } = useTranslation();
  const { jobs } = useStationState();
  const failure = jobFailure(job);
  const state = resultState(job, cancelledShipmentIds(jobs));
  const original = job.reprintOf ? jobs.find((candidate) => candidate.id === job.reprintOf) : undefined;
  return (
    <div data-job-id={job.id}>
      <h2 className="mono">{jobLabel(t, job)}</h2>
      <p>
        <StateBadge state={state} /> {t(`jobKind.${job.kind}`)} · {formatTime(job.createdAt, i18n.language)}
      </p>
      {job.consolidationKey ? (
        <p data-testid="job-consolidated-id">{t('jobs.consolidatedId', { id: job.scan })}</p>
      ) : null}
      {original ? (
        <p>
          {t('numbers.reprintOf', {
            code: jobCode(original),
            time: formatTime(original.createdAt, i18n.language),
          })}
        </p>
      ) : null}
      <ReprintNote reprints={reprintsByJob(jobs).get(job.id) ?? []} />
      {job.progress ? (
        <p>
          {t('scan.progress', {
            done: job.progress.done,
            total: job.progress.total,
            count: job.progress.total,
          })}
        </p>
      ) : null}
      {failure && state !== 'printed' ? <FailureDetails failure={failure} /> : null}
      {canReprint && reprintsOnlyCancelled(job, cancelled) ? (
        <p data-testid="job-no-reprint">{t('numbers.cancelledNoReprint')}</p>
      ) : canReprint ? (
        <Button tone="primary" busy={busy} onClick={onReprint}>
          {t('jobs.reprint')}
        </Button>
      ) : null}
      {job.shipments.map((shipment) => (
        <div key={shipment.shipmentId} className="shipment">
          <h3>
            {/* A test label has no shipment: it is named for what it is. */}
            {job.kind === 'test_print' ? t('jobs.testLabel') : shipmentName(t, shipment, job.orderNo)} ·{' '}
            {t(`shipmentState.${cancelled.has(shipment.shipmentId) ? 'cancelled' : shipment.state}`)}
          </h3>
          {shipment.parcelNos.length > 0 || shipment.receiverName ? (
            <p>
              {shipment.parcelNos.length > 0 ? <Numbers numbers={shipment.parcelNos} /> : null}
              {shipment.receiverName ? <> · {t('scan.receiver', { name: shipment.receiverName })}</> : null}
            </p>
          ) : null}
          {shipment.failure ? <FailureDetails failure={shipment.failure} compact /> : null}
          <h4>{t('jobs.documents')}</h4>
          {shipment.documents.length === 0 ? <p>{t('jobs.noDocuments')}</p> : null}
          <ul className="documents">
            {shipment.documents.map((document) => (
              <li key={document.documentId} data-document-id={document.documentId} data-spool-place="">
                <span className="document-text">
                  {t(`documentKind.${document.kind}`)} · {t(`spoolState.${document.state}`)}
                  {document.printerName ? (
                    <> · {t('jobs.printer', { name: printerName(t, document.printerName) })}</>
                  ) : null}
                </span>
                <span className="row document-actions">
                  <Button tone="quiet" onClick={() => onPreview(document.documentId)}>
                    {t('jobs.preview')}
                  </Button>
                  {spoolActions(document.spoolJobId, document.state)}
                </span>
                {noteFor(document.spoolJobId)}
                {preview?.documentId === document.documentId ? (
                  <InView showing={preview.documentId} className="document-preview-place">
                    <DocumentPreview key={preview.documentId} preview={preview} onClose={onClosePreview} />
                  </InView>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
