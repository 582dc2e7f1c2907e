import { mkdtemp, writeFile, mkdir } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StationEvent } from '../../../preload/api';
import type { Station } from '../../../main/station/station';
import { startWebHost, type WebHost } from '../../../main/hosts/web/server';
import { startBench, type Bench } from '../../support/station-harness';

/** A raw HTTP request, so Host and Origin can be forged the way a hostile page or DNS rebinding would. */
function raw(
  host: WebHost,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const url = new URL(host.url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: options.headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

let bench: Bench;
let web: WebHost;
let rendererDir: string;

beforeAll(async () => {
  bench = await startBench();
  rendererDir = await mkdtemp(join(tmpdir(), 'packbench-renderer-'));
  await mkdir(join(rendererDir, 'assets'));
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>Packbench</title>');
  await writeFile(join(rendererDir, 'assets', 'app.js'), 'console.log(1)');
  await writeFile(join(rendererDir, 'assets', 'index-Cxy07ovf.js'), 'console.log(2)');
  web = await startWebHost({ station: bench.station, rendererDir });
});
afterAll(async () => {
  await web.close();
  await bench.close();
});

const json = (token: string | undefined, extra: Record<string, string> = {}) => ({
  'content-type': 'application/json',
  host: new URL(web.url).host,
  ...(token ? { authorization: `Bearer ${token}` } : {}),
  ...extra,
});

describe('the web host', () => {
  it('binds to 127.0.0.1 and serves the UI with security headers', async () => {
    expect(new URL(web.url).hostname).toBe('127.0.0.1');
    const res = await raw(web, { path: '/', headers: { host: new URL(web.url).host } });
    expect(res.status).toBe(200);
    expect(res.headers['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('answers a call that carries the launch token', async () => {
    const res = await raw(web, {
      method: 'POST',
      path: '/api/getStatus',
      headers: json(web.token),
      body: '{"input":null}',
    });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body).result).toMatchObject({ host: 'headless', queueLength: expect.any(Number) });
  });

  it('refuses a call without the token, or with a wrong one', async () => {
    expect(
      (await raw(web, { method: 'POST', path: '/api/getStatus', headers: json(undefined), body: '{}' }))
        .status,
    ).toBe(401);
    expect(
      (await raw(web, { method: 'POST', path: '/api/getStatus', headers: json('not-the-token'), body: '{}' }))
        .status,
    ).toBe(401);
    expect(
      (await raw(web, { path: '/api/events?token=wrong', headers: { host: new URL(web.url).host } })).status,
    ).toBe(401);
  });

  it('refuses a foreign Host header (DNS rebinding), even with the token', async () => {
    const res = await raw(web, {
      method: 'POST',
      path: '/api/getStatus',
      headers: json(web.token, { host: 'evil.example:80' }),
      body: '{}',
    });
    expect(res.status).toBe(421);
  });

  it('refuses a request from another origin, even with the token', async () => {
    const res = await raw(web, {
      method: 'POST',
      path: '/api/scan',
      headers: json(web.token, { origin: 'https://evil.example' }),
      body: '{"input":{"code":"ORD-1001"}}',
    });
    expect(res.status).toBe(403);
    expect(bench.sim.records().filter((r) => r.internalReference === 'ORD-1001')).toHaveLength(0);
  });

  it('refuses form posts and invalid arguments before they reach the station', async () => {
    const form = await raw(web, {
      method: 'POST',
      path: '/api/scan',
      headers: { ...json(web.token), 'content-type': 'text/plain' },
      body: '{"input":{"code":"ORD-1001"}}',
    });
    expect(form.status).toBe(415);
    const extra = await raw(web, {
      method: 'POST',
      path: '/api/scan',
      headers: json(web.token),
      body: '{"input":{"code":"ORD-1001","admin":true}}',
    });
    expect(extra.status).toBe(400);
    expect(JSON.parse(extra.body)).toMatchObject({ error: 'invalid_argument' });
    const unknown = await raw(web, {
      method: 'POST',
      path: '/api/deleteEverything',
      headers: json(web.token),
      body: '{}',
    });
    expect(unknown.status).toBe(404);
  });

  it('does not serve files outside the renderer folder', async () => {
    const res = await raw(web, { path: '/../../../../etc/passwd', headers: { host: new URL(web.url).host } });
    expect(res.body).not.toContain('root:');
    const encoded = await raw(web, {
      path: '/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
      headers: { host: new URL(web.url).host },
    });
    expect(encoded.body).not.toContain('root:');
  });

  it('streams station events over server-sent events to a client with the token', async () => {
    const stream = await listen(web);
    await raw(web, {
      method: 'POST',
      path: '/api/scan',
      headers: json(web.token),
      body: '{"input":{"code":"ORD-1002"}}',
    });
    await expect
      .poll(
        () =>
          stream.events.some(
            (e) => e.type === 'job' && e.job.scan === 'ORD-1002' && e.job.state === 'printed',
          ),
        {
          timeout: 10_000,
        },
      )
      .toBe(true);
    stream.close();
  });

  it('lets a browser keep the build’s hashed files for good, never the page that names them', async () => {
    const get = (path: string) => raw(web, { path, headers: { host: new URL(web.url).host } });
    expect((await get('/')).headers['cache-control']).toBe('no-store');
    expect((await get('/assets/index-Cxy07ovf.js')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    // A file without a content hash in its name may change under the same name: kept for an hour only.
    expect((await get('/assets/app.js')).headers['cache-control']).toBe('public, max-age=3600');
  });
});

describe('the web host while its station is still opening', () => {
  it('serves the page at once, holds calls and the event stream until the station is open, then answers them', async () => {
    let open: (station: Station) => void = () => undefined;
    const opening = new Promise<Station>((resolve) => (open = resolve));
    const early = await startWebHost({ station: opening, rendererDir });
    try {
      const page = await raw(early, { path: '/', headers: { host: new URL(early.url).host } });
      expect(page.status).toBe(200);
      const stream = await listen(early);
      let answered = false;
      const status = raw(early, {
        method: 'POST',
        path: '/api/getStatus',
        headers: { ...json(early.token), host: new URL(early.url).host },
      }).then((res) => {
        answered = true;
        return res;
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(answered).toBe(false);

      open(bench.station);
      const res = await status;
      expect(res.status).toBe(200);
      expect(JSON.parse(res.body)).toMatchObject({ result: { host: expect.any(String) } });
      // The stream opened before the station is subscribed to it once the station is there.
      await raw(early, {
        method: 'POST',
        path: '/api/scan',
        headers: { ...json(early.token), host: new URL(early.url).host },
        body: '{"input":{"code":"ORD-1003"}}',
      });
      await expect
        .poll(() => stream.events.some((e) => e.type === 'job' && e.job.scan === 'ORD-1003'), {
          timeout: 10_000,
        })
        .toBe(true);
      stream.close();
    } finally {
      await early.close();
    }
  });

  it('answers 503, in words, when the station could not open', async () => {
    const failed = await startWebHost({ station: Promise.reject(new Error('journal locked')), rendererDir });
    try {
      const res = await raw(failed, {
        method: 'POST',
        path: '/api/getStatus',
        headers: { ...json(failed.token), host: new URL(failed.url).host },
      });
      expect(res.status).toBe(503);
      expect(JSON.parse(res.body)).toEqual({
        error: 'internal',
        message: 'The station could not open: its host says why in its log.',
      });
    } finally {
      await failed.close();
    }
  });
});

describe('the web host’s demo controls', () => {
  it('answers only the controls it was given: a name of Object.prototype is no control (404, never 500)', async () => {
    let pinged = 0;
    const demo = await startWebHost({
      station: bench.station,
      rendererDir,
      demoControls: {
        ping: async () => {
          pinged += 1;
          return 'pong';
        },
      },
    });
    try {
      const post = (name: string) =>
        raw(demo, {
          method: 'POST',
          path: `/api/_demo/${name}`,
          headers: { ...json(demo.token), host: new URL(demo.url).host },
          body: '{}',
        });
      const ping = await post('ping');
      expect(ping.status).toBe(200);
      expect(JSON.parse(ping.body)).toEqual({ result: 'pong' });
      for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf']) {
        const res = await post(name);
        expect({ name, status: res.status }).toEqual({ name, status: 404 });
        expect(JSON.parse(res.body)).toMatchObject({ error: 'not_found' });
      }
      expect(pinged).toBe(1);
    } finally {
      await demo.close();
    }
  });
});

/** A client of the host's event stream, with the launch token, collecting the events it is sent. */
async function listen(host: WebHost): Promise<{ events: StationEvent[]; close(): void }> {
  const url = new URL(host.url);
  const events: StationEvent[] = [];
  const req = request({
    host: url.hostname,
    port: url.port,
    path: `/api/events?token=${encodeURIComponent(host.token)}`,
    headers: { host: url.host },
  });
  await new Promise<void>((resolve) => {
    req.on('response', (res) => {
      let buffer = '';
      res.on('data', (chunk: Buffer) => {
        buffer += chunk.toString();
        for (const frame of buffer.split('\n\n').slice(0, -1)) {
          const data = frame.split('\n').find((l) => l.startsWith('data: '));
          if (data) events.push(JSON.parse(data.slice(6)) as StationEvent);
        }
        buffer = buffer.slice(buffer.lastIndexOf('\n\n') + 2);
        resolve();
      });
    });
    req.end();
  });
  return { events, close: () => req.destroy() };
}
