import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettingsView } from '../../../../preload/api';
import { useServices } from '../../state/context';
import { useAction } from '../../components/use-action';
import { ActionFeedback } from '../../components/ActionFeedback';
import { Button } from '../../components/Button';
import { TextField } from '../../components/Field';

/**
 * An id and a secret that go to the station's vault (the nShift API key, the Checkout client credentials):
 * the secret is typed, sent, and cleared from the page at once; only the station's mask is ever shown.
 */
export function CredentialsForm({
  ids,
  labels,
  initialId,
  stored,
  maskTestId,
  save,
  actions,
}: {
  /** The two inputs' ids. */
  ids: { id: string; secret: string };
  labels: { id: string; secret: string; save: string };
  initialId?: string;
  /** The line under the secret: the stored mask, or that none is stored (already translated). */
  stored: string;
  maskTestId: string;
  save(id: string, secret: string): Promise<SettingsView>;
  /** More buttons beside Save (e.g. a connection test). */
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const { store } = useServices();
  const [id, setId] = useState(initialId ?? '');
  const [secret, setSecret] = useState('');
  const [state, run] = useAction();

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault();
    if (!id.trim() || !secret) return;
    const view = await run(() => save(id.trim(), secret), t('settings.saved'));
    if (view) {
      store.setSettings(view);
      // The secret leaves the page as soon as the station has it.
      setSecret('');
    }
  }

  return (
    <>
      <form onSubmit={(event) => void submit(event)}>
        <TextField id={ids.id} label={labels.id} autoComplete="off" value={id} onValue={setId} />
        <TextField
          id={ids.secret}
          label={labels.secret}
          type="password"
          autoComplete="new-password"
          value={secret}
          onValue={setSecret}
          hint={<span data-testid={maskTestId}>{stored}</span>}
        />
        <div className="row">
          <Button type="submit" tone="primary" busy={state.busy} disabled={!id.trim() || !secret}>
            {labels.save}
          </Button>
          {actions}
        </div>
      </form>
      <ActionFeedback state={state} />
    </>
  );
}
