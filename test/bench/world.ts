/**
 * The bench's world: the nShift simulator with a fixed latency per request and seeded data, the virtual Zebra,
 * and a station created in this process the way the hosts create it (production timeouts and spool options).
 * Everything listens on 127.0.0.1 with port 0.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Settings } from '../../main/settings/schema';
import { createFileSettingsStore } from '../../main/settings/file-store';
import { createMemoryVault } from '../../main/settings/file-vault';
import { createSimulator, type Simulator } from '../../main/simulator/server';
import { DEMO_API_KEY_ID, DEMO_API_KEY_SECRET, seedOrders, seedStoredShipments } from '../../main/simulator/demo';
import { createVirtualZebra, type VirtualZebra } from '../../main/simulator/virtual-zebra';
import { createStation, type Station, type StationOptions } from '../../main/station/station';
import { zebraSettings } from '../support/station-harness';
import { EXPERIMENT_LIST } from './experiments';

export interface WorldOptions {
  latencyMs: number;
  /** Scans measured per kind and per side (station, floor). */
  scans: number;
  warmup: number;
  wave: number;
  /** Scans fed to the headless host while its peak RSS is watched. */
  headless: number;
  /** Scans per kind for each settings experiment (0 = none). */
  experiments: number;
}

export interface Codes {
  stationOrders: string[];
  floorOrders: string[];
  directOrders: string[];
  stationStored: string[];
  floorStored: string[];
  directStored: string[];
  warmOrders: string[];
  warmStored: string[];
  wave: string[];
  headless: string[];
  experimentOrders: string[];
  experimentStored: string[];
}

export interface World {
  sim: Simulator;
  zebra: VirtualZebra;
  deliveryBaseUrl: string;
  apiKey: { id: string; secret: string };
  codes: Codes;
  /** A station on its own fresh data directory, with its token fetched (account connected). */
  startStation(log: (line: string) => void, adjust?: (settings: Settings) => Settings): Promise<{ station: Station; dataDir: string }>;
  /**
   * Closes the stations started so far: a part ends with its stations, so that their background work (index
   * refreshes, checkpoints, printer checks) does not run into the next part's measurements.
   */
  closeStations(): Promise<void>;
  /** Closes one station now, which ends (and finishes) its background work: the others go on. */
  closeStation(station: Station): Promise<void>;
  close(): Promise<void>;
}

export async function startWorld(options: WorldOptions): Promise<World> {
  const sim = createSimulator({ latencyMs: options.latencyMs, seed: 7 });
  // Same index range for station and floor: the same receivers and services, so the same label sizes.
  const codes: Codes = {
    stationOrders: seedOrders(sim, options.scans, 'BS-O'),
    floorOrders: seedOrders(sim, options.scans, 'BF-O'),
    directOrders: seedOrders(sim, options.scans, 'BD-O'),
    stationStored: seedStoredShipments(sim, options.scans, 'BS-S'),
    floorStored: seedStoredShipments(sim, options.scans, 'BF-S'),
    directStored: seedStoredShipments(sim, options.scans, 'BD-S'),
    warmOrders: seedOrders(sim, options.warmup * 2, 'BW-O'),
    warmStored: seedStoredShipments(sim, options.warmup * 2, 'BW-S'),
    wave: seedStoredShipments(sim, options.wave, 'WAVE-'),
    headless: seedOrders(sim, options.headless, 'BH-O'),
    experimentOrders: seedOrders(sim, options.experiments * EXPERIMENT_LIST.length, 'BX-O'),
    experimentStored: seedStoredShipments(sim, options.experiments * EXPERIMENT_LIST.length, 'BX-S'),
  };
  // Stock that is never scanned: more than the 50 READY stored shipments one nShift list returns, as in any
  // warehouse with a day's work waiting. Created through the day, so the station's index finds them all in
  // windows of creation date.
  seedStoredShipments(sim, 60, 'STOCK-');
  spreadStoredCreation(sim);
  await sim.start();
  const zebra = await createVirtualZebra();
  const dirs: string[] = [];
  const stations: Station[] = [];
  const apiKey = { id: DEMO_API_KEY_ID, secret: DEMO_API_KEY_SECRET };

  async function startStation(log: (line: string) => void, adjust: (settings: Settings) => Settings = (s) => s): Promise<{ station: Station; dataDir: string }> {
    const started = await startBenchStation({ deliveryBaseUrl: sim.deliveryBaseUrl!, zebra, apiKey, log, adjust });
    dirs.push(started.dataDir);
    stations.push(started.station);
    return started;
  }

  async function closeStations(): Promise<void> {
    for (const s of stations.splice(0)) await s.close().catch(() => undefined);
  }

  async function closeStation(station: Station): Promise<void> {
    const at = stations.indexOf(station);
    if (at >= 0) stations.splice(at, 1);
    await station.close();
  }

  return {
    sim,
    zebra,
    deliveryBaseUrl: sim.deliveryBaseUrl!,
    apiKey,
    codes,
    startStation,
    closeStations,
    closeStation,
    async close() {
      await closeStations();
      await zebra.close();
      await sim.stop();
      for (const d of dirs) await rm(d, { recursive: true, force: true });
    },
  };
}

/**
 * A station on a fresh data directory of its own, created the way the hosts create it (production timeouts and
 * spool options), printing labels on the given Zebra; resolves once its token (and index, if on) is loaded.
 */
export async function startBenchStation(options: {
  deliveryBaseUrl: string;
  zebra: VirtualZebra;
  apiKey: { id: string; secret: string };
  log: (line: string) => void;
  adjust?: (settings: Settings) => Settings;
  extra?: Partial<StationOptions>;
  /** Wait for the index's first load (default: when the settings turn it on). */
  waitForIndex?: boolean;
  /** A data directory to start on again (a restart); default a fresh one. */
  dataDir?: string;
}): Promise<{ station: Station; dataDir: string }> {
  const { zebra } = options;
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'packbench-bench-')));
  const settings = zebraSettings(options.deliveryBaseUrl, zebra, dataDir);
  const settingsStore = createFileSettingsStore(dataDir);
  const effective = (options.adjust ?? ((s) => s))(settings);
  await settingsStore.save(effective);
  const station = await createStation({
    dataDir,
    host: 'headless',
    version: 'bench',
    settingsStore,
    vault: createMemoryVault(options.apiKey),
    log: options.log,
    ...options.extra,
  });
  await waitUntilReady(station, options.waitForIndex ?? effective.resolve.indexRefreshSeconds > 0, 600_000);
  return { station, dataDir };
}

/** Stored shipments arrive through the day: their creation times spread over the last ten hours. */
export function spreadStoredCreation(sim: Simulator, hours = 10): void {
  const all = [...sim.state.stored.values()];
  const from = Date.now() - hours * 60 * 60 * 1000;
  const step = (hours * 60 * 60 * 1000) / Math.max(1, all.length);
  all.forEach((s, i) => (s.created = Math.floor(from + i * step)));
}

/**
 * The station warms its token and loads its local index at start; scans are measured only once both are done, as
 * a packer would find the station after a minute (and so the index's own requests do not land in the first scans).
 */
async function waitUntilReady(station: Station, withIndex: boolean, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const status = await station.getStatus();
    if (status.account.state === 'connected' && (!withIndex || status.indexRefreshedAt)) return;
    if (Date.now() > until) throw new Error(`the station did not connect to the simulator: ${JSON.stringify(status.account)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
