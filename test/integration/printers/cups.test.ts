import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import iconv from 'iconv-lite';
import type { OsQueuePrinterConfig } from '../../../preload/api';
import type { PrintableDocument } from '../../../main/labels/document';
import { buildPdfTestPage } from '../../../main/labels/test-label';
import { createOsQueueDriver, discoverOsQueues } from '../../../main/printers/drivers/os-queue';
import type { VirtualZebra } from '../../../main/simulator/virtual-zebra';
import { createVirtualZebra } from '../../../main/simulator/virtual-zebra';
import type { PrivateCups } from '../../support/cups';
import { cupsUnavailableReason, startPrivateCups } from '../../support/cups';

const unavailable = cupsUnavailableReason();
if (unavailable) console.warn(`CUPS tests skipped: ${unavailable}`);

describe.skipIf(unavailable !== undefined)(
  `os-queue through a private CUPS${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  () => {
    let cups: PrivateCups;
    let zebra: VirtualZebra;
    let config: OsQueuePrinterConfig;
    const previousServer = process.env.CUPS_SERVER;

    beforeAll(async () => {
      zebra = await createVirtualZebra();
      cups = await startPrivateCups();
      process.env.CUPS_SERVER = cups.server; // lp and lpstat read it, exactly as on a station
      cups.addRawQueue('Zebra_Raw', '127.0.0.1', zebra.port);
      config = {
        kind: 'os-queue',
        id: 'zebra-queue',
        name: 'Zebra via CUPS',
        queue: 'Zebra_Raw',
        media: 'A4',
      };
    });

    afterAll(async () => {
      if (previousServer === undefined) delete process.env.CUPS_SERVER;
      else process.env.CUPS_SERVER = previousServer;
      await cups?.stop();
      await zebra?.close();
    });

    it('ZPL goes through `lp -o raw` and arrives byte-identical at the printer', async () => {
      const bytes = Buffer.concat([
        Buffer.from('^XA^CI13^FO20,20^FD', 'latin1'),
        iconv.encode('Åsa Öberg Ærø', 'cp850'),
        Buffer.from('^FS^XZ\n', 'latin1'),
      ]);
      const doc: PrintableDocument = {
        id: 'shp-1-print-1',
        kind: 'label',
        format: 'zpl',
        charset: 'cp850',
        bytes,
      };
      zebra.clearRecords();
      const result = await createOsQueueDriver(config).send(doc);
      expect(result).toEqual({ ok: true, value: { bytes: bytes.length } });
      await zebra.waitForBytes(bytes.length, 15_000);
      expect(Buffer.concat(zebra.printData())).toEqual(bytes);
    });

    it('a PDF on a raw queue arrives unfiltered: the same bytes', async () => {
      const page = await buildPdfTestPage({
        printerName: 'Zebra via CUPS',
        now: new Date('2026-01-05T08:00:00Z'),
      });
      zebra.clearRecords();
      const result = await createOsQueueDriver(config).send(page);
      expect(result.ok).toBe(true);
      await zebra.waitForBytes(page.bytes.length, 15_000);
      const received = Buffer.concat(zebra.printData());
      expect(received.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(received).toEqual(page.bytes);
    });

    it('status comes from lpstat', async () => {
      expect(await createOsQueueDriver(config).status()).toMatchObject({ state: 'ready', problems: [] });
      const missing = await createOsQueueDriver({ ...config, queue: 'No_Such_Queue' }).status();
      expect(missing.state).not.toBe('ready');
    });

    it('an unknown queue is refused, not retried forever', async () => {
      const result = await createOsQueueDriver({ ...config, queue: 'No_Such_Queue' }).send({
        id: 'x',
        kind: 'label',
        format: 'zpl',
        bytes: Buffer.from('^XA^XZ'),
      });
      expect(result).toMatchObject({ ok: false, error: { code: 'rejected', retryable: false } });
    });

    it('a scheduler that is down is a retryable unreachable', async () => {
      const driver = createOsQueueDriver(config, {
        runCommand: async (file, args, options) => {
          const { runCommand } = await import('../../../main/printers/drivers/run-command');
          const saved = process.env.CUPS_SERVER;
          process.env.CUPS_SERVER = '127.0.0.1:1';
          try {
            return await runCommand(file, args, options);
          } finally {
            process.env.CUPS_SERVER = saved;
          }
        },
      });
      const result = await driver.send({
        id: 'x',
        kind: 'label',
        format: 'zpl',
        bytes: Buffer.from('^XA^XZ'),
      });
      expect(result).toMatchObject({ ok: false, error: { retryable: true } });
    });

    it('discovery lists the queue and suggests a direct zpl-tcp printer for its socket:// device', async () => {
      const found = await discoverOsQueues();
      expect(found).toContainEqual(
        expect.objectContaining({
          kind: 'os-queue',
          name: 'Zebra_Raw',
          suggested: expect.objectContaining({ kind: 'os-queue', queue: 'Zebra_Raw' }),
        }),
      );
      expect(found).toContainEqual(
        expect.objectContaining({
          kind: 'zpl-tcp',
          suggested: expect.objectContaining({ kind: 'zpl-tcp', host: '127.0.0.1', port: zebra.port }),
        }),
      );
    });
  },
);
