import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OsQueuePrinterConfig } from '../../../preload/api';
import type { PrintableDocument } from '../../../main/labels/document';
import { createFileDriver } from '../../../main/printers/drivers/file';
import {
  createOsQueueDriver,
  lpArguments,
  parseLpstatDevices,
} from '../../../main/printers/drivers/os-queue';
import { createPrintClientDriver } from '../../../main/printers/drivers/print-client';
import type { CreatePrintJobInput, PrintJobApi } from '../../../main/printers/print-job-api';
import { runCommand, type RunCommand } from '../../../main/printers/drivers/run-command';
import { err, ok } from '../../../main/result';

const zpl: PrintableDocument = {
  id: 'shp-1-print-1',
  kind: 'label',
  format: 'zpl',
  charset: 'cp850',
  bytes: Buffer.from('^XA^XZ'),
  shipmentId: '5666306',
  printId: '10234441',
};
const pdf: PrintableDocument = {
  id: 'shp-1-print-2',
  kind: 'waybill',
  format: 'pdf',
  bytes: Buffer.from('%PDF-1.4\n'),
  shipmentId: '5666306',
  printId: '10234442',
};
const queue: OsQueuePrinterConfig = {
  kind: 'os-queue',
  id: 'laser',
  name: 'Laser',
  queue: 'HP_Laser',
  media: 'A4',
};

describe('os-queue: lp arguments', () => {
  it('ZPL goes raw, with no media or scaling options', () => {
    expect(lpArguments(queue, zpl)).toEqual(['-d', 'HP_Laser', '-t', 'shp-1-print-1', '-o', 'raw']);
  });
  it('PDF gets explicit media and no scaling — never fit-to-page', () => {
    const args = lpArguments(queue, pdf);
    expect(args).toEqual([
      '-d',
      'HP_Laser',
      '-t',
      'shp-1-print-2',
      '-o',
      'media=A4',
      '-o',
      'print-scaling=none',
    ]);
    expect(args.join(' ')).not.toMatch(/fit-to-page|fitplot/);
  });
  it('a queue name with shell characters stays one argument', () => {
    expect(lpArguments({ ...queue, queue: 'a; rm -rf /' }, zpl)[1]).toBe('a; rm -rf /');
  });
  it('sends the document on stdin to lp with an argument array', async () => {
    const calls: { file: string; args: readonly string[]; input?: Buffer }[] = [];
    const run: RunCommand = async (file, args, options) => {
      calls.push({ file, args, ...(options?.input ? { input: options.input } : {}) });
      return { code: 0, stdout: 'request id is HP_Laser-3 (1 file(s))', stderr: '' };
    };
    const result = await createOsQueueDriver(queue, { platform: 'linux', runCommand: run }).send(pdf);
    expect(result).toEqual({ ok: true, value: { bytes: pdf.bytes.length } });
    expect(calls[0]).toMatchObject({ file: 'lp', input: pdf.bytes });
  });
  it('on Windows prints PDFs with pdf-to-printer at 100 % and explicit paper', async () => {
    const printed: unknown[] = [];
    const driver = createOsQueueDriver(queue, {
      platform: 'win32',
      windowsPrintPdf: async (file, options) => void printed.push({ file, options }),
    });
    expect((await driver.send(pdf)).ok).toBe(true);
    expect(printed[0]).toMatchObject({ options: { printer: 'HP_Laser', scale: 'noscale', paperSize: 'A4' } });
  });
  it('on Windows sends raw ZPL through the spooler RAW path: the exact bytes, the queue name as one argument', async () => {
    const calls: { file: string; args: readonly string[]; script: string; bytes: Buffer }[] = [];
    const run: RunCommand = async (file, args) => {
      const { readFile } = await import('node:fs/promises');
      const at = (flag: string) => args[args.indexOf(flag) + 1]!;
      calls.push({
        file,
        args,
        script: await readFile(at('-File'), 'utf8'),
        bytes: await readFile(at('-Path')),
      });
      return { code: 0, stdout: '', stderr: '' };
    };
    const hostile = { ...queue, queue: 'Zebra"; Remove-Item C:\\ -Recurse; "' };
    const result = await createOsQueueDriver(hostile, { platform: 'win32', runCommand: run }).send(zpl);
    expect(result).toEqual({ ok: true, value: { bytes: zpl.bytes.length } });
    expect(calls[0]!.file).toBe('powershell.exe');
    expect(calls[0]!.args.slice(0, 4)).toEqual([
      '-NoProfile',
      '-NonInteractive',
      '-ExecutionPolicy',
      'Bypass',
    ]);
    expect(calls[0]!.args[calls[0]!.args.indexOf('-Printer') + 1]).toBe(hostile.queue);
    expect(calls[0]!.bytes.equals(zpl.bytes)).toBe(true);
    expect(calls[0]!.script).toContain('pDataType = "RAW"');
    expect(calls[0]!.script).toContain('WritePrinter');
    expect(calls[0]!.script).not.toContain(hostile.queue);
  });
  it('on Windows a queue the spooler does not know is refused, other failures are retried', async () => {
    const missing: RunCommand = async () => ({ code: 1, stdout: '', stderr: 'OpenPrinter failed for Nope' });
    expect(
      await createOsQueueDriver(queue, { platform: 'win32', runCommand: missing }).send(zpl),
    ).toMatchObject({
      ok: false,
      error: { code: 'rejected', retryable: false },
    });
    const busy: RunCommand = async () => ({
      code: 1,
      stdout: '',
      stderr: 'WritePrinter wrote 0 of 120 bytes',
    });
    expect(await createOsQueueDriver(queue, { platform: 'win32', runCommand: busy }).send(zpl)).toMatchObject(
      {
        ok: false,
        error: { code: 'io', retryable: true },
      },
    );
  });
  it('an lp killed when it outran its time may have queued the job: never sent again unasked', async () => {
    const slow: RunCommand = async () => ({
      code: 1,
      stdout: '',
      stderr: 'Command failed: lp',
      timedOut: true,
    });
    expect(await createOsQueueDriver(queue, { platform: 'linux', runCommand: slow }).send(pdf)).toMatchObject(
      {
        ok: false,
        error: { code: 'timeout', retryable: false, mayHavePrinted: true },
      },
    );
    // Windows' raw path alike: powershell killed in the middle of WritePrinter.
    expect(await createOsQueueDriver(queue, { platform: 'win32', runCommand: slow }).send(zpl)).toMatchObject(
      {
        ok: false,
        error: { code: 'timeout', retryable: false, mayHavePrinted: true },
      },
    );
  });
  it.skipIf(process.platform === 'win32')(
    'a command that outruns its time is said to have timed out',
    async () => {
      expect(await runCommand('/bin/sleep', ['5'], { timeoutMs: 100 })).toMatchObject({ timedOut: true });
      expect(await runCommand('/bin/sh', ['-c', 'exit 3'])).not.toHaveProperty('timedOut');
    },
  );
  it('parses lpstat -v', () => {
    expect(
      parseLpstatDevices(
        'device for Zebra_1: socket://10.0.0.5:9100\ndevice for HP: ipp://hp.local/ipp/print\n',
      ),
    ).toEqual([
      { name: 'Zebra_1', uri: 'socket://10.0.0.5:9100' },
      { name: 'HP', uri: 'ipp://hp.local/ipp/print' },
    ]);
  });
});

