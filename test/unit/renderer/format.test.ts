// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatTime } from '../../../renderer/src/i18n/format';
import { LANGUAGES } from '../../../renderer/src/i18n';

describe('clock times in today’s lists', () => {
  // Local time, so the expectation is the same wherever the test runs.
  const at = new Date(2026, 10, 23, 7, 5, 9).toISOString();

  it('are hours, minutes and seconds on the 24-hour clock, with each language’s own separator', () => {
    const shown = Object.fromEntries(LANGUAGES.map((language) => [language, formatTime(at, language)]));
    expect(shown).toEqual({ en: '07:05:09', sv: '07:05:09', nb: '07:05:09', da: '07.05.09', fi: '7.05.09' });
  });

  it('keep an unreadable timestamp as it came, and show nothing for none', () => {
    expect(formatTime('not a time', 'en')).toBe('not a time');
    expect(formatTime(undefined, 'en')).toBe('');
  });
});
