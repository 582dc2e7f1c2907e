/**
 * At the bench, nShift Checkout explains a scan that Delivery does not know: the web shop has not created
 * the shipment yet, or it was created at checkout but has not reached Delivery. Without Checkout credentials
 * nothing changes and the simulator sees no Checkout request at all. (Booking a checkout's prepared shipments:
 * prepared-shipments.test.ts.)
 */
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createFileVault, createMemoryVault } from '../../../main/settings/file-vault';
import { prepareIdOf } from '../../../main/nshift/checkout/prepared';
import {
  CHECKOUT_DEMO_CLIENT_ID,
  CHECKOUT_DEMO_CLIENT_SECRET,
  DEMO_API_KEY_ID,
  DEMO_API_KEY_SECRET,
  checkOutSplitOrder,
  demoCheckoutClient,
  storePreparedShipments,
} from '../../../main/simulator/index';
import { scanAndWait, startBench, type Bench } from '../../support/station-harness';

const DEMO_KEY = { id: DEMO_API_KEY_ID, secret: DEMO_API_KEY_SECRET };

let bench: Bench | undefined;
afterEach(async () => {
  await bench?.close();
  bench = undefined;
});

const RECEIVER = {
  name: 'Björn Ståhl',
  address1: 'Åkervägen 7',
  postalCode: '75320',
  city: 'UPPSALA',
  country: 'SE',
};

async function benchWithCheckout(): Promise<Bench> {
  const b = await startBench({
    extra: {
      checkoutVault: createMemoryVault({ id: CHECKOUT_DEMO_CLIENT_ID, secret: CHECKOUT_DEMO_CLIENT_SECRET }),
    },
  });
  // The settings point the station's Checkout at the simulator, and the credentials are entered for it (as an
  // admin would: credentials go only to the addresses they were entered for).
  await b.station.saveSettings({
    checkout: {
      baseUrl: b.sim.checkoutBaseUrl!,
      authUrl: b.sim.checkoutAuthUrl!,
      connectionId: 'demo-connection',
    },
  });
  await b.station.setCheckoutCredentials({
    clientId: CHECKOUT_DEMO_CLIENT_ID,
    clientSecret: CHECKOUT_DEMO_CLIENT_SECRET,
  });
  return b;
}

