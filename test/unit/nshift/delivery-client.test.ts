import { afterEach, describe, expect, it } from 'vitest';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { DeliveryError } from '../../../main/nshift/delivery/errors';
import { RequestRate } from '../../../main/nshift/shared/request-rate';
import { BASIC, KEY_ID, SECRET, handleExchange, json, startFake, testClient } from './fake-nshift';
import type { FakeServer, Handler } from './fake-nshift';

/** Every error any test produced: checked at the end for the secret. */
const producedErrors: DeliveryError[] = [];
const producedLogs: string[] = [];
let fake: FakeServer | undefined;
const closers: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  await fake?.close();
  fake = undefined;
});

async function setup(handler: Handler, overrides: Parameters<typeof testClient>[1] = {}) {
  fake = await startFake(handler);
  const t = testClient(fake, overrides);
  closers.push(() => t.client.close());
  return { ...t, fake };
}

function collect<T>(
  result: { ok: true; value: T } | { ok: false; error: DeliveryError },
): DeliveryError | undefined {
  if (!result.ok) producedErrors.push(result.error);
  return result.ok ? undefined : result.error;
}

const order = { id: '77', internalReference: 'ORD-1', status: 'OPEN', parcels: [{ id: 'p1', weight: 1 }] };
const printConfig = { target1Media: 'thermo-190', target1Type: 'zpl' };
const shipment = { receiver: { name: 'A' }, service: { id: 'P15' }, parcels: [{ copies: 1, weight: 1 }] };

