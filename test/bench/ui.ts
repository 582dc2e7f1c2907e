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
import * as z from 'zod';
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
  /** Enter → the `POST /api/scan` request starts (the page's own handling of the scan). */
  enterToRequestMs: Summary;
  /** `POST /api/scan` start → its answer (the host journals the job before it answers). */
  scanRequestMs: Summary;
  /** The scan's answer → result in the DOM (the station's work, the event stream and rendering). */
  answerToDomMs: Summary;
  /** The job's final event reached the page → result in the DOM (the renderer alone). */
  eventToDomMs: Summary;
  /** Wall clock: Enter → the job's `createdAt` (page, HTTP, host, dispatch). */
  enterToCreatedMs: Summary;
  /** Wall clock: the job's `updatedAt` → its final event in the page (event stream delivery). */
  updatedToEventMs: Summary;
  /** Event-stream messages per scan, up to the final one. */
  messagesPerScan: Summary;
  /** Wall clock: the job's `updatedAt` → its final event read by a plain reader in the bench (host + transport). */
  updatedToNodeEventMs: Summary;
}

const jobSchema = z.looseObject({ id: z.string(), scan: z.string(), state: z.string(), createdAt: z.string(), updatedAt: z.string() });

interface WebHost {
  child: ChildProcess;
  openUrl: string;
  simUrl: string;
  call(name: string, input?: unknown): Promise<unknown>;
  /** Wall-clock arrival, in this process, of each scan's first event in a final state (a second event stream). */
  finalEventAt: Map<string, number>;
  stopEvents(): void;
}

const TERMINAL_STATES = new Set(['printed', 'failed', 'held', 'done']);

