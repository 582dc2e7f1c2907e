import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { join } from 'node:path';
import type {
  Failure,
  JobKind,
  MethodInput,
  MethodOutput,
  StationApi,
  StationMethodName,
  SpoolJobView,
} from '../../preload/api';
import { createLabelCache } from '../labels/label-cache';
import { StationError } from './station-error';
import type { StationContext } from './context';
import { detailed, failure, noSuchJob } from './failures';
import type { Result } from '../result';
import type { SpoolOperationError } from '../printers/spool';
import type { IndexFigures } from './local-index';
import { openAccountIndex } from './account-index';
import { openJobJournal } from './job-journal';
import { displayScan, parseScanCode, scanRefused } from './scan-code';
import { runScan } from './workflows/scan';
import { ShipmentNumbers } from './workflows/shipment-numbers';
import { openStationPrinting } from './printing';
import { createStatusReporter } from './status';
import { startMaintenance } from './maintenance';
import { openNshiftConnections } from './nshift-connections';
import { openSettingsService } from './settings-service';
import { startTestPrint } from './workflows/test-print';
import { stationWorkflows } from './workflows';
import { createJobRunner } from './job-runner';
import type { StationOptions } from './station-options';
import { createSubscribers } from './subscribers';
import { createStatusEvents, type StatusEvents } from './status-events/follower';
import type { PruneReport } from './retention';
import { tightenDataDir } from '../files/private';

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
      status.emit();
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
    accountChanged: () => status.emit(),
  });
  startupWarnings.push(...connections.startupWarnings);

  const labelCache = createLabelCache(join(options.dataDir, 'labels'), { now });
  const printService = openStationPrinting({
    ...options,
    settings: inForce,
    client: connections.client,
    labelCache,
    jobs,
    ctx: () => ctx,
    emit,
    statusChanged: () => status.emit(),
    log,
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

  const status = createStatusReporter({
    ...options,
    computerName: options.computerName ?? hostname(),
    settings: inForce,
    account: connections.account,
    printService,
    index,
    emit,
  });

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
      return status.now();
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
      status.demoPrinterFaultSet(fault);
      // Said at once, not at the next 30-second check: the switch is there to watch the station answer.
      await Promise.all(
        inForce().printers.map((p) => printService.checkPrinter(p.id).catch(() => undefined)),
      );
      status.emit();
      return status.now();
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

  await printService.start();
  const maintenance = startMaintenance(ctx, connections, options);
  // Everything the packer could wait for is done before the first scan: token, unfinished jobs, and the local
  // index kept from the last run read back (scans wait for that, briefly: local-index.ts).
  if (connections.deliveryKey()) {
    void index?.load();
    connections.connect();
  }
  runner.resumeOpenJobs();
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
    prune: maintenance.prune,
    async close() {
      // Closing (any host: the desktop window, the web host's Ctrl+C, a test) starts no queued job: a booking
      // nobody is there to see would go out. Each fails, journalled, and says to scan it again.
      await runner.stopStarting();
      // The index stops refreshing at once and saves what it holds for the next start.
      const indexSaved = index?.close();
      await statusEvents.close();
      maintenance.stop();
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
