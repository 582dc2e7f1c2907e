// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeStation } from './fake-api';
import { renderApp } from './render-app';
import { setNotifyScheduler } from '../../../renderer/src/state/station-store';

afterEach(() => cleanup());

/**
 * What Settings says of the saved secrets, in the packer's language: that a secret goes only to the address it
 * was entered for (and is asked for again after a change), and what the station's vault could not read.
 */
describe('Settings: where the saved secrets go', () => {
  it('says beside the address that the key is sent only there, and asks for it again when it was entered elsewhere', async () => {
    const fake = new FakeStation();
    fake.settings.account = {
      deliveryUrl: 'https://new.example/rs-extapi/v1',
      apiKeyId: 'key-1',
      hasSecret: false,
      secretFor: 'https://api.unifaun.com',
    };
    fake.settings.language = 'sv';
    await renderApp({ fake, language: 'sv' });
    fireEvent.click(screen.getByTestId('nav-settings'));
    expect(screen.getByTestId('delivery-url-binds-key').textContent).toBe(
      'Hemligheten nedan skickas bara till den adress den angavs för: ange den igen när du har ändrat adressen.',
    );
    expect(screen.getByTestId('secret-mask').textContent).toBe(
      'Den sparade hemligheten angavs för https://api.unifaun.com och skickas inte till adressen som används: ange den igen för att använda den här.',
    );
    expect(screen.getByTestId('checkout-url-binds-secret').textContent).toMatch(/^Hemligheten nedan/);
  });

  it("lists the addresses a secret was entered for in the packer's language", async () => {
    const fake = new FakeStation();
    fake.settings.account = {
      deliveryUrl: 'https://new.example/rs-extapi/v1',
      apiKeyId: 'key-1',
      hasSecret: false,
      secretFor: 'https://a.example and https://b.example',
      secretOrigins: ['https://a.example', 'https://b.example'],
    };
    fake.settings.language = 'sv';
    await renderApp({ fake, language: 'sv' });
    fireEvent.click(screen.getByTestId('nav-settings'));
    expect(screen.getByTestId('secret-mask').textContent).toBe(
      'Den sparade hemligheten angavs för https://a.example och https://b.example och skickas inte till adressen som används: ange den igen för att använda den här.',
    );
  });

  it('names the vault file that cannot be read and what to do, as an error; a keyring warning as a warning', async () => {
    const fake = new FakeStation();
    fake.settings.account = {
      deliveryUrl: 'https://api.unifaun.com/rs-extapi/v1',
      hasSecret: false,
      vault: { code: 'wrong_key', file: '/data/secrets.enc' },
    };
    fake.settings.checkout = {
      ...fake.settings.checkout,
      vault: { code: 'basic_text', file: '/home/p/.config/Packbench/checkout-secrets.bin' },
    };
    await renderApp({ fake });
    fireEvent.click(screen.getByTestId('nav-settings'));
    const account = screen.getByTestId('account-vault-notice');
    expect(account.className).toContain('alert-error');
    expect(account.textContent).toBe(
      '/data/secrets.enc was saved with another encryption key (PACKBENCH_VAULT_KEY or vault.key). Start Packbench with that one, or enter the secret again.',
    );
    expect(screen.getByTestId('secret-mask').textContent).toBe('No secret stored.');
    const checkout = screen.getByTestId('checkout-vault-notice');
    expect(checkout.className).toContain('alert-warn');
    expect(checkout.textContent).toContain('/home/p/.config/Packbench/checkout-secrets.bin');
    expect(checkout.textContent).toContain('no keyring');
  });

  it('after a save, shows the client id saved, also when the screen hears of the saved settings a frame later', async () => {
    const fake = new FakeStation();
    await renderApp({ fake });
    fireEvent.keyDown(window, { key: 'F6' });
    fireEvent.click(screen.getByRole('button', { name: 'nShift' }));
    // As in the app: the screens hear of the store's changes at the next frame, not at once.
    setNotifyScheduler((notify) => void setTimeout(notify, 30));
    try {
      const panel = screen.getByRole('region', { name: 'nShift Checkout: client credentials' });
      fireEvent.change(within(panel).getByLabelText('Client id'), { target: { value: 'bench-7' } });
      fireEvent.change(within(panel).getByLabelText('Client secret'), { target: { value: 's3cret' } });
      fireEvent.submit(within(panel).getByLabelText('Client secret').closest('form') as HTMLFormElement);
      await waitFor(() =>
        expect(screen.getByTestId('settings-save-bar').textContent).toContain('Settings saved.'),
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      const shown = screen.getByRole('region', { name: 'nShift Checkout: client credentials' });
      expect((within(shown).getByLabelText('Client id') as HTMLInputElement).value).toBe('bench-7');
      expect((within(shown).getByLabelText('Client secret') as HTMLInputElement).value).toBe('');
    } finally {
      setNotifyScheduler((notify) => notify());
    }
  });
});
