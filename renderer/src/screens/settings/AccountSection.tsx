import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConnectionTest, SettingsView } from '../../../../preload/api';
import { useServices } from '../../state/context';
import { useAction } from '../../components/use-action';
import { ActionFeedback } from '../../components/ActionFeedback';
import { Button } from '../../components/Button';
import { TextField } from '../../components/Field';
import { InView } from '../../components/InView';
import { Panel } from '../../components/Panel';
import { CredentialsForm } from './CredentialsForm';
import { AddressSource } from './InForceNote';
import { useStoredSecretLine, VaultNoticeAlert } from './SecretNotes';
import { SettingsForm, UnsavedTitle } from './SettingsSection';
import { useSaveEntry } from './settings-save';

/** The nShift API key: id and secret in, only the mask ever shown; and a connection test with missing licences. */
export function AccountSection({ settings }: { settings: SettingsView }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const title = t('settings.account.title');
  const [deliveryUrl, setDeliveryUrl] = useState(settings.account.deliveryUrl);
  const [testState, runTest] = useAction();
  const [test, setTest] = useState<ConnectionTest | undefined>();
  const storedLine = useStoredSecretLine();
  // The address in use may come from demo mode or --delivery-url, not from Settings: show that one, say where it
  // comes from, and do not offer to save it (it holds for this run only).
  const urlInForce = settings.inForce.deliveryUrl;
  const urlFixed = urlInForce.source !== 'settings';
  const dirty = useSaveEntry('account', title, {
    patch: () => (urlFixed ? {} : { account: { deliveryUrl: deliveryUrl.trim() } }),
  });

  async function testConnection(): Promise<void> {
    setTest(undefined);
    const result = await runTest(() => api.testConnection());
    if (result) setTest(result);
  }

  return (
    <Panel id="account" title={<UnsavedTitle title={title} dirty={dirty} />}>
      <SettingsForm>
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
              // The API key goes to this address only: another one saved asks for the key again.
              <span data-testid="delivery-url-binds-key">{t('secrets.boundHint')}</span>
            )
          }
        />
      </SettingsForm>
      <CredentialsForm
        entryId="account-key"
        title={title}
        ids={{ id: 'account-key-id', secret: 'account-secret' }}
        labels={{ id: t('settings.account.keyId'), secret: t('settings.account.secret') }}
        initialId={settings.account.apiKeyId}
        stored={storedLine(settings.account, {
          stored: (mask) => t('settings.account.secretStored', { mask }),
          none: t('settings.account.noSecret'),
        })}
        maskTestId="secret-mask"
        save={(id, secret) => api.setApiKey({ id, secret })}
        actions={
          <Button busy={testState.busy} onClick={() => void testConnection()}>
            {t('settings.account.test')}
          </Button>
        }
      />
      <VaultNoticeAlert notice={settings.account.vault} testId="account-vault-notice" />
      {/* The test's answer is where the admin's eye is: brought into view under the button that asked. */}
      <InView showing={test ?? testState.failure}>
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
      </InView>
    </Panel>
  );
}
