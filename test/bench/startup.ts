/**
 * Start-up with a full day on disk: a data directory holding 2,000 journalled scans, their label cache and
 * spool, written by the station's own writers (test/support/full-day.ts). The headless host (the real bin) is
 * spawned on it: spawn → the `ready` line, and the CPU the process had used by then (from /proc, which the
 * other engineers on the machine disturb far less than wall time). Also: an empty data directory, and the
 * same full day without a checkpoint (what the old start-up replayed, and a start after a lost checkpoint).
 * Then the web host on the full day and Chromium: spawn → the scan screen usable (scan field focused, the job
 * and spool lists loaded), noted in the page on the same clock. Twice over: with the tab already open when the
 * host is started (a kiosk's browser, which is there all day), and with the tab opened as the host starts (as the
 * desktop app makes its window while its station opens). Either way the browser was started before the host and
 * left to finish its own start: a browser's start is not the station's.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { writeDay } from '../support/full-day';
import { summarize, type Summary } from './stats';
import { CHROMIUM_ARGS } from './ui';

export interface StartupCase {
  name: string;
  readyMs: Summary;
  /** User + system CPU of the process at `ready` (ms). */
  cpuMs: Summary;
}

export interface StartupResult {
  scans: number;
  journalEntries: number;
  /** Bytes of the data directory's journal, label cache and spool. */
  dataDirMb: number;
  generateSec: number;
  /** Node itself on this machine: spawn → the first line of a script that prints one (what no host can save). */
  bareNodeMs?: Summary;
  /** When NODE_EXTRA_CA_CERTS is set here: the file, and Node alone started without it. */
  extraCaCerts?: { file: string; bareNodeMs: Summary };
  cases: StartupCase[];
  ui?:
    | {
        hostReadyMs: Summary;
        /** The tab opened as the host starts. */
        usableMs: Summary;
        jobsListed: number;
        /** The tab already open when the host starts (runs from before this field have none). */
        tabOpenUsableMs?: Summary;
      }
    | { skipped: string };
}

export interface StartupTarget {
  repoRoot: string;
  deliveryBaseUrl: string;
  printer: { host: string; port: number };
  apiKey: { id: string; secret: string };
}

const CLK_TCK = 100;
/** How long the browser is left to finish its own start before the host is spawned (see webUsable). */
const BROWSER_SETTLE_MS = 1500;

async function cpuMsOf(pid: number): Promise<number> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLK_TCK;
  } catch {
    return Number.NaN; // not Linux
  }
}

/**
 * The environment a start runs in: this one, or this one without NODE_EXTRA_CA_CERTS. These machines point it at
 * the system's whole CA bundle, which Node reads and parses before any script runs (about 85 ms here), for TLS
 * the bench never uses (everything is on 127.0.0.1). A station is started without it, or with the one
 * certificate of a TLS-inspecting proxy.
 */
type StartEnv = 'as is' | 'without extra CAs';

function envFor(which: StartEnv, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env = { ...process.env, ...extra };
  if (which === 'without extra CAs') delete env.NODE_EXTRA_CA_CERTS;
  return env;
}

async function headlessStart(
  target: StartupTarget,
  dataDir: string,
  which: StartEnv = 'as is',
): Promise<{ readyMs: number; cpuMs: number }> {
  const t0 = performance.now();
  const child = spawn(
    process.execPath,
    [
      join(target.repoRoot, 'dist/main/headless.js'),
      '--delivery-url',
      target.deliveryBaseUrl,
      '--label-printer',
      `tcp://${target.printer.host}:${target.printer.port}`,
      '--data-dir',
      dataDir,
    ],
    {
      cwd: target.repoRoot,
      stdio: ['pipe', 'pipe', 'pipe'],
      env: envFor(which, {
        PACKBENCH_API_KEY_ID: target.apiKey.id,
        PACKBENCH_API_KEY_SECRET: target.apiKey.secret,
      }),
    },
  );
  child.stderr.resume();
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  let readyMs = Number.NaN;
  let cpuMs = Number.NaN;
  for (;;) {
    const next = await lines.next();
    if (next.done) break;
    if (next.value.includes('"ready"')) {
      readyMs = performance.now() - t0;
      cpuMs = await cpuMsOf(child.pid!);
      break;
    }
  }
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.stdin.end();
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
  if (!Number.isFinite(readyMs)) throw new Error('the headless host never said ready');
  return { readyMs, cpuMs };
}

