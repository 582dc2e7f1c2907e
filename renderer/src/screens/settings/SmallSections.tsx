import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language, SettingsView } from '../../../../preload/api';
import { Panel } from '../../components/Panel';
import { Button } from '../../components/Button';
import { CheckboxField, SelectField, TextField } from '../../components/Field';
import { LANGUAGES } from '../../i18n';
import { useServices } from '../../state/context';
import { SettingsFeedback, SettingsSection } from './SettingsSection';
import { useSettingsSave } from './use-settings-save';
import { useDraft } from '../../components/use-draft';

export function ScannerSection({
  settings,
  lastScan,
}: {
  settings: SettingsView;
  lastScan?: { raw: string; code: string };
}) {
  const { t } = useTranslation();
  const { values, bind } = useDraft('scanner', {
    prefix: settings.scanner.prefix,
    suffix: settings.scanner.suffix,
    duplicateWindowMs: String(settings.scanner.duplicateWindowMs),
  });
  const windowMs = Math.max(0, Math.min(60_000, Math.round(Number(values.duplicateWindowMs) || 0)));
  return (
    <SettingsSection
      id="scanner"
      title={t('settings.scanner.title')}
      patch={() => ({
        scanner: { prefix: values.prefix, suffix: values.suffix, duplicateWindowMs: windowMs },
      })}
    >
      <div className="row">
        <TextField {...bind('prefix')} label={t('settings.scanner.prefix')} size={8} />
        <TextField {...bind('suffix')} label={t('settings.scanner.suffix')} size={8} />
        <TextField {...bind('duplicateWindowMs')} label={t('settings.scanner.duplicateWindow')} {...WINDOW} />
      </div>
      {lastScan ? (
        <p role="status" className="mono">
          {t('settings.scanner.lastScan', { raw: lastScan.raw, code: lastScan.code })}
        </p>
      ) : null}
    </SettingsSection>
  );
}

const WINDOW = { type: 'number', min: 0, max: 60_000, step: 100 } as const;
const VOLUME = { type: 'range', min: 0, max: 100, step: 5 } as const;

export function ManifestTypesSection({ settings }: { settings: SettingsView }) {
  const { t } = useTranslation();
  const { values, bind } = useDraft('manifest', { types: settings.manifest.types.join(', ') });
  const types = values.types
    .split(',')
    .map((type) => type.trim())
    .filter(Boolean);
  return (
    <SettingsSection
      id="manifest-types"
      title={t('settings.manifest.title')}
      patch={() => ({ manifest: { types } })}
    >
      <TextField {...bind('types')} label={t('settings.manifest.types')} />
    </SettingsSection>
  );
}

export function SoundsSection({ settings }: { settings: SettingsView }) {
  const { t } = useTranslation();
  const { sounds } = useServices();
  const [enabled, setEnabled] = useState(settings.sounds.enabled);
  const [volume, setVolume] = useState(Math.round(settings.sounds.volume * 100));
  function playTest(): void {
    const current = { enabled, volume: volume / 100 };
    sounds.play('success', current);
    setTimeout(() => sounds.play('attention', current), 500);
    setTimeout(() => sounds.play('error', current), 1200);
  }
  return (
    <SettingsSection
      id="sounds"
      title={t('settings.sounds.title')}
      patch={() => ({ sounds: { enabled, volume: volume / 100 } })}
      actions={<Button onClick={playTest}>{t('settings.sounds.test')}</Button>}
    >
      <CheckboxField
        name="sounds.enabled"
        label={t('settings.sounds.enabled')}
        checked={enabled}
        onChecked={setEnabled}
      />
      <TextField
        name="sounds.volume"
        label={t('settings.sounds.volume')}
        value={volume}
        onValue={(v) => setVolume(Number(v))}
        {...VOLUME}
      />
    </SettingsSection>
  );
}

/** The language applies at once: saving it is what switches the UI (settings.language drives i18next). */
export function LanguageSection({ settings }: { settings: SettingsView }) {
  const { t } = useTranslation();
  const [state, save] = useSettingsSave();
  return (
    <Panel id="language" title={t('settings.language.title')}>
      <SettingsFeedback state={state}>
        <SelectField
          id="language"
          name="language"
          label={t('settings.language.label')}
          hint={t('settings.language.hint')}
          value={settings.language}
          choices={LANGUAGES.map((language) => ({
            value: language,
            label: t(`languages.${language}`),
            lang: language,
          }))}
          onValue={(language: Language) => void save({ language })}
        />
      </SettingsFeedback>
    </Panel>
  );
}
