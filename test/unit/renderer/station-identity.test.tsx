// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeStation } from './fake-api';
import { renderApp } from './render-app';

afterEach(() => cleanup());

describe('the station’s name (issue 29, point 9)', () => {
  it('is in the window title and leads the status bar, and follows the setting', async () => {
    const { fake } = await renderApp();
    expect(document.title).toBe('bench-pc-07 · Packbench');
    const chip = screen.getByTestId('station-name');
    expect(chip.textContent).toBe('Stationbench-pc-07');
    expect(screen.getByTestId('status-bar').firstElementChild).toBe(chip);

    act(() => fake.emit({ type: 'status', status: { ...fake.status, stationName: 'Bench 3 (returns)' } }));
    expect(document.title).toBe('Bench 3 (returns) · Packbench');
    expect(screen.getByTestId('station-name').textContent).toBe('StationBench 3 (returns)');
  });

  it('is set in Settings → This station → Station name and setup, shown empty with the computer’s name as what empty means', async () => {
    const { fake } = await renderApp();
    fireEvent.keyDown(window, { key: 'F6' });
    const section = screen.getByRole('region', { name: 'Station name and setup' });
    const field = within(section).getByLabelText('Station name') as HTMLInputElement;
    expect(field.value).toBe('');
    expect(field.placeholder).toBe('bench-pc-07');
    expect(section.textContent).toContain('Empty: the computer’s name (bench-pc-07).');
    fireEvent.change(field, { target: { value: '  Bench 3  ' } });
    fireEvent.click(
      within(screen.getByTestId('settings-save-bar')).getByRole('button', { name: 'Save changes' }),
    );
    await waitFor(() => expect(fake.callsOf('saveSettings')).toEqual([{ station: { name: 'Bench 3' } }]));
  });
});

describe('the key cheat sheet (issue 29, point 9)', () => {
  it('opens on F9 from any screen and from the status bar’s Keys button, and lists every screen’s key', async () => {
    await renderApp();
    const keysButton = screen.getByTestId('keys-button');
    expect(keysButton.textContent).toBe('KeysF9');
    expect(keysButton.getAttribute('aria-keyshortcuts')).toBe('F9');

    fireEvent.keyDown(window, { key: 'F2' });
    fireEvent.keyDown(window, { key: 'F9' });
    const sheet = screen.getByRole('dialog', { name: 'Keys' });
    for (const [keys, what] of [
      ['F1 · Alt+1', 'Go to Scan'],
      ['F8 · Alt+8', 'Go to Checkout'],
      ['F9', 'Show or hide this list'],
      ['R', 'Reprint the label shown (when the field is empty)'],
      ['Esc', 'Clear the result shown'],
    ] as const) {
      const row = within(sheet).getByText(what).closest('tr') as HTMLElement;
      expect(row.querySelector('kbd')?.textContent, what).toBe(keys);
    }
    // F9 again hides it; the screen under it did not change.
    fireEvent.keyDown(window, { key: 'F9' });
    expect(screen.queryByRole('dialog', { name: 'Keys' })).toBeNull();
    expect(screen.getByTestId('nav-jobs').getAttribute('aria-current')).toBe('page');

    fireEvent.click(keysButton);
    expect(screen.getByRole('dialog', { name: 'Keys' })).toBeTruthy();
  });

  it('closes with Esc and gives the focus back to the scan field', async () => {
    await renderApp();
    const input = screen.getByTestId('scan-input');
    expect(document.activeElement).toBe(input);
    fireEvent.keyDown(window, { key: 'F9' });
    const sheet = screen.getByRole('dialog', { name: 'Keys' });
    expect(document.activeElement).toBe(within(sheet).getByRole('button', { name: 'Close (Esc)' }));
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Keys' })).toBeNull();
    expect(document.activeElement).toBe(input);
  });

  it('reads in Finnish', async () => {
    const fake = new FakeStation();
    fake.settings = { ...fake.settings, language: 'fi' };
    await renderApp({ fake, language: 'fi' });
    fireEvent.keyDown(window, { key: 'F9' });
    const sheet = screen.getByRole('dialog', { name: 'Näppäimet' });
    expect(within(sheet).getByText('Siirry: Skannaus')).toBeTruthy();
  });
});