/**
 * Runs in the page before its own scripts: notes the moment (epoch ms, the same clock as the bench's) the scan
 * screen is usable — the scan field has the focus and the station's job and spool lists have arrived.
 * Measured in the page, not by polling it from the bench, whose round trips would add their own lag.
 */
function noteWhenUsable(): void {
  const arrived = new Set<string>();
  const flagged = window as unknown as { __packbenchUsableAt?: number };
  const check = (): void => {
    if (flagged.__packbenchUsableAt !== undefined) return;
    const focused = document.activeElement?.getAttribute('data-testid') === 'scan-input';
    if (focused && arrived.has('listJobs') && arrived.has('listSpool'))
      flagged.__packbenchUsableAt = performance.timeOrigin + performance.now();
  };
  new PerformanceObserver((entries) => {
    for (const entry of entries.getEntries()) {
      if (entry.name.includes('/api/listJobs')) arrived.add('listJobs');
      if (entry.name.includes('/api/listSpool')) arrived.add('listSpool');
    }
    check();
  }).observe({ type: 'resource', buffered: true });
  document.addEventListener('focusin', check, true);
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
}

/** Spawn → the first line of `node -e` printing one, with the same stdio: the part of `ready` that is Node's. */
async function bareNodeStart(which: StartEnv = 'as is'): Promise<number> {
  const t0 = performance.now();
  const child = spawn(process.execPath, ['-e', 'console.log("ready")'], {
    stdio: ['ignore', 'pipe', 'ignore'],
    env: envFor(which),
  });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  await lines.next();
  const elapsed = performance.now() - t0;
  await new Promise((resolve) => child.once('exit', resolve));
  return elapsed;
}

