import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PrinterConfig, PrinterStateView, RoutingSettings, SpoolJobView } from '../../../preload/api';
import type { PrintableDocument } from '../../../main/labels/document';
import { createManualClock } from '../../../main/printers/clock';
import type { PrintService, PrintServiceEvent } from '../../../main/printers/print-service';
import { createPrintService } from '../../../main/printers/print-service';

const printers: PrinterConfig[] = [
  { kind: 'file', id: 'labels', name: 'Label folder', directory: 'labels' },
  { kind: 'print-client', id: 'pc', name: 'Print Client Zebra', printerId: 7 },
  { kind: 'zpl-tcp', id: 'dead-zebra', name: 'Unplugged Zebra', host: '127.0.0.1', port: 1 },
];
const label = (id = 'shp-1-print-1'): PrintableDocument => ({
  id,
  kind: 'label',
  format: 'zpl',
  charset: 'cp850',
  bytes: Buffer.from(`^XA^FD${id}^FS^XZ`),
});

let dataDir: string;
let service: PrintService;
let events: PrintServiceEvent[];
let routing: RoutingSettings;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'print-service-unit-'));
  events = [];
  routing = { rules: [], labelPrinterId: 'labels' };
  service = createPrintService({
    dataDir,
    clock: createManualClock(),
    getConfig: () => ({ printers, routing, ttlMinutes: 10 }),
    driverOptions: { zplTcp: { connectTimeoutMs: 200, statusTimeoutMs: 200 } },
    onEvent: (e) => events.push(e),
  });
  await service.start();
});
afterEach(async () => {
  await service.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const spoolStates = (): string[] =>
  events.filter((e): e is { type: 'spool'; job: SpoolJobView } => e.type === 'spool').map((e) => e.job.state);

describe('print service', () => {
  it('routes, spools and prints a label, telling the UI each step', async () => {
    const outcome = await service.print({ document: label(), stationJobId: 'job-1', shipmentId: '5666306' });
    expect(outcome).toMatchObject({
      state: 'printed',
      printerId: 'labels',
      printerName: 'Label folder',
      bytes: label().bytes.length,
    });
    expect(spoolStates()).toEqual(['queued', 'sending', 'printed']);
    expect(service.list()[0]).toMatchObject({
      stationJobId: 'job-1',
      shipmentId: '5666306',
      documentKind: 'label',
      format: 'zpl',
    });
    expect(await readdir(path.join(dataDir, 'labels'))).toHaveLength(1);
    const printer = events
      .filter((e): e is { type: 'printer'; printer: PrinterStateView } => e.type === 'printer')
      .at(-1)?.printer;
    expect(printer).toMatchObject({ printerId: 'labels', state: 'ready', queueLength: 0 });
  });

  it('no printer for a document is a failed outcome naming the document, with nothing spooled', async () => {
    const pdf: PrintableDocument = {
      id: 'shp-1-print-2',
      kind: 'waybill',
      format: 'pdf',
      media: 'laser-a4',
      bytes: Buffer.from('%PDF-1.4'),
    };
    const outcome = await service.print({ document: pdf });
    expect(outcome).toMatchObject({
      state: 'failed',
      routeError: { code: 'no_printer', documentId: 'shp-1-print-2' },
    });
    expect(service.list()).toEqual([]);
  });

  it('an explicit printer that cannot take the format is refused', async () => {
    const outcome = await service.print({ document: { ...label(), format: 'pdf' }, printerId: 'dead-zebra' });
    expect(outcome.routeError?.code).toBe('format_not_accepted');
  });

  it('the same document asked twice while it waits is one spool job, one label', async () => {
    routing = { rules: [], labelPrinterId: 'dead-zebra' };
    const first = service.print({ document: label('dup') });
    await vi.waitFor(() => expect(service.list()).toHaveLength(1));
    const second = service.print({ document: label('dup') });
    await vi.waitFor(() => expect(service.list()[0]?.attempts).toBeGreaterThanOrEqual(1));
    expect(service.list()).toHaveLength(1);
    const id = service.list()[0]!.id;
    expect((await service.cancel(id)).ok).toBe(true);
    const [a, b] = await Promise.all([first, second]);
    expect(a.spoolJobId).toBe(id);
    expect(b.spoolJobId).toBe(id);
    expect(service.printerStates().find((p) => p.printerId === 'dead-zebra')).toMatchObject({
      state: 'offline',
      problems: ['unreachable'],
    });
  });

  it('a test print goes to the chosen printer and returns the preview bytes', async () => {
    const test = await service.testPrint('labels', 'UTF8');
    expect(test.ok).toBe(true);
    if (!test.ok) return;
    expect(test.value.preview).toMatchObject({
      format: 'zpl',
      charset: 'UTF8',
      description: 'Printer test label',
    });
    expect(Buffer.from(test.value.preview.base64, 'base64').toString('latin1')).toContain('^CI28');
    expect(await test.value.outcome).toMatchObject({ state: 'printed', printerId: 'labels' });
  });

  it('test prints report what cannot work instead of guessing', async () => {
    expect(await service.testPrint('pc')).toMatchObject({ ok: false, error: { code: 'unsupported' } });
    expect(await service.testPrint('nope')).toMatchObject({ ok: false, error: { code: 'unknown_printer' } });
    expect(await service.testPrint('labels', 'cp850', 'Pris 5 €')).toMatchObject({
      ok: false,
      error: { code: 'unencodable_characters', characters: ['€'] },
    });
  });

  it('operations on unknown jobs are errors, not throws', async () => {
    expect(await service.release('sp-nope')).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });
});

describe('print service on a broken disk', () => {
  it('a spool that cannot be written is a failed print, not an exception', async () => {
    const blocked = path.join(dataDir, 'blocked');
    await writeFile(blocked, 'a file where the data directory should be');
    const broken = createPrintService({
      dataDir: blocked,
      getConfig: () => ({ printers, routing: { rules: [], labelPrinterId: 'labels' }, ttlMinutes: 10 }),
    });
    const outcome = await broken.print({ document: label() });
    expect(outcome).toMatchObject({
      state: 'failed',
      printerId: 'labels',
      error: { code: 'io', retryable: false },
    });
    // The file system's own error, for the station to tell a full or failing disk from a printer's fault.
    expect(outcome.spoolRefused).toMatchObject({ code: expect.stringMatching(/^E[A-Z]+$/) });
    await broken.stop();
  });
});
