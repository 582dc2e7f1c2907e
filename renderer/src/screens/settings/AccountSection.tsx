import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConnectionTest, SettingsView } from '../../../../preload/api';
import { useServices } from '../../state/context';
import { useAction } from '../../components/use-action';
import { ActionFeedback } from '../../components/ActionFeedback';
import { useSettingsSave } from './use-settings-save';

/** The nShift API key: id and secret in, only the mask ever shown; and a connection test with missing licences. */
export function AccountSection({ settings }: { settings: SettingsView }) {
  const { t } = useTranslation();
  const { api, store } = useServices();
  const [deliveryUrl, setDeliveryUrl] = useState(settings.account.deliveryUrl);
  const [keyId, setKeyId] = useState(settings.account.apiKeyId ?? '');
  const [secret, setSecret] = useState('');
  const [keyState, runKey] = useAction();
  const [testState, runTest] = useAction();
  const [test, setTest] = useState<ConnectionTest | undefined>();
  const [urlState, saveUrl] = useSettingsSave();
  // The address in use may come from demo mode or --delivery-url, not from Settings: show that one, say where it
  // comes from, and do not offer to save it (it holds for this run only).
  const urlInForce = settings.inForce.deliveryUrl;
  const urlFixed = urlInForce.source !== 'settings';

  async function saveKey(event: FormEvent): Promise<void> {
    event.preventDefault();
    if (!keyId.trim() || !secret) return;
    const view = await runKey(() => api.setApiKey({ id: keyId.trim(), secret }), t('settings.saved'));
    if (view) {
      store.setSettings(view);
      // The secret leaves the page as soon as the station has it.
      setSecret('');
    }
  }

  async function testConnection(): Promise<void> {
    setTest(undefined);
    const result = await runTest(() => api.testConnection());
    if (result) setTest(result);
  }

  return (
    <section className="panel" aria-labelledby="account-title">
      <h2 id="account-title">{t('settings.account.title')}</h2>
      <form
        className="row"
        onSubmit={(event) => {
          event.preventDefault();
          void saveUrl({ account: { deliveryUrl: deliveryUrl.trim() } });
        }}
      >
        <div className="field">
          <label htmlFor="account-url">{t('settings.account.deliveryUrl')}</label>
          <input
            id="account-url"
            type="url"
            size={40}
            value={urlFixed ? urlInForce.value : deliveryUrl}
            readOnly={urlFixed}
            aria-describedby={urlFixed ? 'account-url-source' : undefined}
            onChange={(event) => setDeliveryUrl(event.target.value)}
          />
        </div>
        {urlFixed ? (
          <p id="account-url-source" data-testid="delivery-url-source" data-source={urlInForce.source}>
            <span className="chip chip-warn">{t(`settings.source.${urlInForce.source}`)}</span>{' '}
            {t(`settings.account.urlFrom.${urlInForce.source}`)}
          </p>
        ) : (
          <button type="submit" className="button">
            {t('settings.account.saveUrl')}
          </button>
        )}
      </form>
      <ActionFeedback state={urlState} />
      <form onSubmit={(event) => void saveKey(event)}>
        <div className="field">
          <label htmlFor="account-key-id">{t('settings.account.keyId')}</label>
          <input
            id="account-key-id"
            type="text"
            autoComplete="off"
            value={keyId}
            onChange={(event) => setKeyId(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="account-secret">{t('settings.account.secret')}</label>
          <input
            id="account-secret"
            type="password"
            autoComplete="new-password"
            value={secret}
            onChange={(event) => setSecret(event.target.value)}
            aria-describedby="account-secret-state"
          />
          <span id="account-secret-state" data-testid="secret-mask">
            {settings.account.hasSecret
              ? t('settings.account.secretStored', { mask: settings.account.secretMask ?? '••••••••' })
              : t('settings.account.noSecret')}
          </span>
        </div>
        <div className="row">
          <button type="submit" className="button button-primary" disabled={!keyId.trim() || !secret}>
            {t('settings.account.saveKey')}
          </button>
          <button type="button" className="button" onClick={() => void testConnection()}>
            {t('settings.account.test')}
          </button>
        </div>
      </form>
      <ActionFeedback state={keyState} />
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
    </section>
  );
}
