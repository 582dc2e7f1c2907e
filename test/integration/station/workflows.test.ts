import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createManualClock } from '../../../main/simulator/clock';
import { seedDemoData } from '../../../main/simulator/demo';
import { createSimulator } from '../../../main/simulator/server';
import { damageCachedRecord } from '../../support/label-cache-files';
import { pdfText } from '../../support/pdf-text';
import { scanAndWait, startBench, waitForJob, type Bench } from '../../support/station-harness';

let bench: Bench | undefined;
afterEach(async () => {
  await bench?.close();
  bench = undefined;
});

async function documentsFolder(b: Bench): Promise<Buffer[]> {
  const dir = join(b.dataDir, 'documents');
  const files = (await readdir(dir).catch(() => [] as string[])).sort();
  return Promise.all(files.map((f) => readFile(join(dir, f))));
}

describe('reprint', () => {
  it('reprints from the label cache by parcel number: the same bytes again, no new booking', async () => {
    bench = await startBench();
    const job = await scanAndWait(bench.station, 'ORD-1001');
    const parcelNo = job.shipments[0]!.parcelNos[0]!;
    const firstLabels = Buffer.concat(bench.zebra.printData());
    const bookings = bench.sim.records().length;

    const { jobId } = await bench.station.reprint({ code: parcelNo });
    const reprint = await waitForJob(bench.station, jobId);
    expect(reprint.kind).toBe('reprint');
    expect(reprint.state).toBe('printed');
    const all = Buffer.concat(bench.zebra.printData());
    expect(all.subarray(firstLabels.length).equals(firstLabels)).toBe(true);
    expect(bench.sim.records().length).toBe(bookings);
  });

  it('a label held while its printer was off prints once when the packer asks for its reprint', async () => {
    bench = await startBench();
    await bench.zebra.offline();
    const held = await scanAndWait(bench.station, 'ORD-1001');
    expect(held.state).toBe('held');
    await bench.zebra.online();

    const reprint = await waitForJob(bench.station, (await bench.station.reprint({ jobId: held.id })).jobId);
    expect(reprint.state).toBe('printed');
    await bench.station.whenIdle();
    // One document (its two parcels' labels), sent once.
    const [doc] = reprint.shipments[0]!.documents;
    expect(Buffer.concat(bench.zebra.printData())).toHaveLength(doc!.bytes);
    // The booking's label is the one that printed: its row reads printed too, and nothing is left held.
    await expect.poll(async () => (await bench!.station.getJob({ jobId: held.id })).state).toBe('printed');
    expect((await bench.station.listSpool()).filter((j) => j.state === 'held')).toHaveLength(0);
  });

  it('a shipment whose label the cache lost but whose customs declaration it kept: the reprint prints both again', async () => {
    bench = await startBench();
    const job = await scanAndWait(bench.station, 'ORD-1002');
    const documents = job.shipments[0]!.documents;
    expect(documents.map((d) => d.kind).sort()).toEqual(['customs', 'label']);
    const label = documents.find((d) => d.kind === 'label')!;
    const firstLabel = Buffer.concat(bench.zebra.printData());
    await damageCachedRecord(bench.dataDir, label.documentId);

    const reprint = await waitForJob(bench.station, (await bench.station.reprint({ jobId: job.id })).jobId);
    expect(reprint.state).toBe('printed');
    expect(reprint.shipments[0]!.documents.map((d) => d.kind).sort()).toEqual(['customs', 'label']);
    const all = Buffer.concat(bench.zebra.printData());
    expect(all.subarray(firstLabel.length).equals(firstLabel)).toBe(true);
    expect(bench.sim.records().filter((r) => r.internalReference === 'ORD-1002')).toHaveLength(1);
  });

  it("after the cache is gone and nShift's hour has passed, reprints through a document copy", async () => {
    const clock = createManualClock(Date.now());
    const sim = createSimulator({ clock });
    seedDemoData(sim);
    bench = await startBench({ simulator: sim });
    const job = await scanAndWait(bench.station, 'ORD-1002');
    await rm(join(bench.dataDir, 'labels'), { recursive: true, force: true });
    clock.advance(2 * 60 * 60 * 1000);
    const before = bench.zebra.labels().length;

    const reprint = await waitForJob(bench.station, (await bench.station.reprint({ jobId: job.id })).jobId);
    expect(reprint.state).toBe('printed');
    expect(bench.zebra.labels().length).toBeGreaterThan(before);
    expect(bench.sim.records().filter((r) => r.internalReference === 'ORD-1002')).toHaveLength(1);
  });

  it('a reprint carries the shipment’s numbers, parcels and receiver and names the booking it reprints', async () => {
    bench = await startBench();
    const { id } = await scanAndWait(bench.station, 'ORD-1001');
    // An order's numbers come from nShift's history beside the job, not before its label: wait for them.
    await expect
      .poll(async () => (await bench!.station.getJob({ jobId: id })).shipments[0]?.shipmentNo)
      .toBeTruthy();
    const booking = await bench.station.getJob({ jobId: id });
    const booked = booking.shipments[0]!;
    expect(booked.shipmentNo).toBeTruthy();

    for (const input of [{ jobId: booking.id }, { code: booked.parcelNos[1]! }]) {
      const reprint = await waitForJob(bench.station, (await bench.station.reprint(input)).jobId);
      expect(reprint.reprintOf).toBe(booking.id);
      expect(reprint.shipments).toHaveLength(1);
      expect(reprint.shipments[0]).toMatchObject({
        shipmentId: booked.shipmentId,
        shipmentNo: booked.shipmentNo,
        orderNo: 'ORD-1001',
        parcelNos: booked.parcelNos,
        receiverName: 'Åsa Öberg',
        state: 'printed',
      });
    }
  });

  it('refuses to reprint a code that was never booked, without booking it', async () => {
    bench = await startBench();
    await expect(bench.station.reprint({ code: 'ORD-1003' })).rejects.toMatchObject({
      body: { failure: { reason: 'not_found' } },
    });
    expect(bench.sim.records().filter((r) => r.internalReference === 'ORD-1003')).toHaveLength(0);
  });
});

