import { afterEach, describe, expect, it } from 'vitest';
import { KEY_ID, KEY_SECRET, shipment, startHarness, THERMO_ZPL, type Harness } from './harness';

let h: Harness;
afterEach(async () => h?.stop());

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

interface AlertPage {
  fetchId: number;
  done: boolean;
  minDelay: number;
  alerts: Array<{
    alertCode: string;
    alertTime: string;
    shipmentInfo: { orderNo: string; shipmentNo: string; parcels: { parcelNo: string }[] };
  }>;
}

async function book(orderNo: string): Promise<{ id: string; shipmentNo: string }> {
  const res = await h.call('POST', '/shipments', {
    printConfig: THERMO_ZPL,
    shipment: shipment({ orderNo }),
  });
  expect(res.status).toBe(201);
  return (res.json as Array<{ id: string; shipmentNo: string }>)[0]!;
}

/** A feed call with a fresh token: the tests move the clock past the token's 12 hours. */
async function alerts(fetchId: number): Promise<AlertPage> {
  const token = await h.tokenFor(KEY_ID, KEY_SECRET);
  const res = await h.call('GET', `/alerts?fetchId=${fetchId}`, undefined, {
    authorization: `Bearer ${token}`,
  });
  return res.json as AlertPage;
}

describe('carriers move booked shipments on with the sim clock', () => {
  it('hands over, puts in transit and delivers, each a status event at the time it happened', async () => {
    h = await startHarness({ carrierProgress: true });
    const booked = await book('TRACK-1');
    h.clock.advance(25 * HOUR);
    const page = await alerts(-1);
    expect(page.alerts.map((a) => a.alertCode)).toEqual([
      'STATUS_HANDED_OVER',
      'STATUS_IN_TRANSIT',
      'STATUS_DELIVERED',
    ]);
    expect(page.alerts.map((a) => a.alertTime)).toEqual([
      '2026-01-15T11:00:00.000+0000',
      '2026-01-15T15:00:00.000+0000',
      '2026-01-16T09:00:00.000+0000',
    ]);
    expect(page.alerts[0]!.shipmentInfo).toMatchObject({ orderNo: 'TRACK-1', shipmentNo: booked.shipmentNo });
    expect(h.sim.state.shipments.get(booked.id)!.status).toBe('DELIVERED');
  });

  it('a hand-over is only an event: the history status stays PRINTED until the parcel is in transit', async () => {
    h = await startHarness({ carrierProgress: true });
    const booked = await book('TRACK-2');
    h.clock.advance(3 * HOUR);
    expect((await alerts(-1)).alerts.map((a) => a.alertCode)).toEqual(['STATUS_HANDED_OVER']);
    expect(h.sim.state.shipments.get(booked.id)!.status).toBe('PRINTED');
  });

  it('lists the events of many shipments in the order they happened, and skips cancelled ones', async () => {
    h = await startHarness({ carrierProgress: true });
    const first = await book('ORDER-A');
    h.clock.advance(3 * HOUR);
    const second = await book('ORDER-B');
    const cancelled = await book('ORDER-C');
    expect((await h.call('DELETE', `/shipments/${cancelled.id}`)).status).toBe(204);
    h.clock.advance(24 * HOUR);
    const page = await alerts(-1);
    const order = page.alerts.map((a) => `${a.shipmentInfo.orderNo}:${a.alertCode.replace('STATUS_', '')}`);
    expect(order).toEqual([
      'ORDER-A:HANDED_OVER',
      'ORDER-B:HANDED_OVER',
      'ORDER-A:IN_TRANSIT',
      'ORDER-B:IN_TRANSIT',
      'ORDER-A:DELIVERED',
      'ORDER-B:DELIVERED',
    ]);
    expect(page.alerts.map((a) => a.alertTime)).toEqual([...page.alerts.map((a) => a.alertTime)].sort());
    expect(first.id).not.toBe(second.id);
  });

  it('is off unless asked for, and the control API turns it on with its own delays', async () => {
    h = await startHarness();
    await book('LATER-1');
    h.clock.advance(48 * HOUR);
    h.token = await h.tokenFor(KEY_ID, KEY_SECRET);
    expect((await alerts(-1)).alerts).toEqual([]);
    const control = await fetch(`${h.url}/_sim/carrier`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        enabled: true,
        handedOverAfterMs: MINUTE,
        inTransitAfterMs: 2 * MINUTE,
        deliveredAfterMs: 3 * MINUTE,
      }),
    });
    expect(await control.json()).toMatchObject({ enabled: true, handedOverAfterMs: MINUTE, alerts: 3 });
    h.clock.advance(5 * MINUTE);
    expect((await alerts(-1)).alerts.map((a) => a.alertCode)).toEqual([
      'STATUS_HANDED_OVER',
      'STATUS_IN_TRANSIT',
      'STATUS_DELIVERED',
    ]);
  });
});