async function webUsable(
  target: StartupTarget,
  dataDir: string,
  chromium: string,
  tab: 'already open' | 'opened with the host',
): Promise<{ hostReadyMs: number; usableMs: number; jobs: number }> {
  const { chromium: playwright } = await import('@playwright/test');
  const browser = await playwright.launch({ executablePath: chromium, args: CHROMIUM_ARGS });
  const openTab = async () => {
    const page = await browser.newPage();
    await page.addInitScript(noteWhenUsable);
    return page;
  };
  const ready = tab === 'already open' ? await openTab() : undefined;
  // A browser is there before the station starts: its own start-up (processes, profile, first tab) is over by
  // then, and must not be timed as the station's. Without this pause it ran on the same two cores as the host.
  await new Promise((resolve) => setTimeout(resolve, BROWSER_SETTLE_MS));
  const t0 = performance.now();
  const spawnedAt = Date.now();
  const child = spawn(
    process.execPath,
    [join(target.repoRoot, 'dist/main/web.js'), '--port', '0', '--data-dir', dataDir, '--delivery-url', target.deliveryBaseUrl],
    { cwd: target.repoRoot, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, PACKBENCH_VAULT_KEY: 'bench' } },
  );
  child.stderr.resume();
  // Opened as the host starts, a tab costs this machine ~400 ms (a renderer process, and Playwright's own set-up
  // of the page) that no host can save.
  const opening = ready ? Promise.resolve(ready) : openTab();
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the web host did not start')), 30_000);
      createInterface({ input: child.stdout }).on('line', (line) => {
        const open = /^Open (http\S+)/.exec(line);
        if (open) {
          clearTimeout(timer);
          resolve(open[1]!);
        }
      });
    });
    const hostReadyMs = performance.now() - t0;
    const page = await opening;
    await page.goto(url);
    const usableAt = await page.waitForFunction(
      () => (window as unknown as { __packbenchUsableAt?: number }).__packbenchUsableAt,
    );
    const usableMs = Number(await usableAt.jsonValue()) - spawnedAt;
    const token = new URL(url).searchParams.get('token') ?? '';
    const res = await fetch(new URL('/api/listJobs', url), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ input: null }),
    });
    const jobs = ((await res.json()) as { result?: unknown[] }).result?.length ?? 0;
    return { hostReadyMs, usableMs, jobs };
  } finally {
    await browser.close();
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

export async function runStartup(
  target: StartupTarget,
  options: { scans: number; starts: number; chromium?: string; uiSkip?: string },
): Promise<StartupResult> {
  const root = await mkdtemp(join(tmpdir(), 'packbench-bench-day-'));
  try {
    const full = join(root, 'full');
    const began = performance.now();
    const day = new Date().toISOString().slice(0, 10);
    const written = await writeDay(full, { scans: options.scans, day, tail: 30 });
    const generateSec = (performance.now() - began) / 1000;
    const empty = join(root, 'empty');
    const cases: StartupCase[] = [];
    const run = async (
      name: string,
      dir: string,
      before?: () => Promise<void>,
      which: StartEnv = 'as is',
    ): Promise<void> => {
      const ready: number[] = [];
      const cpu: number[] = [];
      for (let i = 0; i < options.starts; i++) {
        await before?.();
        const r = await headlessStart(target, dir, which);
        ready.push(r.readyMs);
        cpu.push(r.cpuMs);
      }
      cases.push({ name, readyMs: summarize(ready), cpuMs: summarize(cpu) });
    };
    const bare: number[] = [];
    for (let i = 0; i < options.starts; i++) bare.push(await bareNodeStart());
    await run('empty data directory', empty);
    await run(`full day (${options.scans} scans), from its checkpoint`, full);
    const extraCas = process.env.NODE_EXTRA_CA_CERTS;
    const bareWithoutExtraCas: number[] = [];
    if (extraCas) {
      await run(
        `full day, from its checkpoint, without this machine's NODE_EXTRA_CA_CERTS`,
        full,
        undefined,
        'without extra CAs',
      );
      for (let i = 0; i < options.starts; i++) bareWithoutExtraCas.push(await bareNodeStart('without extra CAs'));
    }
    // Each start writes a checkpoint when it stops: take it away again, so every start replays the day.
    await run(`full day, no checkpoint (full replay)`, full, () =>
      rm(join(full, 'journal', 'checkpoint.json'), { force: true }),
    );
    let ui: StartupResult['ui'];
    if (options.uiSkip || !options.chromium) ui = { skipped: options.uiSkip ?? 'no Chromium' };
    else {
      const host: number[] = [];
      const usable: number[] = [];
      const tabOpenUsable: number[] = [];
      let jobs = 0;
      // The two ways alternate, so a slow minute on this shared machine falls on both.
      for (let i = 0; i < Math.max(3, options.starts); i++) {
        const withHost = await webUsable(target, full, options.chromium, 'opened with the host');
        host.push(withHost.hostReadyMs);
        usable.push(withHost.usableMs);
        jobs = withHost.jobs;
        tabOpenUsable.push((await webUsable(target, full, options.chromium, 'already open')).usableMs);
      }
      ui = {
        hostReadyMs: summarize(host),
        usableMs: summarize(usable),
        jobsListed: jobs,
        tabOpenUsableMs: summarize(tabOpenUsable),
      };
    }
    const { stdout } = await import('node:child_process').then(
      ({ execFile }) =>
        new Promise<{ stdout: string }>((resolve) =>
          execFile('du', ['-sk', full], (error, out) => resolve({ stdout: error ? '' : out })),
        ),
    );
    return {
      scans: options.scans,
      journalEntries: written.entries,
      dataDirMb: Number(stdout.split(/\s/)[0] ?? Number.NaN) / 1024,
      generateSec,
      bareNodeMs: summarize(bare),
      ...(extraCas ? { extraCaCerts: { file: extraCas, bareNodeMs: summarize(bareWithoutExtraCas) } } : {}),
      cases,
      ui,
    };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
