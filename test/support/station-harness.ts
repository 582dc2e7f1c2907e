import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JobView, StationEvent } from '../../preload/api';
import { defaultSettings, type Settings } from '../../main/settings/schema';
import { createFileSettingsStore } from '../../main/settings/file-store';
import { createMemoryVault } from '../../main/settings/file-vault';
import type { ApiKey } from '../../main/settings/store';
import { createStored } from '../../main/simulator/routes/stored';
import { createSimulator, type Simulator } from '../../main/simulator/server';
import { DEMO_API_KEY_ID, DEMO_API_KEY_SECRET, seedDemoDataWithCheckout } from '../../main/simulator/demo';
import { createVirtualZebra, type VirtualZebra } from '../../main/simulator/virtual-zebra';
import { createStation, type Station, type StationOptions } from '../../main/station/station';

/**
 * A station wired to real parts: the simulator over HTTP on 127.0.0.1 and a virtual Zebra over TCP, with a
 * data directory of its own. Tests drive it through the StationApi and check the simulator's own records.
 */
export interface Bench {
  sim: Simulator;
  zebra: VirtualZebra;
  dataDir: string;
  deliveryUrl: string;
  station: Station;
  events: StationEvent[];
  /** Resolves with the job once it reached a state that ends it (printed, held, failed, done). */
  finished(jobId: string, timeoutMs?: number): Promise<JobView>;
  /** A second station on the same simulator and printer (another bench), or the same data dir (a restart). */
  startStation(opts?: Partial<BenchStationOptions>): Promise<Station>;
  close(): Promise<void>;
}

export interface BenchStationOptions {
  dataDir: string;
  settings: (s: Settings) => Settings;
  apiKey: ApiKey | undefined;
  extra: Partial<StationOptions>;
}

const TERMINAL = new Set(['printed', 'held', 'failed', 'done']);

/** Default settings printing labels on a Zebra and documents to a folder in the data directory. */
export function zebraSettings(
  deliveryUrl: string,
  zebra: { host: string; port: number },
  dataDir: string,
): Settings {
  const settings = defaultSettings();
  settings.deliveryUrl = deliveryUrl;
  settings.printers = [
    { kind: 'zpl-tcp', id: 'zebra', name: 'Virtual Zebra', host: zebra.host, port: zebra.port },
    { kind: 'file', id: 'docs', name: 'Documents folder', directory: join(dataDir, 'documents') },
  ];
  settings.routing = { rules: [], labelPrinterId: 'zebra', documentPrinterId: 'docs' };
  return settings;
}

export async function startBench(
  opts: Partial<BenchStationOptions> & { simulator?: Simulator } = {},
): Promise<Bench> {
  const sim = opts.simulator ?? createSimulator();
  const started = sim.url
    ? {
        deliveryBaseUrl: sim.deliveryBaseUrl!,
        checkoutBaseUrl: sim.checkoutBaseUrl!,
        checkoutAuthUrl: sim.checkoutAuthUrl!,
      }
    : await sim.start();
  if (!opts.simulator) await seedDemoDataWithCheckout(sim);
  const zebra = await createVirtualZebra();
  const dataDir = opts.dataDir ?? (await mkdtemp(join(tmpdir(), 'packbench-test-')));
  const stations: Station[] = [];
  const events: StationEvent[] = [];

  async function startStation(o: Partial<BenchStationOptions> = {}): Promise<Station> {
    const dir = o.dataDir ?? dataDir;
    const base = zebraSettings(started.deliveryBaseUrl, zebra, dir);
    const adjust = o.settings ?? opts.settings ?? ((s: Settings) => s);
    const settingsStore = createFileSettingsStore(dir);
    await settingsStore.save(adjust(base));
    const key =
      'apiKey' in o
        ? o.apiKey
        : 'apiKey' in opts
          ? opts.apiKey
          : { id: DEMO_API_KEY_ID, secret: DEMO_API_KEY_SECRET };
    const station = await createStation({
      dataDir: dir,
      host: 'headless',
      version: 'test',
      settingsStore,
      vault: createMemoryVault(key),
      clientOptions: {
        timeouts: { connectMs: 2000, headersMs: 3000, bodyMs: 3000 },
        retry: { attempts: 2, baseDelayMs: 10, maxDelayMs: 50 },
      },
      printServiceOptions: {
        backoffMs: () => 20,
        holdAfterAttempts: 3,
        driverOptions: { zplTcp: { connectTimeoutMs: 500, writeTimeoutMs: 1000 } },
      },
      // A job's shipment number is looked up as its label prints, so a test reads it once the job has ended.
      shipmentNumbers: { maxWaitMs: 0 },
      ...opts.extra,
      ...o.extra,
    });
    stations.push(station);
    return station;
  }

  const station = await startStation();
  station.subscribe((e) => events.push(e));

  return {
    sim,
    zebra,
    dataDir,
    deliveryUrl: started.deliveryBaseUrl,
    station,
    events,
    startStation,
    finished: (jobId, timeoutMs = 15_000) => waitForJob(station, jobId, timeoutMs),
    async close() {
      for (const s of stations) await s.close().catch(() => {});
      await zebra.close();
      await sim.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Waits for a job of `station` to end, by its events (with a final read so no event is missed). */
export function waitForJob(station: Station, jobId: string, timeoutMs = 15_000): Promise<JobView> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      void station.getJob({ jobId }).then(
        (job) => reject(new Error(`job ${jobId} did not finish: ${JSON.stringify(job)}`)),
        () => reject(new Error(`job ${jobId} did not finish`)),
      );
    }, timeoutMs);
    const stop = station.subscribe((event) => {
      if (event.type === 'job' && event.job.id === jobId && TERMINAL.has(event.job.state)) {
        clearTimeout(timer);
        stop();
        resolve(event.job);
      }
    });
    void station.getJob({ jobId }).then(
      (job) => {
        if (TERMINAL.has(job.state)) {
          clearTimeout(timer);
          stop();
          resolve(job);
        }
      },
      () => {},
    );
  });
}

export async function scanAndWait(station: Station, code: string, timeoutMs?: number): Promise<JobView> {
  const { jobId } = await station.scan({ code });
  return waitForJob(station, jobId, timeoutMs);
}

/** A READY stored shipment with the RETURN addon: nShift books its outbound and its return shipment in one answer. */
export function createReturnStored(bench: Bench, orderNo: string): void {
  createStored(bench.sim.context, {
    sender: { quickId: '1' },
    receiver: {
      name: 'Åsa Öberg',
      address1: 'Storgatan 1',
      zipcode: '75320',
      city: 'Uppsala',
      country: 'SE',
    },
    service: { id: 'P19', addons: [{ id: 'RETURN' }] },
    parcels: [{ copies: 1, weight: 1, contents: 'Goods' }],
    orderNo,
  });
}
