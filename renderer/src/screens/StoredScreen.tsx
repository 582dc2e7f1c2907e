import { useCallback, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConsolidatedView, StoredShipmentView } from '../../../preload/api';
import { useServices, useStationState } from '../state/context';
import { useScanHandler } from '../scan/scan-routing';
import { stripAffixes } from '../scan/normalize';
import { useAction } from '../components/use-action';
import { useLoader } from '../components/use-loader';
import { ActionFeedback } from '../components/ActionFeedback';
import { JobOutcome } from '../components/JobOutcome';
import { ConfirmStep } from '../components/ConfirmStep';
import { Button } from '../components/Button';
import { TextField } from '../components/Field';
import { ListTable } from '../components/ListTable';
import { DetailsPane } from '../components/DetailsPane';
import { NshiftStatus } from '../components/NshiftStatus';
import { useRowPicker } from '../components/use-row-picker';
import { formatDateTime, formatNumber } from '../i18n/format';
import { useScanField } from '../components/use-screen-focus';

/** `shown`: the number the list shows for it (order number or key), so the question names what the packer sees. */
type Pending =
  | { kind: 'stored'; storedId: string; shown: string }
  | { kind: 'group'; consolidatedId: string; partOrderNo: string; shown: string }
  | { kind: 'consolidated'; consolidatedId: string; shown: string }
  | { kind: 'close'; consolidatedId: string; shown: string };

/** Only a stored shipment nShift calls ready is booked: an INVALID one is refused by nShift, so never offered. */
export function bookable(item: Pick<StoredShipmentView, 'status'>): boolean {
  const status = item.status.toUpperCase();
  return status === 'READY' || status === 'WARNED';
}

const storedShown = (item: StoredShipmentView) => item.orderNo ?? item.storedId;
const consolidatedShown = (item: ConsolidatedView) => item.key ?? item.consolidatedId;

/** Brings a details pane into view when it is below its list (800 px): what a pick opened is where the eye is. */
function reveal(pane: HTMLElement | null): void {
  pane?.scrollIntoView?.({ block: 'nearest' });
}

/**
 * Stored shipments (book, delete) and open consolidated shipments (close, delete groups, delete): each list's rows
 * are picked by their number, and the picked one's facts and actions are in the pane beside the list (below it at
 * 800 px), where the confirmation and the outcome show too.
 */
