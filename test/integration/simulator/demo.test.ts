import { afterEach, describe, expect, it } from 'vitest';
import {
  DEMO_API_KEY_ID,
  DEMO_API_KEY_SECRET,
  seedDemoData,
  seedDemoDataWithCheckout,
  seedOrders,
  seedStoredShipments,
} from '../../../main/simulator/index';
import { startHarness, THERMO_ZPL, type Harness } from './harness';

let h: Harness;
afterEach(async () => h?.stop());

describe('demo data', () => {
  it('seeds the demo key and samples once; the key works over HTTP', async () => {
    h = await startHarness();
    const samples = seedDemoData(h.sim);
    expect(seedDemoData(h.sim)).toBe(samples);
    expect(samples.map((s) => s.code)).toEqual(
      expect.arrayContaining(['ORD-1001', 'ORD-1900', 'ORD-1500', 'SO-2001', 'KONS-4001']),
    );
    // The split orders are not written into Delivery: they come through the simulated Checkout over HTTP.
    expect(samples.map((s) => s.code)).not.toContain('SPLIT-3001');
    const all = await seedDemoDataWithCheckout(h.sim);
    expect(all.map((s) => s.code)).toEqual(
      expect.arrayContaining(['SPLIT-3001', 'SPLIT-3002', 'WEB-5002', 'WEB-5404']),
    );
    // SPLIT-3001: three prepared shipments (a Checkout partial shipment each), no stored shipment.
    const split = [...h.sim.state.prepared.values()].filter((p) => p.data.orderNo === 'SPLIT-3001');
    expect(split.map((p) => p.data.service?.id)).toEqual(['P19', 'P15', 'P19']);
    expect([...h.sim.state.stored.values()].some((s) => s.data.orderNo === 'SPLIT-3001')).toBe(false);
    // SPLIT-3002: the shop turned its prepared shipments into stored shipments, with its own references.
    const stored = [...h.sim.state.stored.values()].filter((s) => s.data.orderNo === 'SPLIT-3002');
    expect(stored.map((s) => [s.status, s.data.service?.id, s.data.senderReference])).toEqual([
      ['READY', 'P19', 'SPLIT-3002-1'],
      ['READY', 'P15', 'SPLIT-3002-2'],
      ['READY', 'P19', 'SPLIT-3002-3'],
    ]);
    expect([...h.sim.state.prepared.values()].some((p) => p.data.orderNo === 'SPLIT-3002')).toBe(false);
    expect([...h.sim.state.checkout.partialShipments.values()].map((p) => p.orderId)).toEqual([
      'SPLIT-3001',
      'SPLIT-3001',
      'SPLIT-3001',
      'SPLIT-3002',
      'SPLIT-3002',
      'SPLIT-3002',
      'WEB-5002',
    ]);
    expect(h.sim.state.checkout.tokenRequests).toHaveLength(1);
    const token = await h.tokenFor(DEMO_API_KEY_ID, DEMO_API_KEY_SECRET);
    const res = await h.call('GET', '/orders?internalReference=ORD-1001', undefined, {
      authorization: `Bearer ${token}`,
    });
    expect(res.json).toEqual([
      expect.objectContaining({
        receiver: expect.objectContaining({
          name: 'Åsa Öberg',
          address1: 'Storgatan 1',
          zipcode: '11359',
          city: 'STOCKHOLM',
          country: 'SE',
        }),
      }),
    ]);
  });

  it('has ORD-1500 booked earlier today: booking it again is refused, its parcel number finds it for a reprint', async () => {
    h = await startHarness();
    const samples = seedDemoData(h.sim);
    const [order] = (await h.call('GET', '/orders?internalReference=ORD-1500')).json as Array<{
      id: string;
      status: string;
    }>;
    expect(order!.status).toBe('SHIPPED');
    expect((await h.call('POST', '/orders/shipments', { orderId: order!.id })).status).toBe(422);
    const parcelNo = samples.find((s) => s.description.startsWith('Parcel number'))!.code;
    const [found] = (
      (await h.call('GET', `/shipments-history?searchField=parcelNo&searchValue=${parcelNo}`)).json as {
        shipments: Array<{ id: string; orderNo: string; created: string }>;
      }
    ).shipments;
    expect(found!.orderNo).toBe('ORD-1500');
    expect(found!.created.startsWith('2026-01-15')).toBe(true);
    const prints = await h.call('GET', `/shipments/${found!.id}/prints?returnFile=true`);
    expect(Buffer.from((prints.json as Array<{ data: string }>)[0]!.data, 'base64').includes(0x8f)).toBe(
      true,
    );
  });

  it('books ORD-1002 (Oslo) with a label and a customs declaration', async () => {
    h = await startHarness();
    seedDemoData(h.sim);
    const [order] = (await h.call('GET', '/orders?internalReference=ORD-1002')).json as Array<{ id: string }>;
    const booked = (
      await h.call('POST', '/orders/shipments', { orderId: order!.id, printConfig: THERMO_ZPL })
    ).json as { shipmentId: string };
    const prints = (await h.call('GET', `/shipments/${booked.shipmentId}/prints`)).json as Array<{
      description: string;
    }>;
    expect(prints.map((p) => p.description)).toEqual(['Label', 'Customs declaration']);
  });

  it('bulk-seeds orders and stored shipments for benchmarks', async () => {
    h = await startHarness();
    expect(seedOrders(h.sim, 500, 'BENCH-')).toHaveLength(500);
    expect(seedStoredShipments(h.sim, 3, 'SB-')).toEqual(['SB-1', 'SB-2', 'SB-3']);
    const [order] = (await h.call('GET', '/orders?internalReference=BENCH-500')).json as Array<{
      id: string;
    }>;
    expect((await h.call('POST', '/orders/shipments', { orderId: order!.id })).status).toBe(201);
    const stored = (
      await h.call('GET', '/stored-shipments?searchField=orderNo&searchValue=SB-2&status=ready')
    ).json as unknown[];
    expect(stored).toHaveLength(1);
  });
});
