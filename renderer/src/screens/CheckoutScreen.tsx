import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { MethodInput, PartialShipmentView } from '../../../preload/api';
import { useServices, useStationState } from '../state/context';
import { useScanHandler } from '../scan/scan-routing';
import { stripAffixes } from '../scan/normalize';
import { useAction } from '../components/use-action';
import { useLoader } from '../components/use-loader';
import { ActionFeedback } from '../components/ActionFeedback';
import { Button } from '../components/Button';
import { ConfirmStep } from '../components/ConfirmStep';
import { TextField } from '../components/Field';
import { Panel } from '../components/Panel';
import { saveTextFile } from '../components/save-file';
import { formatDateTime, formatInputDate } from '../i18n/format';
import { useScanField } from '../components/use-screen-focus';

type Query = MethodInput<'listPartialShipments'>;
interface DateRange {
  dateFrom: string;
  dateTo: string;
}

/** Two date inputs (YYYY-MM-DD) for a range, both days inclusive. */
function DateRangeFields({
  id,
  labels,
  range,
  onRange,
}: {
  id: string;
  labels: { from: string; to: string };
  range: DateRange;
  onRange(range: DateRange): void;
}) {
  return (
    <>
      <TextField
        id={`${id}-from`}
        label={labels.from}
        type="date"
        value={range.dateFrom}
        onValue={(dateFrom) => onRange({ ...range, dateFrom })}
      />
      <TextField
        id={`${id}-to`}
        label={labels.to}
        type="date"
        value={range.dateTo}
        onValue={(dateTo) => onRange({ ...range, dateTo })}
      />
    </>
  );
}

/**
 * What deleting a partial shipment leaves in Delivery, by where it is there: a booked or stored shipment stays
 * usable; a prepared one stays too, but the bench finds prepared shipments only through Checkout, so a scan no
 * longer finds it (nor one that reaches Delivery later).
 */
const DELETE_KEEPS = {
  booked: 'checkout.deleteKeepsBooked',
  stored: 'checkout.deleteKeeps',
  prepared: 'checkout.deleteKeepsPrepared',
  pending: 'checkout.deleteKeepsPrepared',
} as const satisfies Record<PartialShipmentView['delivery']['status'], string>;

/** What waits for the admin's confirmation. */
type Pending =
  | { kind: 'delete'; item: PartialShipmentView }
  | { kind: 'anonymize'; item: PartialShipmentView }
  | { kind: 'contact'; name: string; email: string };

/** What the row shows in its first column: the sub-shipment (the first one's is its checkout session's id). */
function rowName(item: PartialShipmentView): string {
  return item.subShipmentId ?? item.id;
}

