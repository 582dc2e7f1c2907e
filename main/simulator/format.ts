/** nShift timestamps look like `2024-05-03T13:18:30.904+0000`. */
export function formatTimestamp(ms: number): string {
  return new Date(ms).toISOString().replace('Z', '+0000');
}

/**
 * nShift's dates are days of a calendar it does not name; the simulator takes the time zone of the process it runs
 * in, which in demo mode and in the tests is the station's own (docs/nshift-api.md 1.2). Under TZ=UTC these are
 * UTC days.
 */
const pad = (n: number): string => String(n).padStart(2, '0');

/** `YYYY-MM-DD` of a sim time: "today" for manifests and demo data. */
export function formatDate(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Where the day of a sim time starts. */
export function startOfDay(ms: number): number {
  const d = new Date(ms);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
}

/** Where the day after the one of a sim time starts (23 or 25 hours later on a daylight-saving change). */
export function startOfNextDay(ms: number): number {
  const d = new Date(ms);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1).getTime();
}

/**
 * Query dates are either `YYYY-MM-DD` or a full timestamp. A bare date as an upper bound means the whole
 * day, so `dateFrom=dateTo=2024-05-03` selects one day.
 */
export function parseQueryDate(value: string | null, bound: 'from' | 'to'): number | undefined {
  if (!value) return undefined;
  const bare = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (bare) {
    const [year, month, day] = [Number(bare[1]), Number(bare[2]), Number(bare[3])];
    if (Number.isNaN(Date.parse(`${value}T00:00:00Z`))) return undefined;
    return bound === 'from'
      ? new Date(year, month - 1, day).getTime()
      : new Date(year, month - 1, day + 1).getTime() - 1;
  }
  const parsed = Date.parse(value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  return Number.isNaN(parsed) ? undefined : parsed;
}

/** GS1 mod-10 check digit, so parcel and shipment numbers look (and validate) like real SSCCs. */
export function gs1CheckDigit(digits: string): string {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const d = Number(digits[digits.length - 1 - i]);
    sum += i % 2 === 0 ? d * 3 : d;
  }
  return String((10 - (sum % 10)) % 10);
}

/** A 20-digit SSCC-style number (`00` + 17 digits + check digit) built from a counter. */
export function sscc(companyPrefix: string, serial: number): string {
  const body = `${companyPrefix}${String(serial).padStart(17 - companyPrefix.length, '0')}`;
  return `00${body}${gs1CheckDigit(body)}`;
}
