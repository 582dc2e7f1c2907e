import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ManifestView } from '../../../preload/api';
import { useServices, useStationState } from '../state/context';
import { useAction } from '../components/use-action';
import { useLoader } from '../components/use-loader';
import { ActionFeedback } from '../components/ActionFeedback';
import { formatDateTime, formatNumber } from '../i18n/format';

/** End of day: one button per manifest type from settings, and today's manifests to reprint. */
export function ManifestScreen() {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const { settings } = useStationState();
  const [action, run] = useAction();
  const loadManifests = useCallback(() => api.listManifests(), [api]);
  const { data: manifests, failure: loadFailure, reload } = useLoader<ManifestView[]>(loadManifests);

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
              void run(async () => {
                const result = await api.createManifest({ manifestType });
                reload();
                return result;
              }, (result) => t('manifest.started', { jobId: result.jobId }))
            }
          >
            {t('manifest.create', { type: manifestType })}
          </button>
        ))}
      </div>
      <ActionFeedback state={loadFailure ? { busy: false, failure: loadFailure } : action} />

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
                      void run(
                        () => api.reprintManifest({ manifestType: manifest.manifestType, manifestId: manifest.manifestId }),
                        (result) => t('manifest.started', { jobId: result.jobId }),
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