export function StoredScreen() {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const { settings } = useStationState();
  const [orderNo, setOrderNo] = useState('');
  /** The order number the list is filtered by (applied on Find or a scan, not on every keystroke). */
  const [filter, setFilter] = useState('');
  const [pending, setPending] = useState<Pending | undefined>();
  const [action, run] = useAction();
  /** The job the last booking or close started, followed to its outcome, and the list it came from. */
  const [started, setStarted] = useState<
    { jobId: string; what: string; list: 'stored' | 'consolidated'; closing: boolean } | undefined
  >();
  /** Which pane the last answer (a delete's, a refusal) belongs in. */
  const [actedOn, setActedOn] = useState<'stored' | 'consolidated'>('stored');
  const [field, settle] = useScanField();
  const loadStored = useCallback(
    () => api.listStored(filter ? { orderNo: filter } : undefined),
    [api, filter],
  );
  const loadConsolidated = useCallback(() => api.listConsolidated(), [api]);
  const storedList = useLoader<StoredShipmentView[]>(loadStored);
  const consolidatedList = useLoader<ConsolidatedView[]>(loadConsolidated);
  const loadFailure = storedList.failure ?? consolidatedList.failure;
  const storedPane = useRef<HTMLElement>(null);
  const consolidatedPane = useRef<HTMLElement>(null);
  const storedPick = useRowPicker(
    storedList.data,
    (item) => item.storedId,
    () => reveal(storedPane.current),
  );
  const consolidatedPick = useRowPicker(
    consolidatedList.data,
    (item) => item.consolidatedId,
    () => reveal(consolidatedPane.current),
  );

  function reload(): void {
    storedList.reload();
    consolidatedList.reload();
  }

  useScanHandler((code) => {
    setOrderNo(code);
    setFilter(code.trim());
  });

  /** The list for what the field holds now (empty: every ready one), never for what was found before. */
  function applyField(): void {
    const wanted = stripAffixes(orderNo, settings?.scanner ?? { prefix: '', suffix: '' }).trim();
    setOrderNo(wanted);
    setFilter(wanted);
    settle();
  }

  function onFilter(event: FormEvent): void {
    event.preventDefault();
    applyField();
  }

  function refresh(): void {
    applyField();
    reload();
  }

  async function start(
    list: 'stored' | 'consolidated',
    what: string,
    call: () => Promise<{ jobId: string }>,
    closing = false,
  ): Promise<void> {
    setStarted(undefined);
    setActedOn(list);
    // The lists change when the job has booked or closed, not when it starts: JobOutcome reloads them then.
    const result = await run(call);
    if (result) setStarted({ jobId: result.jobId, what, list, closing });
    // The row's button may be gone with its row; the next order is scanned or typed into the field.
    settle();
  }

  async function confirmPending(): Promise<void> {
    if (!pending) return;
    setStarted(undefined);
    const done = t('stored.deleted');
    if (pending.kind === 'close') {
      const { consolidatedId, shown } = pending;
      setPending(undefined);
      await start(
        'consolidated',
        t('stored.closeWhat', { key: shown }),
        () => api.closeConsolidated({ consolidatedId }),
        true,
      );
      return;
    }
    if (pending.kind === 'stored')
      await run(() => api.deleteStored({ storedId: pending.storedId, confirm: true }), done);
    if (pending.kind === 'group') {
      await run(
        () =>
          api.deleteParcelGroup({
            consolidatedId: pending.consolidatedId,
            partOrderNo: pending.partOrderNo,
            confirm: true,
          }),
        done,
      );
    }
    if (pending.kind === 'consolidated') {
      await run(
        () => api.deleteConsolidated({ consolidatedId: pending.consolidatedId, confirm: true }),
        done,
      );
    }
    setPending(undefined);
    reload();
    settle();
  }

  function ask(next: Pending): void {
    setActedOn(next.kind === 'stored' ? 'stored' : 'consolidated');
    setPending(next);
  }

  function question(p: Pending): string {
    if (p.kind === 'stored') return t('stored.deleteConfirm', { id: p.shown });
    if (p.kind === 'group')
      return t('stored.deleteGroupConfirm', { partOrderNo: p.partOrderNo, id: p.shown });
    if (p.kind === 'close') return t('stored.closeConfirm', { key: p.shown });
    return t('stored.deleteConsolidatedConfirm', { id: p.shown });
  }

  const listOf = (p: Pending): 'stored' | 'consolidated' => (p.kind === 'stored' ? 'stored' : 'consolidated');
  /** Whether a pane has something to say besides its picked row: a question, an answer, an outcome. */
  function hasAnswers(list: 'stored' | 'consolidated'): boolean {
    if (pending && listOf(pending) === list) return true;
    if (started?.list === list) return true;
    return (
      actedOn === list &&
      (action.failure !== undefined || action.invalid !== undefined || action.done !== undefined)
    );
  }

  /** The confirmation, the last answer and the started job's outcome: in the pane of the list they came from. */
  function answers(list: 'stored' | 'consolidated'): ReactNode {
    const confirm =
      pending && listOf(pending) === list ? (
        <ConfirmStep
          question={question(pending)}
          confirmLabel={t(pending.kind === 'close' ? 'stored.closeYes' : 'stored.deleteYes')}
          cancelLabel={pending.kind === 'close' ? t('stored.closeNo') : undefined}
          busy={action.busy}
          onConfirm={() => void confirmPending()}
          onCancel={() => setPending(undefined)}
        />
      ) : null;
    return (
      <>
        {confirm}
        {actedOn === list ? <ActionFeedback state={action} /> : null}
        {started?.list === list ? (
          <JobOutcome
            key={started.jobId}
            jobId={started.jobId}
            what={started.what}
            steps={started.closing ? { resolving: t('stored.closing') } : undefined}
            onSettled={reload}
          />
        ) : null}
      </>
    );
  }

  const storedColumns = [
    t('stored.orderNo'),
    t('stored.receiver'),
    t('stored.service'),
    t('stored.parcels'),
    t('stored.status'),
    t('stored.created'),
  ];
  const consolidatedColumns = [t('stored.key'), t('stored.receiver'), t('stored.groups'), t('stored.status')];
  const stored = storedPick.selected;
  const consolidated = consolidatedPick.selected;

  return (
    <section className="screen stored-screen" aria-labelledby="stored-title">
      <h1 id="stored-title">{t('stored.title')}</h1>
      <form className="row" onSubmit={onFilter} data-scan-input="">
        <TextField
          id="stored-order"
          ref={field}
          label={t('stored.filterLabel')}
          autoComplete="off"
          value={orderNo}
          onValue={setOrderNo}
        />
        <Button type="submit">{t('stored.filter')}</Button>
        <Button tone="quiet" onClick={refresh}>
          {t('common.refresh')}
        </Button>
      </form>
      {/* Without an order number nShift lists only READY stored shipments: say so, and say when a filter is on. */}
      <p className="list-scope" data-testid="stored-scope">
        {filter ? t('stored.filteredBy', { orderNo: filter }) : t('stored.readyOnly')}
      </p>
      {/* Not read (no API key, nShift unreachable): the reason and what to do, and no list that claims to load. */}
      {loadFailure ? <ActionFeedback state={{ busy: false, failure: loadFailure }} /> : null}

      <div className="split list-details">
        <div>
          <ListTable
            label={t('stored.title')}
            rows={storedList.data}
            columns={storedColumns}
            empty={t('stored.empty')}
            loading={storedList.failure ? null : undefined}
          >
            {(item) => (
              <tr
                key={item.storedId}
                data-stored-id={item.storedId}
                aria-selected={storedPick.isSelected(item)}
              >
                <td>
                  <Button tone="quiet" className="mono row-pick" {...storedPick.pickProps(item)}>
                    {storedShown(item)}
                  </Button>
                </td>
                <td>{item.receiverName}</td>
                <td>{item.serviceId}</td>
                <td>
                  {item.parcelCount !== undefined ? formatNumber(item.parcelCount, i18n.language) : null}
                </td>
                <td>
                  <NshiftStatus status={item.status} />
                </td>
                <td>{formatDateTime(item.created, i18n.language)}</td>
              </tr>
            )}
          </ListTable>
        </div>
        {stored || hasAnswers('stored') ? (
          <DetailsPane
            ref={storedPane}
            label={t('stored.details')}
            testId="stored-details"
            {...(stored ? { title: storedShown(stored) } : {})}
          >
            {stored ? (
              <>
                <dl className="summary">
                  <dt>{t('stored.status')}</dt>
                  <dd>
                    <NshiftStatus status={stored.status} />
                  </dd>
                  {stored.receiverName ? (
                    <>
                      <dt>{t('stored.receiver')}</dt>
                      <dd>{stored.receiverName}</dd>
                    </>
                  ) : null}
                  {stored.serviceId ? (
                    <>
                      <dt>{t('stored.service')}</dt>
                      <dd>{stored.serviceId}</dd>
                    </>
                  ) : null}
                  {stored.parcelCount !== undefined ? (
                    <>
                      <dt>{t('stored.parcels')}</dt>
                      <dd>{formatNumber(stored.parcelCount, i18n.language)}</dd>
                    </>
                  ) : null}
                </dl>
                {bookable(stored) ? null : (
                  <p className="field-hint" data-testid="stored-not-bookable">
                    {t('stored.notBookable')}
                  </p>
                )}
                <div className="row">
                  {bookable(stored) ? (
                    <Button
                      tone="primary"
                      onClick={() =>
                        void start('stored', t('stored.bookWhat', { orderNo: storedShown(stored) }), () =>
                          api.bookStored({ storedId: stored.storedId }),
                        )
                      }
                    >
                      {t('stored.book')}
                    </Button>
                  ) : null}
                  <Button
                    onClick={() =>
                      ask({ kind: 'stored', storedId: stored.storedId, shown: storedShown(stored) })
                    }
                  >
                    {t('common.delete')}
                  </Button>
                </div>
              </>
            ) : null}
            {answers('stored')}
          </DetailsPane>
        ) : null}
      </div>

      <h2>{t('stored.consolidatedTitle')}</h2>
      <div className="split list-details">
        <div>
          <ListTable
            label={t('stored.consolidatedTitle')}
            rows={consolidatedList.data}
            columns={consolidatedColumns}
            empty={t('stored.consolidatedEmpty')}
            loading={null}
          >
            {(item) => (
              <tr
                key={item.consolidatedId}
                data-consolidated-id={item.consolidatedId}
                aria-selected={consolidatedPick.isSelected(item)}
              >
                <td>
                  <Button tone="quiet" className="mono row-pick" {...consolidatedPick.pickProps(item)}>
                    {consolidatedShown(item)}
                  </Button>
                </td>
                <td>{item.receiverName}</td>
                <td>
                  <ul className="plain-list">
                    {item.parcelGroups.map((group) => (
                      <li key={group.partOrderNo}>
                        {t('stored.group', { partOrderNo: group.partOrderNo, count: group.parcelCount })}
                      </li>
                    ))}
                  </ul>
                </td>
                <td>
                  <NshiftStatus status={item.status} />
                </td>
              </tr>
            )}
          </ListTable>
        </div>
        {consolidated || hasAnswers('consolidated') ? (
          <DetailsPane
            ref={consolidatedPane}
            label={t('stored.consolidatedDetails')}
            testId="consolidated-details"
            {...(consolidated ? { title: consolidatedShown(consolidated) } : {})}
          >
            {consolidated ? (
              <>
                <dl className="summary">
                  <dt>{t('stored.status')}</dt>
                  <dd>
                    <NshiftStatus status={consolidated.status} />
                  </dd>
                  {consolidated.receiverName ? (
                    <>
                      <dt>{t('stored.receiver')}</dt>
                      <dd>{consolidated.receiverName}</dd>
                    </>
                  ) : null}
                </dl>
                <h3>{t('stored.groups')}</h3>
                <ul className="plain-list">
                  {consolidated.parcelGroups.map((group) => (
                    <li key={group.partOrderNo} className="row">
                      <span>
                        {t('stored.group', { partOrderNo: group.partOrderNo, count: group.parcelCount })}
                      </span>
                      <Button
                        tone="quiet"
                        onClick={() =>
                          ask({
                            kind: 'group',
                            consolidatedId: consolidated.consolidatedId,
                            partOrderNo: group.partOrderNo,
                            shown: consolidatedShown(consolidated),
                          })
                        }
                      >
                        {t('stored.deleteGroup')}
                      </Button>
                    </li>
                  ))}
                </ul>
                <div className="row form-actions">
                  <Button
                    tone="primary"
                    onClick={() =>
                      ask({
                        kind: 'close',
                        consolidatedId: consolidated.consolidatedId,
                        shown: consolidatedShown(consolidated),
                      })
                    }
                  >
                    {t('stored.close')}
                  </Button>
                  <Button
                    onClick={() =>
                      ask({
                        kind: 'consolidated',
                        consolidatedId: consolidated.consolidatedId,
                        shown: consolidatedShown(consolidated),
                      })
                    }
                  >
                    {t('common.delete')}
                  </Button>
                </div>
              </>
            ) : null}
            {answers('consolidated')}
          </DetailsPane>
        ) : null}
      </div>
    </section>
  );
}
