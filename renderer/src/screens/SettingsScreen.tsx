import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useStationState } from '../state/context';
import { useScanHandler } from '../scan/scan-routing';
import { useScreenFocus } from '../components/use-screen-focus';
import { AccountSection } from './settings/AccountSection';
import { PrintersSection } from './settings/PrintersSection';
import { RoutingSection } from './settings/RoutingSection';
import { PrintConfigSection } from './settings/PrintConfigSection';
import { StatusEventsSection } from './settings/StatusEventsSection';
import { CheckoutSection } from './settings/CheckoutSection';
import {
  LanguageSection,
  ManifestTypesSection,
  ScannerSection,
  SoundsSection,
} from './settings/SmallSections';
import { ConsolidationSection, HoldSection, ResolveSection } from './settings/AdminSections';
import { StationNameSection } from './settings/StationNameSection';
import { SettingsGroupContext } from './settings/settings-save';
import { SaveBar, showSection } from './settings/SaveBar';

/**
 * The groups of Settings and their sections, in the order the index lists them: an admin finds a section by its
 * title in one look, and opens its group with one click. Each section's id is its panel's (`${id}-title` is its
 * heading). Tests reach a section through the index by its title.
 */
export const SETTINGS_GROUPS = [
  { id: 'station', sections: ['station-name', 'language', 'sounds'] },
  {
    id: 'nshift',
    sections: ['account', 'manifest-types', 'status-events', 'checkout', 'checkout-credentials'],
  },
  { id: 'printers', sections: ['printers', 'routing', 'print-config', 'hold'] },
  { id: 'scanning', sections: ['scanner', 'resolve', 'consolidation'] },
] as const;

export type SettingsGroup = (typeof SETTINGS_GROUPS)[number]['id'];
type SectionId = (typeof SETTINGS_GROUPS)[number]['sections'][number];

/** Each section's title key: the index names it exactly as its panel does. */
export const SECTION_TITLES: Record<SectionId, string> = {
  'station-name': 'stationName.settingsTitle',
  language: 'settings.language.title',
  sounds: 'settings.sounds.title',
  account: 'settings.account.title',
  'manifest-types': 'settings.manifest.title',
  'status-events': 'statusEvents.title',
  checkout: 'checkout.settings.title',
  'checkout-credentials': 'checkout.settings.credentialsTitle',
  printers: 'settings.printers.title',
  routing: 'settings.routing.title',
  'print-config': 'settings.printConfig.title',
  hold: 'admin.hold.title',
  scanner: 'settings.scanner.title',
  resolve: 'admin.resolve.title',
  consolidation: 'admin.consolidation.title',
};

function groupOf(section: string): SettingsGroup | undefined {
  return SETTINGS_GROUPS.find((group) => (group.sections as readonly string[]).includes(section))?.id;
}

export function SettingsScreen({ initialGroup = 'station' }: { initialGroup?: SettingsGroup }) {
  const { t } = useTranslation();
  const { settings } = useStationState();
  const [group, setGroup] = useState<SettingsGroup>(initialGroup);
  const [lastScan, setLastScan] = useState<{ raw: string; code: string } | undefined>();
  const indexEntry = useRef<HTMLButtonElement>(null);
  // On arrival the keyboard is in the index, on the group shown: ↓ and Tab go through the sections from there.
  useScreenFocus(() => indexEntry.current);

  /** Opens the group of a section and brings the section's heading into view, with the keyboard on it. */
  const show = useCallback((section: string) => {
    const target = groupOf(section);
    if (target) setGroup(target);
    // After the group is drawn (it may have been hidden until now).
    requestAnimationFrame(() => showSection(section));
  }, []);

  // A scan here is the admin trying the scanner: the Scanner section shows what it sent and what the prefix and
  // suffix leave of it, so it is opened where that shows.
  useScanHandler((code, raw) => {
    setLastScan({ code, raw });
    show('scanner');
  });

  if (!settings) return <p>{t('common.loading')}</p>;
  return (
    <section className="screen settings-screen" aria-labelledby="settings-title">
      <h1 id="settings-title">{t('settings.title')}</h1>
      <div className="settings-layout">
        <nav className="settings-index" aria-label={t('settings.index')}>
          <ul className="plain-list">
            {SETTINGS_GROUPS.map((entry) => (
              <li key={entry.id}>
                <button
                  type="button"
                  className="settings-group"
                  ref={entry.id === group ? indexEntry : undefined}
                  aria-current={entry.id === group ? 'true' : undefined}
                  onClick={() => setGroup(entry.id)}
                >
                  {t(`settings.groups.${entry.id}`)}
                </button>
                <ul className="plain-list settings-entries">
                  {entry.sections.map((section) => (
                    <li key={section}>
                      <button type="button" className="settings-entry" onClick={() => show(section)}>
                        {t(SECTION_TITLES[section])}
                      </button>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </nav>
        <SaveBar group={group} onShow={show}>
          {(version) => (
            <>
              <Group id="station" shown={group}>
                <StationNameSection key={`station-name-${version}`} settings={settings} />
                <LanguageSection settings={settings} />
                <SoundsSection key={`sounds-${version}`} settings={settings} />
              </Group>
              <Group id="nshift" shown={group}>
                <AccountSection key={`account-${version}`} settings={settings} />
                <ManifestTypesSection key={`manifest-${version}`} settings={settings} />
                <StatusEventsSection key={`status-events-${version}`} settings={settings} />
                <CheckoutSection key={`checkout-${version}`} settings={settings} />
              </Group>
              <Group id="printers" shown={group}>
                <PrintersSection settings={settings} />
                <RoutingSection
                  key={`routing-${version}-${settings.printers.map((p) => p.id).join()}`}
                  settings={settings}
                />
                <PrintConfigSection key={`print-config-${version}`} settings={settings} />
                <HoldSection key={`hold-${version}`} settings={settings} />
              </Group>
              <Group id="scanning" shown={group}>
                <ScannerSection key={`scanner-${version}`} settings={settings} lastScan={lastScan} />
                <ResolveSection key={`resolve-${version}`} settings={settings} />
                <ConsolidationSection key={`consolidation-${version}`} settings={settings} />
              </Group>
            </>
          )}
        </SaveBar>
      </div>
    </section>
  );
}

/**
 * One group of sections. Every group stays drawn, the others hidden: a draft typed in one group is still there,
 * and still saved by the bar, after the admin looked at another.
 */
function Group({ id, shown, children }: { id: SettingsGroup; shown: SettingsGroup; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <SettingsGroupContext.Provider value={id}>
      <div
        className="settings-group-sections"
        role="group"
        aria-label={t(`settings.groups.${id}`)}
        hidden={id !== shown}
        data-group={id}
      >
        {children}
      </div>
    </SettingsGroupContext.Provider>
  );
}
