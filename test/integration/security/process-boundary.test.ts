import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { STATION_METHOD_NAMES } from '../../../preload/method-names';
import { dispatch } from '../../../main/hosts/shared/dispatch';
import { methodInputSchemas } from '../../../main/hosts/shared/schemas';
import { startWebHost, type WebHost } from '../../../main/hosts/web/server';
import { fuzzPayloads, nearValidPayloads, RAW_BODIES, stableSeed } from '../../support/fuzz-payloads';
import { scanAndWait, startBench, type Bench } from '../../support/station-harness';
import { postToWebHost } from '../../support/web-call';

/**
 * The process boundary: whatever a compromised renderer or a hostile local page sends, every StationApi method
 * answers with a clean error (400/404/422 and an ApiErrorBody), never a 500 or a crash, and the station keeps
 * working. Payloads are seeded (FUZZ_SEED) so a failure can be replayed exactly.
 */

const FUZZ_SEED = 6006;
const PER_METHOD = 24;
/** A fuzz payload that happens to be valid for these would really change the station's key or printers. */
const MUTATING = new Set(['setApiKey', 'savePrinter', 'removePrinter', 'saveSettings']);

const apiErrorBodySchema = z.object({
  error: z.enum(['invalid_argument', 'not_found', 'failed', 'unauthorized', 'internal']),
  message: z.string().min(1).max(2000),
});

interface Violation {
  method: string;
  payload: string;
  status: number;
  body: string;
}

function describePayload(payload: unknown): string {
  try {
    const text = JSON.stringify(payload) ?? String(payload);
    return text.length > 160 ? `${text.slice(0, 160)}… (${text.length} chars)` : text;
  } catch {
    return String(payload);
  }
}

function payloadsFor(method: string): unknown[] {
  const schema = methodInputSchemas[method as keyof typeof methodInputSchemas];
  return [
    ...fuzzPayloads(stableSeed(method, FUZZ_SEED), PER_METHOD),
    ...nearValidPayloads(stableSeed(method, FUZZ_SEED + 1), method, PER_METHOD),
  ].filter((p) => !(MUTATING.has(method) && schema.safeParse(p).success));
}

function post(web: WebHost, path: string, body: string | Buffer): Promise<{ status: number; body: string }> {
  return postToWebHost(web, path, body);
}

