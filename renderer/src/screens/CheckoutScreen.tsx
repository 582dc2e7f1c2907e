import { useCallback, useRef, useState, type FormEvent } from 'react';
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
import { DetailsPane } from '../components/DetailsPane';
import { saveTextFile } from '../components/save-file';
import { formatDateTime, formatInputDate } from '../i18n/format';
import { useScanField } from '../components/use-screen-focus';
import { useRowPicker } from '../components/use-row-picker';
import { DateField, useRangeVerdicts } from '../components/DateField';
import {
  dateEntry,
  isRangeProblem,
  readRange,
  type DateEntry,
  type RangeProblem,
} from '../components/date-range';

type Query = MethodInput<'listPartialShipments'>;
interface DateRange {
  from: DateEntry;
  to: DateEntry;
}

/** Two date fields for a range, both days inclusive, each written the packer's way; the verdicts under them. */
function DateRangeFields({
  id,
  labels,
  range,
  problem,
  onRange,
}: {
  id: string;
  labels: { from: string; to: string };
  range: DateRange;
  problem?: RangeProblem;
  onRange(range: DateRange): void;
}) {
  const verdicts = useRangeVerdicts(problem, range);
  return (
    <>
      <DateField
        id={`${id}-from`}
        label={labels.from}
        entry={range.from}
        error={verdicts.from}
        onEntry={(from) => onRange({ ...range, from })}
      />
      <DateField
        id={`${id}-to`}
        label={labels.to}
        entry={range.to}
        error={verdicts.to}
        onEntry={(to) => onRange({ ...range, to })}
      />
    </>
  );
}

