// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { datePattern, formatDateInput, parseDateInput } from '../../../renderer/src/i18n/date-input';
import { readRange, typedDate } from '../../../renderer/src/components/date-range';
import { LANGUAGES } from '../../../renderer/src/i18n';

describe('dates typed and shown the way the packer’s language writes them', () => {
  it('shows a day in each language’s order and separator, never mm/dd/yyyy', () => {
    const shown = Object.fromEntries(
      LANGUAGES.map((language) => [language, formatDateInput('2026-01-05', language)]),
    );
    expect(shown).toEqual({
      en: '05/01/2026',
      sv: '2026-01-05',
      nb: '05.01.2026',
      da: '05.01.2026',
      fi: '05.01.2026',
    });
  });

  it('names the pattern in the language’s own letters', () => {
    expect(datePattern('fi', { day: 'pp', month: 'kk', year: 'vvvv' })).toBe('pp.kk.vvvv');
    expect(datePattern('sv', { day: 'dd', month: 'mm', year: 'åååå' })).toBe('åååå-mm-dd');
  });

  it('reads what was typed in the language’s order, with any separator and short forms', () => {
    expect(parseDateInput('5.1.2026', 'fi')).toBe('2026-01-05');
    expect(parseDateInput('05/01/2026', 'en')).toBe('2026-01-05');
    expect(parseDateInput('5 1 26', 'da')).toBe('2026-01-05');
    expect(parseDateInput('2026-1-5', 'sv')).toBe('2026-01-05');
  });

  it('reads an ISO date in every language, since a four-digit first number is a year', () => {
    for (const language of LANGUAGES) expect(parseDateInput('2026-11-28', language)).toBe('2026-11-28');
  });

  it('refuses what is no day of the calendar', () => {
    expect(parseDateInput('31.02.2026', 'nb')).toBeUndefined();
    expect(parseDateInput('13/13/2026', 'en')).toBeUndefined();
    expect(parseDateInput('tomorrow', 'en')).toBeUndefined();
    expect(parseDateInput('1.2', 'da')).toBeUndefined();
    expect(parseDateInput('1.2.202', 'da')).toBeUndefined();
  });
});

describe('a from–to range', () => {
  const entry = (text: string) => typedDate(text, 'da');

  it('gives the days it holds, either end open', () => {
    expect(readRange(entry('1.11.2026'), entry('30.11.2026'))).toEqual({
      dateFrom: '2026-11-01',
      dateTo: '2026-11-30',
    });
    expect(readRange(entry(''), entry('30.11.2026'))).toEqual({ dateTo: '2026-11-30' });
    expect(readRange(entry('28.11.2026'), entry('28.11.2026'))).toEqual({
      dateFrom: '2026-11-28',
      dateTo: '2026-11-28',
    });
  });

  it('is refused when it holds no day, or a field holds no date', () => {
    expect(readRange(entry('28.11.2026'), entry('2.11.2026'))).toEqual({ problem: 'reversed' });
    expect(readRange(entry('28.11'), entry(''))).toEqual({ problem: 'not_a_date', field: 'from' });
    expect(readRange(entry(''), entry('soon'))).toEqual({ problem: 'not_a_date', field: 'to' });
  });
});
