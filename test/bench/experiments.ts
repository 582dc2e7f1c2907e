/**
 * What-if runs for the station's author: the same scans on stations whose settings leave out one suspected cost,
 * so a proposed change comes with a measured gain rather than a guess. Not part of the headline figures.
 */
import type { Settings } from '../../main/settings/schema';
import type { Station } from '../../main/station/station';
import type { VirtualZebra } from '../../main/simulator/virtual-zebra';
import { followJobs } from './job-waiter';
import { breakdown, type HotPathBreakdown } from './profile';
import { stationScan, type ScanSample } from './scan-to-label';
import { summarize } from './stats';
import type { Tracer } from './trace';

export interface Experiment {
  name: string;
  why: string;
  adjust: (settings: Settings) => Settings;
}

export const EXPERIMENT_LIST: Experiment[] = [
  {
    name: 'baseline',
    why: 'default settings, the same scans as the experiments below',
    adjust: (s) => s,
  },
  {
    name: 'zpl-only',
    why: 'printConfig without the A4 PDF target: what the second document costs the label',
    adjust: (s) => ({ ...s, printConfig: { targets: s.printConfig.targets.filter((t) => t.type === 'zpl') } }),
  },
  {
    name: 'no-index',
    why: 'local index off (indexRefreshSeconds 0): what the index saves',
    adjust: (s) => ({ ...s, resolve: { ...s.resolve, indexRefreshSeconds: 0 } }),
  },
  {
    name: 'stored-first',
    why: 'resolve stored shipments before orders: what the order lookup that misses costs a stored scan',
    adjust: (s) => ({ ...s, resolve: { ...s.resolve, sources: ['stored', 'order', 'shipment'] } }),
  },
];

export interface ExperimentResult {
  name: string;
  why: string;
  storedMedianMs: number;
  orderMedianMs: number;
  hotPath: HotPathBreakdown[];
}

export async function runExperiments(
  start: (adjust: (s: Settings) => Settings) => Promise<Station>,
  zebra: VirtualZebra,
  tracer: Tracer,
  codes: { orders: string[]; stored: string[] },
  perKind: number,
): Promise<ExperimentResult[]> {
  const results: ExperimentResult[] = [];
  for (const [i, experiment] of EXPERIMENT_LIST.entries()) {
    const station = await start(experiment.adjust);
    const jobs = followJobs(station);
    const samples: ScanSample[] = [];
    const orders = codes.orders.slice(i * perKind, (i + 1) * perKind);
    const stored = codes.stored.slice(i * perKind, (i + 1) * perKind);
    // The first two of each are warm-up.
    for (let k = 0; k < perKind; k++) {
      const o = await stationScan(station, jobs, zebra, tracer, 'order', orders[k]!);
      const s = await stationScan(station, jobs, zebra, tracer, 'stored', stored[k]!);
      if (k >= 2) samples.push(o, s);
    }
    jobs.stop();
    await station.close();
    const ok = (kind: 'order' | 'stored') => samples.filter((s) => s.kind === kind && s.ok).map((s) => s.ms);
    results.push({
      name: experiment.name,
      why: experiment.why,
      storedMedianMs: summarize(ok('stored')).median,
      orderMedianMs: summarize(ok('order')).median,
      hotPath: [breakdown('stored', samples), breakdown('order', samples)],
    });
  }
  return results;
}
