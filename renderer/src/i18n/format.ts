import type { Language } from '../../../preload/api';
import { INTL_LOCALE, isLanguage } from './index';

function intlLocale(language: string): string {
  return isLanguage(language) ? INTL_LOCALE[language as Language] : 'en-GB';
}

/**
 * One formatter per locale and style, made on first use: building an Intl formatter costs about a millisecond
 * (locale data is resolved each time), and a day's list formats hundreds of times as the station starts.
 */
function cached<F>(make: (locale: string) => F): (language: string) => F {
  const byLocale = new Map<string, F>();
  return (language) => {
    const locale = intlLocale(language);
    let formatter = byLocale.get(locale);
    if (!formatter) {
      formatter = make(locale);
      byLocale.set(locale, formatter);
    }
    return formatter;
  };
}

// The locale's own medium time style rather than a skeleton of two-digit parts: the text is the same but for
// Finnish, which writes the hour as Finns do (7.05.09), and the first formatter made does not load ICU's
// pattern generator, which cost the page about 25 ms before its first list.
const clockTime = cached((locale) => new Intl.DateTimeFormat(locale, { timeStyle: 'medium' }));
const dateTime = cached(
  (locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }),
);
const plainNumber = cached((locale) => new Intl.NumberFormat(locale));
const conjunction = cached((locale) => new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }));

/** Clock time of an ISO timestamp in the packer's locale (today's lists). */
export function formatTime(iso: string | undefined, language: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return clockTime(language).format(date);
}

/** Date and time of an ISO timestamp in the packer's locale (stored shipments, manifests). */
export function formatDateTime(iso: string | undefined, language: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateTime(language).format(date);
}

export function formatNumber(value: number, language: string, options?: Intl.NumberFormatOptions): string {
  // Options vary by caller (units, digits): only the plain form is worth keeping.
  if (!options) return plainNumber(language).format(value);
  return new Intl.NumberFormat(intlLocale(language), options).format(value);
}

/** A list ("out of paper, head open") joined the way the language joins lists. */
export function formatList(items: string[], language: string): string {
  return conjunction(language).format(items);
}

/** A day of the station's local calendar as YYYY-MM-DD: the value of an `<input type="date">`. */
export function formatInputDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