describe('cancel', () => {
  it('shows the state of a shipment not yet handed over, and cancels it', async () => {
    bench = await startBench();
    const job = await scanAndWait(bench.station, 'ORD-1001');
    const parcelNo = job.shipments[0]!.parcelNos[0]!;
    const found = await bench.station.lookupShipment({ code: parcelNo });
    expect(found).toMatchObject({ shipmentId: job.shipments[0]!.shipmentId, handedOver: false });
    const cancel = await waitForJob(
      bench.station,
      (await bench.station.cancelShipment({ shipmentId: found.shipmentId, confirm: true, code: parcelNo }))
        .jobId,
    );
    expect(cancel.state).toBe('done');
    expect(bench.sim.records().find((r) => r.shipmentId === found.shipmentId)?.cancelled).toBe(true);
    expect((await bench.station.lookupShipment({ code: parcelNo })).status).toBe('CANCELLED');
  });

  it('a cancelled shipment is never reprinted (its label is void), and scanning its order again books it anew', async () => {
    bench = await startBench();
    const booking = await scanAndWait(bench.station, 'ORD-1003');
    const cancelled = booking.shipments[0]!;
    await waitForJob(
      bench.station,
      (await bench.station.cancelShipment({ shipmentId: cancelled.shipmentId, confirm: true })).jobId,
    );
    const refused = { body: { failure: { code: 'already_cancelled' } } };
    // R on the booking's row, and the scanned code or a parcel number typed for a reprint.
    await expect(bench.station.reprint({ jobId: booking.id })).rejects.toMatchObject(refused);
    await expect(bench.station.reprint({ code: 'ORD-1003' })).rejects.toMatchObject(refused);
    await expect(bench.station.reprint({ code: cancelled.parcelNos[0]! })).rejects.toMatchObject(refused);
    expect(bench.zebra.labels()).toHaveLength(1);

    const again = await scanAndWait(bench.station, 'ORD-1003');
    expect(again.state).toBe('printed');
    expect(again.shipments[0]!.shipmentId).not.toBe(cancelled.shipmentId);
    expect(
      bench.sim.records().filter((r) => r.internalReference === 'ORD-1003' && !r.cancelled),
    ).toHaveLength(1);
    // A reprint of the order now prints the new shipment's label only.
    const reprint = await waitForJob(
      bench.station,
      (await bench.station.reprint({ code: 'ORD-1003' })).jobId,
    );
    expect(reprint.shipments.map((s) => s.shipmentId)).toEqual([again.shipments[0]!.shipmentId]);
    expect(bench.zebra.labels()).toHaveLength(3);
  });

  it('a shipment cancelled at another station since is neither reprinted here nor a duplicate; unasked nShift, the cache still prints', async () => {
    bench = await startBench();
    const booking = await scanAndWait(bench.station, 'ORD-1005');
    const shipment = booking.shipments[0]!;
    const other = await bench.startStation({ dataDir: await mkdtemp(join(tmpdir(), 'packbench-other-')) });
    await waitForJob(
      other,
      (await other.cancelShipment({ shipmentId: shipment.shipmentId, confirm: true })).jobId,
    );
    expect(bench.sim.records().find((r) => r.shipmentId === shipment.shipmentId)?.cancelled).toBe(true);
    const refused = { body: { failure: { code: 'already_cancelled' } } };
    await expect(bench.station.reprint({ jobId: booking.id })).rejects.toMatchObject(refused);
    await expect(bench.station.reprint({ code: 'ORD-1005' })).rejects.toMatchObject(refused);
    expect(bench.zebra.labels()).toHaveLength(1);
    // Nor is the order a duplicate of it here: scanned again, it is booked anew, once.
    const again = await scanAndWait(bench.station, 'ORD-1005');
    expect(again.state).toBe('printed');
    expect(again.shipments[0]!.shipmentId).not.toBe(shipment.shipmentId);
    expect(
      bench.sim.records().filter((r) => r.internalReference === 'ORD-1005' && !r.cancelled),
    ).toHaveLength(1);
    expect(bench.zebra.labels()).toHaveLength(2);

    // nShift out of reach: the label cache reprints a live booking as before.
    const live = await scanAndWait(bench.station, 'ORD-1006');
    bench.sim.setReachable(false);
    const reprint = await waitForJob(bench.station, (await bench.station.reprint({ jobId: live.id })).jobId);
    bench.sim.setReachable(true);
    expect(reprint.state).toBe('printed');
    expect(bench.zebra.labels()).toHaveLength(4);
    // An nShift that takes a minute to answer does not hold the reprint up for that minute (nor the test's 30 s).
    bench.sim.faults.latency({ path: '/shipments-history', ms: 60_000 });
    const slow = await waitForJob(bench.station, (await bench.station.reprint({ jobId: live.id })).jobId);
    expect(slow.state).toBe('printed');
    expect(bench.zebra.labels()).toHaveLength(5);
  });

  it('a stored shipment whose booking was cancelled says so when scanned again, rather than "already booked"', async () => {
    bench = await startBench();
    const booking = await scanAndWait(bench.station, 'SO-2002');
    const shipment = booking.shipments[0]!;
    await waitForJob(
      bench.station,
      (await bench.station.cancelShipment({ shipmentId: shipment.shipmentId, confirm: true })).jobId,
    );
    const printed = bench.zebra.labels().length;
    const again = await scanAndWait(bench.station, 'SO-2002');
    expect(again.state).toBe('failed');
    expect(again.failure).toMatchObject({
      reason: 'not_found',
      code: 'already_cancelled',
      detail: 'stored_cancelled',
      params: { code: 'SO-2002', shipmentNo: shipment.shipmentNo },
    });
    expect(again.failure?.message).toContain('Have a new shipment made for "SO-2002"');
    expect(bench.sim.records().filter((r) => r.orderNo === 'SO-2002')).toHaveLength(1);
    expect(bench.zebra.labels()).toHaveLength(printed);
  });

  it('warns (handedOver) when the carrier already has the shipment', async () => {
    bench = await startBench();
    const job = await scanAndWait(bench.station, 'ORD-1002');
    bench.sim.handOver(job.shipments[0]!.shipmentId);
    const found = await bench.station.lookupShipment({ code: job.shipments[0]!.parcelNos[0]! });
    expect(found.handedOver).toBe(true);
    expect(found.status).toBe('IN_TRANSIT');
  });

  it('deletes a stored shipment so it can no longer be booked', async () => {
    bench = await startBench();
    const stored = await bench.station.listStored({ orderNo: 'SO-2003' });
    expect(stored).toHaveLength(1);
    await bench.station.deleteStored({ storedId: stored[0]!.storedId, confirm: true });
    const job = await scanAndWait(bench.station, 'SO-2003');
    expect(job.state).toBe('failed');
    expect(bench.sim.records().filter((r) => r.orderNo === 'SO-2003')).toHaveLength(0);
  });
});

