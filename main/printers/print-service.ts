/**
 * The print service: routes each document to a printer, spools it durably, and keeps the printers' visible
 * state. The station calls `print()` and gets one outcome per document: printed, held or failed (held and
 * failed are normal answers for a packer, never exceptions).
 */
import path from 'node:path';
import type {
  DocumentPreview,
  DiscoveredPrinter,
  PrinterConfig,
  PrinterStateView,
  RoutingSettings,
  SpoolJobView,
  ZplCharset,
} from '../../preload/api';
import type { DocumentFormat, DocumentKind, PrintableDocument } from '../labels/document';
import type { UnencodableCharacters } from '../labels/charset';
import type { Result } from '../result';
import { err, ok } from '../result';
import type { Clock } from './clock';
import { systemClock } from './clock';
import type { SpoolAwareDriver } from './driver';
import { describeError, printerError } from './driver';
import type { DriverFactoryOptions } from './drivers';
import { createDriver as createDefaultDriver, discoverOsQueues } from './drivers';
import type { PrintJobApi } from './print-job-api';
import type { RouteError } from './router';
import { routeDocument, routeExplicit } from './router';
import type { SpoolOperationError, SpoolOptions } from './spool';
import { createSpool } from './spool';
import { createSpoolStore } from './spool-store';
import type { PrintOutcome, PrintRequest, PrinterDriver, PrinterError, PrinterStatus } from './types';

export interface PrintServiceConfig {
  printers: PrinterConfig[];
  routing: RoutingSettings;
  ttlMinutes: number;
}

export type PrintServiceEvent =
  { type: 'spool'; job: SpoolJobView } | { type: 'printer'; printer: PrinterStateView };

export interface PrintServiceOptions {
  dataDir: string;
  getConfig: () => PrintServiceConfig;
  createDriver?: (config: PrinterConfig) => PrinterDriver | SpoolAwareDriver;
  printJobApi?: PrintJobApi;
  clock?: Clock;
  onEvent?: (event: PrintServiceEvent) => void;
  /** Passed to the built-in drivers (timeouts, platform…). */
  driverOptions?: Omit<DriverFactoryOptions, 'dataDir' | 'printJobApi'>;
  backoffMs?: (failedAttempts: number) => number;
  holdAfterAttempts?: number;
  /** See SpoolOptions: the station's label cache and journal, asked about jobs found on disk at start. */
  ownerBytes?: SpoolOptions['ownerBytes'];
  ownerPrinted?: SpoolOptions['ownerPrinted'];
}

/** A print that could not even be queued (no printer fits) carries the router's reason. */
export interface PrintServiceOutcome extends PrintOutcome {
  routeError?: RouteError;
}

export interface TestPrintError {
  code: 'unknown_printer' | 'unsupported' | 'unencodable_characters';
  message: string;
  characters?: string[];
}

export interface TestPrint {
  preview: DocumentPreview;
  spoolJobId: string;
  outcome: Promise<PrintServiceOutcome>;
}

export interface PrepareHint {
  printerId?: string;
  kind?: DocumentKind;
  format?: DocumentFormat;
  carrierId?: string;
  serviceId?: string;
}

/** What a start found in the spool folder that it could not read whole (file names in it). */
export interface SpoolFilesUnread {
  /** Records of a shape this version does not know (a newer Packbench's), held for the packer. */
  heldUnread: string[];
  /** Records it could not read at all (a power cut's zeros, damage), left where they are. */
  unreadable: string[];
}

