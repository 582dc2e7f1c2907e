/**
 * An upgrade: a station of this version started on a data folder the version before it wrote
 * (test/fixtures/data-folder-before-packs: its journal and checkpoint, its label cache of one `.bin` and one
 * `.json` per document, its finished spool records). Everything in it is read; new documents go to packs beside the
 * old files, and the old files leave by age like the rest.
 */
import { cp, mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { systemClock, type Clock } from '../../../main/printers/clock';
import { scanAndWait, startBench, waitForJob, type Bench } from '../../support/station-harness';

const FIXTURE = resolve('test/fixtures/data-folder-before-packs');
const ORD_1002 = 'scan-20261128-4ef7cb4b';
const SO_2001 = 'scan-20261128-ca017b62';
const DAY_MS = 24 * 60 * 60 * 1000;

let bench: Bench | undefined;
afterEach(async () => {
  await bench?.close();
  bench = undefined;
});

describe('a data folder of the version before the label cache’s packs', () => {
  it('is read whole: its jobs, its checkpoint, its labels reprinted byte for byte; old files leave by age', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'packbench-upgrade-'));
    await cp(FIXTURE, dataDir, { recursive: true });
    let offset = 0;
    const clock: Clock = { ...systemClock, now: () => Date.now() + offset };
    const extra = { now: () => new Date(Date.now() + offset), printServiceOptions: { clock } };
    bench = await startBench({ dataDir, extra });
    // This run's simulator numbers its shipments and documents apart from the run that wrote the folder, as
    // nShift never gives an id twice.
    for (const counter of ['shipment', 'print', 'parcelNo', 'shipmentNo'])
      bench.sim.state.counters[counter]! += 100_000;
    const { station } = bench;
    // Its checkpoint and journal read without a warning; its jobs as they ended.
    expect(station.startupWarnings).toEqual([]);
    const booked = await station.getJob({ jobId: ORD_1002 });
    expect(booked).toMatchObject({ scan: 'ORD-1002', state: 'printed' });
    expect((await station.getJob({ jobId: SO_2001 })).state).toBe('printed');

    // Its label and customs declaration reprint from its cache: the bytes it kept, nothing asked of nShift.
    const old = (id: string) => readFile(join(FIXTURE, 'labels', `${id}.bin`));
    const reprint = await waitForJob(station, (await station.reprint({ jobId: ORD_1002 })).jobId);
    expect(reprint.state).toBe('printed');
    expect(Buffer.concat(bench.zebra.printData()).equals(await old('shp-5666302-print-10234403'))).toBe(true);
    const pdfs = await readdir(join(dataDir, 'documents'));
    expect(await readFile(join(dataDir, 'documents', pdfs.at(-1)!))).toEqual(
      await old('shp-5666302-print-10234404'),
    );
    const byCode = await waitForJob(station, (await station.reprint({ code: 'SO-2001' })).jobId);
    expect(byCode.state).toBe('printed');
    expect(
      bench.zebra
        .printData()
        .at(-1)!
        .equals(await old('shp-5666303-print-10234405')),
    ).toBe(true);

    // New work writes packs beside the old files; a start reads both.
    const scan = await scanAndWait(station, 'ORD-1001');
    expect(scan.state).toBe('printed');
    const labels = await readdir(join(dataDir, 'labels'));
    expect(labels.filter((n) => n.startsWith('pack-'))).toHaveLength(1);
    expect(labels).toContain('shp-5666302-print-10234403.bin');
    await station.close();
    const again = await bench.startStation({ extra });
    for (const documentId of ['shp-5666303-print-10234405', scan.shipments[0]!.documents[0]!.documentId])
      await expect(again.getDocumentPreview({ documentId })).resolves.toBeTruthy();

    // Forty days on, the default keeps 30 days of labels: the old files go, one at a time.
    await again.close();
    offset = 40 * DAY_MS;
    const later = await bench.startStation({ extra });
    expect((await later.prune()).labels).toBeGreaterThanOrEqual(3);
    expect((await readdir(join(dataDir, 'labels'))).filter((n) => n.endsWith('.bin'))).toEqual([]);
  });
});