describe('stored and consolidated shipments', () => {
  it('lists ready stored shipments and books one from the list exactly once', async () => {
    bench = await startBench();
    const ready = await bench.station.listStored();
    const so2002 = ready.find((s) => s.orderNo === 'SO-2002');
    expect(so2002).toMatchObject({ status: 'READY', parcelCount: 2 });
    const job = await waitForJob(
      bench.station,
      (await bench.station.bookStored({ storedId: so2002!.storedId })).jobId,
    );
    expect(job.state).toBe('printed');
    const again = await waitForJob(
      bench.station,
      (await bench.station.bookStored({ storedId: so2002!.storedId })).jobId,
    );
    expect(again.failure?.reason).toBe('duplicate');
    expect(bench.sim.records().filter((r) => r.orderNo === 'SO-2002')).toHaveLength(1);
  });

  it('an invalid stored shipment booked from the list says what nShift finds wrong with it, never "already booked"', async () => {
    bench = await startBench();
    const [invalid] = await bench.station.listStored({ orderNo: 'SO-2900' });
    expect(invalid).toMatchObject({ status: 'INVALID' });
    const job = await waitForJob(
      bench.station,
      (await bench.station.bookStored({ storedId: invalid!.storedId })).jobId,
    );
    expect(job.state).toBe('failed');
    expect(job.failure).toMatchObject({ reason: 'validation', detail: 'stored_invalid' });
    expect(job.failure?.errors?.length).toBeGreaterThan(0);
    expect(bench.sim.records().filter((r) => r.orderNo === 'SO-2900')).toHaveLength(0);
  });

  it('adds a stored shipment as a parcel group to the open consolidated shipment of the key in settings', async () => {
    bench = await startBench({ settings: (st) => ({ ...st, consolidation: { key: 'KONS-4001' } }) });
    const before = (await bench.station.listConsolidated()).find((c) => c.key === 'KONS-4001')!;
    const job = await scanAndWait(bench.station, 'SO-2001');
    expect(job.state).toBe('printed');
    const after = (await bench.station.listConsolidated()).find((c) => c.key === 'KONS-4001')!;
    expect(after.consolidatedId).toBe(before.consolidatedId);
    expect(after.parcelGroups.map((g) => g.partOrderNo)).toContain('SO-2001');
    expect(after.parcelGroups).toHaveLength(before.parcelGroups.length + 1);
  });

  it('deletes a parcel group, and closing the consolidated shipment prints its waybill on the document printer', async () => {
    bench = await startBench({ settings: (st) => ({ ...st, consolidation: { key: 'KONS-4001' } }) });
    await scanAndWait(bench.station, 'SO-2003');
    const kons = (await bench.station.listConsolidated()).find((c) => c.key === 'KONS-4001')!;
    const group = kons.parcelGroups.find((g) => g.partOrderNo === 'SO-2003')!;
    await bench.station.deleteParcelGroup({
      consolidatedId: kons.consolidatedId,
      partOrderNo: group.partOrderNo,
      confirm: true,
    });
    const after = (await bench.station.listConsolidated()).find(
      (c) => c.consolidatedId === kons.consolidatedId,
    );
    expect(after?.parcelGroups.map((g) => g.partOrderNo)).not.toContain('SO-2003');

    const labelsBefore = bench.zebra.labels().length;
    const close = await waitForJob(
      bench.station,
      (await bench.station.closeConsolidated({ consolidatedId: kons.consolidatedId })).jobId,
    );
    expect(close.state).toBe('printed');
    const docs = await documentsFolder(bench);
    expect(docs.some((d) => d.subarray(0, 5).toString() === '%PDF-' && /waybill/i.test(pdfText(d)))).toBe(
      true,
    );
    expect(bench.zebra.labels().length).toBe(labelsBefore); // a waybill never goes to the label printer
    expect(
      (await bench.station.listConsolidated()).some((c) => c.consolidatedId === kons.consolidatedId),
    ).toBe(false);
  });

  it('a close journals the key its consolidated shipment is known by: the job and its reprint read KONS-4001, the id stays their code', async () => {
    bench = await startBench();
    const kons = (await bench.station.listConsolidated()).find((c) => c.key === 'KONS-4001')!;
    const close = await waitForJob(
      bench.station,
      (await bench.station.closeConsolidated({ consolidatedId: kons.consolidatedId })).jobId,
    );
    expect(close).toMatchObject({
      kind: 'consolidated_close',
      scan: kons.consolidatedId,
      consolidationKey: 'KONS-4001',
      state: 'printed',
    });
    const reprint = await waitForJob(bench.station, (await bench.station.reprint({ jobId: close.id })).jobId);
    expect(reprint).toMatchObject({
      kind: 'reprint',
      scan: kons.consolidatedId,
      consolidationKey: 'KONS-4001',
    });

    // A fact of the job's first journal entry: a restart on the same data folder reads it back.
    await bench.station.close();
    const again = await bench.startStation();
    expect(await again.getJob({ jobId: close.id })).toMatchObject({ consolidationKey: 'KONS-4001' });
  });

  it('a close asked for by id on a station that has listed nothing since its start finds the key in nShift', async () => {
    bench = await startBench();
    const kons = (await bench.station.listConsolidated()).find((c) => c.key === 'KONS-4001')!;
    const fresh = await bench.startStation({ dataDir: await mkdtemp(join(tmpdir(), 'packbench-close-')) });
    const close = await waitForJob(
      fresh,
      (await fresh.closeConsolidated({ consolidatedId: kons.consolidatedId })).jobId,
    );
    expect(close).toMatchObject({
      scan: kons.consolidatedId,
      consolidationKey: 'KONS-4001',
      state: 'printed',
    });
  });
});