describe('demo mode’s printer switch (issue 29, point 10)', () => {
  it('offers the virtual label printer’s faults from the Demo mode chip, and the chip says which is set', async () => {
    const { fake } = await renderApp();
    const chip = screen.getByTestId('demo-chip');
    expect(chip.textContent).toBe('Demo mode');
    fireEvent.click(chip);
    const panel = screen.getByRole('dialog', { name: 'Demo: the virtual label printer' });
    expect(
      within(panel)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Working', 'Offline', 'Out of paper', 'Head open', 'Close']);
    expect(within(panel).getByRole('button', { name: 'Working' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(within(panel).getByRole('button', { name: 'Out of paper' }));
    await waitFor(() => expect(fake.callsOf('setDemoPrinterFault')).toEqual([{ fault: 'paper_out' }]));
    await waitFor(() => expect(screen.getByTestId('demo-chip').textContent).toBe('Demo modeOut of paper'));
    expect(within(panel).getByRole('button', { name: 'Out of paper' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    fireEvent.keyDown(panel, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Demo: the virtual label printer' })).toBeNull();
  });

  it('is not there outside demo mode', async () => {
    const fake = new FakeStation();
    fake.status = { ...fake.status, demo: false };
    await renderApp({ fake });
    expect(screen.queryByTestId('demo-chip')).toBeNull();
  });
});

describe('the status bar reads whole (issue 29, point 3)', () => {
  it('names the label printer first among printers that are down, each chip with its name and state', async () => {
    const fake = new FakeStation();
    const down = (id: string, name: string) => ({
      printerId: id,
      name,
      kind: 'zpl-tcp' as const,
      state: 'offline' as const,
      problems: ['unreachable' as const],
      queueLength: 0,
    });
    fake.status = {
      ...fake.status,
      printers: [
        down('office', 'Office laser'),
        { ...down('zebra-1', 'Zebra 1'), state: 'ready', problems: [] },
      ],
    };
    await renderApp({ fake });
    const bar = screen.getByTestId('status-bar');
    const ids = () =>
      [...bar.querySelectorAll('[data-printer-id]')].map((c) => c.getAttribute('data-printer-id'));
    expect(ids()).toEqual(['office', 'zebra-1']);
    act(() => fake.emit({ type: 'printer', printer: down('zebra-1', 'Zebra 1') }));
    expect(ids()).toEqual(['zebra-1', 'office']);
    expect(bar.querySelector('[data-printer-id="zebra-1"]')?.textContent).toBe('Zebra 1Offlinenot reachable');
  });

  it('says an offline printer’s state once where the problem is the same word (Finnish "Ei yhteyttä")', async () => {
    const fake = new FakeStation();
    fake.settings = { ...fake.settings, language: 'fi' };
    fake.status = {
      ...fake.status,
      printers: fake.status.printers.map((printer) => ({
        ...printer,
        state: 'offline' as const,
        problems: ['unreachable' as const],
      })),
    };
    await renderApp({ fake, language: 'fi' });
    const chip = screen.getByTestId('status-bar').querySelector('[data-printer-id="zebra-1"]') as HTMLElement;
    expect([...chip.children].map((part) => part.textContent)).toEqual(['Zebra 1', 'Ei yhteyttä']);
    expect(chip.title).toBe('Zebra 1: Ei yhteyttä');
    // A problem that is another fact is still named beside the state.
    act(() =>
      fake.emit({
        type: 'printer',
        printer: { ...fake.status.printers[0]!, problems: ['unreachable', 'paper_out'] },
      }),
    );
    const after = screen
      .getByTestId('status-bar')
      .querySelector('[data-printer-id="zebra-1"]') as HTMLElement;
    expect([...after.children].map((part) => part.textContent)).toEqual([
      'Zebra 1',
      'Ei yhteyttä',
      'osoitekortit loppu',
    ]);
  });

  it('names the printers the station names itself in the packer’s language, the address as it is', async () => {
    const fake = new FakeStation();
    fake.settings = { ...fake.settings, language: 'sv' };
    fake.status = {
      ...fake.status,
      printers: [
        {
          printerId: 'label',
          name: 'Label printer (tcp://127.0.0.1:9100)',
          kind: 'zpl-tcp',
          state: 'offline',
          problems: ['unreachable'],
          queueLength: 0,
        },
      ],
    };
    await renderApp({ fake, language: 'sv' });
    const chip = screen.getByTestId('status-bar').querySelector('[data-printer-id="label"]') as HTMLElement;
    expect(chip.querySelector('.chip-name')?.textContent).toBe('Etikettskrivare (tcp://127.0.0.1:9100)');
    expect(chip.title).toMatch(/^Etikettskrivare \(tcp:\/\/127\.0\.0\.1:9100\): Frånkopplad/);
  });
});
