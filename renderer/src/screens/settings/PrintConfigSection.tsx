import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PrintTarget, SettingsView } from '../../../../preload/api';
import { Button } from '../../components/Button';
import { SelectField, type Choice } from '../../components/Field';
import { useCharsetChoices, useMediaChoices } from './print-words';
import { SettingsSection } from './SettingsSection';

const MAX_TARGETS = 4;
type TargetField = 'media' | 'type' | 'mode' | 'charset';
// Technical names an admin types into nShift too: shown as they are, not translated.
export const FORMAT_CHOICES: Choice<PrintTarget['type']>[] = [
  { value: 'zpl', label: 'ZPL' },
  { value: 'pdf', label: 'PDF' },
];

/** nShift's print configuration: up to four targets, each with media, type, mode and (ZPL) charset. */
export function PrintConfigSection({ settings }: { settings: SettingsView }) {
  const { t } = useTranslation();
  const [targets, setTargets] = useState<PrintTarget[]>(settings.printConfig.targets);

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

  /** A target's field: its value's path, the value as text (a missing mode or charset shows its default). */
  function bindTarget(index: number, key: TargetField) {
    const fallback = key === 'charset' ? 'cp850' : '';
    return {
      name: `printConfig.targets.${index}.${key}`,
      value: targets[index]?.[key] ?? fallback,
      onValue: (value: string) => update(index, { [key]: value }),
    };
  }

  const charsets = useCharsetChoices();
  const modeChoices = [
    { value: '', label: t('settings.printConfig.modes.none') },
    { value: 'DT', label: t('settings.printConfig.modes.DT') },
    { value: 'TT', label: t('settings.printConfig.modes.TT') },
  ];

  return (
    <SettingsSection
      id="print-config"
      title={t('settings.printConfig.title')}
      patch={() => ({ printConfig: { targets } })}
      actions={
        <Button
          disabled={targets.length >= MAX_TARGETS}
          onClick={() => setTargets([...targets, { media: 'laser-a4', type: 'pdf' }])}
        >
          {t('settings.printConfig.addTarget')}
        </Button>
      }
    >
      <p>{t('settings.printConfig.hint')}</p>
      {targets.map((target, index) => {
        const bind = (key: TargetField) => bindTarget(index, key);
        return (
          <fieldset key={index} className="row">
            <legend>{t('settings.printConfig.target', { number: index + 1 })}</legend>
            <MediaField {...bind('media')} label={t('settings.printConfig.media')} />
            <SelectField {...bind('type')} label={t('settings.printConfig.type')} choices={FORMAT_CHOICES} />
            <SelectField {...bind('mode')} label={t('settings.printConfig.mode')} choices={modeChoices} />
            {target.type === 'zpl' ? (
              <SelectField
                {...bind('charset')}
                label={t('settings.printConfig.charset')}
                choices={charsets}
              />
            ) : null}
            <Button
              tone="quiet"
              disabled={targets.length <= 1}
              onClick={() => setTargets(targets.filter((_, i) => i !== index))}
            >
              {t('common.remove')}
            </Button>
          </fieldset>
        );
      })}
    </SettingsSection>
  );
}

/** A print target's media: nShift's media in words, the code saved. */
function MediaField({
  name,
  label,
  value,
  onValue,
}: {
  name: string;
  label: string;
  value: string;
  onValue(value: string): void;
}) {
  const choices = useMediaChoices(value);
  return <SelectField name={name} label={label} value={value} choices={choices} onValue={onValue} />;
}
