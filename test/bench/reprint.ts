/**
 * A reprint on day 1 and on day 30 (issue 30): the headless host (`node dist/main/headless.js`, its own process)
 * reprints one booked order with `:reprint CODE`, again and again, on a data directory whose label cache holds
 * nothing else, then 60,000 other documents (30 days at 2,000 scans a day) in this version's packs, then 60,000 in
 * an older version's files (one `.bin` and one `.json` each, as an upgrade finds them). Each reprint is timed from
 * the line written to the `reprinted` event; the host's peak RSS (VmHWM) is read after the last. Then the cache is
 * pruned in this process, with the number of files it may hold open at once bounded: the older cache, whose
 * documents are all past the retention, is removed whole.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createLabelCache, LABEL_INDEX_FILE } from '../../main/labels/label-cache';
import type { PrintableDocument } from '../../main/labels/document';
import { DEMO_API_KEY_ID, DEMO_API_KEY_SECRET, seedOrders } from '../../main/simulator/demo';
import { createSimulator } from '../../main/simulator/server';
import { createVirtualZebra } from '../../main/simulator/virtual-zebra';
import { summarize, type Summary } from './stats';

export interface ReprintCase {
  name: string;
  /** Other documents in the label cache besides the reprinted order's. */
  documents: number;
  reprintMs: Summary;
  failures: number;
  peakRssMb: number | undefined;
  /** The first reprint after the start (the index read in the background meanwhile, or not yet). */
  firstReprintMs: number;
  prune: { ms: number; removed: number; error?: string };
}

export interface ReprintResult {
  cases: ReprintCase[];
  /** Median reprint with 60,000 documents in packs against the empty cache's. */
  ratio: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A label of the size nShift's are (about 1.6 kB of ZPL). */
function filler(n: number, createdAt: Date): { document: PrintableDocument; createdAt: Date } {
  const shipmentId = String(9_000_000 + n);
  const body = `^XA^CI13^FO40,40^A0N,40,40^FDReceiver ${n}^FS${'^FO40,120^GB700,3,3^FS'.repeat(60)}^XZ`;
  return {
    createdAt,
    document: {
      id: `shp-${shipmentId}-print-${20_000_000 + n}`,
      kind: 'label',
      format: 'zpl',
      charset: 'cp850',
      description: 'Label',
      shipmentId,
      bytes: Buffer.from(body, 'latin1'),
    },
  };
}

/** `count` documents spread over the last 30 days, in this version's packs (a month of labels). */
async function fillPacks(labelsDir: string, count: number): Promise<void> {
  let at = Date.now() - 29 * DAY_MS;
  const cache = createLabelCache(labelsDir, { now: () => new Date(at) });
  const perDay = Math.ceil(count / 30);
  for (let n = 0; n < count; n += 500) {
    at = Date.now() - 29 * DAY_MS + Math.floor(n / perDay) * DAY_MS;
    await Promise.all(
      Array.from({ length: Math.min(500, count - n) }, (_, i) => cache.put(filler(n + i, new Date(at)).document)),
    );
  }
  await cache.close();
}

/**
 * An older version's cache: every document, the reprinted one included, as a `.bin` and a `.json` of its own,
 * and no index (the first start of this version lists them). All are 40 days old, past the default retention.
 */
async function fillLegacy(labelsDir: string, count: number): Promise<void> {
  const reprinted = createLabelCache(labelsDir);
  // The booked order's documents move from the pack into files of their own, as the older version kept them.
  const ids = (await readFile(join(labelsDir, LABEL_INDEX_FILE), 'utf8'))
    .split('\n')
    .map((line) => /"id":"([^"]+)"/.exec(line)?.[1])
    .filter((id): id is string => id !== undefined);
  const docs = (await Promise.all(ids.map((id) => reprinted.get(id)))).filter((d) => d !== undefined);
  await reprinted.close();
  for (const name of await readdir(labelsDir)) await rm(join(labelsDir, name), { force: true });
  const old = new Date(Date.now() - 40 * DAY_MS);
  const write = async (document: PrintableDocument, createdAt: Date): Promise<void> => {
    const { bytes, ...meta } = document;
    await writeFile(join(labelsDir, `${document.id}.bin`), bytes);
    await writeFile(
      join(labelsDir, `${document.id}.json`),
      JSON.stringify({ ...meta, bytes: bytes.length, createdAt: createdAt.toISOString() }),
    );
  };
  for (const doc of docs) await write(doc.document, new Date());
  for (let n = 0; n < count; n += 64)
    await Promise.all(
      Array.from({ length: Math.min(64, count - n) }, (_, i) => write(filler(n + i, old).document, old)),
    );
}

