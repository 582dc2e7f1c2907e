import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { HistoryShipment, MethodInput, ShipmentTimeline, TrackingEvent } from '../../../preload/api';
import { useServices, useStationState } from '../state/context';
import { useScanHandler } from '../scan/scan-routing';
import { stripAffixes } from '../scan/normalize';
import { IsolatedKeyGate } from '../scan/isolated-key';
import { isTextField } from '../scan/keyboard-scanner';
import { useAction, useLatestAction } from '../components/use-action';
import { useLoader } from '../components/use-loader';
import { ActionFeedback } from '../components/ActionFeedback';
import { FailureDetails } from '../components/FailureDetails';
import { JobOutcome } from '../components/JobOutcome';
import { CancelConfirm } from '../components/CancelConfirm';
import { ShipmentFacts } from '../components/ShipmentFacts';
import { NshiftStatus } from '../components/NshiftStatus';
import { printerName } from '../components/printer-name';
import { Button } from '../components/Button';
import { SelectField, TextField } from '../components/Field';
import { formatDateTime, formatInputDate, formatTime } from '../i18n/format';
import { DateField, useRangeVerdicts } from '../components/DateField';
import {
  dateEntry,
  isRangeProblem,
  NO_DATE,
  readRange,
  type DateEntry,
  type RangeProblem,
} from '../components/date-range';
import { isCancelledStatus } from '../components/cancelled';
import { useScanField } from '../components/use-screen-focus';

type SearchField = 'any' | NonNullable<MethodInput<'searchHistory'>['searchField']>;
const FIELDS: readonly SearchField[] = ['any', 'orderNo', 'shipmentNo', 'parcelNo'];
/** nShift's history page size: a full page means there may be another. */
const PAGE_SIZE = 50;

interface Query {
  field: SearchField;
  value: string;
  dateFrom: string;
  dateTo: string;
  page: number;
}

function toInput(query: Query): MethodInput<'searchHistory'> {
  return {
    ...(query.value ? { searchValue: query.value } : {}),
    ...(query.value && query.field !== 'any' ? { searchField: query.field } : {}),
    ...(query.dateFrom ? { dateFrom: query.dateFrom } : {}),
    ...(query.dateTo ? { dateTo: query.dateTo } : {}),
    ...(query.page > 0 ? { page: query.page } : {}),
  };
}

function numberOf(shipment: HistoryShipment): string {
  return shipment.shipmentNo ?? shipment.shipmentId;
}

/** A cancelled shipment's label is void: it is never printed again. */
function reprintable(shipment: HistoryShipment): boolean {
  return !isCancelledStatus(shipment.status);
}

function cancellable(shipment: HistoryShipment): boolean {
  const status = shipment.status.toUpperCase();
  return status !== 'CANCELLED' && status !== 'DELIVERED';
}

/**
 * "Where is order 4711?": search nShift's history by a number (a scan anywhere on the screen fills it in and
 * searches) or dates; see receiver, service, parcels, state, where each label printed and when, and the
 * carrier's tracking. R reprints and C cancels the selected shipment through the same station calls as
 * everywhere else. When nShift is unreachable, the station's journal answers and says so.
 */
