import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConnectionTest, SettingsView } from '../../../../preload/api';
import { useServices } from '../../state/context';
import { useAction } from '../../components/use-action';
import { ActionFeedback } from '../../components/ActionFeedback';
import { Button } from '../../components/Button';
import { TextField } from '../../components/Field';
import { Panel } from '../../components/Panel';
import { CredentialsForm } from './CredentialsForm';
import { AddressSource } from './InForceNote';
import { useStoredSecretLine, VaultNoticeAlert } from './SecretNotes';
import { SettingsFeedback } from './SettingsSection';
import { useSettingsSave } from './use-settings-save';

/** The nShift API key: id and secret in, only the mask ever shown; and a connection test with missing licences. */
export function AccountSection({ settings }: { settings: SettingsView }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [deliveryUrl, setDeliveryUrl] = useState(settings.account.deliveryUrl);
  const [testState, runTest] = useAction();
  const [test, setTest] = useState<ConnectionTest | undefined>();
  const [urlState, saveUrl] = useSettingsSave();
  const storedLine = useStoredSecretLine();
  // The address in use may come from demo mode or --delivery-url, not from Settings: show that one, say where it
  // comes from, and do not offer to save it (it holds for this run only).
  const urlInForce = settings.inForce.deliveryUrl;
  const urlFixed = urlInForce.source !== 'settings';

  async function testConnection(): Promise<void> {
    setTest(undefined);
    const result = await runTest(() => api.testConnection());
    if (result) setTest(result);
  }

  return (
    <Panel id="account" title={t('settings.account.title')}>
      <SettingsFeedback state={urlState}>
        <form
          className="row"
          // The station judges the address with the settings schema and says why under the field.
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void saveUrl({ account: { deliveryUrl: deliveryUrl.trim() } });
          }}
        >
          <TextField
            id="account-url"
            name="account.deliveryUrl"
            label={t('settings.account.deliveryUrl')}
            type="url"
            size={40}
            value={urlFixed ? urlInForce.value : deliveryUrl}
            readOnly={urlFixed}
            onValue={setDeliveryUrl}
            hint={
              urlInForce.source !== 'settings' ? (
                <AddressSource source={urlInForce.source} testId="delivery-url-source">
                  {t(`settings.account.urlFrom.${urlInForce.source}`)}
                </AddressSource>
              ) : (
                <span data-testid="delivery-url-binds-key">{t('secrets.boundHint')}</span>
              )
            }
          />
          {urlFixed ? null : <Button type="submit">{t('settings.account.saveUrl')}</Button>}
        </form>
      </SettingsFeedback>
      <CredentialsForm
        ids={{ id: 'account-key-id', secret: 'account-secret' }}
        labels={{
          id: t('settings.account.keyId'),
          secret: t('settings.account.secret'),
          save: t('settings.account.saveKey'),
        }}
        initialId={settings.account.apiKeyId}
        stored={storedLine(settings.account, {
          stored: (mask) => t('settings.account.secretStored', { mask }),
          none: t('settings.account.noSecret'),
        })}
        maskTestId="secret-mask"
        save={(id, secret) => api.setApiKey({ id, secret })}
        actions={<Button onClick={() => void testConnection()}>{t('settings.account.test')}</Button>}
      />
      <VaultNoticeAlert notice={settings.account.vault} testId="account-vault-notice" />
      <ActionFeedback state={testState} />
      {test ? (
        <div
          className={`alert ${test.ok ? 'alert-good' : 'alert-error'}`}
          role="status"
          data-testid="connection-test"
        >
          <p>
            {test.ok
              ? t('settings.account.testOk')
              : t('settings.account.testFailed', { state: t(`status.accountState.${test.state}`) })}
          </p>
          {test.missingLicenses.length > 0 ? (
            <>
              <h3>{t('settings.account.missingLicenses')}</h3>
              <ul aria-label={t('settings.account.missingLicenses')}>
                {test.missingLicenses.map((license) => (
                  <li key={license}>{license}</li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      ) : null}
    </Panel>
  );
}
