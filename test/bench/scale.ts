/**
 * One station at a warehouse's scale: an account with 50,000 open orders and 50,000 READY stored shipments
 * (created over the last ten hours), the simulator's fixed latency per request. The station's index loads them
 * as in production (its own pace): how long, how many requests and how fast (the simulator's count for the
 * account), and what the index costs in memory (heap after a forced GC, against the same station without an
 * index). Then the same station scans READY stored shipments with its index warm, first with no refresh
 * running, then while a full sweep runs: a refresh must not slow a scan. Last, the station is restarted on its data
 * folder at 40 and at 150 ms per request (the slower link added with the simulator's latency rule): its first
 * scans, made one after the other as soon as it has its token, against the same station once its first refresh
 * has ended (warm), and for context against a station that starts with no saved index, as every start did before.
 */
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { rm } from 'node:fs/promises';
import { createSimulator } from '../../main/simulator/server';
import { DEMO_API_KEY_ID, DEMO_API_KEY_SECRET, seedOrders, seedStoredShipments } from '../../main/simulator/demo';
import { createVirtualZebra, type VirtualZebra } from '../../main/simulator/virtual-zebra';
import type { Station } from '../../main/station/station';
import { followJobs } from './job-waiter';
import { summarize, type Summary } from './stats';
import { spreadStoredCreation, startBenchStation } from './world';

export interface ScaleResult {
  orders: number;
  stored: number;
  /** The simulator's per-account limit while the index loads: none (nShift documents none); reported against. */
  limitPerSecond: number;
  firstLoad: { seconds: number; requests: number; peakPerSecond: number; meanPerSecond: number };
  refresh: { seconds: number; requests: number; newFound: number };
  indexed: { orders: number; stored: number };
  memoryMb: number;
  scans: { idle: Summary; during: Summary; medianRatio: number; p95Ratio: number };
  /** The station restarted on its data folder: its first scans against the same station warm, per latency. */
  restarts?: RestartFigures[];
}

export interface RestartFigures {
  latencyMs: number;
  /** The saved index read back at start: entries and how long it took. */
  loaded?: { orders: number; stored: number; ms: number };
  /** Stored-shipment scans made one after the other as soon as the restarted station has its token. */
  restart: Summary;
  /** The same station once its first refresh after the restart has ended. */
  warm: Summary;
  /** For context: a station started on the same account with no saved index (every start before issue 30). */
  cold: Summary;
  medianRatio: number;
  p95Ratio: number;
}

/** The latencies the restart is measured at (the bench's own first, then a slow link). */
const RESTART_LATENCIES = [40, 150];

/** The request rate a station's own background work should stay under on a shared account **(assumed)**. */
export const INDEX_RATE_BUDGET = 20;

function forceGc(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

function heapMb(gc: () => void): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed / (1024 * 1024);
}

/** Scans each code in turn (each waits for the one before to end): scan → the label's last byte, in ms. */
async function scanEach(station: Station, zebra: VirtualZebra, codes: readonly string[]): Promise<number[]> {
  const jobs = followJobs(station);
  const times: number[] = [];
  try {
    for (const code of codes) {
      zebra.clearRecords();
      const landed = zebra.waitForLabels(1, 30_000).then(() => performance.now());
      const t0 = performance.now();
      const { jobId } = await station.scan({ code });
      const job = await jobs.finished(jobId, 60_000);
      times.push(job.state === 'printed' ? (await landed) - t0 : Number.NaN);
    }
  } finally {
    jobs.stop();
  }
  return times;
}

