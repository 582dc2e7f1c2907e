import { useTranslation } from 'react-i18next';
import type { InForce, SettingSource, SettingsView } from '../../../../preload/api';
import { useServices } from '../../state/context';
import { useDraft } from '../../components/use-draft';
import { TextField } from '../../components/Field';
import { Panel } from '../../components/Panel';
import { CredentialsForm } from './CredentialsForm';
import { AddressSource } from './InForceNote';
import { useStoredSecretLine, VaultNoticeAlert } from './SecretNotes';
import { SettingsSection } from './SettingsSection';

/**
 * nShift Checkout: its two addresses and the connection (a settings patch), and the client credentials, which
 * go to the station's vault like the Delivery key: the secret leaves the page once sent, only a mask comes back.
 * Without credentials the bench never asks Checkout anything.
 */
export function CheckoutSection({ settings }: { settings: SettingsView }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const storedLine = useStoredSecretLine();
  const { values, bind } = useDraft('checkout', {
    baseUrl: settings.checkout.baseUrl,
    authUrl: settings.checkout.authUrl,
    connectionId: settings.checkout.connectionId ?? '',
  });
  // As for the Delivery address, one that demo mode or a flag sets holds for this run only: never saved (saving
  // it would keep the simulator's address after the demo).
  const baseFixed = settings.inForce.checkoutUrl.source !== 'settings';
  const authFixed = settings.inForce.checkoutAuthUrl.source !== 'settings';
  return (
    <>
      <SettingsSection
        id="checkout"
        title={t('checkout.settings.title')}
        patch={() => ({
          checkout: {
            ...(baseFixed ? {} : { baseUrl: values.baseUrl.trim() }),
            ...(authFixed ? {} : { authUrl: values.authUrl.trim() }),
            connectionId: values.connectionId.trim(),
          },
        })}
      >
        <TextField
          {...bind('baseUrl')}
          label={t('checkout.settings.baseUrl')}
          type="url"
          size={40}
          {...inForceAddress(settings.inForce.checkoutUrl, 'checkout-url-source', (source) =>
            t(`checkout.settings.urlFrom.${source}`),
          )}
        />
        <TextField
          {...bind('authUrl')}
          label={t('checkout.settings.authUrl')}
          type="url"
          size={40}
          // The client secret goes to this address only, and the tokens it buys to the one above.
          hint={<span data-testid="checkout-url-binds-secret">{t('secrets.boundHint')}</span>}
          {...inForceAddress(settings.inForce.checkoutAuthUrl, 'checkout-auth-url-source', (source) =>
            t(`checkout.settings.authUrlFrom.${source}`),
          )}
        />
        <TextField {...bind('connectionId')} label={t('checkout.settings.connectionId')} autoComplete="off" />
      </SettingsSection>
      <Panel id="checkout-credentials" title={t('checkout.settings.credentialsTitle')}>
        <CredentialsForm
          entryId="checkout-credentials"
          title={t('checkout.settings.credentialsTitle')}
          ids={{ id: 'checkout-client-id', secret: 'checkout-client-secret' }}
          labels={{ id: t('checkout.settings.clientId'), secret: t('checkout.settings.secret') }}
          initialId={settings.checkout.clientId}
          stored={storedLine(settings.checkout, {
            stored: (mask) => t('checkout.settings.secretStored', { mask }),
            none: t('checkout.settings.noSecret'),
          })}
          maskTestId="checkout-secret-mask"
          save={(clientId, clientSecret) => api.setCheckoutCredentials({ clientId, clientSecret })}
        />
        <VaultNoticeAlert notice={settings.checkout.vault} testId="checkout-vault-notice" />
      </Panel>
    </>
  );
}

/**
 * An address field's props when demo mode or a flag sets the address for this run: the one in use, read-only,
 * marked with where it comes from, the way the Delivery address is. Nothing when it is the saved one.
 */
function inForceAddress(
  inForce: InForce<string>,
  testId: string,
  explain: (source: Exclude<SettingSource, 'settings'>) => string,
) {
  if (inForce.source === 'settings') return {};
  return {
    value: inForce.value,
    readOnly: true,
    hint: (
      <AddressSource source={inForce.source} testId={testId}>
        {explain(inForce.source)}
      </AddressSource>
    ),
  };
}
