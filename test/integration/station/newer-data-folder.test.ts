/**
 * A downgrade: a station of this version started on a data folder a newer Packbench wrote last. The newer
 * version's journal may hold entries this version cannot read (a new entry type, a value of an enum it does not
 * know), whole and checksummed: they are no crash's torn line. They stay in the journal for the newer version to
 * read again, and a job this version cannot see whole is never carried on behind the packer's back (its label
 * may have printed already, and a booking it does not see may have been made): it fails, saying to check it.
 */
import { appendFile, mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLabelCache } from '../../../main/labels/label-cache';
import { checksumLine } from '../../../main/files/line-log';
import { Journal } from '../../../main/station/journal';
import { startBench, waitForJob, type Bench } from '../../support/station-harness';

let bench: Bench | undefined;
afterEach(async () => {
  await bench?.close();
  bench = undefined;
});

const JOB = 'scan-20261128-0ddba11e';

describe('a data folder a newer Packbench used (a downgrade)', () => {
  it('keeps the newer entries in the journal, prints nothing of a job it cannot see whole, and fails that job for the packer', async () => {
    bench = await startBench();
    // ORD-1005 booked on the bench; its label is in this data folder's label cache, as the newer version kept it.
    const first = await waitForJob(bench.station, (await bench.station.scan({ code: 'ORD-1005' })).jobId);
    const shipment = first.shipments[0]!;
    const doc = shipment.documents[0]!;
    const preview = await bench.station.getDocumentPreview({ documentId: doc.documentId });
    const label = Buffer.from(preview.base64, 'base64');
    bench.zebra.clearRecords();

    const dir = await mkdtemp(join(tmpdir(), 'packbench-downgrade-'));
    const { journal } = await Journal.open(join(dir, 'journal'));
    const target = { type: 'order' as const, orderId: 'x', internalReference: 'ORD-1005' };
    await journal.append({ type: 'job', jobId: JOB, kind: 'scan', scan: 'ORD-1005' });
    await journal.append({
      type: 'resolved',
      jobId: JOB,
      source: 'order',
      orderNo: 'ORD-1005',
      targets: [target],
    });
    await journal.append({ type: 'book_intent', jobId: JOB, target });
    const booked = await journal.append({
      type: 'booked',
      jobId: JOB,
      targetKey: 'order:x',
      shipmentId: shipment.shipmentId,
      parcelNos: shipment.parcelNos,
      documents: [
        { documentId: doc.documentId, kind: 'label', format: 'zpl', charset: 'cp850', bytes: label.length },
      ],
    });
    await journal.close();
    // What the newer version wrote next, in a shape this version does not know: the label went to the printer.
    const file = join(
      dir,
      'journal',
      (await readdir(join(dir, 'journal'))).find((f) => f.endsWith('.jsonl'))!,
    );
    const newer = checksumLine(
      JSON.stringify({
        type: 'handed_to_printer',
        jobId: JOB,
        documentId: doc.documentId,
        seq: booked.seq + 1,
        at: booked.at,
      }),
    );
    await appendFile(file, newer);
    await createLabelCache(join(dir, 'labels')).put({
      id: doc.documentId,
      kind: 'label',
      format: 'zpl',
      charset: 'cp850',
      shipmentId: shipment.shipmentId,
      bytes: label,
    });
    const bookings = bench.sim.records().length;

    const station = await bench.startStation({ dataDir: dir });
    const job = await waitForJob(station, JOB);
    await station.whenIdle();
    // Nothing printed, nothing booked: the job fails, in the packer's words, with what to do.
    expect(job.state).toBe('failed');
    expect(job.failure?.detail).toBe('unfinished_after_restart');
    expect(Buffer.concat(bench.zebra.printData())).toHaveLength(0);
    expect(bench.sim.records().length).toBe(bookings);
    // The start says what happened, for the admin, and that the newer version's entries were kept.
    expect(station.startupWarnings.map((w) => w.message).join('\n')).toMatch(/newer Packbench/);
    expect(station.startupWarnings.map((w) => w.message).join('\n')).not.toMatch(/crash/);
    // The newer entry is still in the journal, where it was, and nothing was set aside as corrupt.
    const text = await readFile(file, 'utf8');
    expect(text).toContain(newer);
    expect(text.indexOf(newer)).toBeLessThan(text.indexOf('"type":"failed"'));
    expect((await readdir(join(dir, 'journal'))).filter((f) => f.includes('.corrupt-'))).toEqual([]);
    // Entries written since carry later sequence numbers than the newer version's.
    const failed = text.split('\n').find((line) => line.includes('"type":"failed"'))!;
    expect((JSON.parse(failed.slice(9)) as { seq: number }).seq).toBeGreaterThan(booked.seq + 1);
  });

  it('holds a label of a spool record it cannot read whole for the packer, never prints it unasked, and says which records it could not read', async () => {
    bench = await startBench();
    const dir = await mkdtemp(join(tmpdir(), 'packbench-downgrade-'));
    const spool = join(dir, 'spool');
    await mkdir(spool, { recursive: true });
    const label = Buffer.from('^XA^FO50,50^FDNEWER^FS^XZ\n');
    const now = new Date().toISOString();
    // A label the newer version held for a reason this version does not know, its bytes beside it.
    const record = {
      version: 1,
      id: 'sp-newer-1',
      seq: 4,
      printerId: 'zebra',
      printerName: 'Virtual Zebra',
      document: { id: 'shp-9-print-9', kind: 'label', format: 'zpl', charset: 'cp850', shipmentId: '9' },
      bytes: label.length,
      state: 'held',
      heldReason: 'paper_low',
      attempts: 1,
      createdAt: now,
      updatedAt: now,
      ttlFrom: Date.now(),
      nextAttemptAt: Date.now(),
      lastErrorCode: 'paper_low',
      shipmentId: '9',
    };
    await writeFile(join(spool, 'sp-newer-1.json'), JSON.stringify(record));
    await writeFile(join(spool, 'sp-newer-1.bin'), label);
    // And a record a power cut left as zeros.
    await writeFile(join(spool, 'sp-zeroed-2.json'), Buffer.alloc(512));

    const station = await bench.startStation({ dataDir: dir });
    await station.whenIdle();
    const held = (await station.listSpool()).find((j) => j.id === 'sp-newer-1');
    expect(held).toMatchObject({ state: 'held', heldReason: 'restart', documentId: 'shp-9-print-9' });
    await new Promise((r) => setTimeout(r, 200));
    expect(Buffer.concat(bench.zebra.printData())).toHaveLength(0);
    const warnings = station.startupWarnings.map((w) => w.message).join('\n');
    expect(warnings).toMatch(/sp-newer-1\.json/);
    expect(warnings).toMatch(/sp-zeroed-2\.json/);
    // The zeroed record is left where it is, for whoever looks into it.
    expect(await readdir(spool)).toContain('sp-zeroed-2.json');

    await station.releaseSpoolJob({ spoolJobId: 'sp-newer-1' });
    await bench.zebra.waitForLabels(1);
    expect(Buffer.concat(bench.zebra.printData()).equals(label)).toBe(true);
  });
});