function get(web: WebHost, path: string): Promise<{ status: number; body: string }> {
  const url = new URL(web.url);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, method: 'GET', path, headers: { host: url.host } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

let bench: Bench;
let web: WebHost;
let rendererDir: string;
const hostLog: string[] = [];

beforeAll(async () => {
  bench = await startBench();
  rendererDir = await mkdtemp(join(tmpdir(), 'packbench-renderer-'));
  await mkdir(join(rendererDir, 'assets'));
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>Packbench</title>');
  web = await startWebHost({ station: bench.station, rendererDir, log: (line) => hostLog.push(line) });
});

afterAll(async () => {
  await web?.close();
  await bench?.close();
  if (rendererDir) await rm(rendererDir, { recursive: true, force: true });
});

function isPolluted(): boolean {
  const probe = {} as Record<string, unknown>;
  return 'polluted' in probe || 'polluted' in Object.prototype || Object.keys(Object.prototype).length > 0;
}

async function stationStillWorks(code: string): Promise<void> {
  const status = await dispatch(bench.station, 'getStatus', null);
  expect(status.ok).toBe(true);
  const job = await scanAndWait(bench.station, code);
  expect(job.state).toBe('printed');
  expect(bench.sim.records().filter((r) => r.internalReference === code)).toHaveLength(1);
}

describe('every StationApi method through dispatch() with seeded hostile payloads', () => {
  it('answers each payload with a result or a clean 400/404/422 ApiErrorBody, never a 500 or a throw', async () => {
    const violations: Violation[] = [];
    let calls = 0;
    for (const method of STATION_METHOD_NAMES) {
      for (const payload of payloadsFor(method)) {
        calls++;
        const outcome = await dispatch(bench.station, method, payload);
        if (outcome.ok) continue;
        const body = apiErrorBodySchema.safeParse(outcome.body);
        if (![400, 404, 422].includes(outcome.status) || !body.success) {
          violations.push({
            method,
            payload: describePayload(payload),
            status: outcome.status,
            body: JSON.stringify(outcome.body),
          });
        }
      }
    }
    expect(calls).toBeGreaterThan(STATION_METHOD_NAMES.length * PER_METHOD * 0.8);
    expect(violations).toEqual([]);
  });

  it('refuses names that are not methods, including prototype names, with 404', async () => {
    for (const name of [
      '__proto__',
      'constructor',
      'toString',
      'hasOwnProperty',
      'then',
      '',
      'getStatus/../scan',
      'whenIdle',
      'close',
      'subscribe',
    ]) {
      const outcome = await dispatch(bench.station, name, {});
      expect(outcome).toMatchObject({ ok: false, status: 404, body: { error: 'not_found' } });
    }
  });

  it('left Object.prototype untouched, and the station still answers getStatus and prints a real scan', async () => {
    expect(isPolluted()).toBe(false);
    await stationStillWorks('ORD-1003');
  });
});

describe('every StationApi method over the web host with seeded hostile payloads', () => {
  it('answers each payload with 200 or a clean 400/404/422 ApiErrorBody, never a 500', async () => {
    const violations: Violation[] = [];
    for (const method of STATION_METHOD_NAMES) {
      for (const payload of payloadsFor(method)) {
        const res = await post(
          web,
          `/api/${method}`,
          JSON.stringify(payload === undefined ? {} : { input: payload }),
        );
        if (res.status === 200) continue;
        let parsed: unknown;
        try {
          parsed = JSON.parse(res.body);
        } catch {
          parsed = undefined;
        }
        if (![400, 404, 422].includes(res.status) || !apiErrorBodySchema.safeParse(parsed).success) {
          violations.push({
            method,
            payload: describePayload(payload),
            status: res.status,
            body: res.body.slice(0, 300),
          });
        }
      }
    }
    expect(violations).toEqual([]);
  });

  it('refuses bodies that are not JSON or truncated with 400, and answers odd but valid JSON cleanly, on every method', async () => {
    const violations: Violation[] = [];
    for (const method of STATION_METHOD_NAMES) {
      for (const body of RAW_BODIES) {
        const res = await post(web, `/api/${method}`, body);
        let parsed: unknown;
        try {
          parsed = JSON.parse(res.body);
        } catch {
          parsed = undefined;
        }
        let isJson = true;
        try {
          JSON.parse(body.toString());
        } catch {
          isJson = false;
        }
        // A body without "input" (`[]`, `null`) is a call without arguments: fine for getStatus, 400 for scan.
        if (res.status === 200 && isJson) continue;
        if (
          ![400, 404, 422].includes(res.status) ||
          !apiErrorBodySchema.safeParse(parsed).success ||
          (!isJson && res.status !== 400)
        ) {
          violations.push({
            method,
            payload: describePayload(body.toString()),
            status: res.status,
            body: res.body.slice(0, 300),
          });
        }
      }
    }
    expect(violations).toEqual([]);
  });

  it('refuses a body over 1 MB with 413 and keeps serving', async () => {
    const res = await post(web, '/api/scan', JSON.stringify({ input: { code: 'x'.repeat(1_100_000) } }));
    expect(res.status).toBe(413);
    expect(apiErrorBodySchema.parse(JSON.parse(res.body)).error).toBe('invalid_argument');
  });

  it('refuses unknown and prototype method names with 404', async () => {
    for (const name of [
      '__proto__',
      'constructor',
      'toString',
      'hasOwnProperty',
      'deleteEverything',
      '..%2FgetStatus',
    ]) {
      const res = await post(web, `/api/${name}`, '{}');
      expect(res.status, name).toBe(404);
    }
  });

  it('left Object.prototype untouched, and the station still answers getStatus and prints a real scan', async () => {
    expect(isPolluted()).toBe(false);
    const status = await post(web, '/api/getStatus', '{"input":null}');
    expect(status.status).toBe(200);
    await stationStillWorks('ORD-1004');
  });

  it('logged no stack trace of a method that failed inside the station', () => {
    expect(hostLog.filter((l) => l.includes(' failed: '))).toEqual([]);
  });
});

describe('static paths on the web host', () => {
  it('answers a malformed percent-encoding in a UI path with a client error, not a 500', async () => {
    const res = await get(web, '/%E0%A4%A');
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});
