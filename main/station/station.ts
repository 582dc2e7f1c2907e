import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { join } from 'node:path';
import type {
  DemoPrinterFault,
  Failure,
  JobKind,
  MethodInput,
  MethodOutput,
  StationApi,
  StationMethodName,
  SpoolJobView,
  StationStatus,
} from '../../preload/api';
import { createLabelCache } from '../labels/label-cache';
import { createPrintService, type PrintService } from '../printers/print-service';
import { StationError } from './station-error';
import { recordPrintState, type StationContext } from './context';
import { detailed, failure, noSuchJob } from './failures';
import type { Result } from '../result';
import type { SpoolOperationError } from '../printers/spool';
import type { IndexFigures } from './local-index';
import { openAccountIndex } from './account-index';
import { openJobJournal } from './job-journal';
import { displayScan, parseScanCode, scanRefused } from './scan-code';
import { runScan } from './workflows/scan';
import { ShipmentNumbers } from './workflows/shipment-numbers';
import { createPrintJobApi } from './print-job-api';
import { openNshiftConnections } from './nshift-connections';
import { openSettingsService } from './settings-service';
import { startTestPrint } from './workflows/test-print';
import { stationWorkflows } from './workflows';
import { createJobRunner } from './job-runner';
import type { StationOptions } from './station-options';
import { createSubscribers } from './subscribers';
import { createStatusEvents, type StatusEvents } from './status-events/follower';
import { pruneDataDir, type PruneReport } from './retention';
import { tightenDataDir } from '../files/private';
import { labelPrinterId } from './label-printer';

/** The first pruning waits this long after start: start-up and the first scans have the disk to themselves. */
const PRUNE_FIRST_AFTER_MS = 5 * 60 * 1000;
/** The label cache's index is read this long after start (or at its first use, if sooner). */
const LABEL_INDEX_AFTER_MS = 1000;

export type { StationOptions } from './station-options';

export interface Station extends StationApi {
  /** Resolves when every job started so far has finished (the headless host waits on it at end of input). */
  whenIdle(): Promise<void>;
  /** Messages from start-up the operator should see (a recovered journal, a reset settings file). */
  readonly startupWarnings: readonly string[];
  /** Refreshes the local index now (a full sweep if asked); resolves when done. No index: nothing to do. */
  refreshIndex(options?: { full?: boolean }): Promise<void>;
  /** What the local index holds and what its last refreshes cost, if it is on. */
  indexFigures(): IndexFigures | undefined;
  /** Prunes journal, label cache and spool by the retention settings now (it also runs daily on its own). */
  prune(): Promise<PruneReport>;
  /**
   * Journals a job that failed before it could start (a host's unknown command, a code nothing matches), so every
   * failure a host reports carries a job id that getJob finds. Its events go to subscribers like any job's.
   */
  recordFailure(input: { kind: JobKind; scan: string; failure: Failure }): Promise<{ jobId: string }>;
  /**
   * Starts no more jobs (the host was told to stop): each job still waiting on the queue fails at once with
   * `stopped_before_booking`, journalled so a restart does not run it, and so does every job asked for from now
   * on. Nothing of them reached nShift. The job in hand goes on; `close()` waits for it, and does this first.
   */
  stopStarting(): Promise<void>;
  /** The status-event follower: `tick()` reads the feed if one is due (its timer does this too). */
  readonly statusEvents: Pick<StatusEvents, 'tick' | 'prune'>;
  close(): Promise<void>;
}

