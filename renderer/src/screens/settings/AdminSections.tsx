import { useContext, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResolveSource, SettingsView } from '../../../../preload/api';
import { Button } from '../../components/Button';
import { CheckboxField, FieldErrorsContext, TextField } from '../../components/Field';
import { useDraft } from '../../components/use-draft';
import { SettingsSection } from './SettingsSection';
import { InForceNote } from './InForceNote';
import { formatNumber } from '../../i18n/format';

/*
 * What an IT admin once edited in settings.json by hand (issue 12): where scans are looked up, how long a label
 * waits for its printer, the consolidation key. The station judges each value with the settings file's own
 * schema and applies it at once; the verdict on a value shows under its field.
 */

const ALL_SOURCES: readonly ResolveSource[] = ['order', 'stored', 'prepared', 'shipment'];

interface SourceRow {
  source: ResolveSource;
  used: boolean;
}

/** The sources in use in their order, then those not in use (so one can be put back where it belongs). */
function sourceRows(sources: readonly ResolveSource[]): SourceRow[] {
  return [
    ...sources.map((source) => ({ source, used: true })),
    ...ALL_SOURCES.filter((source) => !sources.includes(source)).map((source) => ({ source, used: false })),
  ];
}

/** The list with one item moved; a move past either end leaves it as it is. */
function moved<T>(list: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/**
 * The rows with `prepared` in use, before the booked shipments' lookup where that is in use (the default order),
 * else after the last source in use.
 */
function withPrepared(rows: readonly SourceRow[]): SourceRow[] {
  const others = rows.filter((row) => row.source !== 'prepared');
  const beforeShipment = others.findIndex((row) => row.source === 'shipment' && row.used);
  const at = beforeShipment >= 0 ? beforeShipment : others.filter((row) => row.used).length;
  return [...others.slice(0, at), { source: 'prepared', used: true }, ...others.slice(at)];
}

export function ResolveSection({ settings }: { settings: SettingsView }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState(() => sourceRows(settings.resolve.sources));
  // A lookup saved before `prepared` existed and changed by the admin is kept on upgrade (main/settings/migrate.ts):
  // with Checkout credentials, say what it leaves out and offer to add it.
  const preparedOff =
    settings.checkout.hasSecret && !rows.some((row) => row.source === 'prepared' && row.used);
  return (
    <SettingsSection
      id="resolve"
      title={t('admin.resolve.title')}
      patch={() => ({
        resolve: {
          ...settings.resolve,
          sources: rows.filter((row) => row.used).map((row) => row.source),
        },
      })}
    >
      <p className="field-hint">{t('admin.resolve.hint')}</p>
      {preparedOff ? (
        <p className="field-hint" data-testid="resolve-prepared-off">
          {t('admin.resolve.preparedOff')}{' '}
          <Button tone="quiet" onClick={() => setRows(withPrepared)}>
            {t('admin.resolve.addPrepared')}
          </Button>
        </p>
      ) : null}
      <SourceOrder rows={rows} onRows={setRows} />
    </SettingsSection>
  );
}

/** The sources, each on or off and moved up or down by its buttons; the verdict on the list under it. */
function SourceOrder({
  rows,
  onRows,
}: {
  rows: SourceRow[];
  onRows(update: (rows: SourceRow[]) => SourceRow[]): void;
}) {
  const { t } = useTranslation();
  // The schema's only verdict on the list is that it is empty: said in the admin's words.
  const verdict = useContext(FieldErrorsContext).get('resolve.sources');
  const errorId = useId();
  const name = (source: ResolveSource) => t(`admin.resolve.${source}`);
  return (
    <fieldset
      className={verdict ? 'field-invalid' : undefined}
      aria-describedby={verdict ? errorId : undefined}
      data-testid="resolve-sources"
    >
      <legend>{t('admin.resolve.sources')}</legend>
      <ol className="plain-list source-order">
        {rows.map((row, index) => (
          <li key={row.source} data-source={row.source} data-used={row.used}>
            <CheckboxField
              id={`resolve-source-${row.source}`}
              label={name(row.source)}
              checked={row.used}
              onChecked={(used) =>
                onRows((current) => current.map((r) => (r.source === row.source ? { ...r, used } : r)))
              }
            />
            <Button
              tone="quiet"
              aria-label={t('admin.resolve.moveUp', { source: name(row.source) })}
              // Not `disabled`: a focused button that becomes disabled swallows every key in Chromium.
              aria-disabled={index === 0 || undefined}
              onClick={() => onRows((current) => moved(current, index, index - 1))}
            >
              {t('admin.resolve.up')}
            </Button>
            <Button
              tone="quiet"
              aria-label={t('admin.resolve.moveDown', { source: name(row.source) })}
              aria-disabled={index === rows.length - 1 || undefined}
              onClick={() => onRows((current) => moved(current, index, index + 1))}
            >
              {t('admin.resolve.down')}
            </Button>
          </li>
        ))}
      </ol>
      {verdict ? (
        <span id={errorId} className="field-error">
          {t('admin.resolve.none')}
        </span>
      ) : null}
    </fieldset>
  );
}

const MINUTES = { type: 'number', min: 0.05, max: 24 * 60, step: 'any', inputMode: 'decimal' } as const;

export function HoldSection({ settings }: { settings: SettingsView }) {
  const { t, i18n } = useTranslation();
  // A --hold-after-seconds flag wins over the saved value for this run: say so beside the field.
  const inForce = settings.inForce.spoolTtlMinutes;
  const { values, bind } = useDraft('spool', { ttlMinutes: String(settings.spool.ttlMinutes) });
  // An empty field is no number at all: the schema says so rather than reading it as 0.
  const minutes = values.ttlMinutes.trim() === '' ? Number.NaN : Number(values.ttlMinutes);
  return (
    <SettingsSection
      id="hold"
      title={t('admin.hold.title')}
      patch={() => ({ spool: { ttlMinutes: minutes } })}
    >
      <TextField
        {...bind('ttlMinutes')}
        label={t('admin.hold.minutes')}
        hint={
          <>
            {t('admin.hold.hint')}
            <InForceNote source={inForce.source} testId="hold-source">
              {t('admin.inForce.minutes', { minutes: formatNumber(inForce.value, i18n.language) })}
            </InForceNote>
          </>
        }
        {...MINUTES}
      />
    </SettingsSection>
  );
}

export function ConsolidationSection({ settings }: { settings: SettingsView }) {
  const { t } = useTranslation();
  const { values, bind } = useDraft('consolidation', { key: settings.consolidation.key ?? '' });
  const key = values.key.trim();
  return (
    <SettingsSection
      id="consolidation"
      title={t('admin.consolidation.title')}
      // An empty key is no consolidation (a patch merges into the saved section, so an absent key would keep it).
      patch={() => ({ consolidation: { key } })}
    >
      <TextField
        {...bind('key')}
        label={t('admin.consolidation.key')}
        hint={t('admin.consolidation.hint')}
        autoComplete="off"
      />
    </SettingsSection>
  );
}