/** A from–to range whose both days must be given (Checkout asks nShift for a span of days). */
function requiredRange(range: DateRange): { dateFrom: string; dateTo: string } | RangeProblem {
  if (!range.from.text.trim()) return { problem: 'not_a_date', field: 'from' };
  if (!range.to.text.trim()) return { problem: 'not_a_date', field: 'to' };
  const read = readRange(range.from, range.to);
  if (isRangeProblem(read)) return read;
  return { dateFrom: read.dateFrom!, dateTo: read.dateTo! };
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
  const todayRange = (): DateRange => {
    const today = dateEntry(formatInputDate(new Date()), i18n.language);
    return { from: today, to: today };
  };
  const [orderNo, setOrderNo] = useState('');
  /** Enter or Find with nothing in the field: said under it, never nothing at all. */
  const [emptyOrder, setEmptyOrder] = useState(false);
  const [created, setCreated] = useState<DateRange>(todayRange);
  const [createdProblem, setCreatedProblem] = useState<RangeProblem | undefined>();
  const [query, setQuery] = useState<Query | undefined>();
  const [pending, setPending] = useState<Pending | undefined>();
  const [contact, setContact] = useState({ name: '', email: '' });
  const [metrics, setMetrics] = useState<DateRange>(todayRange);
  const [metricsProblem, setMetricsProblem] = useState<RangeProblem | undefined>();
  const [action, run] = useAction();
  /** Where the last answer belongs: the picked row's pane, or the "by name or e-mail" panel. */
  const [actedOn, setActedOn] = useState<'row' | 'contact'>('row');
  const [metricsState, runMetrics] = useAction();
  const load = useCallback(
    () => (query ? api.listPartialShipments(query) : Promise.resolve(undefined)),
    [api, query],
  );
  const list = useLoader<PartialShipmentView[] | undefined>(load);
  const [field, settle] = useScanField();
  const pane = useRef<HTMLElement>(null);
  const found = list.data;
  // Listed as grouped (by order), so ↑/↓ walk the rows in the order they show.
  const shown = found ? byOrder(found).flatMap((group) => group.items) : undefined;
  const picker = useRowPicker(
    shown,
    (item) => item.id,
    () => pane.current?.scrollIntoView?.({ block: 'nearest' }),
  );
  const picked = picker.selected;

  function findOrder(code: string): void {
    setEmptyOrder(false);
    setQuery({ orderNo: code });
  }

  useScanHandler((code) => {
    setOrderNo(code);
    findOrder(code.trim());
  });

  function findByOrder(event: FormEvent): void {
    event.preventDefault();
    const wanted = stripAffixes(orderNo, settings?.scanner ?? { prefix: '', suffix: '' }).trim();
    setOrderNo(wanted);
    if (wanted) findOrder(wanted);
    else setEmptyOrder(true);
    settle();
  }

  function findByDate(event: FormEvent): void {
    event.preventDefault();
    const range = requiredRange(created);
    if (isRangeProblem(range)) {
      setCreatedProblem(range);
      return;
    }
    setCreatedProblem(undefined);
    // The list is now by date: the order reference it was found by before is not what it shows any more.
    setOrderNo('');
    setEmptyOrder(false);
    setQuery(range);
  }

  function ask(next: Pending): void {
    setActedOn(next.kind === 'contact' ? 'contact' : 'row');
    setPending(next);
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
    if (name || email) ask({ kind: 'contact', name, email });
  }

  async function exportMetrics(event: FormEvent): Promise<void> {
    event.preventDefault();
    const range = requiredRange(metrics);
    if (isRangeProblem(range)) {
      setMetricsProblem(range);
      return;
    }
    setMetricsProblem(undefined);
    const file = await runMetrics(
      () => api.exportCheckoutMetrics(range),
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
  /** The question and the last answer, where the button that asked is. */
  const answers = (place: 'row' | 'contact') => (
    <>
      {pending && (pending.kind === 'contact' ? 'contact' : 'row') === place ? confirm : null}
      {actedOn === place ? <ActionFeedback state={action} /> : null}
    </>
  );

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
            error={emptyOrder ? t('common.emptyCode') : undefined}
            onValue={(value) => {
              setOrderNo(value);
              setEmptyOrder(false);
            }}
          />
          <Button type="submit" tone="primary">
            {t('checkout.findByOrder')}
          </Button>
        </form>
        <form className="row" onSubmit={findByDate} noValidate>
          <DateRangeFields
            id="checkout-date"
            labels={{ from: t('checkout.dateFrom'), to: t('checkout.dateTo') }}
            range={created}
            problem={createdProblem}
            onRange={(range) => {
              setCreated(range);
              setCreatedProblem(undefined);
            }}
          />
          <Button type="submit">{t('checkout.findByDate')}</Button>
        </form>
      </div>
      {list.failure ? <ActionFeedback state={{ busy: false, failure: list.failure }} /> : null}

      {query === undefined ? (
        <p>{t('checkout.prompt')}</p>
      ) : found === undefined ? (
        list.failure ? null : (
          <p>{t('common.loading')}</p>
        )
      ) : found.length === 0 ? (
        <p data-testid="checkout-empty">{t('checkout.empty')}</p>
      ) : (
        <div className="split list-details">
          <div>
            <table className="table" aria-label={t('checkout.results')} data-testid="checkout-results">
              <thead>
                <tr>
                  <th scope="col">{t('checkout.subShipment')}</th>
                  <th scope="col">{t('checkout.created')}</th>
                  <th scope="col">{t('checkout.receiver')}</th>
                  <th scope="col">{t('checkout.option')}</th>
                  <th scope="col">{t('checkout.parcels')}</th>
                  <th scope="col">{t('checkout.delivery')}</th>
                </tr>
              </thead>
              {byOrder(found).map((group) => (
                <tbody key={group.orderNo} data-order-no={group.orderNo}>
                  <tr className="group-row">
                    <th scope="rowgroup" colSpan={6}>
                      {t('checkout.order', { orderNo: group.orderNo, count: group.items.length })}
                    </th>
                  </tr>
                  {group.items.map((item) => (
                    <tr
                      key={item.id}
                      data-testid="partial-shipment"
                      data-partial-id={item.id}
                      aria-selected={picker.isSelected(item)}
                    >
                      <td>
                        <Button tone="quiet" className="mono row-pick" {...picker.pickProps(item)}>
                          {rowName(item)}
                        </Button>
                      </td>
                      <td>{formatDateTime(item.created, i18n.language)}</td>
                      <td>
                        <Receiver item={item} />
                      </td>
                      <td>
                        <OptionText item={item} />
                      </td>
                      <td>{item.parcelCount}</td>
                      <td data-testid="partial-delivery" data-delivery={item.delivery.status}>
                        <DeliveryState delivery={item.delivery} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              ))}
            </table>
          </div>
          <DetailsPane
            ref={pane}
            label={t('checkout.details')}
            testId="checkout-details"
            {...(picked ? { title: rowName(picked) } : {})}
          >
            {picked ? (
              <>
                <dl className="summary">
                  <dt>{t('checkout.orderNo')}</dt>
                  <dd className="mono">{picked.orderNo ?? '–'}</dd>
                  <dt>{t('checkout.receiver')}</dt>
                  <dd>
                    <Receiver item={picked} />
                  </dd>
                  <dt>{t('checkout.option')}</dt>
                  <dd>
                    <OptionText item={picked} />
                  </dd>
                  <dt>{t('checkout.delivery')}</dt>
                  <dd>
                    <DeliveryState delivery={picked.delivery} />
                  </dd>
                </dl>
                <div className="row">
                  <Button
                    disabled={picked.anonymized}
                    onClick={() => ask({ kind: 'anonymize', item: picked })}
                  >
                    {t('checkout.anonymize')}
                  </Button>
                  <Button tone="danger" onClick={() => ask({ kind: 'delete', item: picked })}>
                    {t('checkout.delete')}
                  </Button>
                </div>
              </>
            ) : null}
            {answers('row')}
          </DetailsPane>
        </div>
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
          {answers('contact')}
        </Panel>
        <Panel id="checkout-metrics" title={t('checkout.metricsTitle')}>
          <form onSubmit={(event) => void exportMetrics(event)} noValidate>
            <div className="row">
              <DateRangeFields
                id="checkout-metrics"
                labels={{ from: t('checkout.metricsFrom'), to: t('checkout.metricsTo') }}
                range={metrics}
                problem={metricsProblem}
                onRange={(range) => {
                  setMetrics(range);
                  setMetricsProblem(undefined);
                }}
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

/** The receiver as the row shows it: blanked ones are marked, not shown empty. */
function Receiver({ item }: { item: PartialShipmentView }) {
  const { t } = useTranslation();
  if (item.anonymized)
    return (
      <span className="badge" data-testid="anonymized">
        {t('checkout.anonymized')}
      </span>
    );
  return <>{[item.receiverName, item.receiverCity].filter(Boolean).join(', ')}</>;
}

/** The option the consumer chose at checkout: its name, service, carrier, price and pickup point, each once. */
function OptionText({ item }: { item: PartialShipmentView }) {
  const { t } = useTranslation();
  if (!item.option) return <>{t('checkout.noOption')}</>;
  return (
    <>
      {[
        item.option.name ?? item.option.serviceId,
        item.option.serviceId,
        item.option.carrierId,
        item.option.price,
        item.option.pickupPoint ? t('checkout.pickupPoint', { name: item.option.pickupPoint }) : undefined,
      ]
        .filter((part, index, all) => part && all.indexOf(part) === index)
        .join(' · ')}
    </>
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
