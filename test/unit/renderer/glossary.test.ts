// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../../preload/api';
import { LANGUAGES } from '../../../renderer/src/i18n';
import { SECTION_TITLES } from '../../../renderer/src/screens/SettingsScreen';
import { catalogues, createI18n, leaves } from './catalogues';

/** The "Words not used" table of docs/glossary.md: per language, the words its texts must not use. */
function wordsNotUsed(): Map<string, string[]> {
  const glossary = readFileSync(new URL('../../../docs/glossary.md', import.meta.url), 'utf8');
  const table = glossary.slice(glossary.indexOf('## Words not used'));
  const rows = new Map<string, string[]>();
  for (const line of table.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    const [, language, words] = cells;
    if (!language || !words || !(LANGUAGES as readonly string[]).includes(language)) continue;
    rows.set(
      language,
      words.split(/,\s*/).map((entry) => entry.replace(/\s*\(.*\)$/, '').trim()),
    );
  }
  return rows;
}

describe('one word per concept per language (docs/glossary.md)', () => {
  const notUsed = wordsNotUsed();

  it('the glossary names words not used for every language', () => {
    expect([...notUsed.keys()].sort()).toEqual([...LANGUAGES].sort());
  });

  it.each(LANGUAGES)('%s: no text uses a word the glossary replaced', (language) => {
    const found: string[] = [];
    for (const word of notUsed.get(language) ?? []) {
      // As a word or the start of one (inflected forms), never inside another word ("pakker" is a packer).
      const pattern = new RegExp(`(^|[^\\p{L}])${word}`, 'iu');
      for (const [key, text] of leaves(catalogues[language as Language]))
        if (pattern.test(text)) found.push(`${key}: "${word}" in ${text}`);
    }
    expect(found).toEqual([]);
  });
});

describe('a message that sends the admin to Settings names the panel as it is titled', () => {
  it.each(LANGUAGES)('%s: "Settings → <panel>" always names a panel there is', (language) => {
    const i18n = createI18n(language);
    const settings = i18n.t('settings.title');
    const titles = Object.values(SECTION_TITLES).map((key) => i18n.t(key));
    const named: string[] = [];
    for (const [key] of leaves(catalogues[language])) {
      const text = i18n.t(key);
      // The old way said "Settings, Account" (a panel called "nShift account"): never again.
      expect(text, key).not.toMatch(new RegExp(`${settings}, \\p{Lu}`, 'u'));
      for (const match of text.matchAll(new RegExp(`${settings} → `, 'g'))) {
        const after = text.slice((match.index ?? 0) + match[0].length);
        const title = titles.find((candidate) => after.startsWith(candidate));
        expect(title, `${key}: ${text}`).toBeDefined();
        named.push(title!);
      }
    }
    // The key, the print configuration, routing, the scanner, manifest types, Checkout's credentials…
    expect(new Set(named).size).toBeGreaterThanOrEqual(7);
  });
});