describe('print-client driver', () => {
  const config = { kind: 'print-client' as const, id: 'pc', name: 'Packing Zebra (PC)', printerId: 42 };
  it('asks nShift for a print job with the *_uri content type that fits the format', async () => {
    const calls: CreatePrintJobInput[] = [];
    const api: PrintJobApi = {
      createPrintJob: async (input) => (calls.push(input), ok({ jobId: 'j1', status: 'QUEUED' })),
    };
    const driver = createPrintClientDriver(config, { api });
    expect((await driver.send(zpl)).ok).toBe(true);
    expect((await driver.send(pdf)).ok).toBe(true);
    expect((await driver.send({ ...pdf, id: 'manifest-1', kind: 'manifest', shipmentId: 'M-77' })).ok).toBe(
      true,
    );
    expect(calls).toEqual([
      { target: 'shipment', ownerId: '5666306', printId: '10234441', printerId: 42, contentType: 'raw_uri' },
      { target: 'shipment', ownerId: '5666306', printId: '10234442', printerId: 42, contentType: 'pdf_uri' },
      { target: 'manifest', ownerId: 'M-77', printId: '10234442', printerId: 42, contentType: 'pdf_uri' },
    ]);
  });
  it('asks for a manifest document’s job under the manifest’s type and id, which its shipmentId does not give', async () => {
    const calls: CreatePrintJobInput[] = [];
    const api: PrintJobApi = {
      createPrintJob: async (input) => (calls.push(input), ok({ jobId: 'j2', status: 'QUEUED' })),
    };
    const manifest = {
      ...pdf,
      id: 'manifest-PNL-77-print-3',
      kind: 'manifest' as const,
      printId: '3',
      shipmentId: undefined,
      manifest: { manifestType: 'PNL', manifestId: '77' },
    };
    expect((await createPrintClientDriver(config, { api }).send(manifest)).ok).toBe(true);
    expect(calls).toEqual([
      { target: 'manifest', ownerId: 'PNL/77', printId: '3', printerId: 42, contentType: 'pdf_uri' },
    ]);
  });
  it('refuses documents nShift does not have (a test label) with a clear error', async () => {
    const api: PrintJobApi = { createPrintJob: async () => ok({ jobId: 'j', status: 'QUEUED' }) };
    const result = await createPrintClientDriver(config, { api }).send({
      id: 'test-1',
      kind: 'other',
      format: 'zpl',
      bytes: Buffer.from('^XA^XZ'),
    });
    expect(result).toMatchObject({ ok: false, error: { code: 'unsupported_format', retryable: false } });
  });
  it('passes the API’s retryability through', async () => {
    const api: PrintJobApi = {
      createPrintJob: async () => err({ code: 'network', message: 'reset', retryable: true }),
    };
    expect(await createPrintClientDriver(config, { api }).send(zpl)).toMatchObject({
      ok: false,
      error: { code: 'unreachable', retryable: true },
    });
    const gone: PrintJobApi = {
      createPrintJob: async () => err({ code: 'not_found', message: 'document expired', retryable: false }),
    };
    expect(await createPrintClientDriver(config, { api: gone }).send(zpl)).toMatchObject({
      ok: false,
      error: { code: 'document_gone', retryable: false },
    });
    // The request left and its answer was lost: nShift may have made the print job, so it is not asked again.
    const lost: PrintJobApi = {
      createPrintJob: async () =>
        err({ code: 'network', message: 'answer lost', retryable: false, mayExist: true }),
    };
    expect(await createPrintClientDriver(config, { api: lost }).send(zpl)).toMatchObject({
      ok: false,
      error: { retryable: false, mayHavePrinted: true },
    });
  });
});

