/**
 * What a print asks the spool, against how much the day has printed (issue 30: "flat all month"). The spool lists
 * a day of printed jobs; a print asks whether its document is on its way already, every spool event asks the
 * printer's queue length (the status bar), and the status asks for the unfinished jobs. Measured on a real spool
 * (its files in a temporary folder, a driver that prints at once) with none, half a day and a day of printed jobs
 * in memory: before this version those answers looked through every printed job, now only the unfinished ones.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PrintableDocument } from '../../main/labels/document';
import { createManualClock } from '../../main/printers/clock';
import type { SpoolAwareDriver } from '../../main/printers/driver';
import { createSpool, type Spool } from '../../main/printers/spool';
import { createSpoolStore } from '../../main/printers/spool-store';
import { ok } from '../../main/result';
import { round } from './stats';

export interface SpoolDayPoint {
  printed: number;
  /** One of each question (queueLength, findActive, unfinished), in microseconds: the median of several rounds. */
  microseconds: number;
}

export interface SpoolDayResult {
  points: SpoolDayPoint[];
  /** The day's last point against the empty spool's. */
  ratio: number;
}

const driver: SpoolAwareDriver = {
  config: { kind: 'file', id: 'zebra', name: 'Zebra', directory: 'unused' },
  announcesFirstByte: true,
  async send(document, hooks = {}) {
    await hooks.beforeFirstByte?.();
    return ok({ bytes: document.bytes.length });
  },
  async status() {
    return { state: 'ready', problems: [] };
  },
};

const label = (n: number): PrintableDocument => ({
  id: `shp-${n}-print-1`,
  kind: 'label',
  format: 'zpl',
  charset: 'cp850',
  bytes: Buffer.from(`^XA^FD${n}^FS^XZ`),
});

export async function runSpoolDay(options: { quick: boolean; log: (line: string) => void }): Promise<SpoolDayResult> {
  const dir = await mkdtemp(join(tmpdir(), 'packbench-bench-spool-'));
  const spool = createSpool({
    store: createSpoolStore(dir),
    clock: createManualClock(),
    driverFor: () => driver,
    ttlMs: () => 10 * 60_000,
  });
  try {
    await spool.start();
    // A day of 2,000 scans prints up to 4,000 documents (labels, customs declarations).
    const sizes = options.quick ? [0, 500, 1000] : [0, 2000, 4000];
    const points: SpoolDayPoint[] = [];
    let printed = 0;
    for (const size of sizes) {
      for (; printed < size; printed++) {
        const { outcome } = await spool.enqueue({ document: label(printed), printerId: 'zebra', printerName: 'Zebra' });
        await outcome;
      }
      points.push({ printed, microseconds: askPerPrint(spool) });
      options.log(`  ${printed} printed: ${points.at(-1)!.microseconds} µs`);
    }
    return { points, ratio: round(points.at(-1)!.microseconds / points[0]!.microseconds, 2) };
  } finally {
    await spool.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

/** The median over rounds of the time one print's questions take, in µs. */
function askPerPrint(spool: Spool): number {
  const rounds: number[] = [];
  for (let r = 0; r < 9; r++) {
    const n = 2000;
    const t0 = performance.now();
    for (let i = 0; i < n; i++) {
      spool.findActive('shp-unknown-print-1', 'zebra');
      spool.queueLength('zebra');
      spool.unfinished();
    }
    rounds.push(((performance.now() - t0) / n) * 1000);
  }
  return round(rounds.sort((a, b) => a - b)[4]!, 2);
}
