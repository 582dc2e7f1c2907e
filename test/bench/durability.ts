/**
 * What a scan writes to disk (issue 30): a station in this process, its data directory watched by the counting file
 * layer of test/support/file-faults.ts (nothing refused), scans stored shipments and orders one after the other;
 * every fsync, rename and byte written in the data directory is counted per scan, from `scan()` to the job's end
 * and the spool's move to `done/` after it, and split into those that started before the label's last byte reached
 * the Zebra and those after. The station's index is off: each scan is timed alike.
 */
import { seedOrders, seedStoredShipments, DEMO_API_KEY_ID, DEMO_API_KEY_SECRET } from '../../main/simulator/demo';
import { createSimulator } from '../../main/simulator/server';
import { createVirtualZebra } from '../../main/simulator/virtual-zebra';
import { installFileFaults, type Step } from '../support/file-faults';
import { followJobs } from './job-waiter';
import { round } from './stats';
import { startBenchStation } from './world';

export interface WritesPerScan {
  kind: 'stored' | 'order';
  scans: number;
  /** Means per scan. */
  fsyncs: number;
  fsyncsBeforeLabel: number;
  renames: number;
  kilobytes: number;
  /** fsyncs per scan by area (journal, labels, spool, spool/done, …; `dir` for a folder). */
  byArea: Record<string, number>;
}

export interface DurabilityResult {
  kinds: WritesPerScan[];
}

/** The data directory's folders: an fsync of one of them makes a rename or a new file in it durable. */
const FOLDERS = new Set(['journal', 'labels', 'spool', 'spool/done', 'documents', 'status-events']);

function area(step: Step): string {
  const path = step.path.replaceAll('\\', '/');
  if (FOLDERS.has(path)) return `${path} dir`;
  return path.startsWith('spool/done/') ? 'spool/done' : path.split('/')[0]!;
}

export async function runDurability(options: { latencyMs: number; quick: boolean; log: (line: string) => void }): Promise<DurabilityResult> {
  const scans = options.quick ? 10 : 40;
  const sim = createSimulator({ latencyMs: options.latencyMs, seed: 31 });
  const codes = { stored: seedStoredShipments(sim, scans + 2, 'FS-S'), order: seedOrders(sim, scans + 2, 'FS-O') };
  await sim.start();
  const zebra = await createVirtualZebra();
  const { station, dataDir } = await startBenchStation({
    deliveryBaseUrl: sim.deliveryBaseUrl!,
    zebra,
    apiKey: { id: DEMO_API_KEY_ID, secret: DEMO_API_KEY_SECRET },
    log: () => {},
    adjust: (s) => ({ ...s, resolve: { ...s.resolve, indexRefreshSeconds: 0 } }),
  });
  const jobs = followJobs(station);
  const layer = await installFileFaults(dataDir);
  const kinds: WritesPerScan[] = [];
  try {
    for (const kind of ['stored', 'order'] as const) {
      options.log(`  writes per scan: ${scans} ${kind === 'stored' ? 'stored shipments' : 'orders'}…`);
      const totals = { fsyncs: 0, before: 0, renames: 0, bytes: 0 };
      const byArea: Record<string, number> = {};
      const all = codes[kind];
      for (const [i, code] of all.entries()) {
        // The first two make the day's files (journal, pack, folders): not what each scan costs.
        const counted = i >= 2;
        await new Promise((r) => setTimeout(r, 50)); // the spool's move to done/ of the scan before
        layer.reset();
        zebra.clearRecords();
        // The Zebra's waiter resolves in its socket's data handler: the moment the label's last byte arrived.
        const labelOut = zebra.waitForLabels(1).then(() => performance.now());
        const { jobId } = await station.scan({ code });
        await jobs.finished(jobId);
        const labelAt = await labelOut;
        await station.whenIdle();
        await new Promise((r) => setTimeout(r, 50));
        if (!counted) continue;
        for (const step of layer.steps) {
          if (step.path.startsWith('status-events')) continue; // the tracking feed's own, not the scan's
          if (step.op === 'sync') {
            totals.fsyncs++;
            if (step.at < labelAt) totals.before++;
            byArea[area(step)] = (byArea[area(step)] ?? 0) + 1;
          }
          if (step.op === 'rename') totals.renames++;
          totals.bytes += step.bytes;
        }
      }
      const n = all.length - 2;
      kinds.push({
        kind,
        scans: n,
        fsyncs: round(totals.fsyncs / n, 2),
        fsyncsBeforeLabel: round(totals.before / n, 2),
        renames: round(totals.renames / n, 2),
        kilobytes: round(totals.bytes / n / 1024, 1),
        byArea: Object.fromEntries(Object.entries(byArea).map(([k, v]) => [k, round(v / n, 2)])),
      });
    }
  } finally {
    layer.remove();
    jobs.stop();
    await station.close();
    await zebra.close();
    await sim.stop();
  }
  return { kinds };
}
