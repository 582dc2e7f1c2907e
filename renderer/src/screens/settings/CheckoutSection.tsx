import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettingsView } from '../../../../preload/api';
import { useServices } from '../../state/context';
import { useAction } from '../../components/use-action';
import { useDraft } from '../../components/use-draft';
import { ActionFeedback } from '../../components/ActionFeedback';
import { Button } from '../../components/Button';
import { TextField } from '../../components/Field';
import { Panel } from '../../components/Panel';
import { SettingsSection } from './SettingsSection';

/**
 * nShift Checkout: its two addresses and the connection (a settings patch), and the client credentials, which
 * go to the station's vault like the Delivery key: the secret leaves the page once sent, only a mask comes back.
 * Without credentials the bench never asks Checkout anything.
 */
export function CheckoutSection({ settings }: { settings: SettingsView }) {
  const { t } = useTranslation();
  const { api, store } = useServices();
  const { values, bind } = useDraft('checkout', {
    baseUrl: settings.checkout.baseUrl,
    authUrl: settings.checkout.authUrl,
    connectionId: settings.checkout.connectionId ?? '',
  });
  const [clientId, setClientId] = useState(settings.checkout.clientId ?? '');
  const [secret, setSecret] = useState('');
  const [keyState, runKey] = useAction();

  async function saveCredentials(event: FormEvent): Promise<void> {
    event.preventDefault();
    if (!clientId.trim() || !secret) return;
    const view = await runKey(
      () => api.setCheckoutCredentials({ clientId: clientId.trim(), clientSecret: secret }),
      t('settings.saved'),
    );
    if (view) {
      store.setSettings(view);
      setSecret('');
    }
  }

  return (
    <>
      <SettingsSection
        id="checkout"
        title={t('checkout.settings.title')}
        saveLabel={t('checkout.settings.save')}
        patch={() => ({
          checkout: {
            baseUrl: values.baseUrl.trim(),
            authUrl: values.authUrl.trim(),
            connectionId: values.connectionId.trim(),
          },
        })}
      >
        <TextField {...bind('baseUrl')} label={t('checkout.settings.baseUrl')} type="url" size={40} />
        <TextField {...bind('authUrl')} label={t('checkout.settings.authUrl')} type="url" size={40} />
        <TextField {...bind('connectionId')} label={t('checkout.settings.connectionId')} autoComplete="off" />
      </SettingsSection>
      <Panel id="checkout-credentials" title={t('checkout.settings.credentialsTitle')}>
        <form onSubmit={(event) => void saveCredentials(event)}>
          <TextField
            id="checkout-client-id"
            label={t('checkout.settings.clientId')}
            autoComplete="off"
            value={clientId}
            onValue={setClientId}
          />
          <TextField
            id="checkout-client-secret"
            label={t('checkout.settings.secret')}
            type="password"
            autoComplete="new-password"
            value={secret}
            onValue={setSecret}
            hint={
              <span data-testid="checkout-secret-mask">
                {settings.checkout.hasSecret
                  ? t('checkout.settings.secretStored', { mask: settings.checkout.secretMask ?? '••••••••' })
                  : t('checkout.settings.noSecret')}
              </span>
            }
          />
          <div className="row">
            <Button type="submit" tone="primary" busy={keyState.busy} disabled={!clientId.trim() || !secret}>
              {t('checkout.settings.saveCredentials')}
            </Button>
          </div>
        </form>
        <ActionFeedback state={keyState} />
      </Panel>
    </>
  );
}
