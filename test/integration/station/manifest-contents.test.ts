/**
 * The end of the day seen before the manifest is printed: what a manifest holds, and which of today's
 * shipments no manifest holds (issue 12, point 3). A station on the simulator over HTTP.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ALL_LICENSES } from '../../../main/simulator/licenses';
import { scanAndWait, startBench, waitForJob, type Bench } from '../../support/station-harness';

let bench: Bench | undefined;
afterEach(async () => {
  await bench?.close();
  bench = undefined;
});

async function createManifest(b: Bench): Promise<void> {
  const job = await waitForJob(b.station, (await b.station.createManifest({ manifestType: 'PNL' })).jobId);
  expect(job.state).toBe('printed');
}

describe("a manifest's shipments", () => {
  it('lists them, and narrows them by order, shipment or parcel number and by carrier', async () => {
    bench = await startBench();
    const a = await scanAndWait(bench.station, 'ORD-1001');
    const b = await scanAndWait(bench.station, 'ORD-1003');
    await createManifest(bench);
    const [manifest] = await bench.station.listManifests();
    const ids = { manifestType: manifest!.manifestType, manifestId: manifest!.manifestId };

    const all = await bench.station.listManifestShipments(ids);
    expect(all.map((s) => s.orderNo)).toEqual(expect.arrayContaining(['ORD-1001', 'ORD-1003', 'ORD-1500']));
    expect(all).toHaveLength(manifest!.shipmentCount);

    const byOrder = await bench.station.listManifestShipments({
      ...ids,
      searchField: 'orderNo',
      searchValue: '1003',
    });
    expect(byOrder.map((s) => s.shipmentId)).toEqual([b.shipments[0]!.shipmentId]);
    const parcelNo = a.shipments[0]!.parcelNos[0]!;
    const byParcel = await bench.station.listManifestShipments({
      ...ids,
      searchField: 'parcelNo',
      searchValue: parcelNo,
    });
    expect(byParcel.map((s) => s.shipmentId)).toEqual([a.shipments[0]!.shipmentId]);
    expect(await bench.station.listManifestShipments({ ...ids, carrierId: 'DHL' })).toEqual([]);
  });
});

describe("today's shipments in no manifest", () => {
  it('are every shipment of the day before the first manifest, and those booked after it afterwards', async () => {
    bench = await startBench();
    const first = await scanAndWait(bench.station, 'ORD-1001');
    const before = await bench.station.listUnmanifested();
    expect(before).toMatchObject({ manifests: 0, source: 'nshift' });
    expect(before.shipments.map((s) => s.shipmentId)).toContain(first.shipments[0]!.shipmentId);

    await createManifest(bench);
    expect((await bench.station.listUnmanifested()).shipments).toEqual([]);

    // The classic mistake: a parcel packed after the manifest was printed.
    const late = await scanAndWait(bench.station, 'ORD-1004');
    const cancelled = await scanAndWait(bench.station, 'ORD-1005');
    await waitForJob(
      bench.station,
      (await bench.station.cancelShipment({ shipmentId: cancelled.shipments[0]!.shipmentId, confirm: true }))
        .jobId,
    );
    const after = await bench.station.listUnmanifested();
    expect(after.manifests).toBe(1);
    expect(after.shipments.map((s) => s.orderNo)).toEqual(['ORD-1004']);
    expect(after.shipments[0]).toMatchObject({
      shipmentId: late.shipments[0]!.shipmentId,
      status: 'PRINTED',
    });
  });

  it('are all that a manifest made again holds: no parcel goes to the carrier on two manifests', async () => {
    bench = await startBench();
    await scanAndWait(bench.station, 'ORD-1001');
    await createManifest(bench);
    const [first] = await bench.station.listManifests();
    const firstIds = { manifestType: first!.manifestType, manifestId: first!.manifestId };
    const onFirst = (await bench.station.listManifestShipments(firstIds)).map((s) => s.shipmentId);
    expect(onFirst.length).toBeGreaterThan(1);

    const late = [
      await scanAndWait(bench.station, 'ORD-1003'),
      await scanAndWait(bench.station, 'ORD-1004'),
    ].map((j) => j.shipments[0]!.shipmentId);
    const left = (await bench.station.listUnmanifested()).shipments.map((s) => s.shipmentId);
    expect(left.sort()).toEqual([...late].sort());

    // What the Manifest screen advises: create the manifest again.
    await createManifest(bench);
    const second = (await bench.station.listManifests()).find((m) => m.manifestId !== first!.manifestId);
    expect(second).toMatchObject({ manifestType: 'PNL', shipmentCount: 2 });
    const onSecond = await bench.station.listManifestShipments({
      manifestType: second!.manifestType,
      manifestId: second!.manifestId,
    });
    expect(onSecond.map((s) => s.shipmentId).sort()).toEqual([...late].sort());
    expect((await bench.station.listUnmanifested()).shipments).toEqual([]);
    // The first manifest still holds what it held: a reprint gives the carrier the same list.
    expect((await bench.station.listManifestShipments(firstIds)).map((s) => s.shipmentId)).toEqual(onFirst);

    // Asked a third time with nothing left: nothing is made in nShift (an empty list would read like a lost day),
    // nothing is printed, and the packer is told where the day's list is.
    const documents = async (): Promise<string[]> => readdir(join(bench!.dataDir, 'documents'));
    const printedBefore = await documents();
    const manifestsBefore = bench.sim.state.manifests.size;
    const empty = await waitForJob(
      bench.station,
      (await bench.station.createManifest({ manifestType: 'PNL' })).jobId,
    );
    expect(empty.state).toBe('failed');
    expect(bench.sim.state.manifests.size).toBe(manifestsBefore);
    expect(empty.failure).toMatchObject({
      reason: 'not_found',
      code: 'manifest_empty',
      detail: 'manifest_nothing_new',
      params: { manifestType: 'PNL' },
    });
    expect(empty.failure?.message).toContain('no manifest was made in nShift and nothing was printed');
    expect(await documents()).toEqual(printedBefore);
  });

  it('is made, and an empty one is not printed, when only the journal could say there is nothing new', async () => {
    // The journal knows this station's bookings only, not another station's on the same account: without
    // nShift's history the manifest is made, and one nShift makes empty is caught after it, naming it.
    bench = await startBench();
    const key = { id: 'no-history', secret: 'no-history-secret' };
    bench.sim.addApiKey({ ...key, licenses: ALL_LICENSES.filter((l) => l !== 'REST API Shipment History') });
    const station = await bench.startStation({ apiKey: key, dataDir: `${bench.dataDir}-2` });
    await scanAndWait(station, 'ORD-1002');
    const first = await waitForJob(station, (await station.createManifest({ manifestType: 'PNL' })).jobId);
    expect(first.state).toBe('printed');
    expect(await station.listUnmanifested()).toMatchObject({ source: 'journal', shipments: [] });

    const again = await waitForJob(station, (await station.createManifest({ manifestType: 'PNL' })).jobId);
    const made = [...bench.sim.state.manifests.values()];
    expect(made).toHaveLength(2);
    expect(made[1]!.shipmentIds).toEqual([]);
    expect(again.failure).toMatchObject({
      code: 'manifest_empty',
      params: { manifestType: 'PNL', manifestId: made[1]!.manifestId },
    });
    expect(again.failure?.detail).toBeUndefined();
    expect(again.failure?.message).toContain('nothing was printed');
  });

  it("falls back to this station's journal, and says so, when the account may not read the history", async () => {
    bench = await startBench();
    const key = { id: 'no-history', secret: 'no-history-secret' };
    bench.sim.addApiKey({ ...key, licenses: ALL_LICENSES.filter((l) => l !== 'REST API Shipment History') });
    const station = await bench.startStation({ apiKey: key, dataDir: `${bench.dataDir}-2` });
    const booked = await scanAndWait(station, 'ORD-1002');
    const answer = await station.listUnmanifested();
    expect(answer.source).toBe('journal');
    expect(answer.shipments.map((s) => s.shipmentId)).toEqual([booked.shipments[0]!.shipmentId]);
  });
});
