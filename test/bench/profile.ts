/**
 * Turns the station's traced scans into a breakdown: where the time between the scan and the last label byte
 * goes, next to what the floor needed. Averages, so the parts add up to the mean (not the median).
 */
import type { ScanKind, ScanSample, StationScanProfile } from './scan-to-label';
import { round, summarize } from './stats';

export interface HotPathBreakdown {
  kind: ScanKind;
  scans: number;
  stationMeanMs: number;
  floorMeanMs: number;
  /** The Delivery requests of a typical scan, in order. */
  requests: string[];
  requestsPerScan: number;
  /** Sum of request durations. */
  requestMs: number;
  /** Everything else: the station's own work while no request is in flight. */
  localMs: number;
  /** `station.scan()` → the `job` entry on disk (before anything else starts). */
  jobJournalMs: number;
  /** Before the first request left. */
  beforeFirstRequestMs: number;
  /** Between requests (responses parsed, journal writes, …). */
  betweenRequestsMs: number;
  /** Last response → last label byte. */
  tailMs: number;
  fsyncsPerScan: number;
  /** fsync time while no request was in flight: what the fsyncs add to the scan. */
  fsyncOnPathMs: number;
  /** …of which after the last response (between booking and the label). */
  fsyncTailMs: number;
  /** Per area (journal, labels, spool, documents; ` dir` = directory fsync): fsyncs per scan and their time with no request in flight. */
  fsyncByArea: Record<string, { perScan: number; onPathMs: number }>;
  /** One scan near the median, step by step (ms from the scan). */
  example: string[];
  printerConnectMs: number;
  /** When the printer connect started, relative to the last response (negative: while the booking was in flight). */
  connectVsLastResponseMs: number;
  /** Did the printer connection start before the last response arrived (overlapped with the booking)? */
  printerConnectOverlapped: boolean;
  /** Median of the first and the last quarter of the scans: does the hot path slow down as the day's journal grows? */
  firstQuarterMedianMs: number;
  lastQuarterMedianMs: number;
}

interface Interval {
  start: number;
  end: number;
}

/** Merged, sorted intervals. */
export function union(spans: readonly Interval[]): Interval[] {
  const sorted = [...spans].filter((s) => s.end > s.start).sort((a, b) => a.start - b.start);
  const out: Interval[] = [];
  for (const s of sorted) {
    const last = out[out.length - 1];
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else out.push({ start: s.start, end: s.end });
  }
  return out;
}

/** The parts of `a` (merged) not covered by `b`. */
export function subtract(a: readonly Interval[], b: readonly Interval[]): Interval[] {
  const cut = union(b);
  const out: Interval[] = [];
  for (const span of union(a)) {
    let start = span.start;
    for (const c of cut) {
      if (c.end <= start || c.start >= span.end) continue;
      if (c.start > start) out.push({ start, end: c.start });
      start = Math.max(start, c.end);
    }
    if (start < span.end) out.push({ start, end: span.end });
  }
  return out;
}

export function length(spans: readonly Interval[]): number {
  return spans.reduce((n, s) => n + (s.end - s.start), 0);
}

const mean = (xs: number[]): number => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

