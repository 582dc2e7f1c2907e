/**
 * Where a slow scan's time went. For every station scan the bench traced, the time is split into causes: a
 * lookup the local index did not save (index miss), a token exchange, new HTTP connections (connection set-up),
 * the rest of the time in requests, fsyncs of the journal, the label cache and the spool while no request was in
 * flight, the printer's connect and write, garbage collection and the event loop's delay. A slow scan (at or
 * above the 90th percentile of its kind) is then explained by what each cause cost it beyond what the same
 * cause costs the median scan, so a fix removes a cause instead of averaging it away.
 */
import { length, subtract, union } from './profile';
import type { ScanKind, ScanSample, StationScanProfile } from './scan-to-label';
import { percentile, round, summarize } from './stats';

export const CAUSES = [
  'index miss',
  'token',
  'connection set-up',
  'requests',
  'journal fsync',
  'label cache fsync',
  'spool fsync',
  'printer connect',
  'printer write',
  'GC',
  'event loop delay',
] as const;
export type Cause = (typeof CAUSES)[number];

export interface SlowScan {
  code: string;
  ms: number;
  /** Beyond the median scan of its kind. */
  excessMs: number;
  /** What each cause cost this scan beyond the median scan's cost of it (only the positive ones, largest first). */
  causes: { cause: Cause; ms: number }[];
}

export interface TailFigures {
  kind: ScanKind;
  scans: number;
  medianMs: number;
  p90Ms: number;
  p95Ms: number;
  /** Scans at or above p90. */
  slow: number;
  /** Mean excess of the slow scans over the median. */
  slowExcessMs: number;
  /** Mean extra cost per cause over the slow scans (a cause that is not there counts 0). */
  byCause: Partial<Record<Cause, number>>;
  /** How many scans of the kind met each cause at all (e.g. an index miss, a GC pause). */
  scansWith: Partial<Record<Cause, number>>;
  worst: SlowScan[];
}

const LOOKUPS = new Set(['orders.list', 'storedShipments.list']);
const TOKEN = /token|jwt|session/i;

function costs(p: StationScanProfile, totalMs: number): Record<Cause, number> {
  const requests = union(p.requests);
  const lookups = union(p.requests.filter((r) => LOOKUPS.has(r.operation)));
  const tokens = union(p.requests.filter((r) => TOKEN.test(r.operation)));
  const offRequests = (spans: readonly { start: number; end: number }[]): number => length(subtract(union(spans), requests));
  const fsync = (area: string): number => offRequests(p.fsyncs.filter((f) => f.what.startsWith(area)));
  const connects = union(p.httpConnects);
  const booking = length(subtract(requests, union([...lookups, ...tokens, ...connects])));
  return {
    // An index miss costs the lookup's time before the booking could leave.
    'index miss': length(lookups),
    token: length(tokens),
    'connection set-up': length(connects),
    requests: booking,
    'journal fsync': fsync('journal'),
    'label cache fsync': fsync('labels'),
    'spool fsync': fsync('spool'),
    'printer connect': offRequests(p.printerConnects),
    'printer write': p.firstPrinterWrite === undefined ? 0 : Math.max(0, totalMs - p.firstPrinterWrite),
    GC: length(union(p.gcs)),
    'event loop delay': p.loopDelayMaxMs,
  };
}

export function slowScans(samples: readonly ScanSample[]): TailFigures[] {
  return (['stored', 'order'] as const).map((kind) => {
    const scans = samples.filter((s) => s.kind === kind && s.side === 'station' && s.ok && s.profile);
    const ms = scans.map((s) => s.ms).sort((a, b) => a - b);
    const median = percentile(ms, 50);
    const p90 = percentile(ms, 90);
    const all = scans.map((s) => ({ sample: s, cost: costs(s.profile!, s.ms) }));
    const typical = Object.fromEntries(
      CAUSES.map((c) => [c, summarize(all.map((a) => a.cost[c])).median]),
    ) as Record<Cause, number>;
    const slow = all
      .filter((a) => a.sample.ms >= p90)
      .map(({ sample, cost }): SlowScan => {
        const causes = CAUSES.map((cause) => ({ cause, ms: round(cost[cause] - typical[cause]) }))
          .filter((c) => c.ms >= 0.5)
          .sort((a, b) => b.ms - a.ms);
        return { code: sample.code, ms: round(sample.ms), excessMs: round(sample.ms - median), causes };
      })
      .sort((a, b) => b.ms - a.ms);
    const byCause: Partial<Record<Cause, number>> = {};
    for (const cause of CAUSES) {
      const total = slow.reduce((n, s) => n + (s.causes.find((c) => c.cause === cause)?.ms ?? 0), 0);
      if (total > 0) byCause[cause] = round(total / Math.max(1, slow.length));
    }
    const scansWith: Partial<Record<Cause, number>> = {};
    for (const cause of ['index miss', 'token', 'connection set-up', 'GC'] as const) {
      scansWith[cause] = all.filter((a) => a.cost[cause] > 0).length;
    }
    return {
      kind,
      scans: scans.length,
      medianMs: round(median),
      p90Ms: round(p90),
      p95Ms: round(percentile(ms, 95)),
      slow: slow.length,
      slowExcessMs: round(slow.reduce((n, s) => n + s.excessMs, 0) / Math.max(1, slow.length)),
      byCause,
      scansWith,
      worst: slow.slice(0, 5),
    };
  });
}
