import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebHost, type WebHost } from '../../../main/hosts/web/server';
import { createFileVault } from '../../../main/settings/file-vault';
import { runHeadless, stationFlags } from '../../support/headless-process';
import { scanAndWait, startBench, type Bench } from '../../support/station-harness';
import { postToWebHost } from '../../support/web-call';

/**
 * The API secret reaches nShift and nothing else: not the renderer (a fixed mask only), not an event, an error
 * body, a log line, a job, or any file in the data directory — also when the key is wrong and every call fails.
 */

const KEY_ID = 'secret-test-station';
const SECRET = `right-${randomBytes(12).toString('hex')}`;
const WRONG = `wrong-${randomBytes(12).toString('hex')}`;

/** Every form a leaked secret could take: plain, base64, and inside HTTP Basic credentials. */
function needles(secret: string): Buffer[] {
  return [
    Buffer.from(secret),
    Buffer.from(Buffer.from(secret).toString('base64')),
    Buffer.from(Buffer.from(`${KEY_ID}:${secret}`).toString('base64')),
  ];
}

function leaks(text: string | Buffer): boolean {
  const bytes = Buffer.isBuffer(text) ? text : Buffer.from(text);
  return [...needles(SECRET), ...needles(WRONG)].some((n) => bytes.includes(n));
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

let bench: Bench;
let web: WebHost;
let dataDir: string;
const logs: string[] = [];
let sse = '';
let closeSse: () => void = () => {};

function call(method: string, input: unknown): Promise<{ status: number; body: string }> {
  return postToWebHost(web, `/api/${method}`, JSON.stringify({ input }));
}

const answers: string[] = [];
async function recorded(method: string, input: unknown): Promise<{ status: number; body: string }> {
  const res = await call(method, input);
  answers.push(`${method} ${res.status} ${res.body}`);
  return res;
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'packbench-secrets-'));
  bench = await startBench({
    dataDir,
    apiKey: undefined,
    extra: { vault: createFileVault(dataDir, {}), log: (line) => logs.push(line) },
  });
  bench.sim.addApiKey({ id: KEY_ID, secret: SECRET });
  web = await startWebHost({ station: bench.station, rendererDir: dataDir, log: (line) => logs.push(line) });
  const url = new URL(web.url);
  await new Promise<void>((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: `/api/events?token=${web.token}`,
        headers: { host: url.host },
      },
      (res) => {
        res.on('data', (c: Buffer) => {
          sse += c.toString();
        });
        resolve();
      },
    );
    req.on('error', reject);
    req.end();
    closeSse = () => req.destroy();
  });
});

afterAll(async () => {
  closeSse();
  await web?.close();
  await bench?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the API secret', () => {
  it('goes into the vault and comes back to the UI only as a fixed mask', async () => {
    const set = await recorded('setApiKey', { id: KEY_ID, secret: SECRET });
    expect(set.status).toBe(200);
    const view = JSON.parse(set.body) as {
      result: { account: { apiKeyId: string; secretMask: string; hasSecret: boolean } };
    };
    expect(view.result.account).toMatchObject({ apiKeyId: KEY_ID, hasSecret: true, secretMask: '••••••••' });
    const settings = await recorded('getSettings', null);
    expect(settings.body).toContain('••••••••');
    expect(leaks(set.body) || leaks(settings.body)).toBe(false);
  });

  it('books and prints with it, and no answer or event carries it', async () => {
    const connection = await recorded('testConnection', null);
    expect(JSON.parse(connection.body).result).toMatchObject({ ok: true });
    const job = await scanAndWait(bench.station, 'ORD-1001');
    expect(job.state).toBe('printed');
    for (const method of ['getStatus', 'listJobs', 'listSpool']) await recorded(method, null);
    expect(answers.some(leaks)).toBe(false);
    expect(leaks(sse)).toBe(false);
  });

  it('a wrong key makes every call fail with a clear auth error that does not echo the key', async () => {
    await recorded('setApiKey', { id: KEY_ID, secret: WRONG });
    const connection = await recorded('testConnection', null);
    expect(JSON.parse(connection.body).result).toMatchObject({ ok: false, state: 'unauthorized' });
    const job = await scanAndWait(bench.station, 'ORD-1002');
    expect(job.failure?.reason).toBe('auth');
    expect(leaks(JSON.stringify(job))).toBe(false);
    const reprint = await recorded('reprint', { code: 'ORD-1002' });
    const lookup = await recorded('lookupShipment', { code: 'ORD-1002' });
    expect([reprint.status, lookup.status].every((s) => s === 200 || (s >= 400 && s < 500))).toBe(true);
    expect(answers.some(leaks)).toBe(false);
    expect(leaks(sse)).toBe(false);
  });

  it('is in no log line of the station or the web host', () => {
    expect(logs.length).toBeGreaterThan(0);
    expect(logs.filter((l) => leaks(l))).toEqual([]);
  });

  it('is in no file of the data directory: journal, spool, label cache, settings, the vault (encrypted)', async () => {
    await bench.station.whenIdle();
    const files = await filesUnder(dataDir);
    expect(files.some((f) => f.includes('journal'))).toBe(true);
    expect(files.some((f) => f.endsWith('settings.json'))).toBe(true);
    const leaking: string[] = [];
    for (const file of files) if (leaks(await readFile(file))) leaking.push(file);
    expect(leaking).toEqual([]);
  });
});

describe('the headless host with the key in its environment', () => {
  it('writes neither the key nor its Basic form to stdout or stderr, with a wrong key or a crash at start', async () => {
    const env = { PACKBENCH_API_KEY_ID: KEY_ID, PACKBENCH_API_KEY_SECRET: WRONG };
    const dir = await mkdtemp(join(tmpdir(), 'packbench-secrets-headless-'));
    try {
      const wrongKey = await runHeadless(
        stationFlags(bench.deliveryUrl, bench.zebra.port, dir),
        'ORD-1003\n:reprint ORD-1003\n',
        env,
      );
      expect(wrongKey.code).toBe(0);
      expect(wrongKey.events.some((e) => e.event === 'failed' && e.reason === 'auth')).toBe(true);
      // A data directory that cannot be made: the host fails at start and says why.
      const crash = await runHeadless(['--data-dir', '/dev/null/packbench'], '', env);
      expect(crash.code).not.toBe(0);
      expect(crash.stderr.length).toBeGreaterThan(0);
      for (const run of [wrongKey, crash]) {
        expect(leaks(run.stdout)).toBe(false);
        expect(leaks(run.stderr)).toBe(false);
      }
      const leaking: string[] = [];
      for (const file of await filesUnder(dir)) if (leaks(await readFile(file))) leaking.push(file);
      expect(leaking).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
