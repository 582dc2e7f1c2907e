import { formatDateInput, parseDateInput } from '../i18n/date-input';

/** A date field's text as typed, and the day (ISO, YYYY-MM-DD) it names when it names one. */
export interface DateEntry {
  text: string;
  iso?: string;
}

export const NO_DATE: DateEntry = { text: '' };

/** The entry for a day, written the language's way. */
export function dateEntry(iso: string, language: string): DateEntry {
  return { text: formatDateInput(iso, language), iso };
}

/** What was typed, read in the language's way. */
export function typedDate(text: string, language: string): DateEntry {
  const iso = parseDateInput(text, language);
  return iso ? { text, iso } : { text };
}

/** Why a range cannot be searched: a field that holds no date, or a "from" after its "to". */
export type RangeProblem = { problem: 'not_a_date'; field: 'from' | 'to' } | { problem: 'reversed' };

/**
 * The days of a from–to pair of date fields, both inclusive; either may be empty. A range whose first day is after
 * its last holds no day at all: it is refused as such, so the screen says so rather than "nothing matches".
 */
export function readRange(
  from: DateEntry,
  to: DateEntry,
): { dateFrom?: string; dateTo?: string } | RangeProblem {
  if (from.text.trim() && !from.iso) return { problem: 'not_a_date', field: 'from' };
  if (to.text.trim() && !to.iso) return { problem: 'not_a_date', field: 'to' };
  const dateFrom = from.text.trim() ? from.iso : undefined;
  const dateTo = to.text.trim() ? to.iso : undefined;
  if (dateFrom && dateTo && dateFrom > dateTo) return { problem: 'reversed' };
  return { ...(dateFrom ? { dateFrom } : {}), ...(dateTo ? { dateTo } : {}) };
}

export function isRangeProblem(range: ReturnType<typeof readRange>): range is RangeProblem {
  return 'problem' in range;
}
