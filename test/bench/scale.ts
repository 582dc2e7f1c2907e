/**
 * One station at a warehouse's scale: an account with 50,000 open orders and 50,000 READY stored shipments
 * (created over the last ten hours), the simulator's fixed latency per request. The station's index loads them
 * as in production (its own pace): how long, how many requests and how fast (the simulator's count for the
 * account), and what the index costs in memory (heap after a forced GC, against the same station without an
 * index). Then the same station scans READY stored shipments with its index warm, first with no refresh
 * running, then while a full sweep runs: a refresh must not slow a scan.
 */
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { rm } from 'node:fs/promises';
import { createSimulator } from '../../main/simulator/server';
import { DEMO_API_KEY_ID, DEMO_API_KEY_SECRET, seedOrders, seedStoredShipments } from '../../main/simulator/demo';
import { createVirtualZebra } from '../../main/simulator/virtual-zebra';
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
}

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

export async function runScale(options: { latencyMs: number; quick: boolean; log: (line: string) => void }): Promise<ScaleResult> {
  const n = options.quick ? 10_000 : 50_000;
  const scansPerSide = options.quick ? 20 : 60;
  const sim = createSimulator({ latencyMs: options.latencyMs, seed: 11 });
  seedOrders(sim, n, 'SC-O');
  seedStoredShipments(sim, n - scansPerSide * 2, 'SC-S');
  const codes = seedStoredShipments(sim, scansPerSide * 2, 'SC-SCAN-');
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
    // The sweep goes on for minutes at its pace; stopping the station ends it.
    await station.close();
    await sweep;
    const idleS = summarize(idle.filter(Number.isFinite));
    const duringS = summarize(during.filter(Number.isFinite));
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
    };
  } finally {
    await zebra.close();
    await sim.stop();
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  }
}
