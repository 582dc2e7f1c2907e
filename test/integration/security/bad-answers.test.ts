import { afterEach, describe, expect, it } from 'vitest';
import { createSimulator } from '../../../main/simulator/server';
import { seedDemoData } from '../../../main/simulator/demo';
import { dispatch } from '../../../main/hosts/shared/dispatch';
import { scanAndWait, startBench, type Bench } from '../../support/station-harness';
import { startTamperProxy, type TamperProxy } from '../../support/tamper-proxy';

/**
 * Bad input from the other side: nShift (or a gateway in front of it) answering with truncated, malformed or
 * wrong-shaped bodies, and a printer answering `~HS` with garbage. Each gets a clear outcome, a booking is never
 * made twice, and the station keeps working.
 */

let bench: Bench | undefined;
let proxy: TamperProxy | undefined;

afterEach(async () => {
  await bench?.close();
  await proxy?.close();
  bench = undefined;
  proxy = undefined;
});

async function benchBehindProxy(
  extra: Parameters<typeof startBench>[0] = {},
): Promise<{ bench: Bench; proxy: TamperProxy }> {
  const sim = createSimulator();
  seedDemoData(sim);
  proxy = await startTamperProxy(() => sim.url ?? 'http://127.0.0.1:1');
  const p = proxy;
  bench = await startBench({
    simulator: sim,
    settings: (s) => ({ ...s, deliveryUrl: s.deliveryUrl.replace(sim.url ?? '', p.url) }),
    ...extra,
  });
  return { bench, proxy };
}

/**
 * A short deadline per call, so a test waits a second or two for it, and idle timeouts far beyond the test's own
 * wait: only the deadline can end a call here.
 */
const SHORT_DEADLINE = {
  extra: {
    clientOptions: {
      timeouts: { connectMs: 2000, headersMs: 60_000, bodyMs: 60_000, callMs: 1500 },
      retry: { attempts: 2, baseDelayMs: 10, maxDelayMs: 50 },
    },
  },
};

const bookingsOf = (b: Bench, code: string) =>
  b.sim.records().filter((r) => r.internalReference === code || r.orderNo === code);
const BOOK_ORDER = /\/orders\/shipments$/;
const LIST_ORDERS = /\/orders$/;

describe('a booking answer spoiled after nShift committed it', () => {
  it('cut off halfway: reconciled with nShift, booked once, each label printed once', async () => {
    const { bench: b, proxy: p } = await benchBehindProxy();
    p.spoil('POST', BOOK_ORDER, { kind: 'truncate' });
    const job = await scanAndWait(b.station, 'ORD-1001');
    expect(p.spoiled()).toBe(1);
    expect(job.state).toBe('printed');
    expect(bookingsOf(b, 'ORD-1001')).toHaveLength(1);
    expect(b.zebra.labels()).toHaveLength(bookingsOf(b, 'ORD-1001')[0]!.parcelNos.length);
  });

  it('JSON of the wrong shape: reconciled, booked once, printed', async () => {
    const { bench: b, proxy: p } = await benchBehindProxy();
    p.spoil('POST', BOOK_ORDER, {
      kind: 'wrong-shape',
      status: 201,
      json: { unexpected: [1, 2, 3], shipmentId: { nested: true } },
    });
    const job = await scanAndWait(b.station, 'ORD-1002');
    expect(job.state).toBe('printed');
    expect(bookingsOf(b, 'ORD-1002')).toHaveLength(1);
  });

  it('an HTML gateway page (502): reconciled, booked once, printed', async () => {
    const { bench: b, proxy: p } = await benchBehindProxy();
    p.spoil('POST', BOOK_ORDER, { kind: 'garbage', status: 502, contentType: 'text/html' });
    const job = await scanAndWait(b.station, 'ORD-1003');
    expect(job.state).toBe('printed');
    expect(bookingsOf(b, 'ORD-1003')).toHaveLength(1);
  });
});

describe('a booking refused with 401 after nShift committed it', () => {
  it('is reconciled as this job’s booking and printed once, never reported "booked by another station"', async () => {
    const { bench: b, proxy: p } = await benchBehindProxy();
    // The booking reaches nShift and is committed; the answer that comes back says the token was refused. The
    // station replays it with a fresh token, and nShift refuses that one: the order is booked (by the first).
    p.spoil('POST', BOOK_ORDER, {
      kind: 'wrong-shape',
      status: 401,
      json: { code: 'ILLEGAL', message: 'Token expired' },
    });
    const job = await scanAndWait(b.station, 'ORD-1001');
    expect(p.spoiled()).toBe(1);
    expect(job.failure?.detail).not.toBe('booked_elsewhere');
    expect(job.state).toBe('printed');
    expect(bookingsOf(b, 'ORD-1001')).toHaveLength(1);
    expect(job.shipments.map((s) => s.shipmentId)).toEqual([bookingsOf(b, 'ORD-1001')[0]!.shipmentId]);
    expect(b.zebra.labels()).toHaveLength(bookingsOf(b, 'ORD-1001')[0]!.parcelNos.length);
  });
});