export function HistoryScreen({ burstGapMs }: { burstGapMs?: number }) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const { settings } = useStationState();
  const [draft, setDraft] = useState<Query>({ field: 'any', value: '', dateFrom: '', dateTo: '', page: 0 });
  /** The date fields as typed, in the packer's way of writing a day; read into the query on search. */
  const [dates, setDates] = useState<{ from: DateEntry; to: DateEntry }>({ from: NO_DATE, to: NO_DATE });
  const [rangeProblem, setRangeProblem] = useState<RangeProblem | undefined>();
  const verdicts = useRangeVerdicts(rangeProblem, dates);
  const [query, setQuery] = useState<Query | undefined>();
  const [results, setResults] = useState<HistoryShipment[] | undefined>();
  const [selectedId, setSelectedId] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  const [started, setStarted] = useState<{ jobId: string; what: string } | undefined>();
  // A scan while a search is on its way searches the new number; the older answer is dropped, never shown for it.
  const [search, runSearch, dropSearch] = useLatestAction();
  const [action, runAction, resetAction] = useAction();
  const rowButtons = useRef(new Map<string, HTMLButtonElement>());
  // On arrival only: a search gives the keyboard to its first result, where R and C work.
  const [field] = useScanField();
  const gate = useMemo(() => new IsolatedKeyGate(burstGapMs), [burstGapMs]);
  useEffect(() => () => gate.cancel(), [gate]);

  // The row to focus once it is on screen: a search's results render after it resolves, so focusing must wait
  // for the commit that draws them (a timer can run before it, and focus would stay in the search field).
  const pendingFocus = useRef<string | undefined>(undefined);
  const focusRow = useCallback((shipmentId: string | undefined) => {
    pendingFocus.current = shipmentId;
  }, []);
  useEffect(() => {
    const wanted = pendingFocus.current;
    const button = wanted ? rowButtons.current.get(wanted) : undefined;
    if (!button) return;
    pendingFocus.current = undefined;
    button.focus();
    button.scrollIntoView?.({ block: 'nearest' });
  });

  /** Runs a search; `keep` holds the selection (a refresh), otherwise the first result is selected and focused. */
  const find = useCallback(
    async (next: Query, keep?: string): Promise<void> => {
      setQuery(next);
      setConfirming(false);
      const searched = await runSearch(() => api.searchHistory(toInput(next)));
      if (searched.stale) return;
      const found = searched.result;
      if (!found) {
        setResults(undefined);
        return;
      }
      setResults(found);
      const still = keep && found.some((s) => s.shipmentId === keep) ? keep : found[0]?.shipmentId;
      setSelectedId(still);
      if (!keep) focusRow(still);
    },
    [api, runSearch, focusRow],
  );

  function startSearch(value: string, from: Query = draft, typed = dates): void {
    setStarted(undefined);
    resetAction();
    // A range that holds no day (its first after its last) is said under its field, not searched as "no match".
    const range = readRange(typed.from, typed.to);
    if (isRangeProblem(range)) {
      setRangeProblem(range);
      // What an earlier search found (or is still finding) is not an answer to this one.
      dropSearch();
      setQuery(undefined);
      setResults(undefined);
      return;
    }
    setRangeProblem(undefined);
    const wanted = {
      ...from,
      value: value.trim(),
      page: 0,
      dateFrom: range.dateFrom ?? '',
      dateTo: range.dateTo ?? '',
    };
    // Nothing to go by: today's shipments, and the fields say so.
    if (!wanted.value && !wanted.dateFrom && !wanted.dateTo) {
      wanted.dateFrom = formatInputDate(new Date());
      wanted.dateTo = wanted.dateFrom;
      const day = dateEntry(wanted.dateFrom, i18n.language);
      setDates({ from: day, to: day });
    }
    setDraft(wanted);
    void find(wanted);
  }

  // A scanned label asks "where is this one?": its number, over every date.
  useScanHandler((code) => {
    setDates({ from: NO_DATE, to: NO_DATE });
    startSearch(code, draft, { from: NO_DATE, to: NO_DATE });
  });

  function onSubmit(event: FormEvent): void {
    event.preventDefault();
    // The number field is this screen's scan target: a scanner's prefix and suffix come off here too.
    startSearch(stripAffixes(draft.value, settings?.scanner ?? { prefix: '', suffix: '' }));
  }

  const selected = results?.find((s) => s.shipmentId === selectedId);
  const offline = results?.find((s) => s.source === 'journal')?.offline;

  function reprint(): void {
    if (!selected || !reprintable(selected)) return;
    const what = t('history.reprintWhat', { number: numberOf(selected) });
    setStarted(undefined);
    void runAction(() => api.reprint({ code: numberOf(selected) })).then((result) => {
      if (result) setStarted({ jobId: result.jobId, what });
    });
  }

  async function confirmCancel(): Promise<void> {
    if (!selected) return;
    const what = t('history.cancelWhat', { number: numberOf(selected) });
    setConfirming(false);
    setStarted(undefined);
    const result = await runAction(() =>
      api.cancelShipment({ shipmentId: selected.shipmentId, confirm: true, code: numberOf(selected) }),
    );
    if (result) setStarted({ jobId: result.jobId, what });
    focusRow(selected.shipmentId);
  }

  /** A reprint adds a print, a cancel changes the state: read the shipment again once the job has ended. */
  const refresh = useCallback(() => {
    if (query) void find(query, selectedId);
  }, [find, query, selectedId]);

  function select(shipmentId: string): void {
    setSelectedId(shipmentId);
    setConfirming(false);
  }

  function onListKeys(event: KeyboardEvent<HTMLDivElement>): void {
    if (isTextField(event.target) || confirming) return;
    // A second key that fast: the R or C was a scan's first character, not a shortcut.
    if (gate.interrupt()) return;
    if (event.ctrlKey || event.altKey || event.metaKey || !selected) return;
    const key = event.key.toLowerCase();
    if (key === 'r' && reprintable(selected)) {
      event.preventDefault();
      gate.press(reprint, () => undefined);
    } else if (key === 'c' && cancellable(selected)) {
      event.preventDefault();
      gate.press(
        () => setConfirming(true),
        () => undefined,
      );
    }
  }

  const hasMore = query !== undefined && results !== undefined && results.length >= PAGE_SIZE && !offline;

  return (
    <section className="screen history-screen" aria-labelledby="history-title">
      <h1 id="history-title">{t('history.title')}</h1>
      <form className="row history-search" onSubmit={onSubmit} data-scan-input="">
        <SelectField
          id="history-field"
          data-testid="history-field"
          label={t('history.searchBy')}
          value={draft.field}
          choices={FIELDS.map((field) => ({ value: field, label: t(`history.field.${field}`) }))}
          onValue={(field) => setDraft({ ...draft, field })}
        />
        <TextField
          id="history-value"
          data-testid="history-value"
          className="history-value"
          label={t('history.value')}
          autoComplete="off"
          spellCheck={false}
          ref={field}
          value={draft.value}
          onValue={(value) => setDraft({ ...draft, value })}
        />
        <DateField
          id="history-from"
          testId="history-from"
          label={t('history.dateFrom')}
          entry={dates.from}
          error={verdicts.from}
          onEntry={(entry) => {
            setDates({ ...dates, from: entry });
            setRangeProblem(undefined);
          }}
        />
        <DateField
          id="history-to"
          testId="history-to"
          label={t('history.dateTo')}
          entry={dates.to}
          error={verdicts.to}
          onEntry={(entry) => {
            setDates({ ...dates, to: entry });
            setRangeProblem(undefined);
          }}
        />
        <Button type="submit" tone="primary" data-testid="history-search">
          {t('history.search')}
        </Button>
      </form>
      <p className="history-hint">{t('history.hint')}</p>
      <ActionFeedback state={search} />

      {offline ? (
        <div className="alert alert-warn" role="alert" data-testid="history-offline">
          <p>
            <strong>{t('history.offline')}</strong>
          </p>
          <FailureDetails failure={offline} compact />
        </div>
      ) : null}

      {results ? (
        <div className="split" onKeyDown={onListKeys}>
          <div>
            {results.length === 0 ? (
              <p role="status">{t('history.empty')}</p>
            ) : (
              <table className="table" aria-label={t('history.listLabel')} data-testid="history-results">
                <thead>
                  <tr>
                    <th scope="col">{t('history.shipment')}</th>
                    <th scope="col">{t('history.receiver')}</th>
                    <th scope="col">{t('history.state')}</th>
                    <th scope="col">{t('history.tracking')}</th>
                  </tr>
                </thead>
                <tbody>
                  {results.map((shipment) => (
                    <tr
                      key={shipment.shipmentId}
                      aria-selected={shipment.shipmentId === selectedId}
                      data-testid="history-row"
                      data-shipment-id={shipment.shipmentId}
                      data-source={shipment.source}
                    >
                      <td>
                        <Button
                          tone="quiet"
                          className="mono"
                          aria-pressed={shipment.shipmentId === selectedId}
                          aria-keyshortcuts="R C ArrowUp ArrowDown"
                          ref={(element) => {
                            if (element) rowButtons.current.set(shipment.shipmentId, element);
                            else rowButtons.current.delete(shipment.shipmentId);
                          }}
                          onClick={() => select(shipment.shipmentId)}
                          onKeyDown={(event) => {
                            if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
                            event.preventDefault();
                            const index = results.findIndex((s) => s.shipmentId === shipment.shipmentId);
                            const next = results[index + (event.key === 'ArrowDown' ? 1 : -1)];
                            if (!next) return;
                            select(next.shipmentId);
                            rowButtons.current.get(next.shipmentId)?.focus();
                          }}
                        >
                          {numberOf(shipment)}
                        </Button>
                        {shipment.orderNo ? <div className="mono history-sub">{shipment.orderNo}</div> : null}
                      </td>
                      <td>
                        {shipment.receiverName ?? ''}
                        <div className="history-sub">
                          {[shipment.serviceId, t('scan.parcels', { count: shipment.parcelNos.length })]
                            .filter(Boolean)
                            .join(' · ')}
                        </div>
                      </td>
                      <td data-testid="history-state">
                        <NshiftStatus status={shipment.status} />
                        {shipment.source === 'journal' ? (
                          <div className="history-source">{t('history.fromJournal')}</div>
                        ) : null}
                      </td>
                      <td>
                        {shipment.timeline.length > 0 ? (
                          <StepText event={shipment.timeline[shipment.timeline.length - 1]!} />
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            {query && (query.page > 0 || hasMore) ? (
              <div className="row">
                {query.page > 0 ? (
                  <Button onClick={() => void find({ ...query, page: query.page - 1 })}>
                    {t('history.previousPage')}
                  </Button>
                ) : null}
                {hasMore ? (
                  <Button onClick={() => void find({ ...query, page: query.page + 1 })}>
                    {t('history.nextPage')}
                  </Button>
                ) : null}
              </div>
            ) : null}
          </div>
          <div>
            <section className="panel" aria-label={t('history.details')} data-testid="history-details">
              {selected ? (
                <ShipmentDetails
                  key={selected.shipmentId}
                  shipment={selected}
                  language={i18n.language}
                  onReprint={reprint}
                  onCancel={() => setConfirming(true)}
                />
              ) : (
                <p>{t('history.select')}</p>
              )}
              {selected && confirming ? (
                <CancelConfirm
                  number={numberOf(selected)}
                  handedOver={selected.handedOver}
                  onConfirm={() => void confirmCancel()}
                  onBack={() => {
                    setConfirming(false);
                    focusRow(selected.shipmentId);
                  }}
                />
              ) : null}
              <ActionFeedback state={action} />
              {started ? (
                <JobOutcome
                  key={started.jobId}
                  jobId={started.jobId}
                  what={started.what}
                  onSettled={refresh}
                />
              ) : null}
            </section>
          </div>
        </div>
      ) : null}
    </section>
  );
}

function StepText({ event }: { event: TrackingEvent }) {
  const { t } = useTranslation();
  return <span data-step={event.step}>{t(`history.step.${event.step}`, { code: event.code })}</span>;
}

function ShipmentDetails({
  shipment,
  language,
  onReprint,
  onCancel,
}: {
  shipment: HistoryShipment;
  language: string;
  onReprint(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  // The timeline as the station keeps it now, and how current that is (no call to nShift).
  const code = shipment.shipmentNo ?? shipment.parcelNos[0] ?? shipment.shipmentId;
  const loadTimeline = useCallback(() => api.getShipmentTimeline({ code }), [api, code]);
  const tracking = useLoader<ShipmentTimeline>(loadTimeline);
  const events = tracking.data?.events.length ? tracking.data.events : shipment.timeline;
  return (
    <div data-shipment-id={shipment.shipmentId}>
      <h2 className="mono">{numberOf(shipment)}</h2>
      {shipment.handedOver && cancellable(shipment) ? (
        <p className="alert alert-warn" role="note">
          {t('cancel.handedOver')}
        </p>
      ) : null}
      {reprintable(shipment) ? null : (
        <p className="history-hint" data-testid="history-no-reprint">
          {t('numbers.cancelledNoReprint')}
        </p>
      )}
      <div className="row history-actions">
        {reprintable(shipment) ? (
          <Button tone="primary" data-testid="history-reprint" aria-keyshortcuts="R" onClick={onReprint}>
            {t('history.reprint')}
          </Button>
        ) : null}
        {cancellable(shipment) ? (
          <Button tone="danger" data-testid="history-cancel" aria-keyshortcuts="C" onClick={onCancel}>
            {t('history.cancel')}
          </Button>
        ) : null}
      </div>

      <dl className="summary">
        <dt>{t('history.state')}</dt>
        <dd data-testid="history-status">
          <NshiftStatus status={shipment.status} />
        </dd>
        <ShipmentFacts
          shipment={shipment}
          language={language}
          labels={{
            order: t('history.order'),
            receiver: t('history.receiver'),
            service: t('history.service'),
            parcels: t('history.parcels'),
            created: t('history.created'),
          }}
        />
      </dl>
      <h3>{t('history.timelineTitle')}</h3>
      {events.length === 0 ? (
        <p>{t('history.noEvents')}</p>
      ) : (
        <ol className="timeline" data-testid="history-timeline">
          {events.map((event) => (
            <li key={`${event.code}-${event.at}`} data-step={event.step}>
              <span className="timeline-time">{formatDateTime(event.at, language)}</span>{' '}
              <StepText event={event} />
            </li>
          ))}
        </ol>
      )}
      {tracking.data && !tracking.data.following ? <p>{t('history.notFollowing')}</p> : null}
      {tracking.data?.following && tracking.data.readAt ? (
        <p className="history-hint">
          {t('history.readAt', { time: formatDateTime(tracking.data.readAt, language) })}
        </p>
      ) : null}
      {tracking.data?.failure ? (
        <div className="alert alert-warn">
          <p>{t('history.readFailed')}</p>
          <FailureDetails failure={tracking.data.failure} compact />
        </div>
      ) : null}

      <h3>{t('history.printsTitle')}</h3>
      {shipment.documents.length === 0 ? (
        <p>{t('history.noPrints')}</p>
      ) : (
        <ul className="documents" data-testid="history-prints">
          {shipment.documents.map((document) => (
            <li
              key={`${document.jobId}-${document.documentId}`}
              data-document-id={document.documentId}
              data-state={document.state}
            >
              <span className="document-text">
                {t('history.printLine', {
                  document: t(`documentKind.${document.kind}`),
                  printer: document.printerName
                    ? printerName(t, document.printerName)
                    : (document.printerId ?? t('common.notSet')),
                  time: formatTime(document.at, language),
                  state: t(`spoolState.${document.state}`),
                  job: t(`jobKind.${document.jobKind}`),
                })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