describe('scan: nothing in Delivery, asked of Checkout', () => {
  it('no partial shipment either: failed, not_found, checkout_not_created', async () => {
    bench = await benchWithCheckout();
    const job = await scanAndWait(bench.station, 'WEB-5404');
    expect(job.state).toBe('failed');
    expect(job.failure).toMatchObject({
      reason: 'not_found',
      code: 'checkout_not_created',
      params: { orderNo: 'WEB-5404' },
    });
  });

  it('a partial shipment that has not reached Delivery: failed, not_found, checkout_not_in_delivery', async () => {
    bench = await benchWithCheckout();
    const job = await scanAndWait(bench.station, 'WEB-5002'); // demo: checked out through the unlinked connection
    expect(job.failure).toMatchObject({
      reason: 'not_found',
      code: 'checkout_not_in_delivery',
      params: { count: 1 },
    });
    // The headless host prints this message: counted as English counts, never "partial shipment(s)".
    expect(job.failure?.message).toContain('(1 partial shipment in nShift Checkout)');
  });

  it('a split order the shop turned into stored shipments is booked from Delivery, and Checkout is not asked', async () => {
    bench = await benchWithCheckout();
    const client = demoCheckoutClient(bench.sim);
    const partials = await checkOutSplitOrder(client, {
      orderId: 'WEB-7001',
      receiver: RECEIVER,
      subShipments: [
        { serviceId: 'P19', weights: [1] },
        { serviceId: 'DHLPAK', weights: [4, 2] },
      ],
    });
    await client.close();
    await storePreparedShipments(bench.sim, partials, DEMO_KEY, (i) => `WEB-7001-${i + 1}`);
    const requestsBefore = bench.sim.state.checkout.requests;
    const job = await scanAndWait(bench.station, 'WEB-7001');
    expect(job.state).toBe('printed');
    expect(job.source).toBe('stored');
    expect(job.shipments.map((s) => s.state)).toEqual(['printed', 'printed']);
    // Found in Delivery: Checkout was not asked.
    expect(bench.sim.state.checkout.requests).toBe(requestsBefore);
    const records = bench.sim.records().filter((r) => r.orderNo === 'WEB-7001');
    expect(records).toHaveLength(2);
    expect(bench.zebra.labels()).toHaveLength(3); // one label per parcel: 1 + 2
  });

  it('without Checkout credentials: the plain unknown_code, and not one request reaches Checkout', async () => {
    bench = await startBench();
    const requestsBefore = bench.sim.state.checkout.requests;
    const missing = await scanAndWait(bench.station, 'WEB-5404');
    const pending = await scanAndWait(bench.station, 'WEB-5002');
    expect([missing.failure?.code, pending.failure?.code]).toEqual(['unknown_code', 'unknown_code']);
    expect(bench.sim.state.checkout.requests).toBe(requestsBefore);
  });

  it('without Checkout credentials the Checkout screen is told checkout_not_configured, and still no request is made', async () => {
    bench = await startBench();
    const requestsBefore = bench.sim.state.checkout.requests;
    await expect(bench.station.listPartialShipments({ orderNo: 'SPLIT-3001' })).rejects.toMatchObject({
      body: { failure: { code: 'checkout_not_configured' } },
    });
    await expect(
      bench.station.exportCheckoutMetrics({ dateFrom: '2026-01-01', dateTo: '2026-01-31' }),
    ).rejects.toMatchObject({ body: { failure: { code: 'checkout_not_configured' } } });
    expect(bench.sim.state.checkout.requests).toBe(requestsBefore);
  });
});

describe('the Checkout screen’s list', () => {
  it('a sub-shipment whose prepared shipment was booked since reads booked; the number only where it is that row’s', async () => {
    bench = await benchWithCheckout();
    const client = demoCheckoutClient(bench.sim);
    const split = await checkOutSplitOrder(client, {
      orderId: 'WEB-7002',
      receiver: RECEIVER,
      subShipments: [
        { serviceId: 'P19', weights: [1] },
        { serviceId: 'DHLPAK', weights: [2] },
      ],
    });
    await checkOutSplitOrder(client, {
      orderId: 'WEB-7003',
      receiver: RECEIVER,
      subShipments: [{ serviceId: 'P15', weights: [3] }],
    });
    await client.close();
    const before = await bench.station.listPartialShipments({ orderNo: 'WEB-7002' });
    expect(before.map((p) => p.delivery)).toEqual(
      split.map((p) => ({ status: 'prepared', prepareId: prepareIdOf(p) })),
    );
    expect(before.map((p) => p.option)).toEqual([
      { carrierId: 'PLAB', serviceId: 'P19', pickupPoint: 'PostNord MyPack Collect pickup point' },
      { carrierId: 'DHL', serviceId: 'DHLPAK' },
    ]);

    expect((await scanAndWait(bench.station, 'WEB-7002')).state).toBe('printed');
    const job = await scanAndWait(bench.station, 'WEB-7003');
    expect(job.state).toBe('printed');

    // Two booked shipments for two rows: nothing in Delivery says which is whose, so no number is shown.
    const after = await bench.station.listPartialShipments({ orderNo: 'WEB-7002' });
    expect(after.map((p) => p.delivery)).toEqual([{ status: 'booked' }, { status: 'booked' }]);
    // One row, one booked shipment: that number is the row's.
    const [single] = await bench.station.listPartialShipments({ orderNo: 'WEB-7003' });
    expect(single?.delivery).toEqual({ status: 'booked', shipmentNo: job.shipments[0]!.shipmentNo });
  });

  it('a sub-shipment not yet booked reads prepared, one the shop stored reads stored, one not in Delivery pending', async () => {
    bench = await benchWithCheckout();
    const [split] = await bench.station.listPartialShipments({ orderNo: 'SPLIT-3001' });
    expect(split?.delivery).toMatchObject({ status: 'prepared', prepareId: split!.id });
    const stored = await bench.station.listPartialShipments({ orderNo: 'SPLIT-3002' });
    expect(stored.map((p) => p.delivery.status)).toEqual(['stored', 'stored', 'stored']);
    const [web] = await bench.station.listPartialShipments({ orderNo: 'WEB-5002' });
    expect(web?.delivery).toEqual({ status: 'pending' });
  });

  it('credentials the identity service refuses are checkout_credentials_refused, not the Delivery key', async () => {
    bench = await startBench({
      extra: { checkoutVault: createMemoryVault({ id: CHECKOUT_DEMO_CLIENT_ID, secret: 'wrong' }) },
    });
    await bench.station.saveSettings({
      checkout: { baseUrl: bench.sim.checkoutBaseUrl!, authUrl: bench.sim.checkoutAuthUrl! },
    });
    // Entered for the simulator's addresses (credentials go only where they were entered for), but wrong.
    await bench.station.setCheckoutCredentials({ clientId: CHECKOUT_DEMO_CLIENT_ID, clientSecret: 'wrong' });
    await expect(bench.station.listPartialShipments({ orderNo: 'SPLIT-3001' })).rejects.toMatchObject({
      body: { failure: { reason: 'auth', code: 'checkout_credentials_refused' } },
    });
  });
});

