// @vitest-environment jsdom
/**
 * What the station's start found, in the supervisor's language: every startup warning code (the one enum in
 * main/domain/startup-warning.ts) has what happened and what to do in all five catalogues, with every parameter
 * filled in; the notice shows them above the screen, the station's English words closed under "For IT", and hides
 * for this start only.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Language, StartupWarning } from '../../../preload/api';
import { startupWarningCodeSchema, startupWarningSchema } from '../../../main/domain';
import { LANGUAGES } from '../../../renderer/src/i18n';
import { STARTUP_NOTICE_HIDDEN_KEY } from '../../../renderer/src/components/StartupNotice';
import { catalogues, createI18n } from './catalogues';
import { FakeStation } from './fake-api';
import { renderApp } from './render-app';

/** One warning of every code, as a station makes them (each checked against the domain's shape below). */
const SAMPLES: StartupWarning[] = [
  {
    code: 'settings_unreadable',
    message:
      "The settings file could not be read (line 3, column 3: Expected ',' or '}' after property value), so Packbench started with default settings.",
    params: { keptAs: '/data/settings.json.corrupt-1714629600000', line: 3, column: 3 },
  },
  {
    code: 'settings_fields_refused',
    message: '/data/settings.json: printers[2].port was refused (Too big): printers[2] is left out.',
    params: { file: '/data/settings.json', count: 1, fields: 'printers[2].port' },
  },
  {
    code: 'journal_damaged',
    message:
      'The journal 2024-05-02.jsonl had 1 unreadable entry (likely a crash mid-write); they were set aside.',
    params: {
      file: '/data/journal/2024-05-02.jsonl',
      keptAs: '/data/journal/2024-05-02.jsonl.corrupt-1',
      count: 1,
    },
  },
  {
    code: 'journal_newer',
    message: 'The journal 2024-05-02.jsonl holds 2 entries a newer Packbench wrote.',
    params: { file: '/data/journal/2024-05-02.jsonl', count: 2, jobs: 1 },
  },
  {
    code: 'journal_checkpoint_unusable',
    message: 'the journal checkpoint fails its checksum; replaying the journal',
    params: {},
  },
  {
    code: 'spool_held_unread',
    message: 'The print spool holds 1 label a newer Packbench kept.',
    params: { count: 1, files: '/data/spool/a.json' },
  },
  {
    code: 'spool_unreadable',
    message: 'The print spool holds 1 record that could not be read at all.',
    params: { count: 1, files: '/data/spool/b.json' },
  },
  {
    code: 'secret_vault',
    message: '/data/secrets.enc is damaged and cannot be read.',
    params: { vault: 'damaged', file: '/data/secrets.enc' },
  },
];

describe('startup warnings in every language', () => {
  it('the samples are one of each code, each in the domain’s shape', () => {
    expect(SAMPLES.map((s) => s.code).sort()).toEqual([...startupWarningCodeSchema.options].sort());
    for (const sample of SAMPLES) expect(startupWarningSchema.safeParse(sample).success).toBe(true);
  });

  it.each(LANGUAGES)(
    '%s: every code says what happened and what to do, every parameter filled in',
    (language) => {
      const i18n = createI18n(language);
      const startup = (
        catalogues[language] as { startup: { codes: Record<string, { what: string; todo: string }> } }
      ).startup;
      expect(Object.keys(startup.codes).sort()).toEqual([...startupWarningCodeSchema.options].sort());
      for (const { code, params } of SAMPLES) {
        for (const part of ['what', 'todo'] as const) {
          const key = `startup.codes.${code}.${part}`;
          expect(i18n.exists(key), key).toBe(true);
          const text = i18n.t(key, params);
          expect(text.trim(), key).not.toBe('');
          // No placeholder left open, no nested key left unresolved.
          expect(text, key).not.toMatch(/\{\{|\$t\(/);
        }
      }
      expect(i18n.t('startup.where', { line: 3, column: 7 })).toMatch(/3.*7/);
    },
  );

  it('every language but English says it in its own words', () => {
    const english = createI18n('en');
    for (const language of LANGUAGES.filter((l): l is Exclude<Language, 'en'> => l !== 'en')) {
      const i18n = createI18n(language);
      for (const code of startupWarningCodeSchema.options)
        expect(i18n.t(`startup.codes.${code}.what`), `${language} ${code}`).not.toBe(
          english.t(`startup.codes.${code}.what`),
        );
    }
  });
});

describe('the startup notice', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  function stationWith(warnings: StartupWarning[], startedAt = '2024-05-02T06:00:00.000Z'): FakeStation {
    const fake = new FakeStation();
    fake.startup = { startedAt, warnings };
    return fake;
  }

  it('a clean start: no notice', async () => {
    await renderApp();
    await act(async () => undefined);
    expect(screen.queryByTestId('startup-notice')).toBeNull();
  });

  it('says each warning in the page’s language with what to do, the English detail under "For IT"', async () => {
    const [settings, , journal] = SAMPLES;
    const fake = stationWith([settings!, journal!]);
    fake.settings = { ...fake.settings, language: 'sv' };
    await renderApp({ fake, language: 'sv' });
    const notice = await screen.findByTestId('startup-notice');
    const items = within(notice).getAllByRole('listitem');
    expect(items.map((li) => li.getAttribute('data-warning-code'))).toEqual([
      'settings_unreadable',
      'journal_damaged',
    ]);
    expect(items[0]!.textContent).toContain('Inställningsfilen gick inte att läsa');
    expect(items[0]!.textContent).toContain('/data/settings.json.corrupt-1714629600000');
    expect(items[0]!.textContent).toContain('rad 3, kolumn 3');
    expect(items[0]!.textContent).toContain('Inställningar');
    // The station's own English words are there for IT, closed.
    const forIt = within(items[1]!).getByText('Till IT').closest('details')!;
    expect(forIt.open).toBe(false);
    expect(forIt.textContent).toContain(journal!.message);
    // It takes no focus from the scanner's page.
    expect(notice.contains(document.activeElement)).toBe(false);
  });

  it('a saved secret the vault warns about is named in the vault’s own words', async () => {
    await renderApp({ fake: stationWith([SAMPLES[7]!]) });
    const notice = await screen.findByTestId('startup-notice');
    expect(notice.textContent).toContain(
      '/data/secrets.enc is damaged and cannot be read. Enter the secret again',
    );
  });

  it('hidden, it stays hidden for this start (a reload too), and comes back after the next start', async () => {
    const warnings = [SAMPLES[0]!];
    await renderApp({ fake: stationWith(warnings) });
    const notice = await screen.findByTestId('startup-notice');
    fireEvent.click(within(notice).getByRole('button', { name: 'Hide until the next start' }));
    await waitFor(() => expect(screen.queryByTestId('startup-notice')).toBeNull());
    expect(localStorage.getItem(STARTUP_NOTICE_HIDDEN_KEY)).toBe('2024-05-02T06:00:00.000Z');

    cleanup();
    await renderApp({ fake: stationWith(warnings) });
    await act(async () => undefined);
    expect(screen.queryByTestId('startup-notice')).toBeNull();

    cleanup();
    await renderApp({ fake: stationWith(warnings, '2024-05-03T06:00:00.000Z') });
    expect(await screen.findByTestId('startup-notice')).toBeTruthy();
  });
});
