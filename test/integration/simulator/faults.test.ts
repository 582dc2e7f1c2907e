import { afterEach, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../main/simulator/index';
import { shipment, startHarness, THERMO_ZPL, type Harness } from './harness';

let h: Harness;
afterEach(async () => h?.stop());

const body = { printConfig: THERMO_ZPL, shipment: shipment() };

async function control(
  method: string,
  path: string,
  payload?: unknown,
): Promise<{ status: number; json: unknown }> {
  const res = await fetch(`${h.url}/_sim${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: payload === undefined ? undefined : JSON.stringify(payload),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined };
}

describe('fault injection', () => {
  it('makes nShift unreachable and back: requests are cut off, the control API stays up', async () => {
    h = await startHarness();
    expect((await control('POST', '/network', { reachable: false })).status).toBe(200);
    await expect(h.call('GET', '/stored-shipments')).rejects.toThrow();
    expect((await control('GET', '/clock')).status).toBe(200);
    await control('POST', '/network', { reachable: true });
    expect((await h.call('GET', '/stored-shipments')).status).toBe(200);
  });

  it('fails the next N calls matching a method and path pattern, then behaves again; nothing is created', async () => {
    h = await startHarness();
    h.sim.faults.failNext(2, {
      method: 'POST',
      path: '/shipments',
      status: 503,
      headers: { 'retry-after': '1' },
    });
    expect((await h.call('GET', '/stored-shipments')).status).toBe(200);
    const first = await h.call('POST', '/shipments', body);
    expect(first.status).toBe(503);
    expect(first.headers.get('retry-after')).toBe('1');
    expect((await h.call('POST', '/shipments', body)).status).toBe(503);
    expect(h.sim.state.shipments.size).toBe(0);
    expect((await h.call('POST', '/shipments', body)).status).toBe(201);
  });

  it('matches * as one path segment', async () => {
    h = await startHarness();
    seedDemoData(h.sim);
    h.sim.faults.failNext(1, { path: '/stored-shipments/*/shipments', status: 500 });
    expect((await h.call('GET', '/stored-shipments')).status).toBe(200);
    const [stored] = (await h.call('GET', '/stored-shipments?searchField=orderNo&searchValue=SO-2001'))
      .json as Array<{ id: string }>;
    expect((await h.call('POST', `/stored-shipments/${stored!.id}/shipments`, THERMO_ZPL)).status).toBe(500);
    expect((await h.call('POST', `/stored-shipments/${stored!.id}/shipments`, THERMO_ZPL)).status).toBe(201);
  });

  it('drops the connection after committing a booking: the record exists, the client sees a socket error', async () => {
    h = await startHarness();
    h.sim.faults.dropAfterCommit(1, { path: '/shipments' });
    await expect(h.call('POST', '/shipments?returnFile=true', body)).rejects.toThrow();
    const records = h.sim.records();
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ orderNo: 'ORD-T1', cancelled: false, route: 'shipments' });
    // The client can find what happened: the printed-shipments feed has it.
    const feed = await h.call('GET', '/shipments?fetchId=-1');
    expect((feed.json as { shipments: Array<{ id: string }> }).shipments.map((s) => s.id)).toEqual([
      records[0]!.shipmentId,
    ]);
    expect((await h.call('POST', '/shipments', body)).status).toBe(201);
  });

  it.each([
    ['/orders/shipments', 'orders'],
    ['/stored-shipments/*/shipments', 'stored'],
    ['/consolidated-shipments', 'consolidated'],
  ])('drops after commit on %s too', async (path, route) => {
    h = await startHarness();
    seedDemoData(h.sim);
    const before = h.sim.records().length;
    h.sim.faults.dropAfterCommit(1, { path });
    const [order] = (await h.call('GET', '/orders?internalReference=ORD-1001')).json as Array<{ id: string }>;
    const [stored] = (await h.call('GET', '/stored-shipments?searchField=orderNo&searchValue=SO-2001'))
      .json as Array<{ id: string }>;
    const call =
      route === 'orders'
        ? h.call('POST', '/orders/shipments', { orderId: order!.id })
        : route === 'stored'
          ? h.call('POST', `/stored-shipments/${stored!.id}/shipments`, THERMO_ZPL)
          : h.call('POST', '/consolidated-shipments', {
              printConfig: THERMO_ZPL,
              shipment: shipment({ options: [{ id: 'CONSOLIDATE', key: 'KONS-4001' }] }),
            });
    await expect(call).rejects.toThrow();
    expect(h.sim.records()).toHaveLength(before + 1);
    expect(h.sim.records().at(-1)!.route).toBe(route);
  });

  it('adds latency per route pattern, and spikes every Nth call (waited through the injected sleep)', async () => {
    const slept: number[] = [];
    h = await startHarness({ latencyMs: 5, sleep: async (ms) => void slept.push(ms) });
    h.sim.faults.latency({ path: '/stored-shipments', ms: 100 });
    h.sim.faults.latency({ method: 'GET', path: '/orders', ms: 2000, every: 3 });
    await h.call('GET', '/stored-shipments');
    for (let i = 0; i < 6; i++) await h.call('GET', '/orders');
    expect(slept).toEqual([5 /* token exchange */, 105, 5, 5, 2005, 5, 5, 2005]);
    expect(h.sim.faults.stats.spikes).toBe(2);
  });

  it('spikes with a seeded probability, the same pattern for the same seed', async () => {
    const run = async () => {
      const slept: number[] = [];
      const harness = await startHarness({ sleep: async (ms) => void slept.push(ms) });
      harness.sim.faults.latency({ path: '/orders', ms: 50, probability: 0.3, seed: 42 });
      for (let i = 0; i < 20; i++) await harness.call('GET', '/orders');
      await harness.stop();
      return slept;
    };
    const a = await run();
    const b = await run();
    expect(a).toEqual(b);
    expect(a.length).toBeGreaterThan(0);
    expect(a.length).toBeLessThan(20);
    h = await startHarness();
  });

  it('runs a seeded random fault mix: deterministic, and every booking the client lost is in the records', async () => {
    const run = async () => {
      const harness = await startHarness({ sleep: async () => undefined });
      harness.sim.faults.random({
        seed: 7,
        serverErrorRate: 0.2,
        dropAfterCommitRate: 0.2,
        spikeRate: 0.1,
        spikeMs: 300,
      });
      const outcomes: string[] = [];
      for (let i = 0; i < 30; i++) {
        try {
          outcomes.push(
            String(
              (
                await harness.call('POST', '/shipments', {
                  printConfig: THERMO_ZPL,
                  shipment: shipment({ orderNo: `R-${i}` }),
                })
              ).status,
            ),
          );
        } catch {
          outcomes.push('reset');
        }
      }
      const records = harness.sim.records().map((r) => r.orderNo);
      await harness.stop();
      return { outcomes, records };
    };
    const a = await run();
    const b = await run();
    expect(a).toEqual(b);
    expect(a.outcomes).toContain('500');
    expect(a.outcomes).toContain('reset');
    const committed = a.outcomes.flatMap((o, i) => (o === '201' || o === 'reset' ? [`R-${i}`] : []));
    expect(a.records).toEqual(committed);
    h = await startHarness();
  });

  it('clears every fault', async () => {
    h = await startHarness();
    h.sim.faults.failNext(5, { status: 500 });
    h.sim.faults.clear();
    expect((await h.call('GET', '/orders')).status).toBe(200);
  });
});

describe('/_sim/ control API', () => {
  it('injects failures, drops, latency and token expiry over HTTP and lists records', async () => {
    h = await startHarness({ sleep: async () => undefined });
    expect(
      (await control('POST', '/faults/fail', { count: 1, status: 502, method: 'POST', path: '/shipments' }))
        .status,
    ).toBe(200);
    expect((await h.call('POST', '/shipments', body)).status).toBe(502);
    expect((await control('POST', '/faults/drop-after-commit', { count: 1 })).status).toBe(200);
    await expect(h.call('POST', '/shipments', body)).rejects.toThrow();
    expect((await control('POST', '/faults/latency', { path: '/orders', ms: 10, every: 2 })).status).toBe(
      200,
    );
    expect(((await control('GET', '/faults')).json as { latencies: unknown[] }).latencies).toHaveLength(1);
    const records = (await control('GET', '/records')).json as Array<{
      shipmentId: string;
      orderNo: string;
      storedId: null;
      created: string;
      cancelled: boolean;
    }>;
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      orderNo: 'ORD-T1',
      storedId: null,
      cancelled: false,
      created: '2026-01-15T09:00:00.000+0000',
    });
    expect((await control('POST', '/faults/expire-tokens')).status).toBe(200);
    expect((await h.call('GET', '/orders')).status).toBe(401);
    expect((await control('POST', '/faults/clear')).status).toBe(200);
    expect((await control('POST', '/faults/random', { seed: 1, serverErrorRate: 1 })).status).toBe(200);
    expect((await fetch(`${h.base}/sessions/jwt`)).status).toBe(500);
  });

  it('advances the clock, seeds data and marks shipments handed over', async () => {
    h = await startHarness();
    const seeded = await control('POST', '/seed/demo');
    expect(seeded.json).toContainEqual(expect.objectContaining({ code: 'ORD-1001' }));
    expect((await control('POST', '/seed/orders', { count: 3, prefix: 'B-' })).json as string[]).toEqual([
      'B-1',
      'B-2',
      'B-3',
    ]);
    expect(
      (await control('POST', '/seed/stored-shipments', { count: 2, prefix: 'SB-' })).json as string[],
    ).toEqual(['SB-1', 'SB-2']);
    const advanced = await control('POST', '/clock/advance', { ms: 60_000 });
    expect(advanced.json).toMatchObject({ iso: '2026-01-15T09:01:00.000+0000' });
    const [booked] = h.sim.records().filter((r) => r.internalReference === 'ORD-1500');
    expect((await control('POST', `/shipments/${booked!.shipmentId}/hand-over`)).json).toMatchObject({
      status: 'IN_TRANSIT',
    });
    expect((await control('POST', '/shipments/nope/deliver')).status).toBe(404);
    expect(
      (await control('POST', '/api-keys', { id: 'k2', secret: 's2', licenses: ['REST API Print'] })).status,
    ).toBe(201);
    expect((await control('POST', '/api-keys', { id: 'k3', secret: 's3', licenses: ['Nope'] })).status).toBe(
      400,
    );
  });
});
