import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import iconv from 'iconv-lite';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PrinterStateView, SpoolJobView, ZplTcpPrinterConfig } from '../../../preload/api';
import type { PrintableDocument } from '../../../main/labels/document';
import { createZplTcpDriver, PREFLIGHT_FRESH_MS } from '../../../main/printers/drivers/zpl-tcp';
import type { PrintService } from '../../../main/printers/print-service';
import { createPrintService } from '../../../main/printers/print-service';
import type { VirtualZebra, ZebraProblem } from '../../../main/simulator/virtual-zebra';
import { createVirtualZebra } from '../../../main/simulator/virtual-zebra';

const fast = { connectTimeoutMs: 500, writeTimeoutMs: 700, statusTimeoutMs: 300 };

/** A label as nShift sends it: cp850 bytes, never a JS string on the way. */
function nshiftLabel(id: string): PrintableDocument {
  const body = Buffer.concat([
    Buffer.from('^XA^CI13^FO40,40^A0N,40,40^FD', 'latin1'),
    iconv.encode(`Åsa Öberg, Malmö ${id}`, 'cp850'),
    Buffer.from('^FS^FO40,120^BCN,100^FD00370123456789012345^FS^XZ\r\n', 'latin1'),
  ]);
  return {
    id,
    kind: 'label',
    format: 'zpl',
    charset: 'cp850',
    bytes: body,
    shipmentId: '5666306',
    printId: '10234441',
  };
}

let zebra: VirtualZebra;
let config: ZplTcpPrinterConfig;

beforeEach(async () => {
  zebra = await createVirtualZebra();
  config = { kind: 'zpl-tcp', id: 'zebra', name: 'Zebra 1', host: '127.0.0.1', port: zebra.port };
});
afterEach(async () => {
  await zebra.close();
});