describe('token exchange', () => {
  it('exchanges once with Basic id:secret and sends Bearer on the call', async () => {
    const tokens = { n: 0 };
    const { client } = await setup((req, res) => {
      if (handleExchange(req, res, tokens)) return;
      json(res, 200, [order]);
    });
    const result = await client.orders.list({ internalReference: 'ORD-1' });
    expect(result).toMatchObject({ ok: true, value: [{ id: '77', internalReference: 'ORD-1' }] });
    expect(fake?.exchanges()).toHaveLength(1);
    expect(fake?.exchanges()[0]?.method).toBe('GET');
    expect(fake?.exchanges()[0]?.headers.authorization).toBe(`Basic ${BASIC}`);
    expect(fake?.calls()[0]?.headers.authorization).toBe('Bearer tok-1');
    expect(fake?.calls()[0]?.url).toBe('/rs-extapi/v1/orders?internalReference=ORD-1');
  });

  it('makes ONE exchange for ten concurrent calls', async () => {
    const tokens = { n: 0 };
    const { client } = await setup(async (req, res) => {
      if (req.url.startsWith('/rs-extapi/v1/sessions/jwt')) await new Promise((r) => setTimeout(r, 20));
      if (handleExchange(req, res, tokens)) return;
      json(res, 200, [order]);
    });
    const results = await Promise.all(Array.from({ length: 10 }, () => client.orders.list({})));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(fake?.exchanges()).toHaveLength(1);
    expect(fake?.calls()).toHaveLength(10);
  });

  it('warm() fetches the token before the first call, which then needs none', async () => {
    const tokens = { n: 0 };
    const { client } = await setup((req, res) => {
      if (handleExchange(req, res, tokens)) return;
      json(res, 200, order);
    });
    expect(await client.warm()).toEqual({ ok: true, value: undefined });
    expect(fake?.requests).toHaveLength(1);
    await client.orders.get('77');
    expect(fake?.exchanges()).toHaveLength(1);
  });

  it('a 401 on a call re-exchanges once and replays the call', async () => {
    const tokens = { n: 0 };
    const { client } = await setup((req, res) => {
      if (handleExchange(req, res, tokens)) return;
      if (req.headers.authorization === 'Bearer tok-1') return json(res, 401, undefined);
      json(res, 200, order);
    });
    const result = await client.orders.get('77');
    expect(result.ok).toBe(true);
    expect(fake?.exchanges()).toHaveLength(2);
    expect(fake?.calls().map((c) => c.headers.authorization)).toEqual(['Bearer tok-1', 'Bearer tok-2']);
  });

  it('a second 401 after the re-exchange is an auth error, without further attempts', async () => {
    const tokens = { n: 0 };
    const { client } = await setup((req, res) => {
      if (handleExchange(req, res, tokens)) return;
      json(res, 401, undefined);
    });
    const error = collect(await client.shipments.create({ shipment, printConfig }));
    expect(error).toMatchObject({ kind: 'auth', reason: 'token_rejected', operation: 'shipments.create' });
    expect(fake?.exchanges()).toHaveLength(2);
    expect(fake?.calls()).toHaveLength(2);
  });

  it('a booking answered 401 whose replay is refused is outcome_unknown (the first may have been booked)', async () => {
    const tokens = { n: 0 };
    const { client } = await setup((req, res) => {
      if (handleExchange(req, res, tokens)) return;
      if (req.headers.authorization === 'Bearer tok-1') return json(res, 401, undefined);
      json(res, 422, [{ field: 'orderNo', message: 'The order is already booked', type: 'error' }]);
    });
    const error = collect(await client.shipments.create({ shipment, printConfig }));
    expect(error).toMatchObject({
      kind: 'outcome_unknown',
      cause: 'token_rejected',
      status: 422,
      operation: 'shipments.create',
    });
    expect(fake?.calls()).toHaveLength(2);
  });

  it('a read answered 401 whose replay is refused keeps the replay’s answer (nothing to reconcile)', async () => {
    const tokens = { n: 0 };
    const { client } = await setup((req, res) => {
      if (handleExchange(req, res, tokens)) return;
      if (req.headers.authorization === 'Bearer tok-1') return json(res, 401, undefined);
      json(res, 404, { code: 'NOT_FOUND', message: 'No such order' });
    });
    expect(collect(await client.orders.get('77'))).toMatchObject({ kind: 'not_found', status: 404 });
  });

  it('a refused API key is auth invalid_key and no call is made', async () => {
    const { client } = await setup(
      (_req, res) => json(res, 401, { code: 'ILLEGAL', message: 'Unauthorized' }),
      {
        apiKey: { id: KEY_ID, secret: `${SECRET}-wrong` },
      },
    );
    const error = collect(await client.orders.list());
    expect(error).toMatchObject({ kind: 'auth', reason: 'invalid_key' });
    expect(fake?.calls()).toHaveLength(0);
  });

  it('no configured key is auth missing_key without any request', async () => {
    const { client } = await setup((_req, res) => json(res, 500, undefined), { apiKey: () => undefined });
    expect(collect(await client.warm())).toMatchObject({ kind: 'auth', reason: 'missing_key' });
    expect(fake?.requests).toHaveLength(0);
  });

  it('a key changed in settings drops the cached token', async () => {
    let key = { id: KEY_ID, secret: SECRET };
    const seen: string[] = [];
    const { client } = await setup(
      (req, res) => {
        if (req.url.startsWith('/rs-extapi/v1/sessions/jwt')) {
          seen.push(req.headers.authorization ?? '');
          return json(res, 200, { token: `tok-${seen.length}` });
        }
        json(res, 200, order);
      },
      { apiKey: () => key },
    );
    await client.orders.get('77');
    await client.orders.get('77');
    key = { id: 'other-id', secret: 'other-secret-123' };
    await client.orders.get('77');
    expect(seen).toEqual([
      `Basic ${BASIC}`,
      `Basic ${Buffer.from('other-id:other-secret-123').toString('base64')}`,
    ]);
    expect(fake?.calls().map((c) => c.headers.authorization)).toEqual([
      'Bearer tok-1',
      'Bearer tok-1',
      'Bearer tok-2',
    ]);
  });

  it('renews in the background after 11 hours and waits for a new token after 12', async () => {
    let now = 1_000_000;
    const tokens = { n: 0 };
    const { client } = await setup(
      (req, res) => {
        if (handleExchange(req, res, tokens)) return;
        json(res, 200, order);
      },
      { now: () => now },
    );
    await client.orders.get('77');
    now += 11 * 3600_000 + 1;
    await client.orders.get('77'); // answered with the still-valid token while a renewal runs
    await client.orders.get('77');
    now += 12 * 3600_000 + 1;
    await client.orders.get('77');
    const used = fake?.calls().map((c) => c.headers.authorization);
    expect(used?.[0]).toBe('Bearer tok-1');
    expect(used?.[1]).toBe('Bearer tok-1');
    expect(used?.[3]).toBe('Bearer tok-3');
    expect(fake?.exchanges()).toHaveLength(3);
  });
});

