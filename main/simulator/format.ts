/** nShift timestamps look like `2024-05-03T13:18:30.904+0000`. */
export function formatTimestamp(ms: number): string {
  return new Date(ms).toISOString().replace('Z', '+0000');
}

/** `YYYY-MM-DD` of a sim time (UTC): "today" for manifests and demo data. */
export function formatDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function startOfDayUtc(ms: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Query dates are either `YYYY-MM-DD` or a full timestamp. A bare date as an upper bound means the whole
 * day, so `dateFrom=dateTo=2024-05-03` selects one day.
 */
export function parseQueryDate(value: string | null, bound: 'from' | 'to'): number | undefined {
  if (!value) return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const start = Date.parse(`${value}T00:00:00Z`);
    if (Number.isNaN(start)) return undefined;
    return bound === 'from' ? start : start + DAY_MS - 1;
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
