/**
 * The admin's settings (issue 12, point 4): each one saved through the StationApi changes what the running
 * station does, with no restart; each is judged by the settings file's schema. A station on the simulator over
 * HTTP and a virtual Zebra over TCP.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dispatch } from '../../../main/hosts/shared/dispatch';
import { settingsSchema } from '../../../main/settings/schema';
import { createSimulator, type Simulator } from '../../../main/simulator/server';
import {
  DEMO_API_KEY_ID,
  DEMO_API_KEY_SECRET,
  seedDemoData,
  seedOrders,
  seedStoredShipments,
} from '../../../main/simulator/demo';
import { scanAndWait, startBench, waitForJob, type Bench } from '../../support/station-harness';

let bench: Bench | undefined;
let second: Simulator | undefined;
afterEach(async () => {
  await bench?.close();
  await second?.stop();
  bench = undefined;
  second = undefined;
});

async function savedFile(dataDir: string): Promise<unknown> {
  return JSON.parse(await readFile(join(dataDir, 'settings.json'), 'utf8'));
}

describe('scan lookup sources and their order', () => {
  it('a source taken out is no longer asked, and the order decides between two sources that know a code', async () => {
    bench = await startBench();
    const [first, later] = seedOrders(bench.sim, 2, 'DUAL-');
    seedStoredShipments(bench.sim, 2, 'DUAL-');

    // Default order: an open order wins over a stored shipment with the same number.
    expect((await scanAndWait(bench.station, first!)).state).toBe('printed');
    expect(bench.sim.records().find((r) => r.orderNo === first)?.route).toBe('orders');

    await bench.station.saveSettings({
      resolve: { sources: ['stored', 'order', 'shipment'], indexRefreshSeconds: 60 },
    });
    expect((await scanAndWait(bench.station, later!)).state).toBe('printed');
    expect(bench.sim.records().find((r) => r.orderNo === later)?.route).toBe('stored');

    await bench.station.saveSettings({
      resolve: { sources: ['stored', 'shipment'], indexRefreshSeconds: 60 },
    });
    const unknown = await scanAndWait(bench.station, 'ORD-1003');
    expect(unknown.failure).toMatchObject({ reason: 'not_found', code: 'unknown_code' });
    expect(bench.sim.records().filter((r) => r.orderNo === 'ORD-1003')).toEqual([]);

    await bench.station.saveSettings({
      resolve: { sources: ['order', 'stored', 'shipment'], indexRefreshSeconds: 60 },
    });
    expect((await scanAndWait(bench.station, 'ORD-1003')).state).toBe('printed');
    expect(await savedFile(bench.dataDir)).toMatchObject({
      resolve: { sources: ['order', 'stored', 'shipment'] },
    });
  });
});

describe('the hold time for labels waiting on a printer', () => {
  it('a label waiting for an offline printer is held once the new, shorter hold time has passed', async () => {
    // No hold after a number of attempts: only the hold time decides here.
    bench = await startBench({
      extra: {
        printServiceOptions: {
          backoffMs: () => 50,
          driverOptions: { zplTcp: { connectTimeoutMs: 300, writeTimeoutMs: 500 } },
        },
      },
    });
    await bench.zebra.offline();
    const { jobId } = await bench.station.scan({ code: 'ORD-1001' });
    const waitingLabel = async () =>
      (await bench!.station.listSpool()).find((j) => j.stationJobId === jobId && j.documentKind === 'label');
    // With the default ten minutes the label keeps trying.
    await expect
      .poll(async () => (await waitingLabel())?.attempts ?? 0, { timeout: 10_000 })
      .toBeGreaterThan(3);
    expect((await waitingLabel())?.state).not.toBe('held');

    await bench.station.saveSettings({ spool: { ttlMinutes: 0.05 } });
    const job = await waitForJob(bench.station, jobId, 15_000);
    expect(job.state).toBe('held');
    expect(await waitingLabel()).toMatchObject({ state: 'held', heldReason: 'ttl' });
    expect(bench.zebra.labels()).toEqual([]);
    expect(await savedFile(bench.dataDir)).toMatchObject({ spool: { ttlMinutes: 0.05 } });
  });
});

describe('the consolidation key', () => {
  it('a stored shipment booked after the key is saved joins the consolidated shipment; with the key emptied it books alone', async () => {
    bench = await startBench();
    expect((await scanAndWait(bench.station, 'SO-2001')).state).toBe('printed');
    expect(bench.sim.records().find((r) => r.orderNo === 'SO-2001')?.route).toBe('stored');

    await bench.station.saveSettings({ consolidation: { key: 'DOCK-7' } });
    expect((await scanAndWait(bench.station, 'SO-2003')).state).toBe('printed');
    const open = (await bench.station.listConsolidated()).find((c) => c.key === 'DOCK-7');
    expect(open?.parcelGroups.map((g) => g.partOrderNo)).toEqual(['SO-2003']);

    await bench.station.saveSettings({ consolidation: { key: '' } });
    expect((await scanAndWait(bench.station, 'SO-2002')).state).toBe('printed');
    expect(bench.sim.records().find((r) => r.orderNo === 'SO-2002')?.route).toBe('stored');
    const after = (await bench.station.listConsolidated()).find((c) => c.key === 'DOCK-7');
    expect(after?.parcelGroups.map((g) => g.partOrderNo)).toEqual(['SO-2003']);
  });
});

describe('the Delivery base URL', () => {
  it('the next booking goes to the newly saved address', async () => {
    bench = await startBench();
    second = createSimulator();
    seedDemoData(second);
    const { deliveryBaseUrl } = await second.start();

    await bench.station.saveSettings({ account: { deliveryUrl: deliveryBaseUrl } });
    // The key goes only to the address it was entered for: at the new one it is entered again.
    await bench.station.setApiKey({ id: DEMO_API_KEY_ID, secret: DEMO_API_KEY_SECRET });
    expect((await scanAndWait(bench.station, 'ORD-1002')).state).toBe('printed');
    expect(second.records().map((r) => r.orderNo)).toContain('ORD-1002');
    expect(bench.sim.records().map((r) => r.orderNo)).not.toContain('ORD-1002');
    expect((await bench.station.getSettings()).account.deliveryUrl).toBe(deliveryBaseUrl);
    expect(await savedFile(bench.dataDir)).toMatchObject({ deliveryUrl: deliveryBaseUrl });
  });

  it('an address set by a flag stays in force when another is saved under it', async () => {
    second = createSimulator();
    seedDemoData(second);
    const { deliveryBaseUrl } = await second.start();
    bench = await startBench({
      extra: { overrides: [{ source: 'flag', apply: (s) => ({ ...s, deliveryUrl: deliveryBaseUrl }) }] },
    });
    await bench.station.saveSettings({ account: { deliveryUrl: 'https://example.invalid/rs-extapi/v1' } });
    expect((await scanAndWait(bench.station, 'ORD-1002')).state).toBe('printed');
    expect(second.records().map((r) => r.orderNo)).toContain('ORD-1002');
  });
});

describe('each value is judged by the settings file’s schema, and a refused one changes nothing', () => {
  it('the host refuses it with the path and bound of every refused value, and settings.json is untouched', async () => {
    bench = await startBench();
    const before = await savedFile(bench.dataDir);
    const refused = await dispatch(bench.station, 'saveSettings', {
      resolve: { sources: [], indexRefreshSeconds: 60 },
      spool: { ttlMinutes: 0 },
      consolidation: { key: 'K'.repeat(61) },
      account: { deliveryUrl: 'ftp://nshift.example' },
    });
    expect(refused).toMatchObject({ ok: false, status: 400, body: { error: 'invalid_argument' } });
    const issues = refused.ok ? [] : (refused.body.issues ?? []);
    expect(Object.fromEntries(issues.map((i) => [i.path, i]))).toEqual({
      'resolve.sources': { path: 'resolve.sources', code: 'too_small', minimum: 1 },
      'spool.ttlMinutes': { path: 'spool.ttlMinutes', code: 'too_small', minimum: 0.05 },
      'consolidation.key': { path: 'consolidation.key', code: 'too_big', maximum: 60 },
      'account.deliveryUrl': { path: 'account.deliveryUrl', code: 'invalid_format' },
    });
    expect(await savedFile(bench.dataDir)).toEqual(before);

    const saved = await dispatch(bench.station, 'saveSettings', { spool: { ttlMinutes: 2.5 } });
    expect(saved.ok).toBe(true);
    // What is on disk is a whole settings file the schema reads back as it was saved.
    const file = await savedFile(bench.dataDir);
    expect(settingsSchema.parse(file)).toEqual(file);
    expect(file).toMatchObject({ spool: { ttlMinutes: 2.5 } });
  });
});