describe('errors as values', () => {
  it('403 names the licence of the operation', async () => {
    const tokens = { n: 0 };
    const { client } = await setup((req, res) => {
      if (handleExchange(req, res, tokens)) return;
      json(res, 403, { code: 'ILLEGAL', message: 'Forbidden' });
    });
    expect(collect(await client.shipments.cancel('5666306'))).toMatchObject({
      kind: 'access',
      status: 403,
      license: 'REST API Discard',
    });
    expect(collect(await client.storedShipments.get('9'))).toMatchObject({
      kind: 'access',
      license: 'REST API Delivery checkout',
    });
    expect(collect(await client.history.search({ page: 0 }))).toMatchObject({
      kind: 'access',
      license: 'REST API Shipment History',
    });
  });

  it('422 carries the validation list; an empty 422 body is an empty list', async () => {
    const tokens = { n: 0 };
    const list = [
      {
        message: 'Not valid postal code',
        messageCode: 'ZipCode',
        field: 'Address_Zipcode',
        location: '',
        type: 'error',
      },
    ];
    const { client } = await setup((req, res) => {
      if (handleExchange(req, res, tokens)) return;
      if (req.url.startsWith('/rs-extapi/v1/stored-shipments/')) return json(res, 422, undefined);
      json(res, 422, list);
    });
    expect(collect(await client.shipments.create({ shipment, printConfig }))).toMatchObject({
      kind: 'validation',
      status: 422,
      errors: list,
    });
    expect(collect(await client.storedShipments.book('12', printConfig))).toMatchObject({
      kind: 'validation',
      errors: [],
    });
  });

  it('404 is not_found; 400/500 carry code and message', async () => {
    const tokens = { n: 0 };
    const { client } = await setup((req, res) => {
      if (handleExchange(req, res, tokens)) return;
      if (req.url.includes('/orders/404')) return json(res, 404, undefined);
      json(res, 400, { code: 'MISSING', message: 'printConfig missing' });
    });
    expect(collect(await client.orders.get('404'))).toMatchObject({ kind: 'not_found', status: 404 });
    expect(collect(await client.shipments.create({ shipment, printConfig }))).toMatchObject({
      kind: 'server',
      status: 400,
      code: 'MISSING',
      message: 'printConfig missing',
    });
  });

  it('a body that is not JSON, or not the expected shape, is malformed, never a crash', async () => {
    const tokens = { n: 0 };
    const { client } = await setup((req, res) => {
      if (handleExchange(req, res, tokens)) return;
      if (req.url.includes('/orders/1')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end('{"id": "1", oops');
      }
      json(res, 200, [{ internalReference: 'no id' }]);
    });
    expect(collect(await client.orders.get('1'))).toMatchObject({ kind: 'malformed', status: 200 });
    const shapeError = collect(await client.orders.list());
    expect(shapeError).toMatchObject({ kind: 'malformed' });
    expect(shapeError?.kind === 'malformed' && shapeError.issues.join()).toContain('0.id');
  });

  it('a booking answered 201 with an unreadable body is outcome_unknown (it happened, we cannot tell what)', async () => {
    const tokens = { n: 0 };
    const { client } = await setup((req, res) => {
      if (handleExchange(req, res, tokens)) return;
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end('<html>proxy</html>');
    });
    expect(collect(await client.shipments.create({ shipment, printConfig }))).toMatchObject({
      kind: 'outcome_unknown',
      cause: 'unreadable_answer',
      status: 201,
    });
    expect(fake?.calls()).toHaveLength(1);
  });

  it('unknown fields of responses are kept', async () => {
    const tokens = { n: 0 };
    const { client } = await setup((req, res) => {
      if (handleExchange(req, res, tokens)) return;
      json(res, 200, { ...order, webshop: { name: 'x' } });
    });
    const result = await client.orders.get('77');
    expect(result.ok && (result.value as Record<string, unknown>).webshop).toEqual({ name: 'x' });
  });
});