async function peakRssMb(pid: number): Promise<number | undefined> {
  try {
    const m = /^VmHWM:\s+(\d+)\s+kB/m.exec(await readFile(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

interface Host {
  send(line: string): void;
  /** The next event whose `event` is one of these, or undefined after `timeoutMs`. */
  next(events: readonly string[], timeoutMs: number): Promise<Record<string, unknown> | undefined>;
  pid: number;
  stop(): Promise<void>;
}

async function startHost(repoRoot: string, args: string[]): Promise<Host> {
  const child = spawn(process.execPath, [join(repoRoot, 'dist/main/headless.js'), ...args], {
    cwd: repoRoot,
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, PACKBENCH_API_KEY_ID: DEMO_API_KEY_ID, PACKBENCH_API_KEY_SECRET: DEMO_API_KEY_SECRET },
  });
  child.stderr.resume();
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const host: Host = {
    pid: child.pid!,
    send: (line) => void child.stdin.write(`${line}\n`),
    async next(events, timeoutMs) {
      const until = performance.now() + timeoutMs;
      for (;;) {
        const left = until - performance.now();
        if (left <= 0) return undefined;
        const got = await Promise.race([
          lines.next(),
          new Promise<IteratorResult<string>>((r) => setTimeout(() => r({ done: true, value: undefined }), left).unref()),
        ]);
        if (got.done) return undefined;
        const event = JSON.parse(got.value) as Record<string, unknown>;
        if (events.includes(String(event.event))) return event;
      }
    },
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdin.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(timer);
    },
  };
  if (!(await host.next(['ready'], 60_000))) {
    child.kill('SIGKILL');
    throw new Error('the headless host did not say ready');
  }
  return host;
}

export async function runReprint(options: {
  repoRoot: string;
  latencyMs: number;
  quick: boolean;
  log: (line: string) => void;
}): Promise<ReprintResult> {
  const others = options.quick ? 6_000 : 60_000;
  const reprints = options.quick ? 10 : 30;
  const sim = createSimulator({ latencyMs: options.latencyMs, seed: 30 });
  // One order per case: each data directory books its own.
  const codes = seedOrders(sim, 3, 'RP-O');
  const { deliveryBaseUrl } = await sim.start({ host: '127.0.0.1' });
  const zebra = await createVirtualZebra({ host: '127.0.0.1' });
  const cases: ReprintCase[] = [];
  try {
    for (const [index, kind] of (['empty', 'packs', 'older files'] as const).entries()) {
      const code = codes[index]!;
      const root = await mkdtemp(join(tmpdir(), 'packbench-bench-reprint-'));
      const dataDir = join(root, 'data');
      const labelsDir = join(dataDir, 'labels');
      await mkdir(dataDir);
      const args = ['--delivery-url', deliveryBaseUrl, '--label-printer', `tcp://${zebra.host}:${zebra.port}`, '--data-dir', dataDir];
      try {
        // The day's booking, once: its journal entries and its label are what each reprint finds.
        const booking = await startHost(options.repoRoot, args);
        booking.send(code);
        const booked = await booking.next(['printed', 'failed'], 60_000);
        await booking.stop();
        if (booked?.event !== 'printed') throw new Error(`the booking to reprint did not print: ${JSON.stringify(booked)}`);
        const count = kind === 'empty' ? 0 : others;
        options.log(`  reprint: ${kind}, ${count} other documents in the label cache…`);
        if (kind === 'packs') await fillPacks(labelsDir, count);
        if (kind === 'older files') await fillLegacy(labelsDir, count);

        const host = await startHost(options.repoRoot, args);
        const times: number[] = [];
        let failures = 0;
        let first = 0;
        for (let i = 0; i < reprints; i++) {
          // The first one right after the start; the rest a moment later, as a packer would.
          if (i === 1) await new Promise((r) => setTimeout(r, 2000));
          const t0 = performance.now();
          host.send(`:reprint ${code}`);
          const event = await host.next(['reprinted', 'failed'], 120_000);
          const ms = performance.now() - t0;
          if (i === 0) first = ms;
          if (event?.event === 'reprinted') times.push(ms);
          else failures++;
        }
        const peak = await peakRssMb(host.pid);
        await host.stop();
        const t0 = performance.now();
        const prune = await createLabelCache(labelsDir)
          .prune(30)
          .then(
            (removed) => ({ ms: performance.now() - t0, removed }),
            (error: unknown) => ({ ms: performance.now() - t0, removed: 0, error: String(error) }),
          );
        cases.push({
          name: kind,
          documents: count,
          reprintMs: summarize(times.slice(1)),
          failures,
          peakRssMb: peak,
          firstReprintMs: first,
          prune,
        });
      } finally {
        await rm(root, { recursive: true, force: true });
      }
    }
  } finally {
    await sim.stop();
    await zebra.close();
  }
  const empty = cases.find((c) => c.name === 'empty')!;
  const packs = cases.find((c) => c.name === 'packs')!;
  return { cases, ratio: packs.reprintMs.median / empty.reprintMs.median };
}
