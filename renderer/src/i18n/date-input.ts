import type { Language } from '../../../preload/api';
import { INTL_LOCALE, isLanguage } from './index';

/*
 * Dates typed in the packer's language: "28/11/2026" in English (en-GB), "2026-11-28" in Swedish, "28.11.2026" in
 * Danish, Norwegian and Finnish, the way the lists show them. A native `<input type="date">` shows and takes the
 * date in the browser's (or Electron's) own locale whatever the page's language, so every language got mm/dd/yyyy on
 * an English system. Intl gives each locale's order of day, month and year and its separator; the rest is reading
 * digits in that order, which no date library does better for three fields.
 */

type Part = 'day' | 'month' | 'year';

interface DateShape {
  order: Part[];
  separator: string;
}

const shapes = new Map<string, DateShape>();

function shapeOf(language: string): DateShape {
  const locale = isLanguage(language) ? INTL_LOCALE[language as Language] : 'en-GB';
  let shape = shapes.get(locale);
  if (!shape) {
    const parts = new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).formatToParts(new Date(2026, 10, 28));
    shape = {
      order: parts.flatMap((part) =>
        part.type === 'day' || part.type === 'month' || part.type === 'year' ? [part.type] : [],
      ),
      separator: parts.find((part) => part.type === 'literal')?.value ?? '-',
    };
    shapes.set(locale, shape);
  }
  return shape;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** An ISO day (YYYY-MM-DD, what the station's methods take) as the language writes it; '' stays ''. */
export function formatDateInput(iso: string, language: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return iso;
  const values: Record<Part, string> = { year: match[1]!, month: match[2]!, day: match[3]! };
  const { order, separator } = shapeOf(language);
  return order.map((part) => values[part]).join(separator);
}

/** The pattern to show beside the field, in the language's letters for day, month and year ("dd.mm.åååå"). */
export function datePattern(language: string, letters: Record<Part, string>): string {
  const { order, separator } = shapeOf(language);
  return order.map((part) => letters[part]).join(separator);
}

function isoOf(year: number, month: number, day: number): string | undefined {
  const date = new Date(Date.UTC(year, month - 1, day));
  // 31.02 is no day: Date would roll it over into March.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return undefined;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/**
 * What a person typed, as an ISO day: in the language's order (any separator: "28.11.2026", "28/11/2026",
 * "28 11 2026"), a two-digit year read as 20YY, or in ISO form, which no language reads otherwise (a four-digit
 * first number is always a year). Undefined when it is not a day of the calendar.
 */
export function parseDateInput(text: string, language: string): string | undefined {
  const groups = text.trim().match(/\d+/g);
  if (!groups || groups.length !== 3 || /[^\d\s./-]/.test(text.trim())) return undefined;
  const numbers = groups.map(Number) as [number, number, number];
  if (groups[0]!.length === 4) return isoOf(numbers[0], numbers[1], numbers[2]);
  const { order } = shapeOf(language);
  const value = (part: Part) => numbers[order.indexOf(part)]!;
  const yearText = groups[order.indexOf('year')]!;
  if (yearText.length !== 2 && yearText.length !== 4) return undefined;
  const year = yearText.length === 2 ? 2000 + value('year') : value('year');
  return isoOf(year, value('month'), value('day'));
}