describe('file driver', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'file-driver-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('writes <time>-<documentId>.<format> inside the data directory', async () => {
    const driver = createFileDriver(
      { kind: 'file', id: 'f', name: 'Folder', directory: 'printed' },
      { dataDir, now: () => new Date('2026-01-05T08:00:00.123Z') },
    );
    expect(await driver.send(zpl)).toEqual({ ok: true, value: { bytes: zpl.bytes.length } });
    const files = await readdir(path.join(dataDir, 'printed'));
    expect(files).toEqual(['20260105T080000123Z-shp-1-print-1.zpl']);
    expect(await readFile(path.join(dataDir, 'printed', files[0]!))).toEqual(zpl.bytes);
    expect((await driver.status()).state).toBe('ready');
  });

  it('refuses a folder that climbs out of the data directory', async () => {
    const driver = createFileDriver(
      { kind: 'file', id: 'f', name: 'Folder', directory: '../../etc' },
      { dataDir },
    );
    expect(await driver.send(zpl)).toMatchObject({
      ok: false,
      error: { code: 'rejected', retryable: false },
    });
  });

  it('a document id cannot steer the file out of the folder', async () => {
    const driver = createFileDriver(
      { kind: 'file', id: 'f', name: 'Folder', directory: 'printed' },
      { dataDir },
    );
    expect((await driver.send({ ...zpl, id: '../../../evil' })).ok).toBe(true);
    expect(await readdir(dataDir)).toEqual(['printed']);
  });
});

describe('a print command’s environment', () => {
  it.skipIf(process.platform === 'win32')(
    'holds none of Packbench’s own variables (the key’s secret, the Checkout secret, the passphrase), and the rest as it is',
    async () => {
      const saved = { ...process.env };
      Object.assign(process.env, {
        PACKBENCH_API_KEY_SECRET: 'key-secret-1',
        PACKBENCH_CHECKOUT_CLIENT_SECRET: 'checkout-secret-1',
        PACKBENCH_VAULT_KEY: 'passphrase-1',
        CUPS_SERVER: '127.0.0.1:6310',
      });
      try {
        const result = await runCommand('/usr/bin/env', []);
        expect(result.code).toBe(0);
        expect(result.stdout).not.toMatch(/PACKBENCH_|key-secret-1|checkout-secret-1|passphrase-1/);
        expect(result.stdout).toContain('CUPS_SERVER=127.0.0.1:6310');
      } finally {
        for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
        Object.assign(process.env, saved);
      }
    },
  );
});