describe('answers that never end (bounds on what nShift sends)', () => {
  it('a booking answer trickled a byte at a time is cut off at the call’s deadline, reconciled, booked once, printed; the next scan goes out', async () => {
    const { bench: b, proxy: p } = await benchBehindProxy(SHORT_DEADLINE);
    p.spoil('POST', BOOK_ORDER, { kind: 'trickle', everyMs: 100 });
    const job = await scanAndWait(b.station, 'ORD-1001', 15_000);
    expect(p.spoiled()).toBe(1);
    expect(job.state).toBe('printed');
    expect(bookingsOf(b, 'ORD-1001')).toHaveLength(1);
    const next = await scanAndWait(b.station, 'ORD-1002', 15_000);
    expect(next.state).toBe('printed');
  });

  it('a booking committed and never answered: the same, booked once', async () => {
    const { bench: b, proxy: p } = await benchBehindProxy(SHORT_DEADLINE);
    p.spoil('POST', BOOK_ORDER, { kind: 'silent' });
    const job = await scanAndWait(b.station, 'ORD-1003', 15_000);
    expect(job.state).toBe('printed');
    expect(bookingsOf(b, 'ORD-1003')).toHaveLength(1);
  });

  it('a 200 MB answer to a look-up is refused at its limit, not read on: a clear failure, then the next scan works', async () => {
    const { bench: b, proxy: p } = await benchBehindProxy();
    p.spoil('GET', LIST_ORDERS, { kind: 'flood', bytes: 200 * 1024 * 1024 }, { count: 10, forward: false });
    const job = await scanAndWait(b.station, 'ORD-1004', 30_000);
    expect(job.state).toBe('failed');
    expect(job.failure).toMatchObject({ reason: 'network', code: 'server_error' });
    expect(job.failure?.message).toMatch(/scan again/i);
    // Each answer read only as far as the limit (32 MB) and the sockets' buffers, of the 200 MB sent for it.
    expect(p.spoiled()).toBeGreaterThan(0);
    expect(p.flooded() / p.spoiled()).toBeLessThan(48 * 1024 * 1024);
    expect(bookingsOf(b, 'ORD-1004')).toHaveLength(0);
    p.clear();
    expect((await scanAndWait(b.station, 'ORD-1004', 30_000)).state).toBe('printed');
  });
});

describe('a lookup answer that cannot be read', () => {
  it('garbage on every try: the scan fails with a clear "scan again" message, nothing is booked, the next scan works', async () => {
    const { bench: b, proxy: p } = await benchBehindProxy();
    p.spoil('GET', LIST_ORDERS, { kind: 'garbage' }, { count: 10, forward: false });
    const job = await scanAndWait(b.station, 'ORD-1004');
    expect(job.state).toBe('failed');
    expect(job.failure).toMatchObject({ reason: 'network', code: 'server_error' });
    expect(job.failure?.message).toMatch(/scan again/i);
    expect(job.failure?.message).not.toMatch(/<html|502 Bad Gateway|\{"id"/);
    expect(bookingsOf(b, 'ORD-1004')).toHaveLength(0);

    p.clear();
    const again = await scanAndWait(b.station, 'ORD-1004');
    expect(again.state).toBe('printed');
    expect(bookingsOf(b, 'ORD-1004')).toHaveLength(1);
  });

  it('truncated JSON on every try: a clear failure, then the station carries on', async () => {
    const { bench: b, proxy: p } = await benchBehindProxy();
    p.spoil('GET', LIST_ORDERS, { kind: 'truncate' }, { count: 10 });
    const job = await scanAndWait(b.station, 'ORD-1005', 30_000);
    expect(job.state).toBe('failed');
    expect(job.failure?.reason).toBe('network');
    expect(bookingsOf(b, 'ORD-1005')).toHaveLength(0);
    p.clear();
    const next = await scanAndWait(b.station, 'ORD-1006', 30_000);
    expect(next.state).toBe('printed');
  });

  it('wrong-shaped JSON (an array of strings for orders): a clear failure, nothing booked', async () => {
    const { bench: b, proxy: p } = await benchBehindProxy();
    p.spoil(
      'GET',
      LIST_ORDERS,
      { kind: 'wrong-shape', json: ['not', 'orders'] },
      { count: 10, forward: false },
    );
    const job = await scanAndWait(b.station, 'ORD-1004');
    expect(job.state).toBe('failed');
    expect(job.failure?.reason).toBe('network');
    expect(bookingsOf(b, 'ORD-1004')).toHaveLength(0);
  });
});

describe('a printer that answers ~HS with garbage', () => {
  it('still gets the label exactly once (acceptance by orderly close), and the station reports its state', async () => {
    bench = await startBench();
    bench.zebra.garbageStatus('\u0002garbage,,,\u0003\u0000\u00ff PRINTER READY?');
    const job = await scanAndWait(bench.station, 'ORD-1003');
    expect(job.state).toBe('printed');
    const parcels = (code: string): number => bookingsOf(bench!, code)[0]!.parcelNos.length;
    expect(bench.zebra.labels()).toHaveLength(parcels('ORD-1003'));
    const status = await dispatch(bench.station, 'getStatus', null);
    expect(status.ok).toBe(true);
    const next = await scanAndWait(bench.station, 'ORD-1004');
    expect(next.state).toBe('printed');
    expect(bench.zebra.labels()).toHaveLength(parcels('ORD-1003') + parcels('ORD-1004'));
  });

  it('a test print on it gives a result or a clean error, never a crash', async () => {
    bench = await startBench();
    bench.zebra.garbageStatus('\u0000\u0000\u0000');
    const outcome = await dispatch(bench.station, 'testPrinter', { printerId: 'zebra' });
    if (!outcome.ok) expect([404, 422]).toContain(outcome.status);
    expect((await dispatch(bench.station, 'getStatus', null)).ok).toBe(true);
  });
});
