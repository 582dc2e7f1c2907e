import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Settings } from '../../../main/settings/schema';
import { BENCH_PDF_PRINTER_ID, BENCH_ZPL_PRINTER_ID } from '../../../main/simulator/index';
import { scanAndWait, startBench, waitForJob, type Bench } from '../../support/station-harness';

let bench: Bench | undefined;
afterEach(async () => {
  await bench?.close();
  bench = undefined;
});

/** The bench's settings with a Print Client printer added, as the station's label or document printer. */
function withPrintClient(
  printer: { id: string; name: string; printerId: number },
  role: 'labelPrinterId' | 'documentPrinterId',
): (s: Settings) => Settings {
  return (s) => ({
    ...s,
    printers: [...s.printers, { kind: 'print-client', ...printer }],
    routing: { ...s.routing, [role]: printer.id },
  });
}

describe('an nShift Print Client printer', () => {
  it('prints a booked label through the print-job API, as a raw_uri job for the shipment document', async () => {
    bench = await startBench({
      settings: withPrintClient(
        { id: 'pc-zebra', name: 'Zebra on the bench PC', printerId: BENCH_ZPL_PRINTER_ID },
        'labelPrinterId',
      ),
    });
    const job = await scanAndWait(bench.station, 'ORD-1001');
    expect(job.state).toBe('printed');
    const jobs = [...bench.sim.state.printJobs.values()];
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ printerId: BENCH_ZPL_PRINTER_ID, contentType: 'raw_uri' });
    expect(jobs[0]!.owner).toMatchObject({ kind: 'shipment', id: job.shipments[0]!.shipmentId });
    expect(bench.zebra.labels()).toHaveLength(0); // nothing went to the local Zebra
  });

  it('prints the end-of-day manifest, and its reprint, as pdf_uri jobs under the manifest’s type and id', async () => {
    bench = await startBench({
      settings: withPrintClient(
        { id: 'pc-laser', name: 'Office laser (PC)', printerId: BENCH_PDF_PRINTER_ID },
        'documentPrinterId',
      ),
    });
    expect((await scanAndWait(bench.station, 'ORD-1001')).state).toBe('printed');
    const made = await waitForJob(
      bench.station,
      (await bench.station.createManifest({ manifestType: 'PNL' })).jobId,
    );
    expect(made.state).toBe('printed');
    const [manifest] = [...bench.sim.state.manifests.values()];
    const jobs = () => [...bench!.sim.state.printJobs.values()];
    expect(jobs()).toEqual([
      expect.objectContaining({
        printerId: BENCH_PDF_PRINTER_ID,
        contentType: 'pdf_uri',
        owner: { kind: 'manifest', id: `PNL/${manifest!.manifestId}` },
      }),
    ]);

    const again = await waitForJob(
      bench.station,
      (await bench.station.reprintManifest({ manifestType: 'PNL', manifestId: manifest!.manifestId })).jobId,
    );
    expect(again.state).toBe('printed');
    expect(jobs().map((j) => j.owner)).toEqual([
      { kind: 'manifest', id: `PNL/${manifest!.manifestId}` },
      { kind: 'manifest', id: `PNL/${manifest!.manifestId}` },
    ]);
    // Nothing went to the documents folder: nShift sent its own copy to the Print Client printer.
    expect(await readdir(join(bench.dataDir, 'documents')).catch(() => [])).toEqual([]);
  });
});
