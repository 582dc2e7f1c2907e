import { createRandom, type Random } from '../../main/simulator/random';

/**
 * Seeded hostile payloads for the process boundary: wrong types, huge strings, deep nesting, prototype-pollution
 * keys, NaN and friends, arrays, null. The same seed gives the same payloads, so a failure can be replayed.
 */

/** Keys the StationApi uses, and keys an attacker tries. */
const KEYS = [
  'code',
  'jobId',
  'limit',
  'shipmentId',
  'confirm',
  'storedId',
  'orderNo',
  'consolidatedId',
  'partOrderNo',
  'manifestType',
  'carrierId',
  'manifestId',
  'dateFrom',
  'dateTo',
  'searchField',
  'searchValue',
  'id',
  'secret',
  'kind',
  'name',
  'host',
  'port',
  'directory',
  'printerId',
  'charset',
  'spoolJobId',
  'documentId',
  'deliveryUrl',
  'printers',
  'routing',
  'spool',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'then',
];

const STRINGS = [
  '',
  ' ',
  'x',
  'NO-SUCH-1',
  '../../etc/passwd',
  '..\\..\\windows\\system32',
  '/etc/shadow',
  'file:///etc/passwd',
  'tcp://0.0.0.0:9100',
  '\u0000\u0001\u001b[2J',
  '\ud800',
  '<script>alert(1)</script>',
  '%00%2e%2e%2f',
  '__proto__',
  'constructor',
  '2026-13-45',
  'zpl-tcp',
  'file',
  'true',
  '1e999',
];

const NUMBERS = [
  0,
  -1,
  1,
  1.5,
  -0,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  2 ** 53 + 1,
  1e308,
  -1e308,
];

function pick<T>(rng: Random, items: readonly T[]): T {
  return items[Math.floor(rng() * items.length)]!;
}

function deep(depth: number, leaf: unknown): unknown {
  let value: unknown = leaf;
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? { a: value } : [value];
  return value;
}

export function fuzzValue(rng: Random, depth = 0): unknown {
  const r = rng();
  if (r < 0.1) return null;
  if (r < 0.15) return undefined;
  if (r < 0.22) return rng() < 0.5;
  if (r < 0.35) return pick(rng, NUMBERS);
  if (r < 0.55) return pick(rng, STRINGS);
  if (r < 0.6) return 'A'.repeat(100_000 + Math.floor(rng() * 1000));
  if (r < 0.65) return deep(200 + Math.floor(rng() * 300), pick(rng, STRINGS));
  if (r < 0.7)
    return JSON.parse(
      '{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}}',
    ) as unknown;
  if (r < 0.8 && depth < 3)
    return Array.from({ length: Math.floor(rng() * 4) }, () => fuzzValue(rng, depth + 1));
  if (depth < 3) return fuzzObject(rng, depth + 1);
  return pick(rng, STRINGS);
}

export function fuzzObject(rng: Random, depth = 0): Record<string, unknown> {
  // JSON.parse makes "__proto__" an own key, as a hostile request body would.
  const out = JSON.parse('{}') as Record<string, unknown>;
  const n = Math.floor(rng() * 4) + (rng() < 0.5 ? 1 : 0);
  for (let i = 0; i < n; i++) {
    const key = pick(rng, KEYS);
    Object.defineProperty(out, key, {
      value: fuzzValue(rng, depth),
      enumerable: true,
      configurable: true,
      writable: true,
    });
  }
  return out;
}

/** `count` payloads for one method: mostly objects (the shape methods take), some bare values. */
export function fuzzPayloads(seed: number, count: number): unknown[] {
  const rng = createRandom(seed);
  return Array.from({ length: count }, () => (rng() < 0.7 ? fuzzObject(rng) : fuzzValue(rng)));
}

/** Request bodies no JSON encoder would make: not JSON, truncated, NaN, the wrong top-level type. */
export const RAW_BODIES: readonly (string | Buffer)[] = [
  'NaN',
  '{"input":',
  '{"input":NaN}',
  '[]',
  '"input"',
  'null',
  '{"input":{"__proto__":{"polluted":"yes"}}}',
  '{"input":{"constructor":{"prototype":{"polluted":"yes"}}}}',
  '{"input":{"code":"\\ud800"}}',
  Buffer.from([0x7b, 0x22, 0x69, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]),
  `{"input":${'['.repeat(5000)}${']'.repeat(5000)}}`,
];

export function stableSeed(name: string, base: number): number {
  let h = base >>> 0;
  for (const c of name) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  return h;
}

/** One valid-looking input per method: the fields a caller would send, to be spoiled one at a time. */
export const VALID_TEMPLATES: Record<string, Record<string, unknown>> = {
  scan: { code: 'ORD-1001' },
  listJobs: { limit: 10 },
  getJob: { jobId: 'scan-20260101-abcdef12' },
  reprint: { code: 'ORD-1001' },
  lookupShipment: { code: 'ORD-1001' },
  cancelShipment: { shipmentId: '999999', confirm: true },
  listStored: { orderNo: 'SO-2001' },
  bookStored: { storedId: '999999' },
  deleteStored: { storedId: '999999', confirm: true },
  closeConsolidated: { consolidatedId: '999999' },
  deleteConsolidated: { consolidatedId: '999999', confirm: true },
  deleteParcelGroup: { consolidatedId: '999999', partOrderNo: 'X-1', confirm: true },
  createManifest: { manifestType: 'PNL', carrierId: 'PLAB' },
  listManifests: { dateFrom: '2026-01-01', dateTo: '2026-01-02' },
  reprintManifest: { manifestType: 'PNL', manifestId: '999999' },
  listManifestShipments: {
    manifestType: 'PNL',
    manifestId: '999999',
    searchField: 'parcelNo',
    searchValue: '0037',
    carrierId: 'PLAB',
  },
  listUnmanifested: { date: '2026-01-01' },
  searchHistory: {
    searchField: 'orderNo',
    searchValue: 'ORD-1001',
    dateFrom: '2026-01-01',
    dateTo: '2026-01-02',
  },
  releaseSpoolJob: { spoolJobId: 'sp-x' },
  cancelSpoolJob: { spoolJobId: 'sp-x' },
  retrySpoolJob: { spoolJobId: 'sp-x' },
  getDocumentPreview: { documentId: 'doc-x' },
  testPrinter: { printerId: 'no-such-printer', charset: 'UTF8' },
};

/** Strings that pass a schema's type and length checks but mean trouble further in. */
const NEAR_VALID = [
  ...STRINGS.filter((s) => s.trim().length > 0),
  '2026-99-99',
  '0000-00-00',
  '9999-12-31',
  'x'.repeat(128),
  'ORD-1001\r\n:cancel ORD-1001',
  "' OR 1=1 --",
  '${jndi:ldap://127.0.0.1/x}',
  '{{7*7}}',
  '\u202eevil',
];

/** Valid templates with one field at a time replaced by a near-valid string (or a wrong type), seeded. */
export function nearValidPayloads(seed: number, method: string, count: number): Record<string, unknown>[] {
  const template = VALID_TEMPLATES[method];
  if (!template) return [];
  const rng = createRandom(seed);
  const keys = Object.keys(template);
  return Array.from({ length: count }, () => {
    const out = { ...template };
    const key = pick(rng, keys);
    out[key] = rng() < 0.8 ? pick(rng, NEAR_VALID) : fuzzValue(rng);
    return out;
  });
}