/** Partial shipments grouped by order, in the order the service listed them (newest first). */
function byOrder(items: PartialShipmentView[]): Array<{ orderNo: string; items: PartialShipmentView[] }> {
  const groups = new Map<string, PartialShipmentView[]>();
  for (const item of items) {
    const key = item.orderNo ?? item.id;
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return [...groups].map(([orderNo, group]) => ({ orderNo, items: group }));
}

/**
 * The admin's view of nShift Checkout: partial shipments by order reference (typed or scanned) or creation
 * dates, each order's sub-shipments with the consumer's chosen option and where it is in Delivery; delete one
 * (Delivery keeps what it holds of it), anonymize one or all of a receiver's; usage metrics as a CSV file.
 */
export function CheckoutScreen() {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const { settings } = useStationState();
  const today = formatInputDate(new Date());
  const [orderNo, setOrderNo] = useState('');
  const [created, setCreated] = useState<DateRange>({ dateFrom: today, dateTo: today });
  const [query, setQuery] = useState<Query | undefined>();
  const [pending, setPending] = useState<Pending | undefined>();
  const [contact, setContact] = useState({ name: '', email: '' });
  const [metrics, setMetrics] = useState<DateRange>({ dateFrom: today, dateTo: today });
  const [action, run] = useAction();
  const [metricsState, runMetrics] = useAction();
  const load = useCallback(
    () => (query ? api.listPartialShipments(query) : Promise.resolve(undefined)),
    [api, query],
  );
  const list = useLoader<PartialShipmentView[] | undefined>(load);
  const [field, settle] = useScanField();

  useScanHandler((code) => {
    setOrderNo(code);
    setQuery({ orderNo: code.trim() });
  });

  function findByOrder(event: FormEvent): void {
    event.preventDefault();
    const wanted = stripAffixes(orderNo, settings?.scanner ?? { prefix: '', suffix: '' }).trim();
    setOrderNo(wanted);
    if (wanted) setQuery({ orderNo: wanted });
    settle();
  }

  function findByDate(event: FormEvent): void {
    event.preventDefault();
    if (created.dateFrom && created.dateTo) setQuery({ ...created });
  }

  async function confirmPending(): Promise<void> {
    if (!pending) return;
    if (pending.kind === 'delete') {
      await run(
        () => api.deletePartialShipment({ id: pending.item.id, confirm: true }),
        t('checkout.deleted'),
      );
    } else {
      const input =
        pending.kind === 'anonymize'
          ? { id: pending.item.id }
          : {
              ...(pending.name ? { name: pending.name } : {}),
              ...(pending.email ? { email: pending.email } : {}),
            };
      await run(
        () => api.anonymizePartialShipments({ ...input, confirm: true }),
        (done) => t('checkout.anonymizedDone', { count: done.length }),
      );
    }
    setPending(undefined);
    list.reload();
    settle();
  }

  function anonymizeContact(event: FormEvent): void {
    event.preventDefault();
    const name = contact.name.trim();
    const email = contact.email.trim();
    if (name || email) setPending({ kind: 'contact', name, email });
  }

  async function exportMetrics(event: FormEvent): Promise<void> {
    event.preventDefault();
    const file = await runMetrics(
      () => api.exportCheckoutMetrics(metrics),
      (done) => t('checkout.metricsExported', { fileName: done.fileName }),
    );
    if (file) saveTextFile(file.fileName, file.csv, 'text/csv');
  }

  const confirm = pending ? (
    <ConfirmStep
      question={
        pending.kind === 'contact'
          ? t('checkout.contactConfirm', { who: [pending.name, pending.email].filter(Boolean).join(', ') })
          : t(pending.kind === 'delete' ? 'checkout.deleteConfirm' : 'checkout.anonymizeConfirm', {
              // Named as its row names it: the admin confirms what they chose, not an id shown nowhere.
              id: rowName(pending.item),
              orderNo: pending.item.orderNo ?? '',
            })
      }
      confirmLabel={t(pending.kind === 'delete' ? 'checkout.delete' : 'checkout.anonymize')}
      busy={action.busy}
      onConfirm={() => void confirmPending()}
      onCancel={() => setPending(undefined)}
    >
      <p>
        {t(
          pending.kind !== 'delete'
            ? 'checkout.anonymizeWarning'
            : DELETE_KEEPS[pending.item.delivery.status],
        )}
      </p>
    </ConfirmStep>
  ) : null;

  const found = list.data;
  return (
    <section className="screen checkout-screen" aria-labelledby="checkout-title">
      <h1 id="checkout-title">{t('checkout.title')}</h1>
      {settings && !settings.checkout.hasSecret ? (
        <p className="alert alert-warn" role="status" data-testid="checkout-not-configured">
          {t('checkout.notConfigured')}
        </p>
      ) : null}
      <div className="row">
        <form className="row" onSubmit={findByOrder} data-scan-input="">
          <TextField
            id="checkout-order"
            ref={field}
            label={t('checkout.orderNo')}
            autoComplete="off"
            value={orderNo}
            onValue={setOrderNo}
          />
          <Button type="submit" tone="primary">
            {t('checkout.findByOrder')}
          </Button>
        </form>
        <form className="row" onSubmit={findByDate}>
          <DateRangeFields
            id="checkout-date"
            labels={{ from: t('checkout.dateFrom'), to: t('checkout.dateTo') }}
            range={created}
            onRange={setCreated}
          />
          <Button type="submit">{t('checkout.findByDate')}</Button>
        </form>
      </div>
      <ActionFeedback state={list.failure ? { busy: false, failure: list.failure } : action} />
      {confirm}

      {query === undefined ? (
        <p>{t('checkout.prompt')}</p>
      ) : found === undefined ? (
        <p>{t('common.loading')}</p>
      ) : found.length === 0 ? (
        <p data-testid="checkout-empty">{t('checkout.empty')}</p>
      ) : (
        <table className="table" aria-label={t('checkout.results')} data-testid="checkout-results">
          <thead>
            <tr>
              <th scope="col">{t('checkout.subShipment')}</th>
              <th scope="col">{t('checkout.created')}</th>
              <th scope="col">{t('checkout.receiver')}</th>
              <th scope="col">{t('checkout.option')}</th>
              <th scope="col">{t('checkout.parcels')}</th>
              <th scope="col">{t('checkout.delivery')}</th>
              <th scope="col">{t('common.actions')}</th>
            </tr>
          </thead>
          {byOrder(found).map((group) => (
            <tbody key={group.orderNo} data-order-no={group.orderNo}>
              <tr className="group-row">
                <th scope="rowgroup" colSpan={7}>
                  {t('checkout.order', { orderNo: group.orderNo, count: group.items.length })}
                </th>
              </tr>
              {group.items.map((item) => (
                <tr key={item.id} data-testid="partial-shipment" data-partial-id={item.id}>
                  <td className="mono">{rowName(item)}</td>
                  <td>{formatDateTime(item.created, i18n.language)}</td>
                  <td>
                    {item.anonymized ? (
                      <span className="badge" data-testid="anonymized">
                        {t('checkout.anonymized')}
                      </span>
                    ) : (
                      [item.receiverName, item.receiverCity].filter(Boolean).join(', ')
                    )}
                  </td>
                  <td>
                    {item.option
                      ? [
                          item.option.name ?? item.option.serviceId,
                          item.option.serviceId,
                          item.option.carrierId,
                          item.option.price,
                          item.option.pickupPoint
                            ? t('checkout.pickupPoint', { name: item.option.pickupPoint })
                            : undefined,
                        ]
                          .filter((part, index, all) => part && all.indexOf(part) === index)
                          .join(' · ')
                      : t('checkout.noOption')}
                  </td>
                  <td>{item.parcelCount}</td>
                  <td data-testid="partial-delivery" data-delivery={item.delivery.status}>
                    <DeliveryState delivery={item.delivery} />
                  </td>
                  <td>
                    <div className="row">
                      <Button
                        disabled={item.anonymized}
                        onClick={() => setPending({ kind: 'anonymize', item })}
                      >
                        {t('checkout.anonymize')}
                      </Button>
                      <Button tone="danger" onClick={() => setPending({ kind: 'delete', item })}>
                        {t('checkout.delete')}
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      )}

      <div className="settings-grid">
        <Panel id="checkout-contact" title={t('checkout.contactTitle')}>
          <form onSubmit={anonymizeContact}>
            <div className="row">
              <TextField
                id="checkout-contact-name"
                label={t('checkout.contactName')}
                autoComplete="off"
                value={contact.name}
                onValue={(name) => setContact((current) => ({ ...current, name }))}
              />
              <TextField
                id="checkout-contact-email"
                label={t('checkout.contactEmail')}
                type="email"
                autoComplete="off"
                value={contact.email}
                onValue={(email) => setContact((current) => ({ ...current, email }))}
              />
            </div>
            <Button type="submit" disabled={!contact.name.trim() && !contact.email.trim()}>
              {t('checkout.contactButton')}
            </Button>
          </form>
        </Panel>
        <Panel id="checkout-metrics" title={t('checkout.metricsTitle')}>
          <form onSubmit={(event) => void exportMetrics(event)}>
            <div className="row">
              <DateRangeFields
                id="checkout-metrics"
                labels={{ from: t('checkout.metricsFrom'), to: t('checkout.metricsTo') }}
                range={metrics}
                onRange={setMetrics}
              />
            </div>
            <Button type="submit" busy={metricsState.busy}>
              {t('checkout.metricsExport')}
            </Button>
          </form>
          <ActionFeedback state={metricsState} />
        </Panel>
      </div>
    </section>
  );
}

/**
 * Where the partial shipment is in nShift Delivery, in what the bench can use: once booked, the booked shipment's
 * number when it is known to be this row's; before that, the prepared shipment a scan books (or the stored
 * shipment the shop turned it into).
 */
function DeliveryState({ delivery }: { delivery: PartialShipmentView['delivery'] }) {
  const { t } = useTranslation();
  switch (delivery.status) {
    case 'booked':
      return (
        <>
          {delivery.shipmentNo
            ? t('checkout.bookedAs', { shipmentNo: delivery.shipmentNo })
            : t('checkout.booked')}
        </>
      );
    case 'prepared':
      return <>{t('checkout.prepared', { prepareId: delivery.prepareId ?? '' })}</>;
    case 'stored':
      return (
        <>
          {delivery.storedId
            ? t('checkout.stored', { storedId: delivery.storedId })
            : t('checkout.storedUnnamed')}
        </>
      );
    case 'pending':
      return <>{t('checkout.pending')}</>;
  }
}
