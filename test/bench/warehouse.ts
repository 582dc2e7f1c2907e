/**
 * A warehouse: ten headless hosts (`node dist/main/headless.js`, one process each, as on ten packing benches)
 * on one simulated nShift account, each with its own virtual Zebra, scanning a shared wave of orders. Some
 * orders are scanned at two stations at the same moment (both wait for each other, then both write the code):
 * the stations coordinate only through nShift, so one must book and the other must answer `duplicate`.
 * Separate processes rather than stations in the bench's process: ten stations on one event loop would share
 * one CPU queue and one undici pool between them, which is neither what a warehouse has nor a fair p95.
 * Then one station alone scans the same number of orders of its own: throughput and scan → label against it.
 * The account's requests per second come from the simulator's own per-account count over the wave.
 */
import { defaultSettings } from '../../main/settings/schema';
import { createSimulator } from '../../main/simulator/server';
import { DEMO_API_KEY_ID, DEMO_API_KEY_SECRET, ensureDemoAccount, seedOrders } from '../../main/simulator/demo';
import { createVirtualZebra, type VirtualZebra } from '../../main/simulator/virtual-zebra';
import type { Simulator } from '../../main/simulator/server';
import { startHeadless, stopHeadless, type Started } from './footprint';
import { summarize, type Summary } from './stats';

export interface WarehouseResult {
  stations: number;
  orders: number;
  contested: number;
  exactlyOnce: { booked: number; expected: number; doubleBooked: number; duplicates: number; contested: number; duplicatesMatchingSimulator: boolean };
  rate: { peakPerSecond: number; meanPerSecond: number; limitPerSecond: number; busiestEndpoint: string; busiestEndpointPeak: number; feedCalls: number; feedViolations: number };
  single: { labelsPerMinute: number; scan: Summary };
  warehouse: { labelsPerMinute: number; scan: Summary };
}

/**
 * Requests per second one account may send **(assumed)**: nShift publishes no figure beyond the feeds' one call
 * per five minutes, so this is the budget the bench holds a warehouse to (ten stations at full speed).
 */
export const ACCOUNT_RATE_BUDGET = 250;

interface HeadlessEvent {
  event: string;
  scan?: string;
  reason?: string;
  shipmentId?: string;
}

/** One headless host and the scans it has in flight, answered by their `printed` or `failed` line. */
class HeadlessStation {
  private readonly waiting = new Map<string, (e: HeadlessEvent) => void>();

  constructor(readonly started: Started) {
    void this.read();
  }

  private async read(): Promise<void> {
    for (;;) {
      const next = await this.started.events.next();
      if (next.done) return;
      const e = JSON.parse(next.value) as HeadlessEvent;
      if ((e.event === 'printed' || e.event === 'failed') && e.scan !== undefined) {
        this.waiting.get(e.scan)?.(e);
        this.waiting.delete(e.scan);
      }
    }
  }

  /** Scans one code; resolves with its final line and the time from the write to it. */
  scan(code: string): Promise<{ event: HeadlessEvent; ms: number }> {
    const t0 = performance.now();
    const answered = new Promise<HeadlessEvent>((resolve) => {
      this.waiting.set(code, resolve);
      setTimeout(() => resolve({ event: 'failed', scan: code, reason: 'bench timeout' }), 60_000).unref();
    });
    this.started.child.stdin!.write(`${code}\n`);
    return answered.then((event) => ({ event, ms: performance.now() - t0 }));
  }
}

/** Two stations meet at a contested code: each waits until the other is there too, then both scan it. */
function barrier(): () => Promise<void> {
  let arrived = 0;
  let release = (): void => undefined;
  const together = new Promise<void>((resolve) => (release = resolve));
  return () => {
    if (++arrived === 2) release();
    return together;
  };
}

async function quietAccount(sim: Simulator): Promise<void> {
  // The stations' first index loads: wait for a whole second without a request before the wave starts.
  for (let i = 0; i < 120; i++) {
    const before = sim.requests.toJSON().accounts[DEMO_API_KEY_ID]?.requests ?? 0;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    if ((sim.requests.toJSON().accounts[DEMO_API_KEY_ID]?.requests ?? 0) === before) return;
  }
}

async function startStations(count: number, sim: Simulator, repoRoot: string): Promise<{ stations: HeadlessStation[]; zebras: VirtualZebra[] }> {
  const zebras = await Promise.all(Array.from({ length: count }, () => createVirtualZebra()));
  // Set up as a warehouse would be: every station knows how many share the account, so together they read the
  // status-event feed no more often than nShift's one call per five minutes.
  const settings = { ...defaultSettings(), statusEvents: { follow: true, stationsOnAccount: count } };
  const started = await Promise.all(
    zebras.map((printer) =>
      startHeadless({ repoRoot, deliveryBaseUrl: sim.deliveryBaseUrl!, printer, apiKey: { id: DEMO_API_KEY_ID, secret: DEMO_API_KEY_SECRET } }, settings),
    ),
  );
  return { stations: started.map((s) => new HeadlessStation(s)), zebras };
}

async function stopStations(stations: HeadlessStation[], zebras: VirtualZebra[]): Promise<void> {
  await Promise.all(stations.map((s) => stopHeadless(s.started)));
  await Promise.all(zebras.map((z) => z.close()));
}