describe('zpl-tcp driver against the virtual Zebra', () => {
  it('delivers the document byte for byte and resolves only after the printer read it all', async () => {
    const driver = createZplTcpDriver(config, fast);
    const doc = nshiftLabel('shp-1');
    const result = await driver.send(doc);
    expect(result).toEqual({ ok: true, value: { bytes: doc.bytes.length } });
    // Resolved means read: no waiting here.
    expect(zebra.printData()).toEqual([doc.bytes]);
    expect(zebra.labels()).toHaveLength(1);
    expect(zebra.statusQueries()).toBe(2); // preflight + the confirmation after the label
  });

  it('marks the job as sending only after the connection is up', async () => {
    const driver = createZplTcpDriver(config, fast);
    let bytesAtHook = -1;
    await driver.send(nshiftLabel('shp-2'), {
      beforeFirstByte: async () => {
        bytesAtHook = zebra.printData().reduce((n, b) => n + b.length, 0);
      },
    });
    expect(bytesAtHook).toBe(0);
    await zebra.offline();
    let called = false;
    const refused = await driver.send(nshiftLabel('shp-3'), {
      beforeFirstByte: async () => void (called = true),
    });
    expect(refused).toMatchObject({ ok: false, error: { code: 'unreachable', retryable: true } });
    expect(called).toBe(false);
  });

  it('a PDF is refused without touching the printer', async () => {
    const driver = createZplTcpDriver(config, fast);
    const result = await driver.send({
      id: 'pdf-1',
      kind: 'waybill',
      format: 'pdf',
      bytes: Buffer.from('%PDF-1.4'),
    });
    expect(result).toMatchObject({ ok: false, error: { code: 'unsupported_format', retryable: false } });
    expect(zebra.connectionCount()).toBe(0);
  });

  it.each([
    ['refused (reset on accept)', (z: VirtualZebra) => z.refuse()],
    ['offline (nothing listening)', (z: VirtualZebra) => void z.offline()],
    ['stalled (never reads)', (z: VirtualZebra) => z.stall()],
  ])('%s → a retryable error, never a false "accepted"', async (_name, fault) => {
    fault(zebra);
    await new Promise((r) => setTimeout(r, 10));
    const result = await createZplTcpDriver(config, fast).send(nshiftLabel('shp-4'));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.retryable).toBe(true);
    expect(['unreachable', 'timeout', 'io']).toContain(result.error.code);
    expect(zebra.labels()).toHaveLength(0);
  });

  // Once the label's bytes have gone out, a printer that neither confirms nor refuses may have printed it (or hold
  // half a format): sent again unasked, it could print twice.
  it.each([
    ['closing early mid-label', (z: VirtualZebra) => z.closeEarly(20)],
    ['stalled after answering ~HS', (z: VirtualZebra) => z.stall({ afterStatus: true })],
  ])('%s → "may have printed", never retried and never a false "accepted"', async (_name, fault) => {
    fault(zebra);
    const result = await createZplTcpDriver(config, fast).send(nshiftLabel('shp-4'));
    expect(result).toMatchObject({ ok: false, error: { retryable: false, mayHavePrinted: true } });
    expect(zebra.labels()).toHaveLength(0);
  });

  // The PC's clock is stepped back (an NTP or domain time correction) while the driver waits for the printer's
  // answer: the wait is still the write timeout, not the timeout plus the minutes the clock went back, during which
  // every label behind this one would wait.
  it('a clock stepped back ten minutes during a send still ends the wait at the write timeout', async () => {
    zebra.stall({ afterStatus: true });
    const wallClock = Date.now.bind(Date);
    let stepped = 0;
    const now = vi.spyOn(Date, 'now').mockImplementation(() => wallClock() - stepped);
    try {
      const result = await createZplTcpDriver(config, fast).send(nshiftLabel('shp-clock'), {
        // Just before the first byte: the clock goes back once the label is on its way.
        beforeFirstByte: async () => {
          setTimeout(() => (stepped = 10 * 60_000), 50);
        },
      });
      expect(result).toMatchObject({
        ok: false,
        error: { code: 'timeout', retryable: false, mayHavePrinted: true },
      });
    } finally {
      now.mockRestore();
    }
  }, 5_000);

  it.each(['paper_out', 'head_open', 'paused', 'ribbon_out', 'buffer_full'] as ZebraProblem[])(
    '~HS %s → printer_problem with that problem, and no label bytes sent',
    async (problem) => {
      zebra.status(problem);
      const driver = createZplTcpDriver(config, fast);
      const result = await driver.send(nshiftLabel('shp-5'));
      expect(result).toMatchObject({
        ok: false,
        error: { code: 'printer_problem', retryable: true, problems: [problem] },
      });
      expect(await driver.status()).toEqual({ state: 'error', problems: [problem] });
      expect(zebra.printData().every((b) => b.length === 0)).toBe(true);
    },
  );

  it('a garbage ~HS answer is unknown_status: the label still goes out, confirmed by the printer closing', async () => {
    zebra.garbageStatus();
    const driver = createZplTcpDriver(config, fast);
    expect(await driver.status()).toMatchObject({ state: 'unknown', problems: ['unknown_status'] });
    const doc = nshiftLabel('shp-6');
    expect(await driver.send(doc)).toMatchObject({ ok: true });
    expect(zebra.printData().at(-1)).toEqual(doc.bytes);
  });

  it('status() says offline when nothing listens', async () => {
    await zebra.offline();
    expect(await createZplTcpDriver(config, fast).status()).toMatchObject({
      state: 'offline',
      problems: ['unreachable'],
    });
  });

  it('prepare() keeps a connection warm that the next send uses', async () => {
    const driver = createZplTcpDriver(config, fast);
    await driver.prepare?.();
    await vi.waitFor(() => expect(zebra.connectionCount()).toBe(1));
    const doc = nshiftLabel('shp-7');
    expect(await driver.send(doc)).toMatchObject({ ok: true });
    expect(zebra.connectionCount()).toBe(1);
    expect(zebra.printData()).toEqual([doc.bytes]);
    await driver.close?.();
  });

  it('a preflight asked ahead on the warm connection serves the send: one ~HS before the label, not two', async () => {
    const driver = createZplTcpDriver(config, fast);
    await driver.prepare?.({ preflight: true });
    expect(zebra.statusQueries()).toBe(1);
    const doc = nshiftLabel('shp-9');
    expect(await driver.send(doc)).toMatchObject({ ok: true });
    // The preflight ahead, then the acceptance query after the label.
    expect(zebra.statusQueries()).toBe(2);
    expect(zebra.connectionCount()).toBe(1);
    expect(zebra.printData()).toEqual([doc.bytes]);
  });

  it('a send that starts while the preflight ahead is still waiting for its answer uses that answer', async () => {
    const driver = createZplTcpDriver(config, fast);
    const ahead = driver.prepare?.({ preflight: true });
    await vi.waitFor(() => expect(zebra.connectionCount()).toBe(1));
    const doc = nshiftLabel('shp-10');
    expect(await driver.send(doc)).toMatchObject({ ok: true });
    await ahead;
    expect(zebra.statusQueries()).toBe(2);
    expect(zebra.printData()).toEqual([doc.bytes]);
  });

  it('a printer paused when the preflight ahead asks: printer_problem, and no label bytes sent', async () => {
    zebra.status('paused');
    const driver = createZplTcpDriver(config, fast);
    await driver.prepare?.({ preflight: true });
    const result = await driver.send(nshiftLabel('shp-11'));
    expect(result).toMatchObject({ ok: false, error: { code: 'printer_problem', problems: ['paused'] } });
    expect(zebra.printData().every((b) => b.length === 0)).toBe(true);
  });

  it('a preflight answer older than PREFLIGHT_FRESH_MS is not trusted: a printer paused since then is asked again', async () => {
    const driver = createZplTcpDriver(config, fast);
    await driver.prepare?.({ preflight: true });
    zebra.status('paused');
    await new Promise((r) => setTimeout(r, PREFLIGHT_FRESH_MS + 50));
    const result = await driver.send(nshiftLabel('shp-12'));
    expect(result).toMatchObject({ ok: false, error: { code: 'printer_problem', problems: ['paused'] } });
    expect(zebra.statusQueries()).toBe(2);
    expect(zebra.printData().every((b) => b.length === 0)).toBe(true);
  });

  it('a preflight answer from before the PC slept is not trusted: a printer paused meanwhile is asked again', async () => {
    const driver = createZplTcpDriver(config, fast);
    await driver.prepare?.({ preflight: true });
    zebra.status('paused');
    // Eight hours asleep: the wall clock moved on, the monotonic clock (Linux, macOS) did not.
    const wallClock = Date.now.bind(Date);
    const now = vi.spyOn(Date, 'now').mockImplementation(() => wallClock() + 8 * 60 * 60_000);
    try {
      const result = await driver.send(nshiftLabel('shp-slept'));
      expect(result).toMatchObject({ ok: false, error: { code: 'printer_problem', problems: ['paused'] } });
      expect(zebra.printData().every((b) => b.length === 0)).toBe(true);
    } finally {
      now.mockRestore();
    }
  });

  it('a warm connection the printer dropped is replaced, and the label still prints once', async () => {
    const driver = createZplTcpDriver(config, fast);
    await driver.prepare?.();
    await vi.waitFor(() => expect(zebra.connectionCount()).toBe(1));
    await zebra.offline();
    await zebra.online();
    expect(await driver.send(nshiftLabel('shp-8'))).toMatchObject({ ok: true });
    expect(zebra.labels()).toHaveLength(1);
  });
});

