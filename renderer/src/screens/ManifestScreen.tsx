import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ManifestView } from '../../../preload/api';
import { useServices, useStationState } from '../state/context';
import { useAction } from '../components/use-action';
import { useLoader } from '../components/use-loader';
import { ActionFeedback } from '../components/ActionFeedback';
import { JobOutcome } from '../components/JobOutcome';
import { formatDateTime, formatNumber } from '../i18n/format';

/** End of day: one button per manifest type from settings, and today's manifests to reprint. */
export function ManifestScreen() {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const { settings } = useStationState();
  const [action, run] = useAction();
  const loadManifests = useCallback(() => api.listManifests(), [api]);
  const { data: manifests, failure: loadFailure, reload } = useLoader<ManifestView[]>(loadManifests);

  /** The job the last press started, followed to its outcome. */
  const [started, setStarted] = useState<{ jobId: string; what: string } | undefined>();

  async function start(what: string, call: () => Promise<{ jobId: string }>): Promise<void> {
    setStarted(undefined);
    const result = await run(call);
    if (result) setStarted({ jobId: result.jobId, what });
  }

  const types = settings?.manifest.types ?? [];

  return (
    <section className="screen manifest-screen" aria-labelledby="manifest-title">
      <h1 id="manifest-title">{t('manifest.title')}</h1>
      {types.length === 0 ? <p>{t('manifest.noTypes')}</p> : null}
      <div className="row">
        {types.map((manifestType) => (
          <button
            key={manifestType}
            type="button"
            className="button button-primary"
            onClick={() =>
              // The list gains the manifest when its job has created it: JobOutcome reloads it then.
              void start(t('manifest.what', { type: manifestType }), () =>
                api.createManifest({ manifestType }),
              )
            }
          >
            {t('manifest.create', { type: manifestType })}
          </button>
        ))}
      </div>
      <ActionFeedback state={loadFailure ? { busy: false, failure: loadFailure } : action} />
      {started && !loadFailure ? (
        <JobOutcome key={started.jobId} jobId={started.jobId} what={started.what} onSettled={reload} />
      ) : null}

      <h2>{t('manifest.listTitle')}</h2>
      {manifests === undefined ? (
        <p>{t('common.loading')}</p>
      ) : manifests.length === 0 ? (
        <p>{t('manifest.empty')}</p>
      ) : (
        <table className="table" aria-label={t('manifest.listTitle')}>
          <thead>
            <tr>
              <th scope="col">{t('manifest.type')}</th>
              <th scope="col">{t('manifest.id')}</th>
              <th scope="col">{t('manifest.created')}</th>
              <th scope="col">{t('manifest.shipments')}</th>
              <th scope="col">{t('common.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {manifests.map((manifest) => (
              <tr key={`${manifest.manifestType}-${manifest.manifestId}`}>
                <td>{manifest.manifestType}</td>
                <td className="mono">{manifest.manifestId}</td>
                <td>{formatDateTime(manifest.created, i18n.language)}</td>
                <td>{formatNumber(manifest.shipmentCount, i18n.language)}</td>
                <td>
                  <button
                    type="button"
                    className="button"
                    onClick={() =>
                      void start(
                        t('manifest.reprintWhat', { type: manifest.manifestType, id: manifest.manifestId }),
                        () =>
                          api.reprintManifest({
                            manifestType: manifest.manifestType,
                            manifestId: manifest.manifestId,
                          }),
                      )
                    }
                  >
                    {t('manifest.reprint')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