describe('retries', () => {
  it('retries a GET on 503 after Retry-After', async () => {
    const tokens = { n: 0 };
    let n = 0;
    const { client, sleeps } = await setup((req, res) => {
      if (handleExchange(req, res, tokens)) return;
      if (n++ === 0) return json(res, 503, undefined, { 'retry-after': '2' });
      json(res, 200, [order]);
    });
    const result = await client.orders.list({ internalReference: 'ORD-1' });
    expect(result.ok).toBe(true);
    expect(fake?.calls()).toHaveLength(2);
    expect(sleeps).toEqual([2000]);
  });

  it("counts every request it sends into the station's request rate: the token, the call and its retry", async () => {
    const tokens = { n: 0 };
    let n = 0;
    const rate = new RequestRate();
    const { client } = await setup(
      (req, res) => {
        if (handleExchange(req, res, tokens)) return;
        if (n++ === 0) return json(res, 503, undefined, { 'retry-after': '1' });
        json(res, 200, [order]);
      },
      { requestRate: rate },
    );
    expect((await client.orders.list({ internalReference: 'ORD-1' })).ok).toBe(true);
    // The call and its retry (calls() leaves out token exchanges), and one token exchange.
    expect(fake?.calls()).toHaveLength(2);
    expect(tokens.n).toBe(1);
    expect(rate.lastSecond()).toBe(3);
  });

  it('backs off exponentially on 500 and gives up after the configured attempts', async () => {
    const tokens = { n: 0 };
    const { client, sleeps } = await setup(
      (req, res) => {
        if (handleExchange(req, res, tokens)) return;
        json(res, 500, { code: 'INTERNAL', message: 'boom' });
      },
      { retry: { attempts: 3, baseDelayMs: 100, maxDelayMs: 1000 } },
    );
    expect(collect(await client.orders.get('1'))).toMatchObject({
      kind: 'server',
      status: 500,
      code: 'INTERNAL',
    });
    expect(fake?.calls()).toHaveLength(3);
    // equal jitter with random()=0.5: ceiling * 0.75
    expect(sleeps).toEqual([75, 150]);
  });

  it('a GET waiting to retry when the client closes ends at once as network, without another attempt', async () => {
    const tokens = { n: 0 };
    const waits: number[] = [];
    const signals: (AbortSignal | undefined)[] = [];
    const { client } = await setup(
      (req, res) => {
        if (handleExchange(req, res, tokens)) return;
        json(res, 503, undefined);
      },
      // A backoff that never ends by itself: only the close can end the wait.
      { sleep: (ms, signal) => (waits.push(ms), signals.push(signal), new Promise<void>(() => {})) },
    );
    const pending = client.orders.list({ internalReference: 'ORD-1' });
    await expect.poll(() => waits.length).toBe(1);
    expect(signals[0]?.aborted).toBe(false);
    await client.close();
    expect(collect(await pending)).toMatchObject({ kind: 'network', cause: 'other' });
    expect(fake?.calls()).toHaveLength(1);
    expect(waits).toHaveLength(1);
    // The backoff's timer is told to stop too, so it keeps no process alive after the close.
    expect(signals[0]?.aborted).toBe(true);
  });

  it('a call made after the client closed is not sent', async () => {
    const tokens = { n: 0 };
    const { client } = await setup((req, res) => {
      if (handleExchange(req, res, tokens)) return;
      json(res, 200, [order]);
    });
    expect((await client.orders.list()).ok).toBe(true);
    await client.close();
    expect(collect(await client.orders.list())).toMatchObject({ kind: 'network', cause: 'other' });
    expect(fake?.calls()).toHaveLength(1);
  });

  it('a Retry-After longer than the cap is returned as rate_limited instead of waited for', async () => {
    const tokens = { n: 0 };
    const { client, sleeps } = await setup((req, res) => {
      if (handleExchange(req, res, tokens)) return;
      json(res, 429, undefined, { 'retry-after': '600' });
    });
    expect(collect(await client.orders.list())).toMatchObject({
      kind: 'rate_limited',
      retryAfterMs: 600_000,
    });
    expect(fake?.calls()).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('never retries a booking POST on 503: it may have been committed behind it, so it is outcome_unknown', async () => {
    const tokens = { n: 0 };
    const { client } = await setup((req, res) => {
      if (handleExchange(req, res, tokens)) return;
      json(res, 503, undefined, { 'retry-after': '1' });
    });
    expect(collect(await client.shipments.create({ shipment, printConfig }))).toMatchObject({
      kind: 'outcome_unknown',
      cause: 'gateway',
    });
    expect(fake?.calls()).toHaveLength(1);
  });

  it('sends a booking again after a 429, when Retry-After says: it was refused unprocessed', async () => {
    const tokens = { n: 0 };
    let n = 0;
    const { client, sleeps } = await setup((req, res) => {
      if (handleExchange(req, res, tokens)) return;
      if (n++ === 0) return json(res, 429, undefined, { 'retry-after': '1' });
      json(res, 201, [{ id: '5666306', status: 'PRINTED', parcels: [], prints: [] }]);
    });
    const booked = await client.storedShipments.book('12', printConfig);
    expect(booked.ok).toBe(true);
    expect(fake?.calls()).toHaveLength(2);
    expect(sleeps).toEqual([1000]);
  });

  it('a booking still refused with 429 after the attempts is rate_limited, never outcome_unknown', async () => {
    const tokens = { n: 0 };
    const { client } = await setup(
      (req, res) => {
        if (handleExchange(req, res, tokens)) return;
        json(res, 429, undefined, { 'retry-after': '1' });
      },
      { retry: { attempts: 2, baseDelayMs: 1, maxDelayMs: 1 } },
    );
    expect(collect(await client.storedShipments.book('12', printConfig))).toMatchObject({
      kind: 'rate_limited',
      status: 429,
    });
    expect(fake?.calls()).toHaveLength(2);
  });

  it('a booking POST whose connection is reset after the request was sent is outcome_unknown, sent once', async () => {
    const tokens = { n: 0 };
    const { client } = await setup((req, res, raw) => {
      if (handleExchange(req, res, tokens)) return;
      raw.socket.destroy();
    });
    const error = collect(await client.storedShipments.book('12', printConfig));
    expect(error).toMatchObject({
      kind: 'outcome_unknown',
      cause: 'reset',
      operation: 'storedShipments.book',
    });
    expect(fake?.calls()).toHaveLength(1);
  });

  it('a booking from an order that gets no answer is outcome_unknown, sent once', async () => {
    const tokens = { n: 0 };
    const { client } = await setup(
      (req, res) => {
        if (handleExchange(req, res, tokens)) return;
        // never answers
      },
      { timeouts: { headersMs: 100 } },
    );
    const error = collect(await client.orders.createShipment({ orderId: '77' }));
    expect(error).toMatchObject({ kind: 'outcome_unknown', cause: 'timeout' });
    expect(fake?.calls()).toHaveLength(1);
  });

  it('a GET that times out is retried, then a network timeout', async () => {
    const tokens = { n: 0 };
    const { client } = await setup(
      (req, res) => {
        if (handleExchange(req, res, tokens)) return;
      },
      { timeouts: { headersMs: 50 }, retry: { attempts: 2 } },
    );
    expect(collect(await client.orders.get('1'))).toMatchObject({ kind: 'network', cause: 'timeout' });
    expect(fake?.calls()).toHaveLength(2);
  });

  it('a GET reset mid-way is retried and succeeds', async () => {
    const tokens = { n: 0 };
    let n = 0;
    const { client } = await setup((req, res, raw) => {
      if (handleExchange(req, res, tokens)) return;
      if (n++ === 0) return raw.socket.destroy();
      json(res, 200, order);
    });
    expect((await client.orders.get('77')).ok).toBe(true);
    expect(fake?.calls()).toHaveLength(2);
  });

  it('a body that stalls past the body timeout on a booking is outcome_unknown', async () => {
    const tokens = { n: 0 };
    const { client } = await setup(
      (req, res) => {
        if (handleExchange(req, res, tokens)) return;
        res.writeHead(201, { 'content-type': 'application/json' });
        res.write('[{"id":');
      },
      { timeouts: { bodyMs: 80 } },
    );
    expect(collect(await client.shipments.create({ shipment, printConfig }))).toMatchObject({
      kind: 'outcome_unknown',
      cause: 'timeout',
    });
  });

  it('connection refused before anything was sent is a plain network error, even for a booking', async () => {
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((r) => probe.close(() => r()));
    fake = await startFake(() => {});
    const { client } = testClient({ ...fake, baseUrl: `http://127.0.0.1:${port}/rs-extapi/v1` });
    closers.push(() => client.close());
    expect(collect(await client.warm())).toMatchObject({
      kind: 'network',
      cause: 'refused',
      operation: 'sessions.token',
    });
  });
});

describe('paths and documents', () => {
  it('follows a print href exactly as given, with the Accept asked for', async () => {
    const tokens = { n: 0 };
    const { client } = await setup((req, res) => {
      if (handleExchange(req, res, tokens)) return;
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.end(Buffer.from('^XA^FDÅ^FS^XZ', 'latin1'));
    });
    const href = `${fake?.origin}/ufoweb-prod-201609231347/rs-extapi/v1/shipments/5/prints/9`;
    const result = await client.shipments.fetchPrint(href, undefined, 'application/octet-stream');
    expect(result.ok && result.value.equals(Buffer.from('^XA^FDÅ^FS^XZ', 'latin1'))).toBe(true);
    expect(fake?.calls()[0]?.url).toBe('/ufoweb-prod-201609231347/rs-extapi/v1/shipments/5/prints/9');
    expect(fake?.calls()[0]?.headers.accept).toBe('application/octet-stream');
  });

  it('never sends the token to an href on another origin', async () => {
    const tokens = { n: 0 };
    const { client } = await setup((req, res) => {
      if (handleExchange(req, res, tokens)) return;
      json(res, 200, {});
    });
    const error = collect(
      await client.shipments.fetchPrint(
        'http://evil.example:9/rs-extapi/v1/shipments/1/prints/2',
        undefined,
        'application/pdf',
      ),
    );
    expect(error).toMatchObject({ kind: 'malformed', operation: 'documents.fetchByHref' });
    expect(fake?.calls()).toHaveLength(0);
  });

  it('sends the booking body and returnFile=true', async () => {
    const tokens = { n: 0 };
    const result201 = [
      {
        id: '5666306',
        status: 'PRINTED',
        consolidated: false,
        prints: [{ id: '1', description: 'Label', href: 'x', data: null }],
      },
    ];
    const { client } = await setup((req, res) => {
      if (handleExchange(req, res, tokens)) return;
      json(res, 201, result201);
    });
    const result = await client.shipments.create({ shipment, printConfig });
    expect(result).toMatchObject({
      ok: true,
      value: [{ id: '5666306', consolidated: false, prints: [{ id: '1', data: null }] }],
    });
    expect(fake?.calls()[0]?.url).toBe('/rs-extapi/v1/shipments?returnFile=true');
    expect(JSON.parse(fake?.calls()[0]?.body ?? '')).toEqual({ printConfig, shipment });
    expect(fake?.calls()[0]?.headers['content-type']).toBe('application/json');
  });
});

describe('secrets', () => {
  it('the secret, its Basic form and tokens appear in no error and no log line', async () => {
    const tokens = { n: 0 };
    const { client, logs } = await setup((req, res) => {
      if (handleExchange(req, res, tokens)) return;
      json(res, 500, { code: 'INTERNAL', message: `echo ${SECRET} ${BASIC} tok-1` });
    });
    collect(await client.orders.get('1'));
    producedLogs.push(...logs);
    const everything =
      JSON.stringify(producedErrors) +
      producedErrors.map((e) => String(e)).join() +
      producedLogs.join('\n') +
      String(client) +
      JSON.stringify(client);
    expect(producedErrors.length).toBeGreaterThan(10);
    expect(everything).not.toContain(SECRET);
    expect(everything).not.toContain(BASIC);
    expect(JSON.stringify(producedErrors)).not.toContain('tok-1');
  });
});

describe('shipment history (/shipments-history, {page, totalPages, shipments})', () => {
  const summary = (n: number) => ({ id: String(n), orderNo: `H-${n}`, status: 'PRINTED' });

  it('reads one page out of the answer, and every page up to totalPages', async () => {
    const tokens = { n: 0 };
    const { client } = await setup((req, res) => {
      if (handleExchange(req, res, tokens)) return;
      const page = Number(new URL(req.url, 'http://x').searchParams.get('page') ?? 0);
      // Three pages of two (nShift pages by 50; a short page must not end the walk while totalPages says more).
      json(res, 200, { page, totalPages: 3, shipments: [summary(page * 2), summary(page * 2 + 1)] });
    });
    const one = await client.history.search({ searchField: 'orderNo', searchValue: 'H-1' });
    expect(one).toMatchObject({ ok: true, value: [{ id: '0' }, { id: '1' }] });
    expect(fake?.calls()[0]?.url).toBe('/rs-extapi/v1/shipments-history?searchField=orderNo&searchValue=H-1');
    const all = await client.history.searchAll({ dateFrom: '2026-01-15', dateTo: '2026-01-15' });
    expect(all.ok && all.value.map((s) => s.id)).toEqual(['0', '1', '2', '3', '4', '5']);
    expect(
      fake
        ?.calls()
        .slice(1)
        .map((c) => new URL(c.url, 'http://x').searchParams.get('page')),
    ).toEqual(['0', '1', '2']);
  });

  it('takes a bare list too, ending a walk on a short page', async () => {
    const tokens = { n: 0 };
    const { client } = await setup((req, res) => {
      if (handleExchange(req, res, tokens)) return;
      json(res, 200, [summary(1)]);
    });
    expect(await client.history.searchAll({})).toMatchObject({ ok: true, value: [{ id: '1' }] });
    expect(fake?.calls()).toHaveLength(1);
  });
});

describe('price enquiry ({priceData, errorList})', () => {
  const enquiry = { shipment, additionalSurcharges: { amount: 10, percent: 10 } };

  it('answers the priceData figures', async () => {
    const tokens = { n: 0 };
    const priceData = {
      price: 112,
      additionalSurcharges: 22.2,
      priceWithAdditionalSurcharges: 134.2,
      totalWeight: 2,
      chargeableWeight: 2,
    };
    const { client } = await setup((req, res) => {
      if (handleExchange(req, res, tokens)) return;
      json(res, 200, { priceData, errorList: null });
    });
    expect(await client.prices.fetch(enquiry)).toEqual({ ok: true, value: priceData });
    expect(JSON.parse(fake!.calls()[0]!.body)).toEqual(enquiry);
  });

  it('is a validation failure with the errorList when nShift gives no figures', async () => {
    const tokens = { n: 0 };
    const { client } = await setup((req, res) => {
      if (handleExchange(req, res, tokens)) return;
      json(res, 200, {
        priceData: null,
        errorList: [{ message: 'No price agreement', field: 'Service' }, 'Unknown zone'],
      });
    });
    expect(collect(await client.prices.fetch(enquiry))).toMatchObject({
      kind: 'validation',
      errors: [
        { message: 'No price agreement', field: 'Service' },
        { message: 'Unknown zone', type: 'error' },
      ],
    });
  });

  it('takes the figures at the top level too, as an older client of the service reads them', async () => {
    const tokens = { n: 0 };
    const { client } = await setup((req, res) => {
      if (handleExchange(req, res, tokens)) return;
      json(res, 200, { price: 99, additionalSurcharges: 0, priceWithAdditionalSurcharges: 99 });
    });
    expect(await client.prices.fetch(enquiry)).toMatchObject({ ok: true, value: { price: 99 } });
  });
});
