import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { request } from 'node:http';
import type { JobView, MethodInput, MethodOutput, StationMethodName } from '../../preload/api';

/**
 * The built web host (dist/main/web.js) as an operator starts it, for host tests: its output, its exit, and the
 * StationApi over HTTP with the launch token once it printed its URL.
 */
export interface WebProcess {
  proc: ChildProcessWithoutNullStreams;
  stdout(): string;
  stderr(): string;
  /** The exit code (null after a signal). */
  closed: Promise<number | null>;
  /** Resolves once the host printed "Open http://…/?token=…"; rejects if it exits first. */
  ready(timeoutMs?: number): Promise<{ url: URL; token: string }>;
  /** POST /api/<method> with the token: the raw status and body. */
  post(method: string, input?: unknown, token?: string): Promise<{ status: number; body: unknown }>;
  call<K extends StationMethodName>(method: K, input?: MethodInput<K>): Promise<MethodOutput<K>>;
  /** Polls getJob until the job has ended. */
  finished(jobId: string, timeoutMs?: number): Promise<JobView>;
  /** SIGTERM (or another signal) and the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

const ENDED = new Set(['printed', 'held', 'failed', 'done']);

export function startWebProcess(args: string[], env: NodeJS.ProcessEnv = {}): WebProcess {
  const proc = spawn(process.execPath, ['dist/main/web.js', ...args], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, PACKBENCH_VAULT_KEY: 'web-process-test-key-0123456789', ...env },
  });
  let out = '';
  let err = '';
  proc.stdout.on('data', (c: Buffer) => (out += c.toString()));
  proc.stderr.on('data', (c: Buffer) => (err += c.toString()));
  let exited = false;
  const closed = new Promise<number | null>((resolve) =>
    proc.once('close', (code) => {
      exited = true;
      resolve(code);
    }),
  );
  let opened: { url: URL; token: string } | undefined;

  async function ready(timeoutMs = 20_000): Promise<{ url: URL; token: string }> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const match = /Open (http:\/\/[^\s/]+)\/\?token=([A-Za-z0-9_-]+)/.exec(out);
      if (match) return (opened = { url: new URL(match[1]!), token: match[2]! });
      if (exited || Date.now() > until)
        throw new Error(`the web host did not print its URL:\n${out}\n${err}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  function post(method: string, input?: unknown, token = opened?.token) {
    const url = opened?.url;
    if (!url) return Promise.reject(new Error('the web host is not ready'));
    return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          method: 'POST',
          path: `/api/${method}`,
          headers: {
            host: url.host,
            'content-type': 'application/json',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString();
            let body: unknown = text;
            try {
              body = JSON.parse(text);
            } catch {
              // not JSON: keep the text
            }
            resolve({ status: res.statusCode ?? 0, body });
          });
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify({ input: input ?? null }));
    });
  }

  async function call<K extends StationMethodName>(
    method: K,
    input?: MethodInput<K>,
  ): Promise<MethodOutput<K>> {
    const res = await post(method, input);
    if (res.status !== 200) throw new Error(`${method}: ${res.status} ${JSON.stringify(res.body)}`);
    return (res.body as { result: MethodOutput<K> }).result;
  }

  return {
    proc,
    stdout: () => out,
    stderr: () => err,
    closed,
    ready,
    post,
    call,
    async finished(jobId, timeoutMs = 15_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const job = await call('getJob', { jobId });
        if (ENDED.has(job.state)) return job;
        if (Date.now() > until) throw new Error(`job ${jobId} did not end: ${JSON.stringify(job)}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async stop(signal = 'SIGTERM') {
      if (!exited) proc.kill(signal);
      return closed;
    },
  };
}
