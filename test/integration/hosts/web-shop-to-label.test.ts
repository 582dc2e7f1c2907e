/**
 * The web shop meets the packing bench: a consumer's split order is checked out through the simulated
 * nShift Checkout over HTTP (token, split session, options per sub-shipment, partial shipments), which puts
 * three prepared shipments into the simulated Delivery account; the built headless host, given Checkout client
 * credentials in the environment, scans the order, finds its partial shipments in Checkout and books and prints
 * each prepared shipment on the virtual Zebra, once each. A second scan books nothing more. Scans that Delivery
 * does not know are explained by Checkout.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CHECKOUT_DEMO_CLIENT_ID,
  CHECKOUT_DEMO_CLIENT_SECRET,
  CHECKOUT_PENDING_CONNECTION_ID,
  checkOutSplitOrder,
  createSimulator,
  demoCheckoutClient,
  ensureDemoAccount,
  type Simulator,
} from '../../../main/simulator/index';
import { createVirtualZebra, type VirtualZebra } from '../../../main/simulator/virtual-zebra';
import { DEMO_KEY_ENV, runHeadless, stationFlags } from '../../support/headless-process';

const RECEIVER = {
  name: 'Åsa Öberg',
  address1: 'Sveavägen 12',
  postalCode: '11157',
  city: 'STOCKHOLM',
  country: 'SE',
  email: 'asa@example.com',
};

let sim: Simulator | undefined;
let zebra: VirtualZebra | undefined;
afterEach(async () => {
  await zebra?.close();
  await sim?.stop();
  sim = undefined;
  zebra = undefined;
});

const byEvent = (events: Record<string, unknown>[], name: string) => events.filter((e) => e.event === name);

describe('web shop to label, through the headless host', () => {
  it('a split order made through Checkout is scanned once and printed as three labels, once each; a rescan books nothing', async () => {
    sim = createSimulator();
    ensureDemoAccount(sim);
    const started = await sim.start();
    const shop = demoCheckoutClient(sim);
    const partials = await checkOutSplitOrder(shop, {
      orderId: 'WEB-8001',
      receiver: RECEIVER,
      subShipments: [
        { serviceId: 'P19', weights: [1.2] },
        { serviceId: 'P15', weights: [3.4] },
        { serviceId: 'DHLPAK', weights: [7] },
      ],
    });
    await checkOutSplitOrder(shop, {
      orderId: 'WEB-8002',
      receiver: RECEIVER,
      connectionId: CHECKOUT_PENDING_CONNECTION_ID,
      subShipments: [{ serviceId: 'P19', weights: [1] }],
    });
    await shop.close();
    expect(partials).toHaveLength(3);
    zebra = await createVirtualZebra();

    const run = await runHeadless(
      stationFlags(
        started.deliveryBaseUrl,
        zebra.port,
        await mkdtemp(join(tmpdir(), 'packbench-web-shop-')),
        '--checkout-url',
        started.checkoutBaseUrl,
        '--checkout-auth-url',
        started.checkoutAuthUrl,
      ),
      'WEB-8001\nWEB-8001\nWEB-8002\nWEB-8404\n',
      {
        ...DEMO_KEY_ENV,
        PACKBENCH_CHECKOUT_CLIENT_ID: CHECKOUT_DEMO_CLIENT_ID,
        PACKBENCH_CHECKOUT_CLIENT_SECRET: CHECKOUT_DEMO_CLIENT_SECRET,
      },
    );
    expect(run.code).toBe(0);

    const booked = byEvent(run.events, 'booked');
    const printed = byEvent(run.events, 'printed');
    expect(booked.map((e) => e.scan)).toEqual(['WEB-8001', 'WEB-8001', 'WEB-8001']);
    expect(new Set(printed.map((e) => e.shipmentId))).toEqual(new Set(booked.map((e) => e.shipmentId)));
    expect(printed).toHaveLength(3);
    // nShift booked each prepared shipment once (none is left), and the printer got one label per parcel: three.
    expect(sim.records().filter((r) => r.orderNo === 'WEB-8001' && r.route === 'prepared')).toHaveLength(3);
    expect(partials.some((p) => sim!.state.prepared.has(p.id))).toBe(false);
    const labels = zebra.labels().map((l) => l.toString('latin1'));
    expect(labels).toHaveLength(3);
    for (const no of booked.flatMap((e) => e.parcelNos as string[]))
      expect(labels.filter((l) => l.includes(no))).toHaveLength(1);

    // The rescan is a duplicate; the two unknown orders are explained by Checkout, reason not_found.
    const failed = byEvent(run.events, 'failed');
    expect(failed.map((e) => [e.scan, e.reason, e.code])).toEqual([
      ['WEB-8001', 'duplicate', expect.any(String)],
      ['WEB-8002', 'not_found', 'checkout_not_in_delivery'],
      ['WEB-8404', 'not_found', 'checkout_not_created'],
    ]);
    expect(run.stderr).not.toContain(CHECKOUT_DEMO_CLIENT_SECRET);
  });
});
