import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language, SettingsView } from '../../../../preload/api';
import { ActionFeedback } from '../../components/ActionFeedback';
import { LANGUAGES } from '../../i18n';
import { useServices } from '../../state/context';
import { useSettingsSave } from './use-settings-save';

export function ScannerSection({
  settings,
  lastScan,
}: {
  settings: SettingsView;
  lastScan?: { raw: string; code: string };
}) {
  const { t } = useTranslation();
  const [prefix, setPrefix] = useState(settings.scanner.prefix);
  const [suffix, setSuffix] = useState(settings.scanner.suffix);
  const [windowMs, setWindowMs] = useState(String(settings.scanner.duplicateWindowMs));
  const [state, save] = useSettingsSave();
  return (
    <section className="panel" aria-labelledby="scanner-title">
      <h2 id="scanner-title">{t('settings.scanner.title')}</h2>
      <div className="row">
        <div className="field">
          <label htmlFor="scanner-prefix">{t('settings.scanner.prefix')}</label>
          <input
            id="scanner-prefix"
            type="text"
            size={8}
            value={prefix}
            onChange={(event) => setPrefix(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="scanner-suffix">{t('settings.scanner.suffix')}</label>
          <input
            id="scanner-suffix"
            type="text"
            size={8}
            value={suffix}
            onChange={(event) => setSuffix(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="scanner-window">{t('settings.scanner.duplicateWindow')}</label>
          <input
            id="scanner-window"
            type="number"
            min={0}
            max={60000}
            step={100}
            value={windowMs}
            onChange={(event) => setWindowMs(event.target.value)}
          />
        </div>
      </div>
      {lastScan ? (
        <p role="status" className="mono">
          {t('settings.scanner.lastScan', { raw: lastScan.raw, code: lastScan.code })}
        </p>
      ) : null}
      <div className="row form-actions">
        <button
          type="button"
          className="button button-primary"
          onClick={() =>
            void save({
              scanner: {
                prefix,
                suffix,
                duplicateWindowMs: Math.max(0, Math.min(60_000, Math.round(Number(windowMs) || 0))),
              },
            })
          }
        >
          {t('settings.scanner.save')}
        </button>
      </div>
      <ActionFeedback state={state} />
    </section>
  );
}

export function ManifestTypesSection({ settings }: { settings: SettingsView }) {
  const { t } = useTranslation();
  const [types, setTypes] = useState(settings.manifest.types.join(', '));
  const [state, save] = useSettingsSave();
  return (
    <section className="panel" aria-labelledby="manifest-types-title">
      <h2 id="manifest-types-title">{t('settings.manifest.title')}</h2>
      <div className="field">
        <label htmlFor="manifest-types">{t('settings.manifest.types')}</label>
        <input
          id="manifest-types"
          type="text"
          value={types}
          onChange={(event) => setTypes(event.target.value)}
        />
      </div>
      <button
        type="button"
        className="button button-primary"
        onClick={() =>
          void save({
            manifest: {
              types: types
                .split(',')
                .map((type) => type.trim())
                .filter(Boolean),
            },
          })
        }
      >
        {t('settings.manifest.save')}
      </button>
      <ActionFeedback state={state} />
    </section>
  );
}

export function SoundsSection({ settings }: { settings: SettingsView }) {
  const { t } = useTranslation();
  const { sounds } = useServices();
  const [enabled, setEnabled] = useState(settings.sounds.enabled);
  const [volume, setVolume] = useState(Math.round(settings.sounds.volume * 100));
  const [state, save] = useSettingsSave();
  function playTest(): void {
    const current = { enabled, volume: volume / 100 };
    sounds.play('success', current);
    setTimeout(() => sounds.play('attention', current), 500);
    setTimeout(() => sounds.play('error', current), 1200);
  }
  return (
    <section className="panel" aria-labelledby="sounds-title">
      <h2 id="sounds-title">{t('settings.sounds.title')}</h2>
      <div className="field field-inline">
        <input
          id="sounds-enabled"
          type="checkbox"
          checked={enabled}
          onChange={(event) => setEnabled(event.target.checked)}
        />
        <label htmlFor="sounds-enabled">{t('settings.sounds.enabled')}</label>
      </div>
      <div className="field">
        <label htmlFor="sounds-volume">{t('settings.sounds.volume')}</label>
        <input
          id="sounds-volume"
          type="range"
          min={0}
          max={100}
          step={5}
          value={volume}
          onChange={(event) => setVolume(Number(event.target.value))}
        />
      </div>
      <div className="row">
        <button type="button" className="button" onClick={playTest}>
          {t('settings.sounds.test')}
        </button>
        <button
          type="button"
          className="button button-primary"
          onClick={() => void save({ sounds: { enabled, volume: volume / 100 } })}
        >
          {t('settings.sounds.save')}
        </button>
      </div>
      <ActionFeedback state={state} />
    </section>
  );
}

/** The language applies at once: saving it is what switches the UI (settings.language drives i18next). */
export function LanguageSection({ settings }: { settings: SettingsView }) {
  const { t } = useTranslation();
  const [state, save] = useSettingsSave();
  return (
    <section className="panel" aria-labelledby="language-title">
      <h2 id="language-title">{t('settings.language.title')}</h2>
      <div className="field">
        <label htmlFor="language">{t('settings.language.label')}</label>
        <select
          id="language"
          value={settings.language}
          onChange={(event) => void save({ language: event.target.value as Language })}
        >
          {LANGUAGES.map((language) => (
            <option key={language} value={language} lang={language}>
              {t(`languages.${language}`)}
            </option>
          ))}
        </select>
      </div>
      <ActionFeedback state={state} />
    </section>
  );
}
