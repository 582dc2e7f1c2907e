/**
 * The operating system's print queue.
 *   Linux/macOS (CUPS): `lp` with an argument array, the document on stdin. ZPL goes `-o raw` (no filter may
 *   touch it); PDFs get an explicit `-o media=…` and `-o print-scaling=none`, never `fit-to-page`. `lp`
 *   exiting 0 means the scheduler accepted the whole job into its queue. `CUPS_SERVER` in the environment is
 *   honoured by `lp`/`lpstat` themselves (the tests point it at a private cupsd).
 *   Windows: PDFs through pdf-to-printer (SumatraPDF, `noscale`, explicit paper size). Raw ZPL through the
 *   spooler's RAW path (winspool `WritePrinter`, datatype RAW; see windows-raw.ts), never through a PDF
 *   renderer's idea of ZPL.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { DiscoveredPrinter, OsQueuePrinterConfig } from '../../../preload/api';
import type { PrintableDocument } from '../../labels/document';
import type { Result } from '../../result';
import { err, ok } from '../../result';
import type { SendHooks, SpoolAwareDriver } from '../driver';
import { describeError, mayHavePrintedError, printerError } from '../driver';
import type { PrinterError, PrinterStatus } from '../types';
import type { CommandResult, RunCommand } from './run-command';
import { runCommand as defaultRunCommand } from './run-command';
import { WINDOWS_RAW_PRINT_SCRIPT, windowsRawArguments } from './windows-raw';

export interface OsQueueOptions {
  platform?: NodeJS.Platform;
  runCommand?: RunCommand;
  /** Windows PDF printing; injected in tests, loaded lazily from pdf-to-printer otherwise. */
  windowsPrintPdf?: (
    file: string,
    options: { printer: string; scale: 'noscale'; paperSize?: string },
  ) => Promise<void>;
}

/** The `lp` arguments for one document. Exported so the rule "never fit-to-page" is tested on its own. */
export function lpArguments(config: OsQueuePrinterConfig, document: PrintableDocument): string[] {
  const args = ['-d', config.queue, '-t', document.id.slice(0, 120)];
  if (document.format === 'zpl') {
    args.push('-o', 'raw');
  } else {
    if (config.media) args.push('-o', `media=${config.media}`);
    args.push('-o', 'print-scaling=none');
  }
  return args;
}

function classifyLpFailure(result: CommandResult, target: string): PrinterError {
  if (result.spawnError)
    return printerError(
      'unreachable',
      `${target}: cannot run lp (${describeError(result.spawnError)}); is cups-client installed?`,
      false,
      ['unreachable'],
    );
  const text = `${result.stderr} ${result.stdout}`.trim();
  // Killed mid-way, lp may have queued the job already: sent again, it could print twice.
  if (result.timedOut)
    return mayHavePrintedError(
      'timeout',
      `${target}: lp did not finish in time: the job may be in the queue`,
    );
  if (/does not exist|not found|unknown printer/i.test(text))
    return printerError('rejected', `${target}: ${text}`, false);
  if (/not accepting/i.test(text))
    return printerError('printer_problem', `${target}: ${text}`, true, ['paused']);
  if (/unable to connect|scheduler|connection refused|not responding/i.test(text)) {
    return printerError('unreachable', `${target}: ${text}`, true, ['unreachable']);
  }
  return printerError('io', `${target}: lp failed (${result.code}): ${text}`, true);
}

/** `lpstat -v` lines: `device for NAME: URI`. */
export function parseLpstatDevices(stdout: string): { name: string; uri: string }[] {
  const devices: { name: string; uri: string }[] = [];
  for (const line of stdout.split(/\r?\n/)) {
    const match = /^device for (.+?):\s+(\S+)\s*$/.exec(line.trim());
    if (match?.[1] && match[2]) devices.push({ name: match[1], uri: match[2] });
  }
  return devices;
}

function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'printer'
  );
}