export async function createStation(options: StationOptions): Promise<Station> {
  const log = options.log ?? (() => {});
  const now = options.now ?? (() => new Date());
  const subscribers = createSubscribers(log);
  const { emit } = subscribers;

  const computerName = options.computerName ?? hostname();

  // A folder an older version made readable by everyone (0755, files 0644) becomes this user's only, beside the
  // start: what is created from now on is private already (main/files/private.ts).
  const tightening = tightenDataDir(options.dataDir).then(({ failed }) => {
    if (failed.length > 0)
      log(`could not make ${failed.length} path(s) of the data folder private, e.g. ${failed[0]}`);
  });

  const startupWarnings: string[] = [];
  const settings = await openSettingsService({
    settingsStore: options.settingsStore,
    overrides: options.overrides,
    secrets: () => connections.secrets(),
    async changed(before) {
      await connections.settingsChanged(before);
      emitStatus();
    },
  });
  if (settings.loadWarning) startupWarnings.push(settings.loadWarning);
  const inForce = settings.inForce;

  const { journal, jobs, checkpointer, warnings } = await openJobJournal({
    journalDir: join(options.dataDir, 'journal'),
    now,
    log,
    onChange: (job) => emit({ type: 'job', job }),
    busy: () => runner.busy(),
  });
  startupWarnings.push(...warnings);

  const statusEvents = createStatusEvents({
    dataDir: options.dataDir,
    client: () => connections.client(),
    settings: () => inForce().statusEvents,
    log,
    ...options.statusEvents,
  });
  const connections = await openNshiftConnections({
    ...options,
    settings: inForce,
    log,
    feedRate: statusEvents.guard,
    // Another account's ids: nothing of the index may be used any more.
    renewed: () => index?.reset(),
    checked: () => {
      index?.start();
      statusEvents.start();
    },
    accountChanged: () => emitStatus(),
  });
  startupWarnings.push(...connections.startupWarnings);

  const labelCache = createLabelCache(join(options.dataDir, 'labels'), { now });
  const printService: PrintService = createPrintService({
    dataDir: options.dataDir,
    getConfig: () => ({
      printers: inForce().printers,
      routing: inForce().routing,
      ttlMinutes: inForce().spool.ttlMinutes,
    }),
    printJobApi: createPrintJobApi(connections.client),
    // A label printer is on the local network: trying again every few seconds costs nothing, and the label
    // comes out within seconds of the printer being back rather than after a long backoff.
    backoffMs: (attempts) => Math.min(5_000, 500 * 2 ** Math.max(0, attempts - 1)),
    ...options.printServiceOptions,
    // A booking's label on its way out is kept by the label cache, not by the spool; and the journal's
    // `printed` settles a spool job whose move to done/ never landed.
    ownerBytes: async (documentId) => (await labelCache.get(documentId))?.document.bytes,
    ownerPrinted: async ({ stationJobId, documentId, spoolJobId }) => {
      if (!(await jobs.ensure(stationJobId))) return false;
      return (
        jobs
          .get(stationJobId)
          ?.shipments.some((s) =>
            s.documents.some(
              (d) => d.documentId === documentId && d.state === 'printed' && d.spoolJobId === spoolJobId,
            ),
          ) ?? false
      );
    },
    onEvent: (event) => {
      emit(event);
      if (event.type === 'spool') void followSpoolJob(event.job);
      if (event.type === 'spool' || event.type === 'printer') emitStatus();
    },
  });

  const deferred = new Set<Promise<void>>();
  const index = openAccountIndex({ ...options, settings: inForce, connections, log });

  const ctx: StationContext = {
    journal,
    jobs,
    printService,
    labelCache,
    ...(index ? { index } : {}),
    statusEvents,
    consolidationKeys: new Map(),
    client: connections.client,
    checkout: connections.checkout,
    settings: inForce,
    now,
    log,
    newId: (prefix) =>
      `${prefix}-${now().toISOString().slice(0, 10).replaceAll('-', '')}-${randomUUID().slice(0, 8)}`,
    defer(task) {
      const running = task().catch((error: unknown) => log(`background task failed: ${String(error)}`));
      deferred.add(running);
      void running.finally(() => deferred.delete(running));
    },
    get shipmentNumbers() {
      return shipmentNumbers;
    },
  };
  const shipmentNumbers = new ShipmentNumbers(ctx, options.shipmentNumbers);

  const runner = createJobRunner(ctx, options);
  const { startJob, failedJob } = runner;

  /** A held document released later and printed: the journal learns it from the spool's event. */
  async function followSpoolJob(spoolJob: SpoolJobView): Promise<void> {
    if (!spoolJob.stationJobId) return;
    if (
      spoolJob.state !== 'printed' &&
      spoolJob.state !== 'held' &&
      spoolJob.state !== 'cancelled' &&
      spoolJob.state !== 'failed'
    )
      return;
    // A label spooled while its booking's journal entry is still being written: the print call journals its
    // first answer after that entry (and a restart adopts what the spool did), so it is not written first here.
    const job = ctx.jobs.get(spoolJob.stationJobId);
    if (job && !job.shipments.some((s) => s.documents.some((d) => d.documentId === spoolJob.documentId)))
      return;
    try {
      // Named as the print call names it: the two share one entry when both report the same state at once.
      const printerName = printService.printerStates().find((p) => p.printerId === spoolJob.printerId)?.name;
      await recordPrintState(ctx, spoolJob.stationJobId, spoolJob.shipmentId, spoolJob.documentId, {
        state: spoolJob.state,
        printerId: spoolJob.printerId,
        ...(printerName ? { printerName } : {}),
        spoolJobId: spoolJob.id,
        bytes: spoolJob.bytes,
      });
    } catch (error) {
      log(`could not journal spool state of ${spoolJob.id}: ${String(error)}`);
    }
  }

  let demoPrinterFault: DemoPrinterFault = 'none';
  function status(): StationStatus {
    const printers = printService.printerStates();
    const labelPrinter = labelPrinterId(inForce());
    return {
      host: options.host,
      version: options.version,
      stationName: inForce().station.name || computerName,
      demo: options.demo ?? false,
      account: connections.account(),
      printers,
      queueLength: printService.unfinished().length,
      ...(labelPrinter ? { labelPrinterId: labelPrinter } : {}),
      ...(options.demoPrinter ? { demoPrinterFault } : {}),
      ...(index?.refreshedAt() ? { indexRefreshedAt: index.refreshedAt()!.toISOString() } : {}),
    };
  }
  function emitStatus(): void {
    emit({ type: 'status', status: status() });
  }

  const workflows = stationWorkflows(ctx, startJob);

  const methods: { [K in StationMethodName]: (input: MethodInput<K>) => Promise<MethodOutput<K>> } = {
    async scan({ code }) {
      const parsed = parseScanCode(code);
      if (!parsed.ok) {
        return { jobId: await failedJob('scan', displayScan(code), scanRefused(parsed.error)) };
      }
      const clean = parsed.value;
      const jobId = await startJob('scan', clean, (id) =>
        runner.inTurn(clean, () => runScan(ctx, id, clean)),
      );
      return { jobId };
    },
    async listJobs(input) {
      const limit = input?.limit ?? 500;
      const today = now().toISOString().slice(0, 10);
      // More jobs asked for than memory holds after a start from a checkpoint: read today's journal once.
      if (!jobs.listable(limit, today)) await jobs.hydrate(today, (day) => journal.readDay(day));
      return jobs.list(limit, today);
    },
    async getJob({ jobId }) {
      await jobs.ensure(jobId);
      const job = jobs.get(jobId);
      if (!job) throw noSuchJob(jobId);
      return job;
    },
    ...workflows,
    async getStatus() {
      return status();
    },
    async getSettings() {
      return settings.view();
    },
    async saveSettings(patch) {
      await settings.patch(patch);
      return settings.view();
    },
    async setApiKey(key) {
      await connections.setApiKey(key);
      return settings.view();
    },
    async setCheckoutCredentials(credentials) {
      await connections.setCheckoutCredentials(credentials);
      return settings.view();
    },
    testConnection: () => connections.checkConnection(),
    discoverPrinters: () => printService.discover(),
    async savePrinter(printer) {
      await settings.savePrinter(printer);
      return settings.view();
    },
    async removePrinter({ printerId }) {
      await settings.removePrinter(printerId);
      return settings.view();
    },
    testPrinter: (input) => startTestPrint(ctx, startJob, input),
    async listSpool() {
      return printService.list();
    },
    releaseSpoolJob: ({ spoolJobId }) => spoolAction(printService.release(spoolJobId)),
    cancelSpoolJob: ({ spoolJobId }) => spoolAction(printService.cancel(spoolJobId)),
    retrySpoolJob: ({ spoolJobId }) => spoolAction(printService.retry(spoolJobId)),
    async setDemoPrinterFault({ fault }) {
      const demoPrinter = options.demoPrinter;
      if (!demoPrinter) {
        const message = 'Printer faults can be switched only in demo mode.';
        throw StationError.notFound(
          message,
          failure('printer', 'no_printer', message, detailed('no_such_printer', {})),
        );
      }
      await demoPrinter.setFault(fault);
      demoPrinterFault = fault;
      // Said at once, not at the next 30-second check: the switch is there to watch the station answer.
      await Promise.all(
        inForce().printers.map((p) => printService.checkPrinter(p.id).catch(() => undefined)),
      );
      emitStatus();
      return status();
    },
    async getDocumentPreview({ documentId }) {
      const cached = await labelCache.get(documentId);
      if (!cached) {
        const message = 'This document is no longer in the label cache.';
        throw StationError.notFound(
          message,
          failure('not_found', 'document_expired', message, detailed('not_in_cache', {})),
        );
      }
      const d = cached.document;
      return {
        documentId,
        format: d.format,
        base64: d.bytes.toString('base64'),
        ...(d.charset ? { charset: d.charset } : {}),
        ...(d.description ? { description: d.description } : {}),
      };
    },
  };

  async function spoolAction(
    pending: Promise<Result<SpoolJobView, SpoolOperationError>>,
  ): Promise<SpoolJobView> {
    const result = await pending;
    if (result.ok) return result.value;
    const { code, message, state } = result.error;
    throw code === 'not_found'
      ? StationError.notFound(
          message,
          failure('not_found', 'unknown_code', message, detailed('spool_job_gone', {})),
        )
      : StationError.failed(
          failure(
            'printer',
            'printer_error',
            message,
            state ? detailed('spool_job_state', { state }) : detailed('spool_job_gone', {}),
          ),
        );
  }

  /**
   * Every printer's state for the status bar, checked at start and every 30 s. A printer with labels on their
   * way is left alone: its spool reports its state with every send.
   */
  async function checkIdlePrinters(): Promise<void> {
    const busy = new Set(
      printService
        .unfinished()
        .filter((j) => j.state === 'queued' || j.state === 'sending')
        .map((j) => j.printerId),
    );
    for (const printer of inForce().printers) {
      if (!busy.has(printer.id)) await printService.checkPrinter(printer.id).catch(() => undefined);
    }
  }
  const printerChecks = setInterval(() => void checkIdlePrinters(), 30_000);
  printerChecks.unref();
  // nShift did not answer the key's check (at start, or when asked): the status says so, and the Scan screen says
  // a scan cannot succeed, until a check gets through. Without this it would say so until someone asked again.
  const accountChecks = setInterval(() => connections.recheckIfOffline(), options.accountRecheckMs ?? 30_000);
  accountChecks.unref();

  // Pruning by age: a few minutes after start (never on the way to `ready` or the first scans), then daily.
  let pruning: Promise<PruneReport> | undefined;
  function prune(): Promise<PruneReport> {
    pruning ??= pruneDataDir(ctx).finally(() => (pruning = undefined));
    return pruning;
  }
  function prunedInBackground(): void {
    ctx.defer(async () => {
      const report = await prune();
      const { journalFiles, labels, spoolRecords } = report;
      if (journalFiles.length + labels + spoolRecords > 0)
        log(
          `pruned by age: ${journalFiles.length} journal files, ${labels} labels, ${spoolRecords} spool records`,
        );
    });
  }
  const firstPrune = setTimeout(prunedInBackground, PRUNE_FIRST_AFTER_MS);
  firstPrune.unref();
  const dailyPrune = setInterval(prunedInBackground, 24 * 60 * 60 * 1000);
  dailyPrune.unref();

  await printService.start();
  void checkIdlePrinters();
  // Everything the packer could wait for is done before the first scan: token, unfinished jobs, and the local
  // index kept from the last run read back (scans wait for that, briefly: local-index.ts).
  if (connections.deliveryKey()) {
    void index?.load();
    connections.connect();
  }
  runner.resumeOpenJobs();
  // The label cache's index is read in the background, soon after the start rather than on its way: a reprint
  // then finds it in memory. A scan's labels are written without it.
  const cacheWarm = setTimeout(() => void labelCache.open(), LABEL_INDEX_AFTER_MS);
  cacheWarm.unref();

  const station: Station = {
    ...methods,
    startupWarnings,
    async recordFailure({ kind, scan, failure: reason }) {
      return { jobId: await failedJob(kind, displayScan(scan), reason) };
    },
    stopStarting: runner.stopStarting,
    statusEvents,
    subscribe: subscribers.subscribe,
    whenIdle: runner.whenIdle,
    refreshIndex: async (o) => index?.refresh(o),
    indexFigures: () => index?.figuresNow(),
    prune,
    async close() {
      // Closing (any host: the desktop window, the web host's Ctrl+C, a test) starts no queued job: a booking
      // nobody is there to see would go out. Each fails, journalled, and says to scan it again.
      await runner.stopStarting();
      // The index stops refreshing at once and saves what it holds for the next start.
      const indexSaved = index?.close();
      await statusEvents.close();
      clearInterval(printerChecks);
      clearInterval(accountChecks);
      clearTimeout(firstPrune);
      clearInterval(dailyPrune);
      clearTimeout(cacheWarm);
      await runner.whenIdle();
      await Promise.all([...deferred]);
      await shipmentNumbers.close();
      await printService.stop();
      await connections.close();
      await indexSaved;
      await checkpointer.close();
      await journal.close();
      await labelCache.close();
      await tightening;
      subscribers.clear();
    },
  };
  return station;
}
