import { afterEach, describe, expect, it } from 'vitest';
import { seedDemoData, seedDemoDataWithCheckout } from '../../../main/simulator/index';
import { shipment, startHarness, THERMO_ZPL, type Harness } from './harness';

let h: Harness;
afterEach(async () => h?.stop());

interface Order {
  id: string;
  internalReference: string;
  status: string;
  parcels: Array<{ id: string; shipmentId?: string }>;
}

async function orderByRef(ref: string): Promise<Order> {
  const res = await h.call('GET', `/orders?internalReference=${ref}`);
  expect(res.status).toBe(200);
  const list = res.json as Order[];
  expect(list).toHaveLength(1);
  return list[0]!;
}

describe('orders', () => {
  it('finds an order by internalReference, books it and prints its label through the shipment prints', async () => {
    h = await startHarness();
    seedDemoData(h.sim);
    const order = await orderByRef('ORD-1001');
    expect(order.status).toBe('OPEN');
    const res = await h.call('POST', '/orders/shipments', { orderId: order.id, printConfig: THERMO_ZPL });
    expect(res.status).toBe(201);
    const booked = res.json as { parcelIds: string[]; shipmentId: string; trackingNumbers: string[] };
    expect(booked.parcelIds).toEqual(order.parcels.map((p) => p.id));
    expect(booked.trackingNumbers).toHaveLength(2);
    expect((await orderByRef('ORD-1001')).status).toBe('SHIPPED');

    const prints = await h.call('GET', `/shipments/${booked.shipmentId}/prints?returnFile=true`);
    const zpl = Buffer.from((prints.json as Array<{ data: string }>)[0]!.data, 'base64');
    expect(zpl.toString('latin1')).toContain('^CI13');
    expect(zpl.includes(Buffer.from([0x8f]))).toBe(true); // Å of Åsa Öberg in cp850
    expect(h.sim.records()).toContainEqual(
      expect.objectContaining({
        shipmentId: booked.shipmentId,
        internalReference: 'ORD-1001',
        orderNo: 'ORD-1001',
        route: 'orders',
      }),
    );
  });

  it('books part of an order (PARTIALLY_SHIPPED) and refuses the same parcels again with 422', async () => {
    h = await startHarness();
    seedDemoData(h.sim);
    const order = await orderByRef('ORD-1004');
    const first = order.parcels[0]!.id;
    expect(
      (await h.call('POST', '/orders/shipments', { orderId: order.id, parcelIds: [first] })).status,
    ).toBe(201);
    expect((await orderByRef('ORD-1004')).status).toBe('PARTIALLY_SHIPPED');
    const again = await h.call('POST', '/orders/shipments', { orderId: order.id, parcelIds: [first] });
    expect(again.status).toBe(422);
    expect(again.json).toContainEqual(expect.objectContaining({ messageCode: 'AlreadyShipped' }));
    expect((await h.call('POST', '/orders/shipments', { orderId: order.id })).status).toBe(201);
    expect((await orderByRef('ORD-1004')).status).toBe('SHIPPED');
    expect((await h.call('POST', '/orders/shipments', { orderId: order.id })).status).toBe(422);
    expect(h.sim.records().filter((r) => r.internalReference === 'ORD-1004')).toHaveLength(2);
  });

  it('answers 422 for an order whose receiver has no zipcode, and creates nothing', async () => {
    h = await startHarness();
    seedDemoData(h.sim);
    const before = h.sim.state.shipments.size;
    const order = await orderByRef('ORD-1900');
    const res = await h.call('POST', '/orders/shipments', { orderId: order.id });
    expect(res.status).toBe(422);
    expect(res.json).toEqual([
      {
        message: 'Not valid postal code',
        messageCode: 'ZipCode',
        field: 'Address_Zipcode',
        location: 'receiver',
        type: 'error',
      },
    ]);
    expect(h.sim.state.shipments.size).toBe(before);
    expect((await orderByRef('ORD-1900')).status).toBe('OPEN');
  });

  it('supports create, read, replace and delete of orders', async () => {
    h = await startHarness();
    seedDemoData(h.sim);
    const created = await h.call('POST', '/orders', {
      orderChannelId: 'demo-webshop',
      internalReference: 'WEB-1',
      receiver: { name: 'A', zipcode: '11359', city: 'STOCKHOLM', country: 'SE' },
      parcels: [{ weight: 1 }],
      deliveryOptionId: 'do-p19',
    });
    expect(created.status).toBe(201);
    const id = (created.json as Order).id;
    expect((await h.call('GET', `/orders/${id}`)).json).toMatchObject({
      internalReference: 'WEB-1',
      status: 'OPEN',
    });
    const replaced = await h.call('PUT', `/orders/${id}`, {
      orderChannelId: 'demo-webshop',
      internalReference: 'WEB-1b',
      parcels: [{ weight: 2 }],
    });
    expect(replaced.json).toMatchObject({ internalReference: 'WEB-1b' });
    expect((await h.call('DELETE', `/orders/${id}`)).status).toBe(204);
    expect((await h.call('GET', `/orders/${id}`)).status).toBe(404);
  });

  it('gives a cancelled order shipment its parcels back', async () => {
    h = await startHarness();
    seedDemoData(h.sim);
    const order = await orderByRef('ORD-1003');
    const booked = (await h.call('POST', '/orders/shipments', { orderId: order.id })).json as {
      shipmentId: string;
    };
    expect((await h.call('DELETE', `/shipments/${booked.shipmentId}`)).status).toBe(204);
    expect((await orderByRef('ORD-1003')).status).toBe('OPEN');
  });
});

