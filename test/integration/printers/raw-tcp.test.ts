import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RawTcpPrinterConfig, SpoolJobView } from '../../../preload/api';
import type { PrintableDocument } from '../../../main/labels/document';
import { createRawTcpDriver } from '../../../main/printers/drivers/raw-tcp';
import { createPrintService, type PrintService } from '../../../main/printers/print-service';
import {
  createVirtualOfficePrinter,
  type VirtualOfficePrinter,
} from '../../../main/simulator/virtual-office-printer';

const fast = { connectTimeoutMs: 500, writeTimeoutMs: 700 };

/** A PDF with every byte value in it: nothing on the way may decode, re-encode or trim it. */
function pdf(id: string, size = 40_000): PrintableDocument {
  const body = Buffer.alloc(size);
  for (let i = 0; i < size; i++) body[i] = (i * 7 + id.length) % 256;
  return {
    id,
    kind: 'manifest',
    format: 'pdf',
    bytes: Buffer.concat([Buffer.from('%PDF-1.7\n'), body, Buffer.from('\n%%EOF\n')]),
  };
}

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

let printer: VirtualOfficePrinter;
let config: RawTcpPrinterConfig;

beforeEach(async () => {
  printer = await createVirtualOfficePrinter();
  config = { kind: 'raw-tcp', id: 'office', name: 'Office', host: '127.0.0.1', port: printer.port };
});
afterEach(async () => {
  await printer.close();
});

describe('raw-tcp driver against a virtual office printer (AppSocket)', () => {
  it('delivers a PDF byte for byte and resolves only once the printer closed after reading it all', async () => {
    const doc = pdf('manifest-PNL-1');
    const result = await createRawTcpDriver(config, fast).send(doc);
    expect(result).toEqual({ ok: true, value: { bytes: doc.bytes.length } });
    // Resolved means read to the end: no waiting here. Nothing was added (no ~HS, no PJL).
    expect(printer.jobs()).toEqual([doc.bytes]);
  });

  it('takes ZPL as well, unchanged', async () => {
    const zpl: PrintableDocument = { id: 'z', kind: 'label', format: 'zpl', bytes: Buffer.from('^XA^XZ') };
    expect((await createRawTcpDriver(config, fast).send(zpl)).ok).toBe(true);
    expect(printer.jobs()).toEqual([zpl.bytes]);
  });

  it('marks the job as sending only once the connection is up, and sends nothing when that fails', async () => {
    let connectionsAtHook = -1;
    const ok = await createRawTcpDriver(config, fast).send(pdf('a'), {
      beforeFirstByte: async () => {
        connectionsAtHook = printer.received().length;
      },
    });
    expect(ok.ok).toBe(true);
    expect(connectionsAtHook).toBe(1);

    const refused = await createRawTcpDriver(config, fast).send(pdf('b'), {
      beforeFirstByte: async () => {
        throw new Error('disk full');
      },
    });
    expect(refused).toMatchObject({ ok: false, error: { code: 'io', retryable: true } });
    expect(printer.jobs()).toHaveLength(1);
  });

  it('a printer that is off is unreachable (retryable), and status() says offline', async () => {
    const off = { ...config, port: await closedPort() };
    const result = await createRawTcpDriver(off, fast).send(pdf('c'));
    expect(result).toMatchObject({ ok: false, error: { code: 'unreachable', retryable: true } });
    expect(await createRawTcpDriver(off, fast).status()).toMatchObject({
      state: 'offline',
      problems: ['unreachable'],
    });
    expect(await createRawTcpDriver(config, fast).status()).toMatchObject({ state: 'ready' });
  });

  it('a reset once the job went out is io, a printer that never closes a timeout: each "may have printed", never retried', async () => {
    printer.closeEarly(1000);
    expect(await createRawTcpDriver(config, fast).send(pdf('d'))).toMatchObject({
      ok: false,
      error: { code: 'io', retryable: false, mayHavePrinted: true },
    });
    printer.stall();
    expect(await createRawTcpDriver(config, fast).send(pdf('e', 100))).toMatchObject({
      ok: false,
      error: { code: 'timeout', retryable: false, mayHavePrinted: true },
    });
  });
});

describe('print service + spool with a raw-tcp document printer', () => {
  let dataDir: string;
  let service: PrintService;
  let spoolEvents: SpoolJobView[];

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'raw-tcp-'));
    spoolEvents = [];
    service = createPrintService({
      dataDir,
      getConfig: () => ({
        printers: [config],
        routing: { rules: [], documentPrinterId: 'office' },
        ttlMinutes: 10,
      }),
      driverOptions: { rawTcp: fast },
      backoffMs: () => 50,
      onEvent: (e) => {
        if (e.type === 'spool') spoolEvents.push(e.job);
      },
    });
    await service.start();
  });
  afterEach(async () => {
    await service.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('the router sends an A4 PDF to it (a zpl-tcp printer would never get one)', async () => {
    const doc = pdf('waybill-1');
    expect(await service.print({ document: doc })).toMatchObject({ state: 'printed', printerId: 'office' });
    expect(printer.jobs()).toEqual([doc.bytes]);
  });

  it('a printer that drops the job once it went out is not sent it again: held (unconfirmed), released, it arrives complete once', async () => {
    printer.closeEarly(500);
    const doc = pdf('customs-1');
    const outcome = service.print({ document: doc });
    expect(await outcome).toMatchObject({ state: 'held', printerId: 'office' });
    const held = spoolEvents.find((e) => e.state === 'held')!;
    expect(held).toMatchObject({ heldReason: 'unconfirmed' });
    printer.normal();
    expect((await service.release(held.id)).ok).toBe(true);
    await vi.waitFor(() => expect(printer.jobs()).toEqual([doc.bytes]));
  });
});
