import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettingsView } from '../../../../preload/api';
import { CheckboxField, TextField } from '../../components/Field';
import { useDraft } from '../../components/use-draft';
import { SettingsSection } from './SettingsSection';

/** nShift's limit on the status-event feed is per account: one call per five minutes, whatever the stations. */
const FEED_MINUTES = 5;

/**
 * Tracking: whether this station follows nShift's status-event feed, and how many stations share the account
 * (each then reads the feed that many times less often). The station's schema judges the values.
 */
export function StatusEventsSection({ settings }: { settings: SettingsView }) {
  const { t } = useTranslation();
  const current = settings.statusEvents ?? { follow: true, stationsOnAccount: 1 };
  const [follow, setFollow] = useState(current.follow);
  const { values, bind } = useDraft('statusEvents', {
    stationsOnAccount: String(current.stationsOnAccount),
  });
  const stations = Number(values.stationsOnAccount);
  return (
    <SettingsSection
      id="status-events"
      title={t('statusEvents.title')}
      patch={() => ({ statusEvents: { follow, stationsOnAccount: stations } })}
    >
      <CheckboxField
        name="statusEvents.follow"
        label={t('statusEvents.follow')}
        checked={follow}
        onChecked={setFollow}
      />
      <TextField
        {...bind('stationsOnAccount')}
        label={t('statusEvents.stations')}
        hint={
          Number.isInteger(stations) && stations >= 1
            ? t('statusEvents.stationsHint', { minutes: stations * FEED_MINUTES })
            : undefined
        }
        type="number"
        min={1}
        max={100}
        step={1}
      />
    </SettingsSection>
  );
}