export interface PrintService {
  start(): Promise<SpoolFilesUnread>;
  print(request: PrintRequest): Promise<PrintServiceOutcome>;
  /** Opens the likely printer's connection while a booking is in flight (best effort, never fails). */
  prepare(hint?: PrepareHint): Promise<void>;
  list(): SpoolJobView[];
  /** Spool jobs queued, sending or held (see Spool.unfinished). */
  unfinished(): SpoolJobView[];
  /** Every spool job of a station job, including those finished before this start. */
  jobsOf(stationJobId: string): Promise<SpoolJobView[]>;
  /** Removes finished spool jobs' records older than `olderThanMs` from disk; returns how many went. */
  pruneFinished(olderThanMs: number): Promise<number>;
  /** The next outcome of a spool job, e.g. after a release. */
  outcome(spoolJobId: string): Promise<PrintOutcome> | undefined;
  release(spoolJobId: string): Promise<Result<SpoolJobView, SpoolOperationError>>;
  cancel(spoolJobId: string): Promise<Result<SpoolJobView, SpoolOperationError>>;
  retry(spoolJobId: string): Promise<Result<SpoolJobView, SpoolOperationError>>;
  printerStates(): PrinterStateView[];
  checkPrinter(printerId: string): Promise<PrinterStateView | undefined>;
  discover(): Promise<DiscoveredPrinter[]>;
  testPrint(
    printerId: string,
    charset?: ZplCharset,
    extraText?: string,
  ): Promise<Result<TestPrint, TestPrintError>>;
  stop(): Promise<void>;
}

function asSpoolAware(driver: PrinterDriver | SpoolAwareDriver): SpoolAwareDriver {
  return driver as SpoolAwareDriver;
}

/** PDF for office printers (raw-tcp, OS queues with paper media or none set), ZPL for everything that speaks it. */
function testFormatFor(printer: PrinterConfig): 'zpl' | 'pdf' | undefined {
  switch (printer.kind) {
    case 'zpl-tcp':
    case 'file':
      return 'zpl';
    case 'os-queue':
      return printer.media === undefined || /^(a\d|letter|legal|iso_a|na_)/i.test(printer.media)
        ? 'pdf'
        : 'zpl';
    case 'raw-tcp':
      return 'pdf';
    case 'print-client':
      return undefined;
  }
}

