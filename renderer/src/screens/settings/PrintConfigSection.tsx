import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PrintTarget, SettingsView, ZplCharset } from '../../../../preload/api';
import { ActionFeedback } from '../../components/ActionFeedback';
import { useSettingsSave } from './use-settings-save';

const MAX_TARGETS = 4;
// Technical names an admin types into nShift too: shown as they are, not translated.
const FORMATS: PrintTarget['type'][] = ['zpl', 'pdf'];
export const CHARSETS: ZplCharset[] = ['cp850', 'UTF8'];

/** nShift's print configuration: up to four targets, each with media, type, mode and (ZPL) charset. */
export function PrintConfigSection({ settings }: { settings: SettingsView }) {
  const { t } = useTranslation();
  const [targets, setTargets] = useState<PrintTarget[]>(settings.printConfig.targets);
  const [state, save] = useSettingsSave();

  function update(index: number, patch: Partial<PrintTarget>): void {
    setTargets(
      targets.map((target, i) => {
        if (i !== index) return target;
        const next: PrintTarget = { ...target, ...patch };
        if (next.type === 'pdf') delete next.charset;
        if (!next.mode) delete next.mode;
        return next;
      }),
    );
  }

  return (
    <section className="panel" aria-labelledby="print-config-title">
      <h2 id="print-config-title">{t('settings.printConfig.title')}</h2>
      <p>{t('settings.printConfig.hint')}</p>
      {targets.map((target, index) => (
        <fieldset key={index} className="row">
          <legend>{t('settings.printConfig.target', { number: index + 1 })}</legend>
          <div className="field">
            <label htmlFor={`target-${index}-media`}>{t('settings.printConfig.media')}</label>
            <input
              id={`target-${index}-media`}
              type="text"
              size={12}
              value={target.media}
              onChange={(event) => update(index, { media: event.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor={`target-${index}-type`}>{t('settings.printConfig.type')}</label>
            <select
              id={`target-${index}-type`}
              value={target.type}
              onChange={(event) => update(index, { type: event.target.value as PrintTarget['type'] })}
            >
              {FORMATS.map((format) => (
                <option key={format} value={format}>
                  {format.toUpperCase()}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`target-${index}-mode`}>{t('settings.printConfig.mode')}</label>
            <select
              id={`target-${index}-mode`}
              value={target.mode ?? ''}
              onChange={(event) =>
                update(index, { mode: (event.target.value || undefined) as PrintTarget['mode'] })
              }
            >
              <option value="">{t('settings.printConfig.modes.none')}</option>
              <option value="DT">{t('settings.printConfig.modes.DT')}</option>
              <option value="TT">{t('settings.printConfig.modes.TT')}</option>
            </select>
          </div>
          {target.type === 'zpl' ? (
            <div className="field">
              <label htmlFor={`target-${index}-charset`}>{t('settings.printConfig.charset')}</label>
              <select
                id={`target-${index}-charset`}
                value={target.charset ?? 'cp850'}
                onChange={(event) => update(index, { charset: event.target.value as ZplCharset })}
              >
                {CHARSETS.map((charset) => (
                  <option key={charset} value={charset}>
                    {charset}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <button
            type="button"
            className="button button-quiet"
            disabled={targets.length <= 1}
            onClick={() => setTargets(targets.filter((_, i) => i !== index))}
          >
            {t('common.remove')}
          </button>
        </fieldset>
      ))}
      <div className="row">
        <button
          type="button"
          className="button"
          disabled={targets.length >= MAX_TARGETS}
          onClick={() => setTargets([...targets, { media: 'laser-a4', type: 'pdf' }])}
        >
          {t('settings.printConfig.addTarget')}
        </button>
        <button
          type="button"
          className="button button-primary"
          onClick={() => void save({ printConfig: { targets } })}
        >
          {t('settings.printConfig.save')}
        </button>
      </div>
      <ActionFeedback state={state} />
    </section>
  );
}
