import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettingSource } from '../../../../preload/api';

/**
 * The mark of a value this run uses that a flag or demo mode set, not Settings: its source as a chip, then what
 * is in use. Nothing for a value that comes from the saved settings (what the form shows is then in force).
 */
export function InForceNote({
  source,
  testId,
  children,
}: {
  source: SettingSource;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (source === 'settings') return null;
  return (
    <span className="in-force" data-testid={testId} data-source={source}>
      <span className="chip chip-warn">{t(`settings.source.${source}`)}</span> {children}{' '}
      {t(`admin.inForce.notSaved.${source}`)}
    </span>
  );
}

/**
 * Under an address field whose value this run's flag or demo mode set: its source as a chip, then where it comes
 * from and that it is not saved (the field is then read-only and not offered for saving).
 */
export function AddressSource({
  source,
  testId,
  children,
}: {
  source: Exclude<SettingSource, 'settings'>;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <span data-testid={testId} data-source={source}>
      <span className="chip chip-warn">{t(`settings.source.${source}`)}</span> {children}
    </span>
  );
}
