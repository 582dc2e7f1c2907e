/**
 * The headless host as a conveyor line runs it: `node dist/main/headless.js` spawned against the bench's
 * simulator and virtual Zebra. Start = spawn to the `ready` line on stdout; peak RSS = VmHWM of the process
 * (Linux /proc) after it booked and printed a batch of scans, read just before its input ends.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createFileSettingsStore } from '../../main/settings/file-store';
import type { Settings } from '../../main/settings/schema';
import { summarize, type Summary } from './stats';

export interface FootprintResult {
  readyMs: Summary;
  peakRssMb: number | undefined;
  scans: number;
  printed: number;
}

export interface HeadlessTarget {
  repoRoot: string;
  deliveryBaseUrl: string;
  printer: { host: string; port: number };
  apiKey: { id: string; secret: string };
}

export interface Started {
  child: ChildProcess;
  readyMs: number;
  events: AsyncIterator<string>;
  dataDir: string;
}

/** Spawns the headless host on a fresh data directory (holding `settings`, if given) until its `ready` line. */
export async function startHeadless(target: HeadlessTarget, settings?: Settings): Promise<Started> {
  const dataDir = await mkdtemp(join(tmpdir(), 'packbench-bench-headless-'));
  if (settings) await createFileSettingsStore(dataDir).save(settings);
  const t0 = performance.now();
  const child = spawn(
    process.execPath,
    [join(target.repoRoot, 'dist/main/headless.js'), '--delivery-url', target.deliveryBaseUrl, '--label-printer', `tcp://${target.printer.host}:${target.printer.port}`, '--data-dir', dataDir],
    {
      cwd: target.repoRoot,
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, PACKBENCH_API_KEY_ID: target.apiKey.id, PACKBENCH_API_KEY_SECRET: target.apiKey.secret },
    },
  );
  child.stderr?.resume();
  const events = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const first = await events.next();
  const readyMs = performance.now() - t0;
  if (first.done || !first.value.includes('"ready"')) {
    child.kill('SIGKILL');
    throw new Error(`headless host did not say ready: ${String(first.value)}`);
  }
  return { child, readyMs, events, dataDir };
}

async function peakRssMb(pid: number): Promise<number | undefined> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const m = /^VmHWM:\s+(\d+)\s+kB/m.exec(status);
    return m ? Number(m[1]) / 1024 : undefined;
  } catch {
    return undefined; // not Linux: no /proc
  }
}

export async function stopHeadless(started: Started): Promise<void> {
  const exited = new Promise((resolve) => started.child.once('exit', resolve));
  started.child.stdin?.end();
  const timer = setTimeout(() => started.child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
  await rm(started.dataDir, { recursive: true, force: true });
}

export function headlessBuilt(repoRoot: string): boolean {
  return existsSync(join(repoRoot, 'dist/main/headless.js'));
}

/** `starts` cold starts (each stopped at once), then one run that scans `codes` and reports its peak RSS. */
export async function runFootprint(target: HeadlessTarget, starts: number, codes: readonly string[]): Promise<FootprintResult> {
  const readyTimes: number[] = [];
  for (let i = 0; i < starts; i++) {
    const started = await startHeadless(target);
    readyTimes.push(started.readyMs);
    await stopHeadless(started);
  }
  const run = await startHeadless(target);
  readyTimes.push(run.readyMs);
  run.child.stdin!.write(codes.map((c) => `${c}\n`).join(''));
  let printed = 0;
  let ended = 0;
  while (ended < codes.length) {
    const next = await Promise.race([
      run.events.next(),
      new Promise<IteratorResult<string>>((resolve) => setTimeout(() => resolve({ done: true, value: undefined }), 60_000).unref()),
    ]);
    if (next.done) break; // ended, or a minute without a word: report what we have
    const event = (JSON.parse(next.value) as { event?: string }).event;
    if (event === 'printed') printed++;
    if (event === 'printed' || event === 'failed' || event === 'held') ended++;
  }
  const peak = await peakRssMb(run.child.pid!);
  await stopHeadless(run);
  return { readyMs: summarize(readyTimes), peakRssMb: peak, scans: codes.length, printed };
}
