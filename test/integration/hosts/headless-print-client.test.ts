/**
 * `packbench-headless` with an nShift Print Client printer as its document printer (the saved settings name it,
 * as Settings saves it): `:manifest TYPE` asks nShift for a print job of the manifest's document, under the
 * manifest's type and id, and reports the `manifest` event as with any document printer. Nothing is printed
 * locally: nShift sends its own copy to the Print Client printer.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileSettingsStore } from '../../../main/settings/file-store';
import { defaultSettings } from '../../../main/settings/schema';
import { BENCH_PDF_PRINTER_ID } from '../../../main/simulator/index';
import { DEMO_KEY_ENV, runHeadless, type HeadlessRun } from '../../support/headless-process';
import { startPrintWorld, type PrintWorld } from '../../support/print-world';

describe('packbench-headless :manifest on a Print Client document printer', () => {
  let world: PrintWorld;
  let dataDir: string;
  let run: HeadlessRun;
  beforeAll(async () => {
    world = await startPrintWorld();
    dataDir = await mkdtemp(join(tmpdir(), 'packbench-headless-pc-'));
    const saved = defaultSettings();
    saved.deliveryUrl = world.deliveryBaseUrl;
    saved.printers = [
      { kind: 'zpl-tcp', id: 'zebra', name: 'Zebra', host: '127.0.0.1', port: world.zebra.port },
      { kind: 'print-client', id: 'pc-laser', name: 'Office laser (PC)', printerId: BENCH_PDF_PRINTER_ID },
    ];
    saved.routing = { rules: [], labelPrinterId: 'zebra', documentPrinterId: 'pc-laser' };
    await createFileSettingsStore(dataDir).save(saved);
    run = await runHeadless(['--data-dir', dataDir], 'ORD-1001\n:manifest PNL\n', DEMO_KEY_ENV);
  }, 60_000);
  afterAll(async () => {
    await world?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('reports the manifest printed on the Print Client printer, and nothing failed', () => {
    expect(run.code).toBe(0);
    expect(run.events.filter((e) => e.event === 'failed')).toEqual([]);
    expect(run.events.filter((e) => e.event === 'manifest')).toEqual([
      expect.objectContaining({
        manifestType: 'PNL',
        printer: 'pc-laser',
        documents: [expect.objectContaining({ kind: 'manifest', printer: 'pc-laser' })],
      }),
    ]);
  });

  it('asked nShift once for a pdf_uri print job of the manifest’s document, under its type and id', () => {
    const [manifest] = [...world.sim.state.manifests.values()];
    const event = run.events.find((e) => e.event === 'manifest');
    expect(event?.manifestId).toBe(manifest!.manifestId);
    expect([...world.sim.state.printJobs.values()]).toEqual([
      expect.objectContaining({
        printerId: BENCH_PDF_PRINTER_ID,
        contentType: 'pdf_uri',
        owner: { kind: 'manifest', id: `PNL/${manifest!.manifestId}` },
      }),
    ]);
    expect(world.office.jobs()).toEqual([]);
  });
});
