// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StationStatus } from '../../../preload/api';
import { FakeStation, firstStartStatus, makeJob } from './fake-api';
import { renderApp } from './render-app';
import { SETUP_LEFT_STORAGE_KEY } from '../../../renderer/src/screens/SetupScreen';

beforeEach(() => localStorage.removeItem(SETUP_LEFT_STORAGE_KEY));
afterEach(() => cleanup());

/** A station as it is first started: no API key, and labels with nowhere to go but the documents folder. */
function freshStation(): FakeStation {
  const fake = new FakeStation();
  fake.status = firstStartStatus();
  fake.settings = {
    ...fake.settings,
    account: { ...fake.settings.account, hasSecret: false },
    routing: { rules: [{ kind: 'customs', printerId: 'zebra-1' }] },
    inForce: { ...fake.settings.inForce, labelPrinterId: undefined },
  };
  // Saving the key: nShift accepts it, as the station then says in its status.
  fake.on('setApiKey', () => {
    fake.status = { ...fake.status, account: { state: 'connected' } };
    setTimeout(() => fake.emit({ type: 'status', status: fake.status }), 0);
    return fake.settings;
  });
  fake.on('saveSettings', (patch) => {
    fake.settings = { ...fake.settings, ...patch } as typeof fake.settings;
    fake.status = { ...fake.status, labelPrinterId: patch.routing?.labelPrinterId };
    setTimeout(() => fake.emit({ type: 'status', status: fake.status }), 0);
    return fake.settings;
  });
  return fake;
}

function step(): string {
  return screen.getByTestId('setup-step').textContent ?? '';
}

