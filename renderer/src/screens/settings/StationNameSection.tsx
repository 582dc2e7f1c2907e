import { useTranslation } from 'react-i18next';
import type { SettingsView } from '../../../../preload/api';
import { TextField } from '../../components/Field';
import { useDraft } from '../../components/use-draft';
import { useStationState } from '../../state/context';
import { SettingsSection } from './SettingsSection';
import { Button } from '../../components/Button';
import { useOpenSetup } from '../../state/setup-context';

/**
 * This station: what it is called in its window title and status bar (empty leaves it the computer's name), and
 * the way back to its step-by-step setup.
 */
export function StationNameSection({ settings }: { settings: SettingsView }) {
  const { t } = useTranslation();
  const { status } = useStationState();
  const openSetup = useOpenSetup();
  const { values, bind } = useDraft('station', { name: settings.station.name });
  // While the saved name is empty, the name in use is the computer's: show it, so the admin knows what "empty" means.
  const computer = settings.station.name === '' ? status?.stationName : undefined;
  return (
    <SettingsSection
      id="station-name"
      title={t('stationName.settingsTitle')}
      patch={() => ({ station: { name: values.name.trim() } })}
      actions={
        <Button data-testid="open-setup" onClick={() => openSetup()}>
          {t('setup.open')}
        </Button>
      }
    >
      <TextField
        {...bind('name')}
        label={t('stationName.field')}
        size={30}
        maxLength={60}
        autoComplete="off"
        placeholder={computer}
        hint={computer ? t('stationName.hint', { computer }) : t('stationName.hintNamed')}
      />
    </SettingsSection>
  );
}