/** A plain event-stream reader beside the browser's, so delivery can be told apart from the page's own queue. */
function listenForFinalEvents(base: string, token: string, into: Map<string, number>): () => void {
  const abort = new AbortController();
  void (async () => {
    const res = await fetch(`${base}/api/events?token=${encodeURIComponent(token)}`, { signal: abort.signal });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffered = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      const at = Date.now();
      buffered += decoder.decode(value, { stream: true });
      let cut: number;
      while ((cut = buffered.indexOf('\n\n')) >= 0) {
        const frame = buffered.slice(0, cut);
        buffered = buffered.slice(cut + 2);
        const data = frame
          .split('\n')
          .filter((l) => l.startsWith('data:'))
          .map((l) => l.slice(5).trimStart())
          .join('\n');
        if (!data) continue;
        try {
          const event = JSON.parse(data) as { type?: string; job?: { scan?: string; state?: string } };
          const scan = event.job?.scan;
          if (event.type === 'job' && scan && TERMINAL_STATES.has(event.job?.state ?? '') && !into.has(scan)) into.set(scan, at);
        } catch {
          // not JSON: a comment or ping
        }
      }
    }
  })().catch(() => undefined);
  return () => abort.abort();
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
  const finalEventAt = new Map<string, number>();
  const stopEvents = listenForFinalEvents(base, token, finalEventAt);
  return {
    child,
    openUrl,
    simUrl,
    finalEventAt,
    stopEvents,
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
  requestAt?: number;
  answerAt?: number;
  /** The event that carries the job's final state reached the page. */
  sseAt?: number;
  /** Wall clock (same machine as the host) at Enter and at that event, to set against the job's own timestamps. */
  enterWall?: number;
  sseWall?: number;
  /** Event-stream messages the page received from Enter to the final one. */
  messages?: number;
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
    // Notes when the event with the scan's final state reaches the page, before the app's own handler runs.
    await page.addInitScript(() => {
      const terminal = new Set(['printed', 'failed', 'held', 'done']);
      const Real = window.EventSource;
      class TimedEventSource extends Real {
        constructor(url: string | URL, init?: EventSourceInit) {
          super(url, init);
          this.addEventListener('message', (message: MessageEvent<string>) => {
            const probe = window.__bench;
            if (!probe || probe.sseAt !== undefined || !probe.code || probe.enterAt === 0) return;
            probe.messages = (probe.messages ?? 0) + 1;
            try {
              const event = JSON.parse(message.data) as { type?: string; job?: { scan?: string; state?: string } };
              if (event.type === 'job' && event.job?.scan === probe.code && terminal.has(event.job.state ?? '')) {
                probe.sseAt = performance.now();
                probe.sseWall = Date.now();
              }
            } catch {
              // not JSON: not ours
            }
          });
        }
      }
      window.EventSource = TimedEventSource;
    });
    await page.goto(host.openUrl);
    const input = page.getByTestId('scan-input');
    await input.waitFor();
    await page.evaluate(() => {
      const terminal = new Set(['printed', 'failed', 'held', 'done']);
      window.__bench = { code: '', enterAt: 0, domAt: 0, paintAt: 0 };
      window.addEventListener(
        'keydown',
        (event) => {
          if (event.key === 'Enter' && window.__bench && window.__bench.enterAt === 0) {
            window.__bench.enterAt = event.timeStamp;
            window.__bench.enterWall = Date.now() - (performance.now() - event.timeStamp);
          }
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
    const toRequest: number[] = [];
    const request: number[] = [];
    const answerToDom: number[] = [];
    const eventToDom: number[] = [];
    const enterToCreated: number[] = [];
    const updatedToEvent: number[] = [];
    const messages: number[] = [];
    const updatedToNodeEvent: number[] = [];
    for (const [i, code] of codes.entries()) {
      await page.evaluate((c) => {
        window.__bench = { code: c, enterAt: 0, domAt: 0, paintAt: 0 };
      }, code);
      await input.focus();
      await page.keyboard.type(code);
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => (window.__bench?.paintAt ?? 0) > 0, undefined, { timeout: 30_000 });
      const probe = await page.evaluate(() => {
        const p = window.__bench!;
        // The scan's own request, from the browser's resource timing.
        const request = performance
          .getEntriesByType('resource')
          .filter((e) => e.name.includes('/api/scan') && e.startTime >= p.enterAt)
          .at(0) as PerformanceResourceTiming | undefined;
        return { ...p, requestAt: request?.startTime, answerAt: request?.responseEnd };
      });
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
      if (probe.requestAt !== undefined && probe.answerAt !== undefined) {
        toRequest.push(probe.requestAt - probe.enterAt);
        request.push(probe.answerAt - probe.requestAt);
        answerToDom.push(probe.domAt - probe.answerAt);
      }
      if (probe.sseAt !== undefined) eventToDom.push(probe.domAt - probe.sseAt);
      if (probe.enterWall !== undefined) enterToCreated.push(Date.parse(job.createdAt) - probe.enterWall);
      if (probe.sseWall !== undefined) updatedToEvent.push(probe.sseWall - Date.parse(job.updatedAt));
      if (probe.messages !== undefined) messages.push(probe.messages);
      const nodeAt = host.finalEventAt.get(code);
      if (nodeAt !== undefined) updatedToNodeEvent.push(nodeAt - Date.parse(job.updatedAt));
    }
    return {
      scans: screen.length,
      screenMs: summarize(screen),
      stationMs: summarize(station),
      overheadMs: summarize(overhead),
      domMs: summarize(dom),
      enterToRequestMs: summarize(toRequest),
      scanRequestMs: summarize(request),
      answerToDomMs: summarize(answerToDom),
      eventToDomMs: summarize(eventToDom),
      enterToCreatedMs: summarize(enterToCreated),
      updatedToEventMs: summarize(updatedToEvent),
      messagesPerScan: summarize(messages),
      updatedToNodeEventMs: summarize(updatedToNodeEvent),
    };
  } finally {
    await browser.close();
    host.stopEvents();
    const exited = new Promise((resolve) => host.child.once('exit', resolve));
    host.child.kill('SIGTERM');
    await exited;
  }
}
