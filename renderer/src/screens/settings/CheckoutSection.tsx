import { useTranslation } from 'react-i18next';
import type { SettingsView } from '../../../../preload/api';
import { useServices } from '../../state/context';
import { useDraft } from '../../components/use-draft';
import { TextField } from '../../components/Field';
import { Panel } from '../../components/Panel';
import { CredentialsForm } from './CredentialsForm';
import { SettingsSection } from './SettingsSection';

/**
 * nShift Checkout: its two addresses and the connection (a settings patch), and the client credentials, which
 * go to the station's vault like the Delivery key: the secret leaves the page once sent, only a mask comes back.
 * Without credentials the bench never asks Checkout anything.
 */
export function CheckoutSection({ settings }: { settings: SettingsView }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const { values, bind } = useDraft('checkout', {
    baseUrl: settings.checkout.baseUrl,
    authUrl: settings.checkout.authUrl,
    connectionId: settings.checkout.connectionId ?? '',
  });
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
        <CredentialsForm
          ids={{ id: 'checkout-client-id', secret: 'checkout-client-secret' }}
          labels={{
            id: t('checkout.settings.clientId'),
            secret: t('checkout.settings.secret'),
            save: t('checkout.settings.saveCredentials'),
          }}
          initialId={settings.checkout.clientId}
          stored={
            settings.checkout.hasSecret
              ? t('checkout.settings.secretStored', { mask: settings.checkout.secretMask ?? '••••••••' })
              : t('checkout.settings.noSecret')
          }
          maskTestId="checkout-secret-mask"
          save={(clientId, clientSecret) => api.setCheckoutCredentials({ clientId, clientSecret })}
        />
      </Panel>
    </>
  );
}
