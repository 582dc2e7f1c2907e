import type { Language } from '../../../preload/api';
import { INTL_LOCALE, isLanguage } from './index';

function intlLocale(language: string): string {
  return isLanguage(language) ? INTL_LOCALE[language as Language] : 'en-GB';
}

/** Clock time of an ISO timestamp in the packer's locale (today's lists). */
export function formatTime(iso: string | undefined, language: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(intlLocale(language), {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).format(date);
}

/** Date and time of an ISO timestamp in the packer's locale (stored shipments, manifests). */
export function formatDateTime(iso: string | undefined, language: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'short', timeStyle: 'short' }).format(
    date,
  );
}

export function formatNumber(value: number, language: string, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(intlLocale(language), options).format(value);
}

/** A list ("out of paper, head open") joined the way the language joins lists. */
export function formatList(items: string[], language: string): string {
  return new Intl.ListFormat(intlLocale(language), { style: 'long', type: 'conjunction' }).format(items);
}

/** A day of the station's local calendar as YYYY-MM-DD: the value of an `<input type="date">`. */
export function formatInputDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