describe('the call-rate rule of the batch feeds ("below one call per five minutes")', () => {
  it('refuses a call that comes too soon with minDelay and no items, and logs it', async () => {
    h = await startHarness({ carrierProgress: true });
    await book('RATE-1');
    const first = await alerts(-1);
    expect(first).toMatchObject({ done: true, minDelay: 0 });
    h.clock.advance(3 * HOUR);
    const second = await alerts(first.fetchId);
    expect(second.alerts.map((a) => a.alertCode)).toEqual(['STATUS_HANDED_OVER']);
    h.clock.advance(4 * HOUR);
    const third = await alerts(second.fetchId);
    expect(third.alerts.map((a) => a.alertCode)).toEqual(['STATUS_IN_TRANSIT']);
    h.clock.advance(MINUTE);
    const tooSoon = await alerts(third.fetchId);
    expect(tooSoon).toEqual({ fetchId: third.fetchId, done: true, minDelay: 4 * MINUTE, alerts: [] });
    h.clock.advance(4 * MINUTE);
    expect((await alerts(third.fetchId)).minDelay).toBe(0);

    const log = (await (await fetch(`${h.url}/_sim/feeds?feed=alerts`)).json()) as {
      total: number;
      refused: number;
      calls: Array<{ fetchId: string; refused: boolean; exempt: boolean }>;
    };
    expect(log.total).toBe(5);
    expect(log.refused).toBe(1);
    expect(log.calls.map((c) => c.fetchId)[0]).toBe('-1');
    expect(log.calls.filter((c) => c.refused).map((c) => c.fetchId)).toEqual([String(third.fetchId)]);
  });

  it('exempts the calls that follow an answer with done: false', async () => {
    h = await startHarness({ carrierProgress: true });
    for (let i = 0; i < 40; i++) await book(`MANY-${i}`);
    h.clock.advance(25 * HOUR); // 120 events: two pages
    const first = await alerts(-1);
    expect(first).toMatchObject({ done: false, minDelay: 0 });
    expect(first.alerts).toHaveLength(100);
    const second = await alerts(first.fetchId);
    expect(second).toMatchObject({ done: true, minDelay: 0 });
    expect(second.alerts).toHaveLength(20);
    expect(h.sim.feedCalls('alerts').map((c) => c.exempt)).toEqual([false, true]);
    // The page after `done` counts again: too soon.
    expect((await alerts(second.fetchId)).minDelay).toBe(5 * MINUTE);
  });

  it('keeps the rule per feed and per API key', async () => {
    h = await startHarness();
    expect((await alerts(-1)).minDelay).toBe(0);
    expect(((await h.call('GET', '/shipments?fetchId=-1')).json as AlertPage).minDelay).toBe(0);
    h.sim.addApiKey({ id: 'other', secret: 'other-secret' });
    const other = await h.tokenFor('other', 'other-secret');
    const res = await h.call('GET', '/alerts?fetchId=-1', undefined, { authorization: `Bearer ${other}` });
    expect((res.json as AlertPage).minDelay).toBe(0);
    expect((await alerts(-1)).minDelay).toBe(5 * MINUTE);
  });
});
