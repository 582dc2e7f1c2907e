import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettingsView } from '../../../../preload/api';
import { TextField } from '../../components/Field';
import { useSaveEntry } from './settings-save';
import { SettingsForm } from './SettingsSection';

/**
 * An id and a secret that go to the station's vault (the nShift API key, the Checkout client credentials): the
 * secret is typed, saved with the rest of Settings by the Save bar (or Enter), and cleared from the page at once
 * (the section is drawn anew after the save); only the station's mask is ever shown.
 */
export function CredentialsForm({
  entryId,
  title,
  ids,
  labels,
  initialId,
  stored,
  maskTestId,
  save,
  actions,
}: {
  /** The Save bar's name for it, and the title it shows it by (its panel's). */
  entryId: string;
  title: string;
  /** The two inputs' ids. */
  ids: { id: string; secret: string };
  labels: { id: string; secret: string };
  initialId?: string;
  /** The line under the secret: the stored mask, or that none is stored (already translated). */
  stored: string;
  maskTestId: string;
  save(id: string, secret: string): Promise<SettingsView>;
  /** More buttons (e.g. a connection test). */
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const [id, setId] = useState(initialId ?? '');
  const [secret, setSecret] = useState('');
  // A secret goes to the vault only with its id: until both are there, nothing is unsaved, and the id says why.
  const complete = secret !== '' && id.trim() !== '';
  useSaveEntry(entryId, title, { save: () => save(id.trim(), secret), saveDirty: complete });
  return (
    <SettingsForm>
      <TextField
        id={ids.id}
        label={labels.id}
        autoComplete="off"
        value={id}
        onValue={setId}
        error={secret !== '' && !id.trim() ? t('settings.account.idNeeded') : undefined}
      />
      <TextField
        id={ids.secret}
        label={labels.secret}
        type="password"
        autoComplete="new-password"
        value={secret}
        onValue={setSecret}
        hint={<span data-testid={maskTestId}>{stored}</span>}
      />
      {actions ? <div className="row">{actions}</div> : null}
    </SettingsForm>
  );
}