describe('the first start’s setup (issue 29, point 2)', () => {
  it('opens by itself on a station with no key and no label printer, at its start', async () => {
    await renderApp({ fake: freshStation() });
    const setup = await screen.findByTestId('setup');
    expect(within(setup).getByRole('heading', { level: 1 }).textContent).toBe('Set up this station');
    expect(step()).toBe('Start');
    expect(setup.textContent).toContain('Try the demo first');
    expect(setup.textContent).toContain('npm run demo');
    // No screen of the nav is the current one while the setup shows.
    expect(document.querySelector('.nav [aria-current="page"]')).toBeNull();
  });

  it('does not open on a station that can scan', async () => {
    await renderApp();
    expect(screen.queryByTestId('setup')).toBeNull();
    expect(screen.getByTestId('last-result').getAttribute('data-ready')).toBe('true');
  });

  it('goes key → label printer → test label with Settings’ own sections, each step marked done from the status', async () => {
    const fake = freshStation();
    fake.jobs = [];
    fake.on('testPrinter', ({ printerId }) => {
      const jobId = 'test-1';
      setTimeout(() => {
        fake.emitJob(makeJob({ id: jobId, kind: 'test_print', scan: printerId, state: 'printed' }));
      }, 0);
      return {
        jobId,
        preview: { documentId: 'd', format: 'zpl', charset: 'cp850', base64: btoa('^XA^XZ') },
      };
    });
    await renderApp({ fake });
    await screen.findByTestId('setup');
    fireEvent.click(screen.getByRole('button', { name: 'Enter the API key' }));
    expect(step()).toBe('nShift API key');
    // Settings' own account section: the same key form, the same call.
    const account = screen.getByRole('region', { name: 'nShift account' });
    fireEvent.change(within(account).getByLabelText('API key id'), { target: { value: 'key-1' } });
    fireEvent.change(within(account).getByLabelText('API key secret'), { target: { value: 's3cret' } });
    fireEvent.submit(within(account).getByLabelText('API key secret').closest('form') as HTMLFormElement);
    await waitFor(() =>
      expect(screen.getByTestId('setup-key-state').textContent).toBe('nShift accepted the API key.'),
    );
    expect(fake.callsOf('setApiKey')).toEqual([{ id: 'key-1', secret: 's3cret' }]);
    expect(document.querySelector('[data-step="key"]')?.getAttribute('data-done')).toBe('true');

    fireEvent.click(screen.getByTestId('setup-next'));
    expect(step()).toBe('Label printer');
    // Settings' own printers section: find or add printers there.
    expect(screen.getByRole('region', { name: 'Printers' })).toBeTruthy();
    const choice = screen.getByLabelText('Labels print on') as HTMLSelectElement;
    fireEvent.change(choice, { target: { value: 'zebra-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Use it for labels' }));
    // The whole routing section is saved: the rules stay.
    await waitFor(() =>
      expect(fake.callsOf('saveSettings')).toEqual([
        { routing: { rules: [{ kind: 'customs', printerId: 'zebra-1' }], labelPrinterId: 'zebra-1' } },
      ]),
    );
    await waitFor(() =>
      expect(document.querySelector('[data-step="printer"]')?.getAttribute('data-done')).toBe('true'),
    );

    fireEvent.click(screen.getByTestId('setup-next'));
    expect(step()).toBe('Test label');
    fireEvent.click(screen.getByTestId('setup-test-print'));
    await waitFor(() => expect(screen.getByTestId('setup').textContent).toContain('The test label printed'));
    expect(fake.callsOf('testPrinter')).toEqual([{ printerId: 'zebra-1' }]);

    fireEvent.click(screen.getByTestId('setup-finish'));
    expect(screen.queryByTestId('setup')).toBeNull();
    expect(screen.getByTestId('last-result').getAttribute('data-ready')).toBe('true');
  });

  it('saves the key step with a Save bar of its own, the one Settings has: the same form, no second way to save', async () => {
    const fake = freshStation();
    await renderApp({ fake });
    await screen.findByTestId('setup');
    fireEvent.click(screen.getByRole('button', { name: 'Enter the API key' }));
    const bar = screen.getByTestId('settings-save-bar');
    expect(within(bar).getByTestId('settings-unsaved').textContent).toBe('Every change is saved.');
    const account = screen.getByRole('region', { name: 'nShift account' });
    fireEvent.change(within(account).getByLabelText('API key id'), { target: { value: 'key-1' } });
    fireEvent.change(within(account).getByLabelText('API key secret'), { target: { value: 's3cret' } });
    // Named as Settings names it; no "other group" in a setup that shows no groups.
    expect(within(bar).getByTestId('settings-unsaved').textContent).toBe('Not saved yet: nShift account.');
    expect(screen.queryAllByRole('button', { name: /^Save /i }).map((button) => button.textContent)).toEqual([
      'Save changes',
    ]);
    fireEvent.click(within(bar).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(fake.callsOf('setApiKey')).toEqual([{ id: 'key-1', secret: 's3cret' }]));
    await waitFor(() => expect(within(bar).getByRole('status').textContent).toBe('Settings saved.'));
    // Drawn again from what the station saved: the secret has left the page.
    expect((screen.getByLabelText('API key secret') as HTMLInputElement).value).toBe('');
    await waitFor(() =>
      expect(screen.getByTestId('setup-key-state').textContent).toBe('nShift accepted the API key.'),
    );
  });

  it('can be left, stays left at the next start, and the Scan screen’s button leads back to the step missing', async () => {
    await renderApp({ fake: freshStation() });
    fireEvent.click(await screen.findByTestId('setup-leave'));
    expect(screen.queryByTestId('setup')).toBeNull();
    const panel = screen.getByTestId('last-result');
    expect(panel.getAttribute('data-problem')).toBe('auth_missing_key');
    fireEvent.click(within(panel).getByTestId('readiness-action'));
    expect(step()).toBe('nShift API key');
    cleanup();

    await renderApp({ fake: freshStation() });
    expect(screen.queryByTestId('setup')).toBeNull();
    fireEvent.keyDown(window, { key: 'F6' });
    fireEvent.click(screen.getByTestId('open-setup'));
    expect(step()).toBe('Start');
  });

  it('opens at the label printer when the key is done, from the Scan screen’s button', async () => {
    const fake = new FakeStation();
    fake.status = { ...fake.status, labelPrinterId: undefined } satisfies StationStatus;
    await renderApp({ fake });
    expect(screen.queryByTestId('setup')).toBeNull();
    act(() => fireEvent.click(screen.getByTestId('readiness-action')));
    expect(step()).toBe('Label printer');
  });

  it('leads from a step to the rest of its settings: Settings opened on that step’s group, and on its first again later', async () => {
    await renderApp({ fake: freshStation() });
    const shownGroup = () => document.querySelector('.settings-group[aria-current="true"]')?.textContent;
    await screen.findByTestId('setup');
    fireEvent.click(screen.getByRole('button', { name: 'Enter the API key' }));
    fireEvent.click(screen.getByRole('button', { name: 'Open nShift in Settings' }));
    expect(screen.queryByTestId('setup')).toBeNull();
    expect(shownGroup()).toBe('nShift');

    // Back to the setup from Settings (This station), on to its printers, and from there to Settings' printers.
    fireEvent.click(screen.getByRole('button', { name: 'This station' }));
    fireEvent.click(screen.getByTestId('open-setup'));
    fireEvent.click(screen.getByTestId('setup').querySelector('[data-step="printer"]') as HTMLElement);
    fireEvent.click(screen.getByRole('button', { name: 'Open Printers and labels in Settings' }));
    expect(shownGroup()).toBe('Printers and labels');

    // Settings opened by its key, after another screen, opens where it always does.
    fireEvent.keyDown(window, { key: 'F1' });
    fireEvent.keyDown(window, { key: 'F6' });
    expect(shownGroup()).toBe('This station');
  });

  it('reads in Swedish', async () => {
    const fake = freshStation();
    fake.settings = { ...fake.settings, language: 'sv' };
    await renderApp({ fake, language: 'sv' });
    const setup = await screen.findByTestId('setup');
    await waitFor(() => expect(setup.textContent).toContain('Ställ in den här stationen'));
    expect(setup.textContent).toContain('Prova demon först');
  });

  it('names the label printer demo mode sets in Swedish, at the printer and the test label, the address as it is', async () => {
    const fake = new FakeStation();
    const name = 'Label printer (tcp://127.0.0.1:9100)';
    const label = { id: 'label', name, kind: 'zpl-tcp' as const, host: '127.0.0.1', port: 9100 };
    fake.settings = {
      ...fake.settings,
      language: 'sv',
      inForce: {
        ...fake.settings.inForce,
        printers: [{ value: label, source: 'demo' }],
        labelPrinterId: { value: 'label', source: 'demo' },
      },
    };
    fake.status = {
      ...fake.status,
      printers: [{ ...fake.status.printers[0]!, printerId: 'label', name }],
      labelPrinterId: 'label',
    };
    await renderApp({ fake, language: 'sv' });
    fireEvent.keyDown(window, { key: 'F6' });
    act(() => fireEvent.click(screen.getByTestId('open-setup')));
    // The key is accepted and the label printer set: the setup opens at the test label.
    expect(screen.getByTestId('setup-step').textContent).toBe('Testetikett');
    expect(screen.getByTestId('setup').textContent).toContain(
      'Skriv ut en testetikett på Etikettskrivare (tcp://127.0.0.1:9100)',
    );
    act(() =>
      fireEvent.click(screen.getByTestId('setup').querySelector('[data-step="printer"]') as HTMLElement),
    );
    expect(screen.getByTestId('setup-label-printer').textContent).toBe(
      'Etiketter skrivs ut på Etikettskrivare (tcp://127.0.0.1:9100).',
    );
    expect(screen.getByTestId('setup').textContent).not.toContain('Label printer');
  });
});