interface Stored {
  id: string;
  status: string;
  statuses: unknown[];
  orderNo: string;
}

describe('stored shipments', () => {
  it('creates READY, WARNED and INVALID stored shipments with their statuses', async () => {
    h = await startHarness();
    const ready = await h.call('POST', '/stored-shipments', shipment({ orderNo: 'S-1' }));
    expect(ready.status).toBe(201);
    expect(ready.json).toMatchObject({ status: 'READY', statuses: [], orderNo: 'S-1' });
    const warned = await h.call(
      'POST',
      '/stored-shipments',
      shipment({ orderNo: 'S-2', options: [{ id: 'enot' }] }),
    );
    expect(warned.json).toMatchObject({
      status: 'WARNED',
      statuses: [expect.objectContaining({ type: 'ignorable' })],
    });
    const invalid = await h.call(
      'POST',
      '/stored-shipments',
      shipment({ orderNo: 'S-3', service: { id: 'XX' } }),
    );
    expect(invalid.json).toMatchObject({
      status: 'INVALID',
      statuses: [expect.objectContaining({ messageCode: 'Service', type: 'error' })],
    });
  });

  it('lists with searchField/searchOp/status filters, at most 50', async () => {
    h = await startHarness();
    await seedDemoDataWithCheckout(h.sim);
    const list = async (q: string) =>
      ((await h.call('GET', `/stored-shipments?${q}`)).json as Stored[]).map((s) => s.orderNo);
    expect(await list('searchField=orderNo&searchOp=equals&searchValue=SPLIT-3002&status=ready')).toEqual([
      'SPLIT-3002',
      'SPLIT-3002',
      'SPLIT-3002',
    ]);
    expect(await list('searchField=orderNo&searchOp=startsWith&searchValue=SO-20')).toEqual([
      'SO-2001',
      'SO-2002',
      'SO-2003',
    ]);
    expect(await list('searchField=orderNo&searchOp=endsWith&searchValue=900')).toEqual(['SO-2900']);
    expect(await list('searchField=orderNo&searchOp=contains&searchValue=O-29&status=invalid')).toEqual([
      'SO-2900',
    ]);
    expect(await list('searchField=reference&searchOp=equals&searchValue=SPLIT-3002-2')).toEqual([
      'SPLIT-3002',
    ]);
    expect(await list('dateType=created&dateFrom=2026-01-16')).toEqual([]);
    expect(await list('dateType=created&dateFrom=2026-01-15&dateTo=2026-01-15')).toHaveLength(7);
    const { seedStoredShipments } = await import('../../../main/simulator/index');
    seedStoredShipments(h.sim, 80, 'BULK-');
    expect(await list('searchField=orderNo&searchOp=startsWith&searchValue=BULK-')).toHaveLength(50);
  });

  it('books a READY stored shipment once: 201 array, then 422 with an empty body; it leaves the ready list', async () => {
    h = await startHarness();
    seedDemoData(h.sim);
    const [stored] = (
      await h.call(
        'GET',
        '/stored-shipments?searchField=orderNo&searchOp=equals&searchValue=SO-2002&status=ready',
      )
    ).json as Stored[];
    const res = await h.call('POST', `/stored-shipments/${stored!.id}/shipments?returnFile=true`, THERMO_ZPL);
    expect(res.status).toBe(201);
    const results = res.json as Array<{
      id: string;
      consolidated: boolean;
      parcelCount: number;
      prints: Array<{ data: string }>;
    }>;
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ consolidated: false, parcelCount: 2 });
    expect(Buffer.from(results[0]!.prints[0]!.data, 'base64').toString('latin1')).toContain('^XA');

    const again = await h.call(
      'POST',
      `/stored-shipments/${stored!.id}/shipments?returnFile=true`,
      THERMO_ZPL,
    );
    expect(again.status).toBe(422);
    expect(again.text).toBe('');
    expect(
      (await h.call('GET', '/stored-shipments?searchField=orderNo&searchValue=SO-2002&status=ready')).json,
    ).toEqual([]);
    expect((await h.call('GET', `/stored-shipments/${stored!.id}`)).json).toMatchObject({
      status: 'PRINTED',
    });
    expect(h.sim.records().filter((r) => r.storedId === stored!.id)).toHaveLength(1);
  });

  it('refuses to book an INVALID stored shipment with 422 and an empty body', async () => {
    h = await startHarness();
    seedDemoData(h.sim);
    const [stored] = (await h.call('GET', '/stored-shipments?searchField=orderNo&searchValue=SO-2900'))
      .json as Stored[];
    const res = await h.call('POST', `/stored-shipments/${stored!.id}/shipments`, THERMO_ZPL);
    expect(res.status).toBe(422);
    expect(res.text).toBe('');
  });

  it('books two concurrent requests for the same stored shipment exactly once', async () => {
    h = await startHarness();
    seedDemoData(h.sim);
    const [stored] = (await h.call('GET', '/stored-shipments?searchField=orderNo&searchValue=SO-2001'))
      .json as Stored[];
    const both = await Promise.all(
      [1, 2].map(() => h.call('POST', `/stored-shipments/${stored!.id}/shipments`, THERMO_ZPL)),
    );
    expect(both.map((r) => r.status).sort()).toEqual([201, 422]);
  });

  it('replaces and deletes; a deleted id is dead', async () => {
    h = await startHarness();
    const created = (
      await h.call(
        'POST',
        '/stored-shipments',
        shipment({ orderNo: 'S-9', receiver: { name: 'X', country: 'SE', city: 'Y' } }),
      )
    ).json as Stored;
    expect(created.status).toBe('INVALID');
    const replaced = await h.call('PUT', `/stored-shipments/${created.id}`, shipment({ orderNo: 'S-9' }));
    expect(replaced.json).toMatchObject({ status: 'READY', orderNo: 'S-9' });
    expect((await h.call('DELETE', `/stored-shipments/${created.id}`)).status).toBe(204);
    expect((await h.call('GET', `/stored-shipments/${created.id}`)).status).toBe(404);
    expect((await h.call('POST', `/stored-shipments/${created.id}/shipments`, THERMO_ZPL)).status).toBe(404);
  });
});