async function until(check: () => boolean, timeoutMs = 600_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('the station never got there');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function runScale(options: { latencyMs: number; quick: boolean; log: (line: string) => void }): Promise<ScaleResult> {
  const n = options.quick ? 10_000 : 50_000;
  const scansPerSide = options.quick ? 20 : 60;
  const sim = createSimulator({ latencyMs: options.latencyMs, seed: 11 });
  const restartScans = options.quick ? 10 : 30;
  const restartCount = restartScans * 3 * RESTART_LATENCIES.length;
  seedOrders(sim, n, 'SC-O');
  seedStoredShipments(sim, n - scansPerSide * 2 - restartCount, 'SC-S');
  const codes = seedStoredShipments(sim, scansPerSide * 2, 'SC-SCAN-');
  const restartCodes = seedStoredShipments(sim, restartCount, 'SC-RESTART-');
  spreadStoredCreation(sim);
  await sim.start();
  const zebra = await createVirtualZebra();
  const apiKey = { id: DEMO_API_KEY_ID, secret: DEMO_API_KEY_SECRET };
  const dirs: string[] = [];
  const gc = forceGc();
  const quiet = (): void => undefined;
  try {
    // The same station without an index: what the index adds to the heap is the difference.
    const plain = await startBenchStation({
      deliveryBaseUrl: sim.deliveryBaseUrl!,
      zebra,
      apiKey,
      log: quiet,
      adjust: (s) => ({ ...s, resolve: { ...s.resolve, indexRefreshSeconds: 0 } }),
    });
    dirs.push(plain.dataDir);
    const before = heapMb(gc);
    await plain.station.close();

    sim.requests.reset();
    const began = performance.now();
    options.log(`  loading the index of ${n} + ${n} entries at the station's own pace…`);
    const { station, dataDir } = await startBenchStation({ deliveryBaseUrl: sim.deliveryBaseUrl!, zebra, apiKey, log: quiet });
    dirs.push(dataDir);
    const loadSeconds = (performance.now() - began) / 1000;
    const account = sim.requests.toJSON().accounts[DEMO_API_KEY_ID];
    // The index is written to the data folder once its first sweep ends: its heap is measured after that.
    await until(() => station.indexFigures()?.savedAt !== undefined);
    const withIndex = heapMb(gc);
    const figures = station.indexFigures();

    // A refresh a minute later: what is new since.
    sim.requests.reset();
    seedOrders(sim, 40, 'SC-NEW-O');
    const refreshStarted = performance.now();
    await station.refreshIndex();
    const refreshSeconds = (performance.now() - refreshStarted) / 1000;
    const refreshRequests = sim.requests.toJSON().accounts[DEMO_API_KEY_ID]?.requests ?? 0;
    const incremental = station.indexFigures()?.lastIncremental;

    const jobs = followJobs(station);
    const scan = async (code: string): Promise<number> => {
      zebra.clearRecords();
      const landed = zebra.waitForLabels(1, 30_000).then(() => performance.now());
      const t0 = performance.now();
      const { jobId } = await station.scan({ code });
      const job = await jobs.finished(jobId, 60_000);
      return job.state === 'printed' ? (await landed) - t0 : Number.NaN;
    };
    options.log(`  ${scansPerSide} scans with no refresh running, ${scansPerSide} during a full sweep…`);
    const idle: number[] = [];
    for (const code of codes.slice(0, scansPerSide)) idle.push(await scan(code));
    const sweep = station.refreshIndex({ full: true });
    const during: number[] = [];
    for (const code of codes.slice(scansPerSide)) during.push(await scan(code));
    jobs.stop();
    // The sweep goes on for minutes at its pace; stopping the station ends it (and saves the index).
    await station.close();
    await sweep;
    const idleS = summarize(idle.filter(Number.isFinite));
    const duringS = summarize(during.filter(Number.isFinite));

    const restarts: RestartFigures[] = [];
    for (const latencyMs of RESTART_LATENCIES) {
      sim.faults.clear();
      if (latencyMs > options.latencyMs) sim.faults.latency({ ms: latencyMs - options.latencyMs, path: /.*/ });
      options.log(`  restarted at ${latencyMs} ms per request: ${restartScans} scans at once, ${restartScans} warm, ${restartScans} with no saved index…`);
      const next = (): string[] => restartCodes.splice(0, restartScans);
      const again = await startBenchStation({ deliveryBaseUrl: sim.deliveryBaseUrl!, zebra, apiKey, log: quiet, dataDir, waitForIndex: false });
      const restart = await scanEach(again.station, zebra, next());
      const loaded = again.station.indexFigures()?.loaded;
      await until(() => again.station.indexFigures()?.lastIncremental !== undefined || again.station.indexFigures()?.lastFull !== undefined);
      const warm = await scanEach(again.station, zebra, next());
      await again.station.close();
      const fresh = await startBenchStation({ deliveryBaseUrl: sim.deliveryBaseUrl!, zebra, apiKey, log: quiet, waitForIndex: false });
      dirs.push(fresh.dataDir);
      const cold = await scanEach(fresh.station, zebra, next());
      await fresh.station.close();
      const [r, w, c] = [restart, warm, cold].map((ms) => summarize(ms.filter(Number.isFinite)));
      restarts.push({ latencyMs, ...(loaded ? { loaded } : {}), restart: r!, warm: w!, cold: c!, medianRatio: r!.median / w!.median, p95Ratio: r!.p95 / w!.p95 });
    }
    sim.faults.clear();
    return {
      orders: n,
      stored: n,
      limitPerSecond: INDEX_RATE_BUDGET,
      firstLoad: {
        seconds: loadSeconds,
        requests: account?.requests ?? 0,
        peakPerSecond: account?.peakPerSecond ?? 0,
        meanPerSecond: account?.meanPerSecond ?? 0,
      },
      refresh: { seconds: refreshSeconds, requests: refreshRequests, newFound: (incremental?.newOrders ?? 0) + (incremental?.newStored ?? 0) },
      indexed: { orders: figures?.orders ?? 0, stored: figures?.storedComplete ? (figures.storedOrderNos ?? 0) : 0 },
      memoryMb: withIndex - before,
      scans: { idle: idleS, during: duringS, medianRatio: duringS.median / idleS.median, p95Ratio: duringS.p95 / idleS.p95 },
      restarts,
    };
  } finally {
    await zebra.close();
    await sim.stop();
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  }
}
