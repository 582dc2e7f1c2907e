/**
 * UI overhead in a real browser: the web host in demo mode (`node dist/main/web.js --demo --port 0`) and Debian's
 * Chromium through Playwright. For each scan: from the Enter keydown (the scanner's last keystroke, the event's
 * own timestamp) to the first animation frame after the result panel shows that scan's final state, minus the
 * station's own time for the job (its `createdAt` → `updatedAt`, from `POST /api/getJob`). What is left is the
 * browser, the HTTP call, the event stream and React.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import { summarize, type Summary } from './stats';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface UiResult {
  scans: number;
  /** Enter → result painted. */
  screenMs: Summary;
  /** The station's own time for the same jobs. */
  stationMs: Summary;
  /** Per scan: screen − station. */
  overheadMs: Summary;
  /** Enter → result in the DOM (before paint). */
  domMs: Summary;
}

const jobSchema = z.looseObject({ id: z.string(), scan: z.string(), state: z.string(), createdAt: z.string(), updatedAt: z.string() });

interface WebHost {
  child: ChildProcess;
  openUrl: string;
  simUrl: string;
  call(name: string, input?: unknown): Promise<unknown>;
}

async function startWebHost(repoRoot: string): Promise<WebHost> {
  const child = spawn(process.execPath, [join(repoRoot, 'dist/main/web.js'), '--demo', '--port', '0'], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PACKBENCH_VAULT_KEY: 'bench' },
  });
  let simUrl: string | undefined;
  const stderr: string[] = [];
  createInterface({ input: child.stderr! }).on('line', (line) => {
    stderr.push(line);
    const m = /nShift simulator at (http\S+?)\/rs-extapi\/v1/.exec(line);
    if (m) simUrl = m[1];
  });
  const openUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`web host did not start:\n${stderr.join('\n')}`)), 30_000);
    let url: string | undefined;
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const open = /^Open (http\S+)/.exec(line);
      if (open) url = open[1];
      if (url && /^Scan or type/.test(line)) {
        clearTimeout(timer);
        resolve(url);
      }
    });
    child.once('exit', (code) => reject(new Error(`web host exited with ${code}:\n${stderr.join('\n')}`)));
  });
  if (!simUrl) throw new Error(`web host did not say where its simulator is:\n${stderr.join('\n')}`);
  const parsed = new URL(openUrl);
  const token = parsed.searchParams.get('token') ?? '';
  const base = `${parsed.protocol}//${parsed.host}`;
  return {
    child,
    openUrl,
    simUrl,
    async call(name, input) {
      const res = await fetch(`${base}/api/${name}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ input: input ?? null }),
      });
      const body = (await res.json()) as { result?: unknown };
      if (!res.ok) throw new Error(`${name}: HTTP ${res.status}`);
      return body.result;
    },
  };
}

export function chromiumPath(): string | undefined {
  const path = process.env.PACKBENCH_CHROMIUM ?? '/usr/bin/chromium';
  return existsSync(path) ? path : undefined;
}

interface PageProbe {
  code: string;
  enterAt: number;
  domAt: number;
  paintAt: number;
}

declare global {
  interface Window {
    __bench?: PageProbe;
  }
}

export async function runUi(repoRoot: string, executablePath: string, scans: number, warmup: number): Promise<UiResult> {
  const { chromium } = await import('@playwright/test');
  const host = await startWebHost(repoRoot);
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    const seeded = await fetch(`${host.simUrl}/_sim/seed/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ count: scans + warmup, prefix: 'UI-' }),
    });
    const codes = z.array(z.string()).parse(await seeded.json());
    const page = await browser.newPage();
    await page.goto(host.openUrl);
    const input = page.getByTestId('scan-input');
    await input.waitFor();
    await page.evaluate(() => {
      const terminal = new Set(['printed', 'failed', 'held', 'done']);
      window.__bench = { code: '', enterAt: 0, domAt: 0, paintAt: 0 };
      window.addEventListener(
        'keydown',
        (event) => {
          if (event.key === 'Enter' && window.__bench && window.__bench.enterAt === 0) window.__bench.enterAt = event.timeStamp;
        },
        true,
      );
      new MutationObserver(() => {
        const probe = window.__bench;
        if (!probe || probe.enterAt === 0 || probe.domAt !== 0) return;
        const panel = document.querySelector('[data-testid="last-result"]');
        const state = panel?.getAttribute('data-state') ?? '';
        if (!terminal.has(state) || !(panel?.textContent ?? '').includes(probe.code)) return;
        probe.domAt = performance.now();
        requestAnimationFrame(() => {
          probe.paintAt = performance.now();
        });
      }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    });

    const screen: number[] = [];
    const dom: number[] = [];
    const station: number[] = [];
    const overhead: number[] = [];
    for (const [i, code] of codes.entries()) {
      await page.evaluate((c) => {
        window.__bench = { code: c, enterAt: 0, domAt: 0, paintAt: 0 };
      }, code);
      await input.focus();
      await page.keyboard.type(code);
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => (window.__bench?.paintAt ?? 0) > 0, undefined, { timeout: 30_000 });
      const probe = await page.evaluate(() => window.__bench!);
      const jobs = z.array(jobSchema).parse(await host.call('listJobs', { limit: 20 }));
      const listed = jobs.find((j) => j.scan === code);
      if (!listed) throw new Error(`no job for ${code}`);
      const job = jobSchema.parse(await host.call('getJob', { jobId: listed.id }));
      if (i < warmup) continue;
      const own = Date.parse(job.updatedAt) - Date.parse(job.createdAt);
      const painted = probe.paintAt - probe.enterAt;
      screen.push(painted);
      dom.push(probe.domAt - probe.enterAt);
      station.push(own);
      overhead.push(painted - own);
    }
    return { scans: screen.length, screenMs: summarize(screen), stationMs: summarize(station), overheadMs: summarize(overhead), domMs: summarize(dom) };
  } finally {
    await browser.close();
    const exited = new Promise((resolve) => host.child.once('exit', resolve));
    host.child.kill('SIGTERM');
    await exited;
  }
}
