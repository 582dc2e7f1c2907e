/**
 * Scan to label, station against floor, interleaved scan by scan so that both see the same machine at the same
 * moment. The clock starts when `station.scan()` is called (or the floor starts its first request) and stops
 * when the virtual Zebra has read the whole label (its `^XZ`): the Zebra's own waiter resolves inside its
 * socket's data handler, so no polling delay is added.
 */
import type net from 'node:net';
import type { Station } from '../../main/station/station';
import type { VirtualZebra } from '../../main/simulator/virtual-zebra';
import type { Floor } from './floor';
import type { JobWaiter } from './job-waiter';
import type { Tracer } from './trace';

export type ScanKind = 'order' | 'stored';

export interface StationScanProfile {
  /** `station.scan()` resolved: the `job` entry is on disk. */
  jobJournalled: number;
  requests: { operation: string; start: number; end: number }[];
  /** Every fsync that overlapped the scan, relative to the scan's start. */
  fsyncs: { start: number; end: number; what: string }[];
  printerConnects: { start: number; end: number }[];
  /** Last Delivery response → last label byte at the printer. */
  tail: number;
  /** New HTTP connections to nShift opened during the scan (connection set-up). */
  httpConnects: { start: number; end: number }[];
  /** Garbage-collection pauses during the scan. */
  gcs: { start: number; end: number }[];
  /** First byte written to the printer (relative to the scan), if any. */
  firstPrinterWrite?: number;
  /** The event loop's delay during the scan: its worst and mean (ms). */
  loopDelayMaxMs: number;
  loopDelayMeanMs: number;
}

export interface ScanSample {
  kind: ScanKind;
  /** `direct`: the floor with the lookup done before the clock started (as a local index would). */
  side: 'station' | 'floor' | 'direct';
  code: string;
  ms: number;
  labelBytes: number;
  ok: boolean;
  profile?: StationScanProfile;
}

function landing(zebra: VirtualZebra): Promise<number> {
  return zebra.waitForLabels(1, 30_000).then(() => performance.now());
}

function labelBytes(zebra: VirtualZebra): number {
  return zebra.labels().reduce((n, l) => n + l.length, 0);
}

export async function stationScan(station: Station, jobs: JobWaiter, zebra: VirtualZebra, tracer: Tracer, kind: ScanKind, code: string): Promise<ScanSample> {
  zebra.clearRecords();
  const landed = landing(zebra);
  tracer.resetLoopDelay();
  const t0 = performance.now();
  const { jobId } = await station.scan({ code });
  const tJob = performance.now();
  const finished = jobs.finished(jobId);
  // A job that ends without printing never brings a label: do not wait for one.
  const tLabel = await Promise.race([landed, finished.then((j) => (j.state === 'printed' ? landed : Number.NaN))]).catch(() => Number.NaN);
  const loop = tracer.loopDelay();
  const job = await finished;
  const seen = tracer.window(t0, tLabel);
  const rel = (spans: { start: number; end: number }[]) => spans.map((x) => ({ start: x.start - t0, end: x.end - t0 }));
  const requests = seen.requests.map((r) => ({ operation: r.operation, start: r.start - t0, end: r.end - t0 }));
  const lastEnd = requests.reduce((m, r) => Math.max(m, r.end), 0);
  return {
    kind,
    side: 'station',
    code,
    ms: tLabel - t0,
    labelBytes: labelBytes(zebra),
    ok: job.state === 'printed' && Number.isFinite(tLabel),
    profile: {
      jobJournalled: tJob - t0,
      requests,
      fsyncs: seen.fsyncs.map((f) => ({ start: Math.max(f.start, t0) - t0, end: Math.min(f.end, tLabel) - t0, what: f.what })),
      printerConnects: rel(seen.connects),
      tail: tLabel - t0 - lastEnd,
      httpConnects: rel(seen.httpConnects),
      gcs: rel(seen.gcs),
      ...(seen.printerWrites[0] ? { firstPrinterWrite: seen.printerWrites[0].start - t0 } : {}),
      loopDelayMaxMs: loop.maxMs,
      loopDelayMeanMs: loop.meanMs,
    },
  };
}

export async function floorScan(floor: Floor, zebra: VirtualZebra, kind: ScanKind, code: string, direct = false): Promise<ScanSample> {
  const id = direct ? await (kind === 'order' ? floor.orderId(code) : floor.storedId(code)) : undefined;
  zebra.clearRecords();
  const printer: net.Socket = await floor.openPrinter();
  const landed = landing(zebra);
  const t0 = performance.now();
  let ok = true;
  try {
    if (id !== undefined) await (kind === 'order' ? floor.orderKnown(id, printer) : floor.storedKnown(id, printer));
    else await (kind === 'order' ? floor.order(code, printer) : floor.stored(code, printer));
  } catch {
    ok = false;
  }
  const tLabel = ok ? await landed.catch(() => Number.NaN) : Number.NaN;
  printer.end();
  return { kind, side: direct ? 'direct' : 'floor', code, ms: tLabel - t0, labelBytes: labelBytes(zebra), ok: ok && Number.isFinite(tLabel) };
}

export interface ScanRunInput {
  station: Station;
  jobs: JobWaiter;
  floor: Floor;
  zebra: VirtualZebra;
  tracer: Tracer;
  orders: { station: string[]; floor: string[]; direct: string[]; warm: string[] };
  stored: { station: string[]; floor: string[]; direct: string[]; warm: string[] };
  progress?: (done: number, total: number) => void;
}

/** Warm-up (not recorded), then station and floor alternately, order and stored alternately. */
export async function runScanToLabel(input: ScanRunInput): Promise<ScanSample[]> {
  const { station, jobs, floor, zebra, tracer } = input;
  const half = Math.floor(input.orders.warm.length / 2);
  for (let i = 0; i < half; i++) {
    await stationScan(station, jobs, zebra, tracer, 'order', input.orders.warm[i]!);
    await floorScan(floor, zebra, 'order', input.orders.warm[half + i]!);
    await stationScan(station, jobs, zebra, tracer, 'stored', input.stored.warm[i]!);
    await floorScan(floor, zebra, 'stored', input.stored.warm[half + i]!);
  }
  const samples: ScanSample[] = [];
  const n = input.orders.station.length;
  for (let i = 0; i < n; i++) {
    // Who goes first alternates, so neither side always runs right after the other's garbage.
    const pairs: (() => Promise<ScanSample>)[] = [
      () => stationScan(station, jobs, zebra, tracer, 'order', input.orders.station[i]!),
      () => floorScan(floor, zebra, 'order', input.orders.floor[i]!),
      () => stationScan(station, jobs, zebra, tracer, 'stored', input.stored.station[i]!),
      () => floorScan(floor, zebra, 'stored', input.stored.floor[i]!),
      () => floorScan(floor, zebra, 'order', input.orders.direct[i]!, true),
      () => floorScan(floor, zebra, 'stored', input.stored.direct[i]!, true),
    ];
    // The pre-resolved floor is context, not a headline figure: every other round is enough.
    const order = i % 2 === 0 ? [0, 1, 4, 2, 3, 5] : [1, 0, 3, 2];
    for (const k of order) samples.push(await pairs[k]!());
    input.progress?.(i + 1, n);
  }
  return samples;
}