export function breakdown(kind: ScanKind, samples: readonly ScanSample[]): HotPathBreakdown {
  const station = samples.filter((s) => s.kind === kind && s.side === 'station' && s.ok && s.profile);
  const floor = samples.filter((s) => s.kind === kind && s.side === 'floor' && s.ok);
  const profiles = station.map((s) => s.profile!);
  const requestMs = profiles.map((p) => p.requests.reduce((n, r) => n + (r.end - r.start), 0));
  const between = profiles.map((p) => {
    const sorted = [...p.requests].sort((a, b) => a.start - b.start);
    let gap = 0;
    for (let i = 1; i < sorted.length; i++) gap += Math.max(0, sorted[i]!.start - sorted[i - 1]!.end);
    return gap;
  });
  const first = profiles.map((p) => Math.min(...p.requests.map((r) => r.start), Number.POSITIVE_INFINITY));
  const connects = station.flatMap((s) => {
    const p = s.profile!;
    const c = p.printerConnects[p.printerConnects.length - 1];
    return c ? [{ c, lastEnd: Math.max(0, ...p.requests.map((r) => r.end)) }] : [];
  });
  const quarter = Math.max(1, Math.floor(station.length / 4));
  return {
    kind,
    scans: station.length,
    stationMeanMs: round(mean(station.map((s) => s.ms))),
    floorMeanMs: round(mean(floor.map((s) => s.ms))),
    requests: profiles[0]?.requests.map((r) => r.operation) ?? [],
    requestsPerScan: round(mean(profiles.map((p) => p.requests.length)), 2),
    requestMs: round(mean(requestMs)),
    localMs: round(mean(station.map((s, i) => s.ms - requestMs[i]!))),
    jobJournalMs: round(mean(profiles.map((p) => p.jobJournalled))),
    beforeFirstRequestMs: round(mean(first.filter(Number.isFinite))),
    betweenRequestsMs: round(mean(between)),
    tailMs: round(mean(profiles.map((p) => p.tail))),
    fsyncsPerScan: round(mean(profiles.map((p) => p.fsyncs.length)), 2),
    fsyncOnPathMs: round(mean(profiles.map((p) => length(subtract(union(p.fsyncs), union(p.requests)))))),
    fsyncTailMs: round(
      mean(
        profiles.map((p) => {
          const lastEnd = Math.max(0, ...p.requests.map((r) => r.end));
          return length(subtract(union(p.fsyncs), [{ start: Number.NEGATIVE_INFINITY, end: lastEnd }]));
        }),
      ),
    ),
    printerConnectMs: round(mean(connects.map(({ c }) => c.end - c.start))),
    fsyncByArea: byArea(profiles),
    example: timeline(station),
    connectVsLastResponseMs: round(mean(connects.map(({ c, lastEnd }) => c.start - lastEnd))),
    printerConnectOverlapped: connects.length > 0 && connects.every(({ c, lastEnd }) => c.start < lastEnd),
    firstQuarterMedianMs: round(summarize(station.slice(0, quarter).map((s) => s.ms)).median),
    lastQuarterMedianMs: round(summarize(station.slice(-quarter).map((s) => s.ms)).median),
  };
}

function byArea(profiles: readonly StationScanProfile[]): Record<string, { perScan: number; onPathMs: number }> {
  const areas = [...new Set(profiles.flatMap((p) => p.fsyncs.map((f) => f.what)))].sort();
  const out: Record<string, { perScan: number; onPathMs: number }> = {};
  for (const area of areas) {
    out[area] = {
      perScan: round(mean(profiles.map((p) => p.fsyncs.filter((f) => f.what === area).length)), 2),
      onPathMs: round(mean(profiles.map((p) => length(subtract(union(p.fsyncs.filter((f) => f.what === area)), union(p.requests)))))),
    };
  }
  return out;
}

/** The scan nearest the median, as a list of steps. */
function timeline(samples: readonly ScanSample[]): string[] {
  if (samples.length === 0) return [];
  const median = summarize(samples.map((s) => s.ms)).median;
  const pick = samples.reduce((best, s) => (Math.abs(s.ms - median) < Math.abs(best.ms - median) ? s : best));
  const p = pick.profile!;
  const f = (v: number): string => v.toFixed(1).padStart(6);
  const steps: [number, string][] = [
    [0, 'scan()'],
    [p.jobJournalled, 'scan() returned (job entry on disk)'],
    ...p.requests.map((r): [number, string] => [r.start, `${r.operation} … ${f(r.end)} (${(r.end - r.start).toFixed(1)} ms)`]),
    ...p.fsyncs.map((s): [number, string] => [s.start, `fsync ${s.what} … ${f(s.end)}`]),
    ...p.printerConnects.map((c): [number, string] => [c.start, `printer connect … ${f(c.end)}`]),
    [pick.ms, `last label byte at the printer (${pick.code})`],
  ];
  return steps.sort((a, b) => a[0] - b[0]).map(([t, what]) => `${f(t)}  ${what}`);
}
