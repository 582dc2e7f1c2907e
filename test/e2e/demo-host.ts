import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { test as base } from '@playwright/test';

/** The web host in demo mode, started from the build as a user would (`node dist/main/web.js --demo`). */
export interface DemoHost {
  openUrl: string;
  baseUrl: string;
  token: string;
  samples: string[];
  /** The in-process nShift simulator's origin (its control API is under `/_sim/`). */
  simulatorUrl: string;
  /** The demo's virtual Zebra, as the status bar names it (`tcp://host:port`). */
  labelPrinter: { host: string; port: number };
  /** POST /api/<name> with the token. */
  call<T = unknown>(name: string, input?: unknown): Promise<T>;
  /** POST to the simulator's control API, e.g. `sim('/_sim/shipments/5666302/hand-over')`. */
  sim<T = unknown>(path: string, body?: unknown): Promise<T>;
  stop(): Promise<void>;
}

/**
 * `port`: a given one, to start a host again where an open page expects it (a restart); a free one otherwise.
 * `args`: more flags (a kept `--data-dir`, `--keep-token`).
 */
export async function startDemoHost(options: { port?: number; args?: string[] } = {}): Promise<DemoHost> {
  const port = String(options.port ?? 0);
  const args = ['dist/main/web.js', '--demo', '--port', port, ...(options.args ?? [])];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: new URL('../..', import.meta.url).pathname,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PACKBENCH_VAULT_KEY: 'e2e' },
  });
  const stderr: string[] = [];
  let simulatorUrl: string | undefined;
  let simulatorSeen: () => void = () => undefined;
  const simulatorLogged = new Promise<void>((resolve) => (simulatorSeen = resolve));
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr.push(chunk.toString());
    if (simulatorUrl) return;
    // Logged once at start: "demo: nShift simulator at http://127.0.0.1:PORT/rs-extapi/v1, virtual Zebra at …".
    const found = /demo: nShift simulator at (https?:\/\/[^/\s]+)\//.exec(stderr.join(''));
    if (found?.[1]) {
      simulatorUrl = found[1];
      simulatorSeen();
    }
  });
  const lines = createInterface({ input: child.stdout! });
  const samples: string[] = [];
  let labelPrinter: { host: string; port: number } | undefined;
  const openUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`web host did not start:\n${stderr.join('')}`)), 20_000);
    let url: string | undefined;
    lines.on('line', (line) => {
      const open = /^Open (http\S+)/.exec(line);
      if (open) url = open[1];
      const zebra = /virtual label printer \(tcp:\/\/([^:]+):(\d+)\)/.exec(line);
      if (zebra?.[1] && zebra[2]) labelPrinter = { host: zebra[1], port: Number(zebra[2]) };
      const sample = /^ {2}(\S+)\s/.exec(line);
      if (sample?.[1]) samples.push(sample[1]);
      if (url && /^Scan or type/.test(line)) {
        setTimeout(() => {
          clearTimeout(timer);
          resolve(url!);
        }, 50);
      }
    });
    child.once('exit', (code) => reject(new Error(`web host exited with ${code}:\n${stderr.join('')}`)));
  });
  let giveUp: NodeJS.Timeout | undefined;
  await Promise.race([
    simulatorLogged,
    new Promise((_, reject) => {
      giveUp = setTimeout(() => reject(new Error(`no simulator URL on stderr:\n${stderr.join('')}`)), 5_000);
    }),
  ]).finally(() => clearTimeout(giveUp));
  if (!labelPrinter) throw new Error('the demo did not name its virtual label printer on stdout');
  const simulatorOrigin = simulatorUrl!;
  const parsed = new URL(openUrl);
  const token = parsed.searchParams.get('token') ?? '';
  const baseUrl = `${parsed.protocol}//${parsed.host}`;
  return {
    openUrl,
    baseUrl,
    token,
    samples,
    simulatorUrl: simulatorOrigin,
    labelPrinter,
    async call<T>(name: string, input?: unknown): Promise<T> {
      const res = await fetch(`${baseUrl}/api/${name}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ input: input ?? null }),
      });
      const body = (await res.json()) as { result?: T; message?: string };
      if (!res.ok) throw new Error(`${name}: ${res.status} ${body.message ?? ''}`);
      return body.result as T;
    },
    async sim<T>(path: string, body?: unknown): Promise<T> {
      const res = await fetch(`${simulatorOrigin}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body ?? {}),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`simulator ${path}: ${res.status} ${text}`);
      return (text ? JSON.parse(text) : undefined) as T;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The worker's current demo host and the test file it belongs to. */
interface HostPerFile {
  get(file: string): Promise<DemoHost>;
  stop(): Promise<void>;
}

function hostPerFile(): HostPerFile {
  let current: { file: string; host: DemoHost } | undefined;
  return {
    async get(file) {
      if (current?.file === file) return current.host;
      await current?.host.stop();
      current = undefined;
      current = { file, host: await startDemoHost() };
      return current.host;
    },
    async stop() {
      await current?.host.stop();
      current = undefined;
    },
  };
}

/**
 * One demo host per test file (a fresh simulator, virtual Zebra and data directory each). Playwright reuses a
 * worker, and so its worker-scoped fixtures, across files; the host is therefore keyed by the test's file, so
 * one file's printers, settings and labels never leak into the next.
 */
export const test = base.extend<{ demo: DemoHost }, { demoHosts: HostPerFile }>({
  demoHosts: [
    // Playwright reads the fixture's dependencies from this pattern: an empty one means "none".
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const hosts = hostPerFile();
      await use(hosts);
      await hosts.stop();
    },
    { scope: 'worker' },
  ],
  demo: async ({ demoHosts }, use, testInfo) => {
    await use(await demoHosts.get(testInfo.file));
  },
});
export { expect } from '@playwright/test';