export function createPrintService(options: PrintServiceOptions): PrintService {
  const clock = options.clock ?? systemClock;
  const drivers = new Map<string, { key: string; driver: SpoolAwareDriver }>();
  const states = new Map<string, PrinterStateView>();
  const emit = (event: PrintServiceEvent): void => options.onEvent?.(event);

  const makeDriver = (config: PrinterConfig): SpoolAwareDriver =>
    asSpoolAware(
      options.createDriver
        ? options.createDriver(config)
        : createDefaultDriver(config, {
            dataDir: options.dataDir,
            ...options.driverOptions,
            ...(options.printJobApi ? { printJobApi: options.printJobApi } : {}),
          }),
    );

  function printerConfig(printerId: string): PrinterConfig | undefined {
    return options.getConfig().printers.find((p) => p.id === printerId);
  }

  /** Drivers follow the settings: a changed printer config gets a fresh driver. */
  function driverFor(printerId: string): SpoolAwareDriver | undefined {
    const config = printerConfig(printerId);
    if (!config) return undefined;
    const key = JSON.stringify(config);
    const cached = drivers.get(printerId);
    if (cached?.key === key) return cached.driver;
    void cached?.driver.close?.();
    const driver = makeDriver(config);
    drivers.set(printerId, { key, driver });
    return driver;
  }

  function stateOf(printerId: string): PrinterStateView {
    const config = printerConfig(printerId);
    const existing = states.get(printerId);
    return {
      printerId,
      name: config?.name ?? existing?.name ?? printerId,
      kind: config?.kind ?? existing?.kind ?? 'file',
      state: existing?.state ?? 'unknown',
      problems: existing?.problems ?? [],
      queueLength: spool.queueLength(printerId),
      ...(existing?.checkedAt ? { checkedAt: existing.checkedAt } : {}),
    };
  }

  function setState(
    printerId: string,
    change: Partial<Pick<PrinterStateView, 'state' | 'problems' | 'checkedAt'>>,
  ): PrinterStateView {
    const before = states.get(printerId);
    const next = { ...stateOf(printerId), ...change };
    states.set(printerId, next);
    const changed =
      !before ||
      before.state !== next.state ||
      before.queueLength !== next.queueLength ||
      before.problems.join() !== next.problems.join() ||
      before.checkedAt !== next.checkedAt;
    if (changed) emit({ type: 'printer', printer: next });
    return next;
  }

  function fromError(error: PrinterError): Pick<PrinterStateView, 'state' | 'problems'> | undefined {
    if (error.code === 'unreachable' || error.code === 'timeout' || error.problems?.includes('unreachable'))
      return { state: 'offline', problems: ['unreachable'] };
    if (error.code === 'printer_problem') return { state: 'error', problems: error.problems ?? [] };
    return undefined; // a refused document says nothing about the printer
  }

  function fromStatus(status: PrinterStatus): Pick<PrinterStateView, 'state' | 'problems'> {
    return { state: status.state, problems: status.problems };
  }

  const spool = createSpool({
    store: createSpoolStore(path.join(options.dataDir, 'spool')),
    clock,
    driverFor,
    ttlMs: () => Math.max(0, options.getConfig().ttlMinutes) * 60_000,
    ...(options.backoffMs ? { backoffMs: options.backoffMs } : {}),
    ...(options.holdAfterAttempts !== undefined ? { holdAfterAttempts: options.holdAfterAttempts } : {}),
    ...(options.ownerBytes ? { ownerBytes: options.ownerBytes } : {}),
    ...(options.ownerPrinted ? { ownerPrinted: options.ownerPrinted } : {}),
    onJob(job) {
      emit({ type: 'spool', job });
      setState(job.printerId, {});
    },
    onSendResult(printerId, result) {
      const now = new Date(clock.now()).toISOString();
      if (result.ok) setState(printerId, { state: 'ready', problems: [], checkedAt: now });
      else {
        const change = fromError(result.error);
        if (change) setState(printerId, { ...change, checkedAt: now });
      }
    },
  });

  function failedOutcome(routeError: RouteError, bytes: number): PrintServiceOutcome {
    return { spoolJobId: '', printerId: '', printerName: '', state: 'failed', bytes, routeError };
  }

  async function print(request: PrintRequest): Promise<PrintServiceOutcome> {
    const { document } = request;
    const config = options.getConfig();
    const route =
      request.printerId !== undefined
        ? routeExplicit(document, request.printerId, config.printers)
        : routeDocument(document, config.routing, config.printers);
    if (!route.ok) return failedOutcome(route.error, document.bytes.length);
    const printer = route.value.printer;
    // The same document already waiting on this printer (a replayed job after a restart, a double click):
    // follow that job instead of printing the label twice.
    const active = spool.findActive(document.id, printer.id);
    if (active) {
      if (active.state === 'held' && request.releaseHeld) await spool.release(active.id);
      const pending = spool.outcome(active.id);
      if (pending) return pending;
    }
    const shipmentId = request.shipmentId ?? document.shipmentId;
    // The printer's preflight runs while the spool writes the job: the send finds it answered.
    void driverFor(printer.id)
      ?.prepare?.({ preflight: true })
      .catch(() => undefined);
    try {
      const { outcome } = await spool.enqueue({
        document,
        printerId: printer.id,
        printerName: printer.name,
        ...(shipmentId ? { shipmentId } : {}),
        ...(request.stationJobId ? { stationJobId: request.stationJobId } : {}),
        ...(request.sendAfter ? { sendAfter: request.sendAfter } : {}),
        ...(request.sendingRecordedByOwner ? { sendingRecordedByOwner: true } : {}),
        ...(request.heldAfterRestart ? { heldAfterRestart: true } : {}),
      });
      return outcome;
    } catch (error) {
      // Nothing is sent that is not on disk first: a spool that cannot be written is a failed print.
      return {
        spoolJobId: '',
        printerId: printer.id,
        printerName: printer.name,
        state: 'failed',
        bytes: document.bytes.length,
        error: printerError('io', `Cannot write the print spool: ${describeError(error)}`, false),
        spoolRefused: error,
      };
    }
  }

  return {
    async start() {
      const { heldUnread, unreadable } = await spool.start();
      return { heldUnread, unreadable };
    },
    print,
    async prepare(hint = {}) {
      const config = options.getConfig();
      const route =
        hint.printerId !== undefined
          ? routeExplicit(
              { id: 'prepare', kind: hint.kind ?? 'label', format: hint.format ?? 'zpl' },
              hint.printerId,
              config.printers,
            )
          : routeDocument(
              {
                id: 'prepare',
                kind: hint.kind ?? 'label',
                format: hint.format ?? 'zpl',
                carrierId: hint.carrierId,
                serviceId: hint.serviceId,
              },
              config.routing,
              config.printers,
            );
      if (!route.ok) return;
      await driverFor(route.value.printer.id)
        ?.prepare?.()
        .catch(() => undefined);
    },
    list: () => spool.list(),
    unfinished: () => spool.unfinished(),
    jobsOf: (stationJobId) => spool.jobsOf(stationJobId),
    pruneFinished: (olderThanMs) => spool.pruneFinished(olderThanMs),
    outcome: (id) => spool.outcome(id),
    release: (id) => spool.release(id),
    cancel: (id) => spool.cancel(id),
    retry: (id) => spool.retry(id),
    printerStates: () => options.getConfig().printers.map((p) => stateOf(p.id)),
    async checkPrinter(printerId) {
      const driver = driverFor(printerId);
      if (!driver) return undefined;
      let status: PrinterStatus;
      try {
        status = await driver.status();
      } catch (error) {
        status = { state: 'unknown', problems: ['unknown_status'], detail: String(error) };
      }
      return setState(printerId, { ...fromStatus(status), checkedAt: new Date(clock.now()).toISOString() });
    },
    async discover() {
      const [queues, clients] = await Promise.all([
        discoverOsQueues(options.driverOptions?.osQueue),
        discoverPrintClients(options.printJobApi),
      ]);
      return [...queues, ...clients];
    },
    async testPrint(printerId, charset = 'cp850', extraText) {
      const printer = printerConfig(printerId);
      if (!printer) return err({ code: 'unknown_printer', message: `No printer with id ${printerId}` });
      const format = testFormatFor(printer);
      if (!format)
        return err({
          code: 'unsupported',
          message: `${printer.name} prints nShift documents only (Print Client): print a shipment's label to test it`,
        });
      const input = {
        printerName: printer.name,
        now: new Date(clock.now()),
        ...(extraText !== undefined ? { extraText } : {}),
      };
      // Loaded on first use: its charset tables (iconv-lite, half a megabyte of code) are only ever needed for a
      // test label, and compiling them at every start cost the headless host a tenth of its start-up.
      const { buildPdfTestPage, buildZplTestLabel } = await import('../labels/test-label');
      let document: PrintableDocument;
      if (format === 'zpl') {
        const built = buildZplTestLabel({ ...input, charset });
        if (!built.ok) return err(unencodable(built.error));
        document = built.value;
      } else {
        document = await buildPdfTestPage(input);
      }
      const { job, outcome } = await spool.enqueue({
        document,
        printerId: printer.id,
        printerName: printer.name,
      });
      return ok({
        spoolJobId: job.id,
        outcome,
        preview: {
          documentId: document.id,
          format: document.format,
          ...(document.charset ? { charset: document.charset } : {}),
          ...(document.description ? { description: document.description } : {}),
          base64: document.bytes.toString('base64'),
        },
      });
    },
    async stop() {
      await spool.stop();
      await Promise.allSettled([...drivers.values()].map((d) => d.driver.close?.()));
      drivers.clear();
    },
  };
}

async function discoverPrintClients(api: PrintJobApi | undefined): Promise<DiscoveredPrinter[]> {
  if (!api?.listPrinters) return [];
  const listed = await api.listPrinters().catch(() => undefined);
  if (!listed?.ok) return [];
  return listed.value.map((p) => ({
    kind: 'print-client',
    name: p.name,
    suggested: { kind: 'print-client', id: `print-client-${p.id}`, name: p.name, printerId: p.id },
    ...(p.state
      ? { detail: `nShift Print Client printer ${p.id}, ${p.state}`, printClientState: p.state }
      : {}),
  }));
}

function unencodable(error: UnencodableCharacters): TestPrintError {
  return { code: 'unencodable_characters', message: error.message, characters: error.characters };
}
