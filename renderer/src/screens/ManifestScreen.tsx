import { useCallback, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { JobView, ManifestView, MethodInput, MethodOutput } from '../../../preload/api';
import { useServices, useStationState } from '../state/context';
import { useAction } from '../components/use-action';
import { useLoader } from '../components/use-loader';
import { ActionFeedback } from '../components/ActionFeedback';
import { JobOutcome } from '../components/JobOutcome';
import { Button } from '../components/Button';
import { ListTable } from '../components/ListTable';
import { Panel } from '../components/Panel';
import { SelectField, TextField } from '../components/Field';
import { ShipmentTable } from '../components/ShipmentTable';
import { formatDateTime, formatNumber } from '../i18n/format';
import { useScreenFocus } from '../components/use-screen-focus';

type SearchField = NonNullable<MethodInput<'listManifestShipments'>['searchField']>;
type ManifestKey = Pick<ManifestView, 'manifestType' | 'manifestId'>;
type Unmanifested = MethodOutput<'listUnmanifested'>;
/** The job the last press started, with the words for what it does while it runs. */
interface Started {
  jobId: string;
  what: string;
  steps: Partial<Record<JobView['state'], string>>;
}

/**
 * Whether a manifest made now would hold nothing: nShift's own lists (not this station's journal, which misses
 * other stations' bookings) show every shipment of the day in a manifest. The station refuses such a manifest
 * before making it in nShift (main/station/workflows/manifest-pending.ts); the button says so first.
 */
export function nothingNewToManifest(answer: Unmanifested | undefined): boolean {
  return answer?.source === 'nshift' && answer.shipments.length === 0;
}

/**
 * End of day: one button per manifest type from settings; today's shipments that no manifest holds (the
 * classic mistake: parcels packed after the manifest was printed); today's manifests, each with the shipments
 * it holds, to check before it is printed again.
 */
export function ManifestScreen() {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const { settings } = useStationState();
  const [action, run] = useAction();
  const loadManifests = useCallback(() => api.listManifests(), [api]);
  const manifestList = useLoader<ManifestView[]>(loadManifests);
  const loadUnmanifested = useCallback(() => api.listUnmanifested(), [api]);
  const unmanifested = useLoader<MethodOutput<'listUnmanifested'>>(loadUnmanifested);
  const [open, setOpen] = useState<ManifestKey | undefined>();
  const loadFailure = manifestList.failure ?? unmanifested.failure;
  const nothingNew = !unmanifested.failure && nothingNewToManifest(unmanifested.data);
  // On arrival the keyboard starts at the screen's top, on no button: a stray Enter must not make a manifest.
  const heading = useRef<HTMLHeadingElement>(null);
  useScreenFocus(() => heading.current);

  /** The job the last press started, followed to its outcome. */
  const [started, setStarted] = useState<Started | undefined>();

  async function start(
    what: string,
    steps: Started['steps'],
    call: () => Promise<{ jobId: string }>,
  ): Promise<void> {
    setStarted(undefined);
    const result = await run(call);
    if (result) setStarted({ jobId: result.jobId, what, steps });
  }

  function reload(): void {
    manifestList.reload();
    unmanifested.reload();
  }

  const types = settings?.manifest.types ?? [];
  const isOpen = (m: ManifestKey) =>
    open?.manifestType === m.manifestType && open.manifestId === m.manifestId;

  return (
    <section className="screen manifest-screen" aria-labelledby="manifest-title">
      <h1 id="manifest-title" ref={heading} tabIndex={-1}>
        {t('manifest.title')}
      </h1>
      {types.length === 0 ? <p>{t('manifest.noTypes')}</p> : null}
      <div className="row">
        {types.map((manifestType) => (
          <Button
            key={manifestType}
            tone="primary"
            // Not `disabled`: a focused button that becomes disabled swallows every key in Chromium.
            aria-disabled={nothingNew || undefined}
            aria-describedby={nothingNew ? 'manifest-nothing-new' : undefined}
            onClick={() => {
              if (nothingNew) return;
              // The lists change when the job has created the manifest: JobOutcome reloads them then.
              void start(
                t('manifest.what', { type: manifestType }),
                { resolving: t('manifest.step.creating'), booking: t('manifest.step.creating') },
                () => api.createManifest({ manifestType }),
              );
            }}
          >
            {t('manifest.create', { type: manifestType })}
            {nothingNew ? <span className="button-note"> {t('manifest.nothingNew')}</span> : null}
          </Button>
        ))}
        <Button tone="quiet" onClick={reload}>
          {t('common.refresh')}
        </Button>
      </div>
      {nothingNew && types.length > 0 ? (
        <p className="field-hint" id="manifest-nothing-new" data-testid="manifest-nothing-new">
          {t('manifest.nothingNewHint')}
        </p>
      ) : null}
      <ActionFeedback state={loadFailure ? { busy: false, failure: loadFailure } : action} />
      {started && !loadFailure ? (
        <JobOutcome
          key={started.jobId}
          jobId={started.jobId}
          what={started.what}
          steps={started.steps}
          onSettled={reload}
        />
      ) : null}

      {/* Not read (no API key, nShift unreachable): the failure above says what is missing, no list claims to load. */}
      {unmanifested.failure ? null : <Unmanifested answer={unmanifested.data} />}

      <h2>{t('manifest.listTitle')}</h2>
      <ListTable
        label={t('manifest.listTitle')}
        rows={manifestList.data}
        loading={manifestList.failure ? null : undefined}
        empty={t('manifest.empty')}
        columns={[
          t('manifest.type'),
          t('manifest.id'),
          t('manifest.created'),
          t('manifest.shipments'),
          t('common.actions'),
        ]}
      >
        {(manifest) => (
          <tr key={`${manifest.manifestType}-${manifest.manifestId}`}>
            <td>{manifest.manifestType}</td>
            <td className="mono">{manifest.manifestId}</td>
            <td>{formatDateTime(manifest.created, i18n.language)}</td>
            <td>{formatNumber(manifest.shipmentCount, i18n.language)}</td>
            <td>
              <div className="row">
                <Button
                  aria-expanded={isOpen(manifest)}
                  aria-controls="manifest-shipments"
                  onClick={() =>
                    setOpen(
                      isOpen(manifest)
                        ? undefined
                        : { manifestType: manifest.manifestType, manifestId: manifest.manifestId },
                    )
                  }
                >
                  {t('manifest.showShipments')}
                </Button>
                <Button
                  onClick={() =>
                    void start(
                      t('manifest.reprintWhat', { type: manifest.manifestType, id: manifest.manifestId }),
                      { resolving: t('manifest.step.fetching') },
                      () =>
                        api.reprintManifest({
                          manifestType: manifest.manifestType,
                          manifestId: manifest.manifestId,
                        }),
                    )
                  }
                >
                  {t('manifest.reprint')}
                </Button>
              </div>
            </td>
          </tr>
        )}
      </ListTable>
      {open ? <ManifestShipments key={`${open.manifestType}/${open.manifestId}`} manifest={open} /> : null}
    </section>
  );
}

/** Today's shipments that none of today's manifests holds, with what it means for the end of the day. */
function Unmanifested({ answer }: { answer: MethodOutput<'listUnmanifested'> | undefined }) {
  const { t } = useTranslation();
  const count = answer?.shipments.length ?? 0;
  const tone = !answer ? '' : count === 0 ? 'alert-good' : answer.manifests > 0 ? 'alert-warn' : '';
  const verdict = !answer
    ? undefined
    : count === 0
      ? answer.manifests > 0
        ? t('manifest.unmanifested.allIn')
        : t('manifest.unmanifested.noneToday')
      : answer.manifests > 0
        ? t('manifest.unmanifested.bookedAfter', { count })
        : t('manifest.unmanifested.noManifestYet', { count });
  return (
    <Panel id="unmanifested" title={t('manifest.unmanifested.title')} testId="unmanifested">
      {verdict ? (
        <p className={`alert ${tone}`} role="status" data-count={count}>
          {verdict}
        </p>
      ) : null}
      {answer?.source === 'journal' ? (
        <p className="field-hint">{t('manifest.unmanifested.journalOnly')}</p>
      ) : null}
      {count > 0 ? (
        <ShipmentTable
          label={t('manifest.unmanifested.title')}
          shipments={answer?.shipments}
          empty={t('manifest.unmanifested.allIn')}
        />
      ) : null}
    </Panel>
  );
}

/** The shipments one manifest holds, filtered by order, shipment or parcel number. */
function ManifestShipments({ manifest }: { manifest: ManifestKey }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [field, setField] = useState<SearchField>('orderNo');
  const [value, setValue] = useState('');
  /** The filter in force (applied on Filter, not on every keystroke). */
  const [filter, setFilter] = useState<{ field: SearchField; value: string } | undefined>();
  const load = useCallback(
    () =>
      api.listManifestShipments({
        ...manifest,
        ...(filter?.value ? { searchField: filter.field, searchValue: filter.value } : {}),
      }),
    [api, manifest, filter],
  );
  const shipments = useLoader(load);

  function onFilter(event: FormEvent): void {
    event.preventDefault();
    setFilter({ field, value: value.trim() });
  }

  const title = t('manifest.contents.title', { type: manifest.manifestType, id: manifest.manifestId });
  return (
    <Panel id="manifest-shipments" title={title} testId="manifest-shipments">
      <form className="row" onSubmit={onFilter}>
        <SelectField
          id="manifest-filter-field"
          label={t('manifest.contents.field')}
          value={field}
          choices={[
            { value: 'orderNo', label: t('shipments.orderNo') },
            { value: 'shipmentNo', label: t('shipments.shipmentNo') },
            { value: 'parcelNo', label: t('shipments.parcelNo') },
          ]}
          onValue={setField}
        />
        <TextField
          id="manifest-filter-value"
          label={t('manifest.contents.value')}
          autoComplete="off"
          // Opening a manifest's list brings it into view, ready to type a number.
          autoFocus
          value={value}
          onValue={setValue}
        />
        <Button type="submit">{t('manifest.contents.filter')}</Button>
      </form>
      <ActionFeedback
        state={shipments.failure ? { busy: false, failure: shipments.failure } : { busy: false }}
      />
      <ShipmentTable
        label={title}
        shipments={shipments.data}
        failed={shipments.failure !== undefined}
        empty={filter?.value ? t('manifest.contents.noMatch') : t('manifest.contents.empty')}
      />
    </Panel>
  );
}
