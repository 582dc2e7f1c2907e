import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createTransport,
  DEFAULT_LIMITS,
  type TransportOptions,
} from '../../../main/nshift/shared/transport';

/**
 * What the transport takes from a server that sends too much, too slowly or nothing: real servers on
 * 127.0.0.1, and what they could write before the client hung up (bytes, never the clock) as the proof.
 */

interface Served {
  url: string;
  requests: number;
  /** Bytes the client's socket took from this server (write callbacks without an error). */
  taken: number;
  close(): Promise<void>;
}

const servers: Served[] = [];
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  for (const server of servers.splice(0)) await server.close();
});

async function serve(answer: (res: ServerResponse, served: Served, req: IncomingMessage) => unknown) {
  const served: Served = { url: '', requests: 0, taken: 0, close: async () => {} };
  const server = createServer((req, res) => {
    served.requests += 1;
    req.resume();
    req.on('end', () => void answer(res, served, req));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  served.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  served.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  servers.push(served);
  return served;
}

/** Writes `bytes` of filler as fast as the client reads it, counting what its socket took. */
async function flood(res: ServerResponse, served: Served, bytes: number): Promise<void> {
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  let left = bytes;
  while (left > 0 && !res.destroyed) {
    const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
    left -= piece.length;
    const more = res.write(piece, (error) => {
      if (!error) served.taken += piece.length;
    });
    if (!more)
      await new Promise<void>((resolve) => {
        res.once('drain', resolve);
        res.once('close', resolve);
      });
  }
  if (!res.destroyed) res.end();
}

/** Headers at once, then a byte every 20 ms of a body that never ends: never idle long enough to time out. */
function trickle(res: ServerResponse, status: number): void {
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': '1000000' });
  const timer = setInterval(() => (res.destroyed ? clearInterval(timer) : res.write(' ')), 20);
  res.on('close', () => clearInterval(timer));
}

function transport(options: TransportOptions = {}) {
  const t = createTransport({ retry: { attempts: 3, baseDelayMs: 1, maxDelayMs: 2 }, ...options });
  closers.push(() => t.close());
  return t;
}

const MB = 1024 * 1024;

describe('an answer larger than its limit', () => {
  it('a 200 MB JSON answer is refused after its limit, never read whole, and not asked for again', async () => {
    const server = await serve(async (res, served) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      await flood(res, served, 200 * MB);
    });
    const result = await transport().send({
      operation: 'orders.list',
      method: 'GET',
      url: `${server.url}/orders`,
      idempotent: true,
    });
    expect(result).toMatchObject({ ok: false, error: { kind: 'malformed', status: 200 } });
    expect(!result.ok && result.error.message).toContain('larger than 32 MB');
    // The limit, and what the sockets' buffers hold beyond it: nowhere near the 200 MB sent for.
    expect(server.taken).toBeLessThan(DEFAULT_LIMITS.jsonBytes + 16 * MB);
    expect(server.requests).toBe(1);
  });

  it('an answer that declares a length above the limit is refused before its body is read', async () => {
    const server = await serve(async (res, served) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(200 * MB) });
      await flood(res, served, 200 * MB);
    });
    const result = await transport({ limits: { jsonBytes: 1 * MB } }).send({
      operation: 'orders.list',
      method: 'GET',
      url: `${server.url}/orders`,
      idempotent: true,
    });
    expect(result).toMatchObject({ ok: false, error: { kind: 'malformed' } });
    expect(server.taken).toBeLessThan(16 * MB);
  });

  it('a booking whose answer is too large is outcome_unknown: it was made, and is looked up, not repeated', async () => {
    const server = await serve(async (res, served) => {
      res.writeHead(201, { 'content-type': 'application/json' });
      await flood(res, served, 20 * MB);
    });
    const result = await transport({ limits: { jsonBytes: 1 * MB } }).send({
      operation: 'shipments.create',
      method: 'POST',
      url: `${server.url}/shipments`,
      idempotent: false,
      json: {},
    });
    expect(result).toMatchObject({
      ok: false,
      error: { kind: 'outcome_unknown', cause: 'unreadable_answer', status: 201 },
    });
    expect(server.requests).toBe(1);
  });

  it('a document has a limit of its own, above a JSON answer’s', async () => {
    const server = await serve(async (res, served) => {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      await flood(res, served, 3 * MB);
    });
    const t = transport({ limits: { jsonBytes: 1 * MB, documentBytes: 4 * MB } });
    const asJson = await t.send({ operation: 'x', method: 'GET', url: server.url, idempotent: true });
    expect(asJson).toMatchObject({ ok: false, error: { kind: 'malformed' } });
    const asDocument = await t.send({
      operation: 'x',
      method: 'GET',
      url: server.url,
      idempotent: true,
      answer: 'document',
    });
    expect(asDocument.ok && asDocument.value.body.length).toBe(3 * MB);
    expect(DEFAULT_LIMITS.documentBytes).toBeGreaterThan(DEFAULT_LIMITS.jsonBytes);
  });
});

describe('a call’s deadline', () => {
  it('a server trickling its answer a byte at a time, never idle long enough to time out, fails the call at the deadline', async () => {
    const server = await serve((res) => trickle(res, 200));
    const result = await transport({ timeouts: { bodyMs: 5_000, callMs: 500 } }).send({
      operation: 'orders.list',
      method: 'GET',
      url: server.url,
      idempotent: true,
    });
    expect(result).toMatchObject({ ok: false, error: { kind: 'network', cause: 'timeout' } });
    expect(!result.ok && result.error.message).toContain('no complete answer within');
    // The deadline is the whole call's: no second attempt starts after it.
    expect(server.requests).toBe(1);
  });

  it('a booking cut off by the deadline is outcome_unknown (timeout), sent once', async () => {
    const server = await serve((res) => trickle(res, 201));
    const result = await transport({ timeouts: { bodyMs: 5_000, callMs: 500 } }).send({
      operation: 'shipments.create',
      method: 'POST',
      url: server.url,
      idempotent: false,
      json: {},
    });
    expect(result).toMatchObject({ ok: false, error: { kind: 'outcome_unknown', cause: 'timeout' } });
    expect(server.requests).toBe(1);
  });

  it('a server that never answers fails the call at the deadline, not after every attempt’s header timeout', async () => {
    const server = await serve(() => undefined);
    const result = await transport({ timeouts: { headersMs: 5_000, callMs: 500 } }).send({
      operation: 'orders.list',
      method: 'GET',
      url: server.url,
      idempotent: true,
    });
    expect(result).toMatchObject({ ok: false, error: { kind: 'network', cause: 'timeout' } });
    expect(server.requests).toBe(1);
  });
});