describe('print service + spool against the virtual Zebra', () => {
  let dataDir: string;
  let service: PrintService;
  let spoolEvents: SpoolJobView[];
  let printerEvents: PrinterStateView[];

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'print-service-'));
    spoolEvents = [];
    printerEvents = [];
    service = createPrintService({
      dataDir,
      getConfig: () => ({
        printers: [config],
        routing: { rules: [], labelPrinterId: 'zebra' },
        ttlMinutes: 10,
      }),
      driverOptions: { zplTcp: fast },
      backoffMs: () => 50,
      onEvent: (e) => (e.type === 'spool' ? spoolEvents.push(e.job) : printerEvents.push(e.printer)),
    });
    await service.start();
  });
  afterEach(async () => {
    await service.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it.each([
    ['closes early', (z: VirtualZebra) => z.closeEarly(30)],
    ['stalls', (z: VirtualZebra) => z.stall({ afterStatus: true })],
  ])(
    'a printer that %s after taking the label is not sent it again: it is held (unconfirmed) until released, then prints once',
    async (_name, fault) => {
      fault(zebra);
      const doc = nshiftLabel('shp-21');
      const outcome = service.print({ document: doc, stationJobId: 'job-21' });
      await vi.waitFor(() => expect(spoolEvents.some((e) => e.state === 'held')).toBe(true), {
        timeout: 5000,
      });
      const held = spoolEvents.find((e) => e.state === 'held')!;
      expect(held).toMatchObject({ heldReason: 'unconfirmed', attempts: 1 });
      expect(spoolEvents.filter((e) => e.state === 'sending')).toHaveLength(1);
      zebra.normal();
      zebra.status();
      expect(zebra.labels()).toHaveLength(0);
      expect((await service.release(held.id)).ok).toBe(true);
      await vi.waitFor(() =>
        expect(zebra.labels().filter((l) => l.includes(Buffer.from('shp-21')))).toHaveLength(1),
      );
      expect(await outcome).toMatchObject({ state: 'held' });
    },
  );

  it.each([
    ['refuses', (z: VirtualZebra) => z.refuse()],
    ['runs out of paper', (z: VirtualZebra) => z.status('paper_out')],
  ])('a printer that %s is retried; once it is back the label prints exactly once', async (_name, fault) => {
    fault(zebra);
    const doc = nshiftLabel('shp-20');
    const outcome = service.print({ document: doc, stationJobId: 'job-20' });
    await vi.waitFor(
      () =>
        expect(spoolEvents.filter((e) => e.state === 'queued' && e.attempts >= 2).length).toBeGreaterThan(0),
      { timeout: 5000 },
    );
    expect(printerEvents.some((p) => p.state === 'offline' || p.state === 'error')).toBe(true);
    zebra.normal();
    zebra.status();
    expect(await outcome).toMatchObject({ state: 'printed', printerId: 'zebra', printerName: 'Zebra 1' });
    expect(zebra.labels().filter((l) => l.includes(Buffer.from('shp-20')))).toHaveLength(1);
    expect(zebra.labels().at(-1)).toEqual(doc.bytes.subarray(0, doc.bytes.lastIndexOf('^XZ') + 3));
    expect(service.printerStates()[0]).toMatchObject({ state: 'ready', problems: [], queueLength: 0 });
  });

  it('an offline printer comes back on the same port and the queue drains in order', async () => {
    await zebra.offline();
    const outcomes = ['a', 'b', 'c'].map((id) => service.print({ document: nshiftLabel(`shp-${id}`) }));
    await vi.waitFor(() =>
      expect(service.printerStates()[0]).toMatchObject({
        state: 'offline',
        problems: ['unreachable'],
        queueLength: 3,
      }),
    );
    await zebra.online();
    expect((await Promise.all(outcomes)).map((o) => o.state)).toEqual(['printed', 'printed', 'printed']);
    expect(zebra.labels().map((l) => /shp-(\w)/.exec(l.toString('latin1'))?.[1])).toEqual(['a', 'b', 'c']);
  });

  it('checkPrinter maps ~HS to the printer view', async () => {
    zebra.status(['head_open', 'paused']);
    expect(await service.checkPrinter('zebra')).toMatchObject({
      state: 'error',
      problems: ['head_open', 'paused'],
    });
    zebra.status();
    expect(await service.checkPrinter('zebra')).toMatchObject({ state: 'ready', problems: [] });
  });

  it('a test print arrives charset-true and comes back as a preview', async () => {
    const test = await service.testPrint('zebra', 'cp850');
    expect(test.ok).toBe(true);
    if (!test.ok) return;
    expect(await test.value.outcome).toMatchObject({ state: 'printed' });
    const sent = Buffer.from(test.value.preview.base64, 'base64');
    expect(zebra.printData().at(-1)).toEqual(sent);
    expect(sent.includes(iconv.encode('ÅÄÖ åäö Øø Ææ é ü', 'cp850'))).toBe(true);
  });
});