describe('Checkout client credentials, stored like the Delivery key', () => {
  it('are entered in Settings, kept encrypted in their own vault file, shown only masked, and used by the next scan', async () => {
    bench = await startBench();
    const env = { PACKBENCH_VAULT_KEY: 'checkout-test' };
    const dataDir = await mkdtemp(join(tmpdir(), 'packbench-checkout-'));
    const station = await bench.startStation({
      dataDir,
      extra: { checkoutVault: createFileVault(dataDir, env, 'checkout') },
    });
    await station.saveSettings({
      checkout: { baseUrl: bench.sim.checkoutBaseUrl!, authUrl: bench.sim.checkoutAuthUrl! },
    });
    const before = bench.sim.state.checkout.requests;
    expect((await scanAndWait(station, 'WEB-5404')).failure?.code).toBe('unknown_code');
    expect(bench.sim.state.checkout.requests).toBe(before); // no credentials yet: not asked

    const view = await station.setCheckoutCredentials({
      clientId: CHECKOUT_DEMO_CLIENT_ID,
      clientSecret: CHECKOUT_DEMO_CLIENT_SECRET,
    });
    expect(view.checkout).toMatchObject({ clientId: CHECKOUT_DEMO_CLIENT_ID, hasSecret: true });
    expect(JSON.stringify(view)).not.toContain(CHECKOUT_DEMO_CLIENT_SECRET);
    expect(JSON.stringify(await station.getSettings())).not.toContain(CHECKOUT_DEMO_CLIENT_SECRET);
    expect((await scanAndWait(station, 'WEB-5404')).failure?.code).toBe('checkout_not_created');

    const files = await readdir(dataDir, { recursive: true, withFileTypes: true });
    expect(files.map((f) => f.name)).toContain('checkout-secrets.enc');
    for (const f of files.filter((e) => e.isFile())) {
      const bytes = await readFile(join(f.parentPath, f.name));
      expect(bytes.includes(Buffer.from(CHECKOUT_DEMO_CLIENT_SECRET)), f.name).toBe(false);
    }
    // A restart reads them back from the vault.
    expect(await createFileVault(dataDir, env, 'checkout').get()).toEqual({
      id: CHECKOUT_DEMO_CLIENT_ID,
      secret: CHECKOUT_DEMO_CLIENT_SECRET,
    });
  });
});
