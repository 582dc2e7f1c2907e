/**
 * The station's day: the calendar day of the time zone the PC is set to, from its midnight to the next. It is what a
 * packer calls "today" (the Jobs list, the duplicate check "booked here today", the end-of-day manifest and the
 * shipments in no manifest), the day the History screen opens on (the renderer's `formatInputDate`) and the day
 * asked of nShift as `dateFrom`/`dateTo`, a bare date (docs/nshift-api.md 1.2). Not UTC's day, which in Stockholm
 * or Helsinki starts one to three hours after the station's, in the middle of a late shift.
 *
 * The journal's day files stay named by the UTC day (journal.ts): that is how the entries are stored, not what a
 * person is shown, and a local day is read from the one or two UTC files it spans (`journalDaysOf`).
 */

const pad = (n: number): string => String(n).padStart(2, '0');

/** The station's day of an instant, as `YYYY-MM-DD`. */
export function stationDay(at: Date): string {
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/**
 * Where a station's day (`YYYY-MM-DD`) starts and where the next one starts, as ISO instants (UTC, as every
 * journal timestamp is written), so a timestamp `t` is of that day when `from <= t < to`. A day with a
 * daylight-saving change is 23 or 25 hours long.
 */
export function stationDayBounds(day: string): { from: string; to: string } {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return {
    from: new Date(year, month - 1, date).toISOString(),
    to: new Date(year, month - 1, date + 1).toISOString(),
  };
}

/** Where the station's day of `at` started, as an ISO instant. */
export function startOfStationDay(at: Date): string {
  return stationDayBounds(stationDay(at)).from;
}

/** The station's day an ISO timestamp (a job's `createdAt`) falls on. */
export function stationDayOf(iso: string): string {
  return stationDay(new Date(iso));
}

/** The journal's day files (UTC days) that hold what was written from `fromIso` up to `until`, oldest first. */
export function journalDaysOf(fromIso: string, until: Date): string[] {
  const days: string[] = [];
  const last = until.toISOString().slice(0, 10);
  for (let day = fromIso.slice(0, 10); day <= last;) {
    days.push(day);
    day = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  }
  return days;
}
