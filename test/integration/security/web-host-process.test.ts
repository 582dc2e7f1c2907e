import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * The built web host (dist/main/web.js) as an operator starts it: 127.0.0.1 by default, a refusal to bind to
 * the network without --allow-remote, and the token on every call.
 */

let child: ChildProcessWithoutNullStreams | undefined;
let dataDir: string | undefined;

afterEach(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child!.once('close', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  child = undefined;
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});

function start(args: string[]): {
  proc: ChildProcessWithoutNullStreams;
  stdout: () => string;
  stderr: () => string;
  closed: Promise<number | null>;
} {
  const proc = spawn(process.execPath, ['dist/main/web.js', ...args], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, PACKBENCH_VAULT_KEY: 'web-host-process-test-key-0123456789' },
  });
  child = proc;
  let out = '';
  let err = '';
  proc.stdout.on('data', (c: Buffer) => (out += c.toString()));
  proc.stderr.on('data', (c: Buffer) => (err += c.toString()));
  const closed = new Promise<number | null>((resolve) => proc.once('close', (code) => resolve(code)));
  return { proc, stdout: () => out, stderr: () => err, closed };
}

async function waitFor(
  check: () => RegExpExecArray | null,
  closed: Promise<unknown>,
  timeoutMs = 15_000,
): Promise<RegExpExecArray> {
  const until = Date.now() + timeoutMs;
  let ended = false;
  void closed.then(() => (ended = true));
  for (;;) {
    const match = check();
    if (match) return match;
    if (ended || Date.now() > until) throw new Error('the web host did not print its URL');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function post(url: URL, path: string, token: string | undefined): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path,
        headers: {
          host: url.host,
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end('{"input":null}');
  });
}

describe('dist/main/web.js', () => {
  it('refuses --host 0.0.0.0 without --allow-remote, says why, and listens nowhere', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'packbench-web-'));
    const run = start(['--host', '0.0.0.0', '--port', '0', '--data-dir', dataDir]);
    const code = await run.closed;
    expect(code).not.toBe(0);
    expect(run.stderr()).toMatch(/--allow-remote/);
    expect(run.stdout()).not.toMatch(/Open http/);
  });

  it('binds 127.0.0.1 by default and wants the launch token on every call', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'packbench-web-'));
    const run = start(['--port', '0', '--data-dir', dataDir]);
    const match = await waitFor(
      () => /Open (http:\/\/[^\s/]+)\/\?token=([A-Za-z0-9_-]+)/.exec(run.stdout()),
      run.closed,
    );
    const url = new URL(match[1]!);
    expect(url.hostname).toBe('127.0.0.1');
    expect(await post(url, '/api/getStatus', undefined)).toBe(401);
    expect(await post(url, '/api/getStatus', 'wrong-token')).toBe(401);
    expect(await post(url, '/api/getStatus', match[2]!)).toBe(200);
  });
});