export async function runWarehouse(options: { repoRoot: string; latencyMs: number; quick: boolean; log: (line: string) => void }): Promise<WarehouseResult> {
  const stationCount = 10;
  const perStation = options.quick ? 8 : 30;
  const contestedCount = options.quick ? 10 : 30;
  const sim = createSimulator({ latencyMs: options.latencyMs, seed: 13 });
  ensureDemoAccount(sim);
  const own = Array.from({ length: stationCount }, (_, i) => seedOrders(sim, perStation, `WH-${i}-`));
  const contested = seedOrders(sim, contestedCount, 'WH-BOTH-');
  const alone = seedOrders(sim, perStation + Math.ceil((2 * contestedCount) / stationCount), 'WH-ONE-');
  // One scan per station before the clock starts, as the scan part warms up: the first scan of a fresh process
  // loads code on first use and opens its connections, which is start-up, not the warehouse.
  const warmUp = seedOrders(sim, stationCount + 1, 'WH-WARM-');
  await sim.start();
  try {
    // Each station's list: its own orders and the contested ones it shares, both in one global order (so two
    // stations waiting for each other can never wait in a circle).
    const meet = new Map(contested.map((code) => [code, barrier()]));
    const lists = own.map((codes) => codes.map((code, i) => ({ key: (i + 0.25) / codes.length, code })));
    contested.forEach((code, k) => {
      const a = k % stationCount;
      const b = (a + 1 + (Math.floor(k / stationCount) % (stationCount - 1))) % stationCount;
      for (const s of [a, b]) lists[s]!.push({ key: (k + 0.5) / contestedCount, code });
    });
    for (const list of lists) list.sort((x, y) => x.key - y.key);

    options.log(`  starting ${stationCount} headless hosts…`);
    const { stations, zebras } = await startStations(stationCount, sim, options.repoRoot);
    const finals: { code: string; event: HeadlessEvent; ms: number }[] = [];
    let waveMs: number;
    try {
      await Promise.all(stations.map((station, s) => station.scan(warmUp[s]!)));
      await quietAccount(sim);
      sim.requests.reset();
      options.log(`  the wave: ${perStation} own orders per station, ${contestedCount} scanned at two stations at once…`);
      const t0 = performance.now();
      await Promise.all(
        stations.map(async (station, s) => {
          for (const { code } of lists[s]!) {
            await meet.get(code)?.();
            const { event, ms } = await station.scan(code);
            finals.push({ code, event, ms });
          }
        }),
      );
      waveMs = performance.now() - t0;
    } finally {
      await stopStations(stations, zebras);
    }
    const account = sim.requests.toJSON().accounts[DEMO_API_KEY_ID];

    options.log(`  one station alone: ${alone.length} orders…`);
    const single = await startStations(1, sim, options.repoRoot);
    const singleTimes: number[] = [];
    let singleMs: number;
    let singlePrinted = 0;
    try {
      await single.stations[0]!.scan(warmUp[stationCount]!);
      await quietAccount(sim);
      const t0 = performance.now();
      for (const code of alone) {
        const { event, ms } = await single.stations[0]!.scan(code);
        if (event.event === 'printed') {
          singlePrinted++;
          singleTimes.push(ms);
        }
      }
      singleMs = performance.now() - t0;
    } finally {
      await stopStations(single.stations, single.zebras);
    }

    const records = sim.records().filter((r) => !r.cancelled);
    const bookingsOf = (code: string) => records.filter((r) => r.internalReference === code);
    const waveOrders = [...own.flat(), ...contested];
    const duplicates = finals.filter((f) => f.event.event === 'failed' && f.event.reason === 'duplicate');
    const printed = finals.filter((f) => f.event.event === 'printed');
    const endpoints = Object.entries(account?.byEndpoint ?? {}).sort((x, y) => y[1].peakPerSecond - x[1].peakPerSecond);
    return {
      stations: stationCount,
      orders: waveOrders.length,
      contested: contestedCount,
      exactlyOnce: {
        booked: waveOrders.filter((c) => bookingsOf(c).length >= 1).length,
        expected: waveOrders.length,
        doubleBooked: waveOrders.filter((c) => bookingsOf(c).length > 1).length,
        duplicates: duplicates.length,
        contested: contestedCount,
        duplicatesMatchingSimulator: duplicates.every((d) => bookingsOf(d.code)[0]?.shipmentId === d.event.shipmentId),
      },
      rate: {
        peakPerSecond: account?.peakPerSecond ?? 0,
        meanPerSecond: account?.meanPerSecond ?? 0,
        limitPerSecond: ACCOUNT_RATE_BUDGET,
        busiestEndpoint: endpoints[0]?.[0] ?? '–',
        busiestEndpointPeak: endpoints[0]?.[1].peakPerSecond ?? 0,
        feedCalls: account?.feeds.calls ?? 0,
        feedViolations: account?.feeds.tooSoon ?? 0,
      },
      single: { labelsPerMinute: singlePrinted / (singleMs / 60_000), scan: summarize(singleTimes) },
      warehouse: { labelsPerMinute: printed.length / (waveMs / 60_000), scan: summarize(printed.map((p) => p.ms)) },
    };
  } finally {
    await sim.stop();
  }
}
