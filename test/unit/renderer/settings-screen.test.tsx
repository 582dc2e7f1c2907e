// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeStation, refusedCall } from './fake-api';
import { renderApp } from './render-app';

afterEach(cleanup);

function index(): HTMLElement {
  return screen.getByRole('navigation', { name: 'Settings sections' });
}

/** The sections of the group Settings shows, by their panel titles. */
function shownSections(): string[] {
  const group = document.querySelector<HTMLElement>('.settings-group-sections:not([hidden])')!;
  return [...group.querySelectorAll('section.panel > h2')].map((heading) =>
    (heading.textContent ?? '').replace(/ · not saved$/, ''),
  );
}

describe('Settings an admin can scan', () => {
  it('lists every section by its panel’s title in an index of four groups, and opens a section’s group from it', async () => {
    await renderApp();
    fireEvent.click(screen.getByTestId('nav-settings'));
    const groups = within(index())
      .getAllByRole('button')
      .filter((button) => button.classList.contains('settings-group'))
      .map((button) => button.textContent);
    expect(groups).toEqual(['This station', 'nShift', 'Printers and labels', 'Scanning']);
    const entries = within(index())
      .getAllByRole('button')
      .filter((button) => button.classList.contains('settings-entry'))
      .map((button) => button.textContent);
    expect(entries).toHaveLength(15);
    // Every panel the screen has is named in the index, exactly as its title.
    const panels = [...document.querySelectorAll('.settings-group-sections section.panel > h2')].map(
      (heading) => heading.textContent,
    );
    expect([...entries].sort()).toEqual([...panels].sort());

    expect(shownSections()).toEqual(['Station name and setup', 'Language', 'Sounds']);
    fireEvent.click(within(index()).getByRole('button', { name: 'Routing' }));
    expect(shownSections()).toEqual([
      'Printers',
      'Routing',
      'Print configuration',
      'Labels waiting for a printer',
    ]);
    expect(
      within(index()).getByRole('button', { name: 'Printers and labels' }).getAttribute('aria-current'),
    ).toBe('true');
  });

  it('takes the keyboard on arrival, on the index’s group shown', async () => {
    await renderApp();
    fireEvent.click(screen.getByTestId('nav-settings'));
    await waitFor(() =>
      expect(document.activeElement).toBe(within(index()).getByRole('button', { name: 'This station' })),
    );
  });

  it('saves with one button every section changed, in any group, as one save the station judges whole', async () => {
    const { fake } = await renderApp();
    fireEvent.click(screen.getByTestId('nav-settings'));
    const bar = screen.getByTestId('settings-save-bar');
    expect(within(bar).getByTestId('settings-unsaved').textContent).toBe('Every change is saved.');
    // No other button saves: one way to save.
    expect(screen.queryAllByRole('button', { name: /^Save /i }).map((button) => button.textContent)).toEqual([
      'Save changes',
    ]);

    fireEvent.click(within(index()).getByRole('button', { name: 'Scanning' }));
    fireEvent.change(screen.getByLabelText('Prefix to strip'), { target: { value: ']C1' } });
    fireEvent.click(within(index()).getByRole('button', { name: 'nShift' }));
    fireEvent.change(screen.getByLabelText('Manifest types (comma separated)'), { target: { value: 'PNL' } });
    const manifestTypes = screen.getByRole('heading', { name: 'Manifest types' });
    expect(within(manifestTypes).getByTestId('unsaved-mark').textContent).toBe(' · not saved');
    expect(within(bar).getByTestId('settings-unsaved').textContent).toBe(
      'Not saved yet: Manifest types and Scanner. (Some are in another group of the list on the left.)',
    );

    fireEvent.click(within(bar).getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(fake.callsOf('saveSettings')).toEqual([
        { manifest: { types: ['PNL'] }, scanner: { prefix: ']C1', suffix: '', duplicateWindowMs: 2000 } },
      ]),
    );
    await waitFor(() => expect(within(bar).getByRole('status').textContent).toBe('Settings saved.'));
    expect(within(bar).getByTestId('settings-unsaved').textContent).toBe('Every change is saved.');
    expect(screen.queryByTestId('unsaved-mark')).toBeNull();
  });

  it('saves with Enter in any field, the typed API key secret too, and clears the secret from the page', async () => {
    const { fake } = await renderApp();
    fireEvent.click(screen.getByTestId('nav-settings'));
    fireEvent.click(within(index()).getByRole('button', { name: 'nShift' }));
    const secret = screen.getByLabelText('API key secret') as HTMLInputElement;
    fireEvent.change(secret, { target: { value: 'new-secret-1234' } });
    fireEvent.change(screen.getByLabelText('Stations sharing this nShift account'), {
      target: { value: '2' },
    });
    fireEvent.submit(secret.closest('form')!);
    await waitFor(() =>
      expect(fake.callsOf('setApiKey')).toEqual([{ id: 'key-1', secret: 'new-secret-1234' }]),
    );
    expect(fake.callsOf('saveSettings')).toEqual([{ statusEvents: { follow: true, stationsOnAccount: 2 } }]);
    await waitFor(() => expect((screen.getByLabelText('API key secret') as HTMLInputElement).value).toBe(''));
  });

  it('a refused value in a hidden group: nothing is saved, and the bar names its section and leads to it', async () => {
    const fake = new FakeStation();
    fake.on('saveSettings', () => {
      throw refusedCall({
        error: 'invalid_argument',
        message: 'Invalid argument for saveSettings',
        field: 'spool.ttlMinutes',
        issues: [{ path: 'spool.ttlMinutes', code: 'too_small', minimum: 0.05 }],
      });
    });
    await renderApp({ fake });
    fireEvent.click(screen.getByTestId('nav-settings'));
    fireEvent.click(within(index()).getByRole('button', { name: 'Printers and labels' }));
    const minutes = screen.getByLabelText('Hold a waiting label after (minutes)');
    fireEvent.change(minutes, { target: { value: '0' } });
    fireEvent.click(within(index()).getByRole('button', { name: 'This station' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    const refused = await screen.findByRole('alert');
    expect(refused.textContent).toContain(
      'Nothing was saved: a value in Labels waiting for a printer is not accepted.',
    );
    fireEvent.click(within(refused).getByRole('button', { name: 'Go to Labels waiting for a printer' }));
    expect(shownSections()).toContain('Labels waiting for a printer');
    expect(minutes.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Too small or too short: at least 0.05.')).toBeTruthy();
    expect(screen.getByTestId('settings-unsaved').textContent).toContain('Labels waiting for a printer');
  });

  it('"Undo changes" puts every section back as saved', async () => {
    const { fake } = await renderApp();
    fireEvent.click(screen.getByTestId('nav-settings'));
    fireEvent.click(within(index()).getByRole('button', { name: 'Scanning' }));
    fireEvent.change(screen.getByLabelText('Suffix to strip'), { target: { value: '#' } });
    fireEvent.click(screen.getByRole('button', { name: 'Undo changes' }));
    expect((screen.getByLabelText('Suffix to strip') as HTMLInputElement).value).toBe('');
    expect(screen.getByTestId('settings-unsaved').textContent).toBe('Every change is saved.');
    expect(fake.callsOf('saveSettings')).toEqual([]);
  });

  it('names media and charsets in words, in the admin’s language, saving nShift’s codes', async () => {
    const fake = new FakeStation();
    fake.settings = { ...fake.settings, language: 'sv' };
    await renderApp({ fake, language: 'sv' });
    fireEvent.click(screen.getByTestId('nav-settings'));
    fireEvent.click(
      within(screen.getByRole('navigation', { name: 'Inställningarnas delar' })).getByRole('button', {
        name: 'Skrivare och etiketter',
      }),
    );
    const media = screen.getByLabelText('Media') as HTMLSelectElement;
    expect(media.selectedOptions[0]!.textContent).toBe('Etikett 107 × 190 mm, termisk');
    expect([...media.options].map((option) => option.textContent)).toContain('A4-ark, laser');
    const charset = screen.getByLabelText('ZPL-teckenkodning') as HTMLSelectElement;
    expect(charset.selectedOptions[0]!.textContent).toMatch(/^Teckentabell 850 /);
    expect(document.body.textContent).not.toMatch(/thermo-190|cp850/);

    fireEvent.change(media, { target: { value: 'laser-a4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Spara ändringar' }));
    await waitFor(() =>
      expect(fake.callsOf('saveSettings')).toEqual([
        { printConfig: { targets: [{ media: 'laser-a4', type: 'zpl', mode: 'DT', charset: 'cp850' }] } },
      ]),
    );
  });
});
