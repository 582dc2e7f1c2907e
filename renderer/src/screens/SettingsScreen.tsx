import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStationState } from '../state/context';
import { useScanHandler } from '../scan/scan-routing';
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

export function SettingsScreen() {
  const { t } = useTranslation();
  const { settings } = useStationState();
  const [lastScan, setLastScan] = useState<{ raw: string; code: string } | undefined>();
  // A scan here is the admin trying the scanner: show what it sent and what the prefix/suffix leave of it.
  useScanHandler((code, raw) => setLastScan({ code, raw }));
  if (!settings) return <p>{t('common.loading')}</p>;
  return (
    <section className="screen settings-screen" aria-labelledby="settings-title">
      <h1 id="settings-title">{t('settings.title')}</h1>
      <div className="settings-grid">
        <AccountSection settings={settings} />
        <LanguageSection settings={settings} />
        <StationNameSection settings={settings} />
        <PrintersSection settings={settings} />
        <RoutingSection key={settings.printers.map((p) => p.id).join()} settings={settings} />
        <PrintConfigSection settings={settings} />
        <ScannerSection settings={settings} lastScan={lastScan} />
        <SoundsSection settings={settings} />
        <ManifestTypesSection settings={settings} />
        <StatusEventsSection settings={settings} />
        <ResolveSection settings={settings} />
        <HoldSection settings={settings} />
        <ConsolidationSection settings={settings} />
        <CheckoutSection settings={settings} />
      </div>
    </section>
  );
}