describe('the end-of-day manifest', () => {
  it("lists exactly the day's shipments (not the cancelled one) and prints on the document printer", async () => {
    bench = await startBench();
    const a = await scanAndWait(bench.station, 'ORD-1001');
    const b = await scanAndWait(bench.station, 'SO-2001');
    const c = await scanAndWait(bench.station, 'ORD-1002');
    await waitForJob(
      bench.station,
      (await bench.station.cancelShipment({ shipmentId: c.shipments[0]!.shipmentId, confirm: true })).jobId,
    );

    const manifest = await waitForJob(
      bench.station,
      (await bench.station.createManifest({ manifestType: 'PNL' })).jobId,
    );
    expect(manifest.state).toBe('printed');
    const pdf = (await documentsFolder(bench)).find((d) => /manifest/i.test(pdfText(d)));
    expect(pdf).toBeDefined();
    const text = pdfText(pdf!);
    // Open consolidated shipments are not shipments yet: they join a manifest once closed.
    const live = bench.sim
      .records()
      .filter(
        (r) =>
          !r.cancelled &&
          r.route !== 'consolidated' &&
          r.created.slice(0, 10) === new Date().toISOString().slice(0, 10),
      );
    const numberOf = (shipmentId: string) =>
      bench!.sim.records().find((r) => r.shipmentId === shipmentId)!.shipmentNo;
    expect(live.map((r) => r.shipmentId)).toEqual(
      expect.arrayContaining([a.shipments[0]!.shipmentId, b.shipments[0]!.shipmentId]),
    );
    for (const r of live) expect(text).toContain(r.shipmentNo);
    expect(text).not.toContain(numberOf(c.shipments[0]!.shipmentId));

    const listed = await bench.station.listManifests();
    expect(listed.map((m) => m.manifestType)).toContain('PNL');
    const again = await waitForJob(
      bench.station,
      (await bench.station.reprintManifest({ manifestType: 'PNL', manifestId: listed[0]!.manifestId })).jobId,
    );
    expect(again.state).toBe('printed');
  });
});

