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
import { formatDateTime } from '../i18n/format';

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

  function onFilter(event: FormEvent): void {
    event.preventDefault();
    const wanted = stripAffixes(orderNo, settings?.scanner ?? { prefix: '', suffix: '' });
    setOrderNo(wanted);
    setFilter(wanted);
  }

  async function start(what: string, call: () => Promise<{ jobId: string }>): Promise<void> {
    setStarted(undefined);
    // The lists change when the job has booked or closed, not when it starts: JobOutcome reloads them then.
    const result = await run(call);
    if (result) setStarted({ jobId: result.jobId, what });
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
      busy={action.busy}
      onConfirm={() => void confirmPending()}
      onCancel={() => setPending(undefined)}
    />
  ) : null;

  return (
    <section className="screen stored-screen" aria-labelledby="stored-title">
      <h1 id="stored-title">{t('stored.title')}</h1>
      <form className="row" onSubmit={onFilter} data-scan-input="">
        <div className="field">
          <label htmlFor="stored-order">{t('stored.filterLabel')}</label>
          <input
            id="stored-order"
            type="text"
            autoComplete="off"
            value={orderNo}
            onChange={(event) => setOrderNo(event.target.value)}
          />
        </div>
        <button type="submit" className="button">
          {t('stored.filter')}
        </button>
        <button type="button" className="button button-quiet" onClick={reload}>
          {t('common.refresh')}
        </button>
      </form>
      <ActionFeedback state={loadFailure ? { busy: false, failure: loadFailure } : action} />
      {started && !loadFailure ? (
        <JobOutcome key={started.jobId} jobId={started.jobId} what={started.what} onSettled={reload} />
      ) : null}
      {confirm}

      {stored === undefined ? (
        <p>{t('common.loading')}</p>
      ) : stored.length === 0 ? (
        <p>{t('stored.empty')}</p>
      ) : (
        <table className="table" aria-label={t('stored.title')}>
          <thead>
            <tr>
              <th scope="col">{t('stored.orderNo')}</th>
              <th scope="col">{t('stored.receiver')}</th>
              <th scope="col">{t('stored.service')}</th>
              <th scope="col">{t('stored.parcels')}</th>
              <th scope="col">{t('stored.status')}</th>
              <th scope="col">{t('stored.created')}</th>
              <th scope="col">{t('common.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {stored.map((item) => (
              <tr key={item.storedId} data-stored-id={item.storedId}>
                <td className="mono">{item.orderNo ?? item.storedId}</td>
                <td>{item.receiverName}</td>
                <td>{item.serviceId}</td>
                <td>{item.parcelCount}</td>
                <td>{item.status}</td>
                <td>{formatDateTime(item.created, i18n.language)}</td>
                <td>
                  <div className="row">
                    <button
                      type="button"
                      className="button button-primary"
                      onClick={() =>
                        void start(t('stored.bookWhat', { orderNo: item.orderNo ?? item.storedId }), () =>
                          api.bookStored({ storedId: item.storedId }),
                        )
                      }
                    >
                      {t('stored.book')}
                    </button>
                    <button
                      type="button"
                      className="button"
                      onClick={() =>
                        setPending({
                          kind: 'stored',
                          storedId: item.storedId,
                          shown: item.orderNo ?? item.storedId,
                        })
                      }
                    >
                      {t('common.delete')}
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <h2>{t('stored.consolidatedTitle')}</h2>
      {consolidated === undefined ? null : consolidated.length === 0 ? (
        <p>{t('stored.consolidatedEmpty')}</p>
      ) : (
        <table className="table" aria-label={t('stored.consolidatedTitle')}>
          <thead>
            <tr>
              <th scope="col">{t('stored.key')}</th>
              <th scope="col">{t('stored.receiver')}</th>
              <th scope="col">{t('stored.groups')}</th>
              <th scope="col">{t('stored.status')}</th>
              <th scope="col">{t('common.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {consolidated.map((item) => (
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
                        <button
                          type="button"
                          className="button button-quiet"
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
                        </button>
                      </li>
                    ))}
                  </ul>
                </td>
                <td>{item.status}</td>
                <td>
                  <div className="row">
                    <button
                      type="button"
                      className="button button-primary"
                      onClick={() =>
                        void start(t('stored.closeWhat', { key: item.key ?? item.consolidatedId }), () =>
                          api.closeConsolidated({ consolidatedId: item.consolidatedId }),
                        )
                      }
                    >
                      {t('stored.close')}
                    </button>
                    <button
                      type="button"
                      className="button"
                      onClick={() =>
                        setPending({
                          kind: 'consolidated',
                          consolidatedId: item.consolidatedId,
                          shown: item.key ?? item.consolidatedId,
                        })
                      }
                    >
                      {t('common.delete')}
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