export function createOsQueueDriver(
  config: OsQueuePrinterConfig,
  options: OsQueueOptions = {},
): SpoolAwareDriver {
  const platform = options.platform ?? process.platform;
  const run = options.runCommand ?? defaultRunCommand;
  const target = `${config.name} (queue ${config.queue})`;

  async function sendWindows(
    document: PrintableDocument,
    hooks: SendHooks,
  ): Promise<Result<{ bytes: number }, PrinterError>> {
    if (document.format !== 'pdf') return sendWindowsRaw(document, hooks);
    const printPdf = options.windowsPrintPdf ?? (await loadPdfToPrinter());
    const dir = await mkdtemp(path.join(os.tmpdir(), 'packbench-print-'));
    const file = path.join(dir, 'document.pdf');
    try {
      await writeFile(file, document.bytes);
      await hooks.beforeFirstByte?.();
      await printPdf(file, {
        printer: config.queue,
        scale: 'noscale',
        ...(config.media ? { paperSize: config.media } : {}),
      });
      return ok({ bytes: document.bytes.length });
    } catch (error) {
      return err(printerError('io', `${target}: ${describeError(error)}`, true));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  async function sendWindowsRaw(
    document: PrintableDocument,
    hooks: SendHooks,
  ): Promise<Result<{ bytes: number }, PrinterError>> {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'packbench-raw-'));
    const script = path.join(dir, 'raw-print.ps1');
    const file = path.join(dir, 'document.zpl');
    try {
      await writeFile(script, WINDOWS_RAW_PRINT_SCRIPT, 'utf8');
      await writeFile(file, document.bytes);
      await hooks.beforeFirstByte?.();
      const result = await run(
        'powershell.exe',
        windowsRawArguments(script, config.queue, file, document.id.slice(0, 120)),
        { timeoutMs: 30_000 },
      );
      if (result.code === 0 && !result.spawnError) return ok({ bytes: document.bytes.length });
      // Killed in the middle of WritePrinter, the spooler may hold the job already: sent again, it prints twice.
      if (result.timedOut)
        return err(
          mayHavePrintedError(
            'timeout',
            `${target}: the print did not finish in time: the job may be in the queue`,
          ),
        );
      const text = `${result.stderr} ${result.stdout}`.trim();
      // OpenPrinter failing means no such queue (not worth retrying); anything else may pass on a retry.
      const missing = /OpenPrinter failed/i.test(text);
      return err(
        printerError(
          missing ? 'rejected' : 'io',
          `${target}: ${text || `powershell exited ${result.code}`}`,
          !missing,
        ),
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  return {
    config,
    announcesFirstByte: true,
    async send(document, hooks = {}) {
      if (platform === 'win32') return sendWindows(document, hooks);
      await hooks.beforeFirstByte?.();
      const result = await run('lp', lpArguments(config, document), {
        input: document.bytes,
        timeoutMs: 30_000,
      });
      if (result.code === 0 && !result.spawnError) return ok({ bytes: document.bytes.length });
      const error = classifyLpFailure(result, target);
      // With the scheduler down, lp says "printer does not exist" too: ask the scheduler before giving up for good.
      if (error.code === 'rejected' && !(await schedulerRunning(run))) {
        return err(
          printerError('unreachable', `${target}: the print scheduler (CUPS) is not running`, true, [
            'unreachable',
          ]),
        );
      }
      return err(error);
    },
    async status(): Promise<PrinterStatus> {
      if (platform === 'win32')
        return { state: 'unknown', problems: [], detail: 'The Windows spooler reports no status here' };
      const result = await run('lpstat', ['-p', config.queue], { timeoutMs: 10_000 });
      const text = `${result.stdout} ${result.stderr}`.trim();
      if (result.spawnError)
        return { state: 'unknown', problems: ['unknown_status'], detail: 'lpstat is not installed' };
      if (result.code !== 0) {
        if (!(await schedulerRunning(run)))
          return {
            state: 'offline',
            problems: ['unreachable'],
            detail: 'the print scheduler (CUPS) is not running',
          };
        return /does not exist|invalid destination|unknown/i.test(text)
          ? { state: 'error', problems: [], detail: text }
          : { state: 'offline', problems: ['unreachable'], detail: text };
      }
      if (/disabled/i.test(text)) return { state: 'error', problems: ['paused'], detail: text };
      return { state: 'ready', problems: [], detail: text };
    },
  };
}

async function schedulerRunning(run: RunCommand): Promise<boolean> {
  const result = await run('lpstat', ['-r'], { timeoutMs: 10_000 });
  return result.code === 0 && /scheduler is running/i.test(result.stdout);
}

async function loadPdfToPrinter(): Promise<NonNullable<OsQueueOptions['windowsPrintPdf']>> {
  const module = (await import('pdf-to-printer')) as unknown as {
    print?: PdfPrint;
    default?: { print: PdfPrint };
  };
  const print = module.print ?? module.default?.print;
  if (!print) throw new Error('pdf-to-printer has no print()');
  return print;
}
type PdfPrint = (
  file: string,
  options: { printer: string; scale: 'noscale'; paperSize?: string },
) => Promise<void>;

/**
 * Every OS queue, as configs ready to save; CUPS queues on `socket://host:port` also suggest a direct zpl-tcp
 * (labels) and raw-tcp (documents) printer.
 */
export async function discoverOsQueues(options: OsQueueOptions = {}): Promise<DiscoveredPrinter[]> {
  const platform = options.platform ?? process.platform;
  if (platform === 'win32') {
    try {
      const module = (await import('pdf-to-printer')) as unknown as {
        getPrinters?: GetPrinters;
        default?: { getPrinters: GetPrinters };
      };
      const getPrinters = module.getPrinters ?? module.default?.getPrinters;
      const printers = getPrinters ? await getPrinters() : [];
      return printers.map((p) => ({
        kind: 'os-queue',
        name: p.name,
        suggested: { kind: 'os-queue', id: slug(p.name), name: p.name, queue: p.deviceId || p.name },
        detail: p.paperSizes.length ? `paper: ${p.paperSizes.slice(0, 6).join(', ')}` : undefined,
        ...(p.paperSizes.length ? { paperSizes: p.paperSizes.slice(0, 6) } : {}),
      }));
    } catch {
      return [];
    }
  }
  const run = options.runCommand ?? defaultRunCommand;
  const result = await run('lpstat', ['-v'], { timeoutMs: 10_000 });
  if (result.code !== 0) return [];
  const found: DiscoveredPrinter[] = [];
  for (const device of parseLpstatDevices(result.stdout)) {
    found.push({
      kind: 'os-queue',
      name: device.name,
      suggested: { kind: 'os-queue', id: slug(device.name), name: device.name, queue: device.name },
      detail: device.uri,
    });
    const socket = /^socket:\/\/([^/:]+)(?::(\d+))?/.exec(device.uri);
    if (socket?.[1]) {
      // A socket:// device is a printer's raw port: a Zebra (labels, ZPL) or an office printer (documents,
      // PDF). Which one, CUPS does not know: both direct connections are offered.
      const host = socket[1];
      const port = Number(socket[2] ?? 9100);
      found.push({
        kind: 'zpl-tcp',
        name: `${device.name} (direct)`,
        suggested: { kind: 'zpl-tcp', id: `${slug(device.name)}-tcp`, name: device.name, host, port },
        detail: `raw TCP ${host}:${port}, from CUPS queue ${device.name}`,
      });
      found.push({
        kind: 'raw-tcp',
        name: `${device.name} (direct)`,
        suggested: { kind: 'raw-tcp', id: `${slug(device.name)}-raw`, name: device.name, host, port },
        detail: `raw TCP ${host}:${port} for PDF documents, from CUPS queue ${device.name}`,
      });
    }
  }
  return found;
}
type GetPrinters = () => Promise<{ deviceId: string; name: string; paperSizes: string[] }[]>;
