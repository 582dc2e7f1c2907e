import { useCallback, useState, type FormEvent } from 'react';
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
import { formatDateTime } from '../i18n/format';
import { useScanField } from '../components/use-screen-focus';

/** `shown`: the number the list shows for it (order number or key), so the question names what the packer sees. */
type Pending =
  | { kind: 'stored'; storedId: string; shown: string }
  | { kind: 'group'; consolidatedId: string; partOrderNo: string; shown: string }
  | { kind: 'consolidated'; consolidatedId: string; shown: string };

/** Stored shipments (book, delete) and open consolidated shipments (close, delete groups, delete). */
export function StoredScreen() {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const { settings } = useStationState();
  const [orderNo, setOrderNo] = useState('');
  /** The order number the list is filtered by (applied on Find or a scan, not on every keystroke). */
  const [filter, setFilter] = useState('');
  const [pending, setPending] = useState<Pending | undefined>();
  const [action, run] = useAction();
  /** The job the last booking or close started, followed to its outcome. */
  const [started, setStarted] = useState<{ jobId: string; what: string } | undefined>();
  const [field, settle] = useScanField();
  const loadStored = useCallback(
    () => api.listStored(filter ? { orderNo: filter } : undefined),
    [api, filter],
  );
  const loadConsolidated = useCallback(() => api.listConsolidated(), [api]);
  const storedList = useLoader<StoredShipmentView[]>(loadStored);
  const consolidatedList = useLoader<ConsolidatedView[]>(loadConsolidated);
  const stored = storedList.data;
  const consolidated = consolidatedList.data;
  const loadFailure = storedList.failure ?? consolidatedList.failure;

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

  async function start(what: string, call: () => Promise<{ jobId: string }>): Promise<void> {
    setStarted(undefined);
    // The lists change when the job has booked or closed, not when it starts: JobOutcome reloads them then.
    const result = await run(call);
    if (result) setStarted({ jobId: result.jobId, what });
    // The row's button may be gone with its row; the next order is scanned or typed into the field.
    settle();
  }

  async function confirmPending(): Promise<void> {
    if (!pending) return;
    setStarted(undefined);
    const done = t('stored.deleted');
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

  function question(p: Pending): string {
    if (p.kind === 'stored') return t('stored.deleteConfirm', { id: p.shown });
    if (p.kind === 'group')
      return t('stored.deleteGroupConfirm', { partOrderNo: p.partOrderNo, id: p.shown });
    return t('stored.deleteConsolidatedConfirm', { id: p.shown });
  }

  const confirm = pending ? (
    <ConfirmStep
      question={question(pending)}
      confirmLabel={t('stored.deleteYes')}
      busy={action.busy}
      onConfirm={() => void confirmPending()}
      onCancel={() => setPending(undefined)}
    />
  ) : null;

  const storedColumns = [
    t('stored.orderNo'),
    t('stored.receiver'),
    t('stored.service'),
    t('stored.parcels'),
    t('stored.status'),
    t('stored.created'),
    t('common.actions'),
  ];
  const consolidatedColumns = [
    t('stored.key'),
    t('stored.receiver'),
    t('stored.groups'),
    t('stored.status'),
    t('common.actions'),
  ];

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
      <ActionFeedback state={loadFailure ? { busy: false, failure: loadFailure } : action} />
      {started && !loadFailure ? (
        <JobOutcome key={started.jobId} jobId={started.jobId} what={started.what} onSettled={reload} />
      ) : null}
      {confirm}

      <ListTable label={t('stored.title')} rows={stored} columns={storedColumns} empty={t('stored.empty')}>
        {(item) => (
          <tr key={item.storedId} data-stored-id={item.storedId}>
            <td className="mono">{item.orderNo ?? item.storedId}</td>
            <td>{item.receiverName}</td>
            <td>{item.serviceId}</td>
            <td>{item.parcelCount}</td>
            <td>{item.status}</td>
            <td>{formatDateTime(item.created, i18n.language)}</td>
            <td>
              <RowActions
                label={t('stored.book')}
                onPrimary={() =>
                  void start(t('stored.bookWhat', { orderNo: item.orderNo ?? item.storedId }), () =>
                    api.bookStored({ storedId: item.storedId }),
                  )
                }
                onDelete={() =>
                  setPending({
                    kind: 'stored',
                    storedId: item.storedId,
                    shown: item.orderNo ?? item.storedId,
                  })
                }
              />
            </td>
          </tr>
        )}
      </ListTable>

      <h2>{t('stored.consolidatedTitle')}</h2>
      <ListTable
        label={t('stored.consolidatedTitle')}
        rows={consolidated}
        columns={consolidatedColumns}
        empty={t('stored.consolidatedEmpty')}
        loading={null}
      >
        {(item) => (
          <tr key={item.consolidatedId} data-consolidated-id={item.consolidatedId}>
            <td className="mono">{item.key ?? item.consolidatedId}</td>
            <td>{item.receiverName}</td>
            <td>
              <ul className="plain-list">
                {item.parcelGroups.map((group) => (
                  <li key={group.partOrderNo} className="row">
                    <span>
                      {t('stored.group', { partOrderNo: group.partOrderNo, count: group.parcelCount })}
                    </span>
                    <Button
                      tone="quiet"
                      onClick={() =>
                        setPending({
                          kind: 'group',
                          consolidatedId: item.consolidatedId,
                          partOrderNo: group.partOrderNo,
                          shown: item.key ?? item.consolidatedId,
                        })
                      }
                    >
                      {t('stored.deleteGroup')}
                    </Button>
                  </li>
                ))}
              </ul>
            </td>
            <td>{item.status}</td>
            <td>
              <RowActions
                label={t('stored.close')}
                onPrimary={() =>
                  void start(t('stored.closeWhat', { key: item.key ?? item.consolidatedId }), () =>
                    api.closeConsolidated({ consolidatedId: item.consolidatedId }),
                  )
                }
                onDelete={() =>
                  setPending({
                    kind: 'consolidated',
                    consolidatedId: item.consolidatedId,
                    shown: item.key ?? item.consolidatedId,
                  })
                }
              />
            </td>
          </tr>
        )}
      </ListTable>
    </section>
  );
}

/** A list row's actions: the thing to do with it, then Delete (which asks first). */
function RowActions({ label, onPrimary, onDelete }: { label: string; onPrimary(): void; onDelete(): void }) {
  const { t } = useTranslation();
  return (
    <div className="row">
      <Button tone="primary" onClick={onPrimary}>
        {label}
      </Button>
      <Button onClick={onDelete}>{t('common.delete')}</Button>
    </div>
  );
}