describe('history', () => {
  it("finds today's shipments by order number", async () => {
    bench = await startBench();
    const job = await scanAndWait(bench.station, 'ORD-1005');
    const hits = await bench.station.searchHistory({ searchField: 'orderNo', searchValue: 'ORD-1005' });
    expect(hits.map((h) => h.shipmentId)).toContain(job.shipments[0]!.shipmentId);
  });
});

describe('printer test and connection test', () => {
  it('prints a test label with Nordic letters in cp850 on the chosen printer, with its preview', async () => {
    bench = await startBench();
    const { jobId, preview } = await bench.station.testPrinter({ printerId: 'zebra' });
    expect((await waitForJob(bench.station, jobId)).state).toBe('printed');
    expect(preview.format).toBe('zpl');
    const sent = Buffer.concat(bench.zebra.printData());
    expect(sent.includes(Buffer.from([0x8f, 0x8e, 0x99]))).toBe(true); // ÅÄÖ in code page 850
    expect(sent.equals(Buffer.from(preview.base64, 'base64'))).toBe(true);
  });

  it('prints the UTF-8 variant with ^CI28 when asked, and refuses an unknown printer', async () => {
    bench = await startBench();
    const { jobId } = await bench.station.testPrinter({ printerId: 'zebra', charset: 'UTF8' });
    await waitForJob(bench.station, jobId);
    expect(Buffer.concat(bench.zebra.labels()).toString('latin1')).toContain('^CI28');
    await expect(bench.station.testPrinter({ printerId: 'nope' })).rejects.toMatchObject({
      body: { error: 'not_found' },
    });
  });

  it('reads offline, not connected, when nShift stops answering after a first successful test (its token still cached)', async () => {
    bench = await startBench();
    expect(await bench.station.testConnection()).toMatchObject({ ok: true, state: 'connected' });
    await bench.sim.stop();
    const test = await bench.station.testConnection();
    expect(test).toMatchObject({ ok: false, state: 'offline' });
    expect(test.message).toMatch(/cannot reach nShift/);
    expect((await bench.station.getStatus()).account.state).toBe('offline');
  });

  it('names the licence the API key lacks', async () => {
    bench = await startBench({ apiKey: { id: 'no-store', secret: 'no-store-secret' } });
    bench.sim.addApiKey({ id: 'no-store', secret: 'no-store-secret', licenses: ['REST API Print'] });
    const test = await bench.station.testConnection();
    expect(test).toMatchObject({ ok: false, state: 'forbidden' });
    expect(test.missingLicenses).toContain('REST API Store');
    expect((await bench.station.getStatus()).account.missingLicenses).toContain('REST API Store');
  });
});

describe('printer states for the status bar', () => {
  it('are checked at start, before any label, and show a printer that is out of paper', async () => {
    bench = await startBench();
    await expect
      .poll(
        async () => (await bench!.station.getStatus()).printers.find((p) => p.printerId === 'zebra')?.state,
      )
      .toBe('ready');
    bench.zebra.status('paper_out');
    const other = await bench.startStation({ dataDir: `${bench.dataDir}-c` });
    await expect
      .poll(async () => (await other.getStatus()).printers.find((p) => p.printerId === 'zebra'))
      .toMatchObject({ state: 'error', problems: ['paper_out'] });
  });
});
