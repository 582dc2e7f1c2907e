import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { test as base } from '@playwright/test';

/** The web host in demo mode, started from the build as a user would (`node dist/main/web.js --demo`). */
export interface DemoHost {
  openUrl: string;
  baseUrl: string;
  token: string;
  samples: string[];
  /** POST /api/<name> with the token. */
  call<T = unknown>(name: string, input?: unknown): Promise<T>;
  stop(): Promise<void>;
}

export async function startDemoHost(): Promise<DemoHost> {
  const child: ChildProcess = spawn(process.execPath, ['dist/main/web.js', '--demo', '--port', '0'], {
    cwd: new URL('../..', import.meta.url).pathname,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PACKBENCH_VAULT_KEY: 'e2e' },
  });
  const stderr: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  const lines = createInterface({ input: child.stdout! });
  const samples: string[] = [];
  const openUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`web host did not start:\n${stderr.join('')}`)), 20_000);
    let url: string | undefined;
    lines.on('line', (line) => {
      const open = /^Open (http\S+)/.exec(line);
      if (open) url = open[1];
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
  const parsed = new URL(openUrl);
  const token = parsed.searchParams.get('token') ?? '';
  const baseUrl = `${parsed.protocol}//${parsed.host}`;
  return {
    openUrl,
    baseUrl,
    token,
    samples,
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
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/** One demo host per test file (a fresh simulator and data directory each). */
export const test = base.extend<object, { demo: DemoHost }>({
  demo: [
    // Playwright reads the fixture's dependencies from this pattern: an empty one means "none".
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const host = await startDemoHost();
      await use(host);
      await host.stop();
    },
    { scope: 'worker' },
  ],
});
export { expect } from '@playwright/test';
