/**
 * The station: `createStation` only wires. Each part has one job and says why in its own header; they are made in
 * this order, and each reads what was made above it (a getter such as `settings.inForce`). A part made earlier
 * reaches a later one only through a function handed to it here: → tells it of a change, ← reads it.
 *
 *   settings-service     the saved settings and those in force; saves patches and printer changes
 *                          → connections.settingsChanged, status.emit      ← connections.secrets (for the view)
 *   job-journal          the journal and the job book                      ← runner.busy (checkpoints wait)
 *   status-events        the carrier status feed, read in the background
 *   nshift-connections   the Delivery, index and Checkout clients, their secrets and the account's state;
 *                        renewDelivery / renewCheckout close and make them anew
 *                          → index.reset (renewed), index and feed start (checked), status.emit
 *   printing             the print service over the label cache        → status.emit, ← ctx (the spool's events
 *                        journalled)
 *   account-index        the local index of the account in use, on the index client
 *   StationContext       what every workflow reads (context.ts), with shipment numbers and deferred work
 *   job-runner           the queue: startJob, one job per code in flight, stopStarting
 *   status               the StationStatus the subscribers hear
 *   methods/, workflows/ the StationApi, one file per group of methods / per thing a packer does
 *   maintenance          timers, once the print service has started: printer checks, account re-checks,
 *                        pruning, the label cache's index
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { join } from 'node:path';
import type { Failure, JobKind, StartupWarning, StationApi, StationMethodName } from '../../preload/api';
import { createLabelCache } from '../labels/label-cache';
import { tightenDataDir } from '../files/private';
import { createJobRunner } from './job-runner';
import { openJobJournal } from './job-journal';
import type { IndexFigures } from './local-index';
import { openAccountIndex } from './account-index';
import { startMaintenance } from './maintenance';
import { openNshiftConnections } from './nshift-connections';
import { openStationPrinting, spoolWarnings } from './printing';
import type { PruneReport } from './retention';
import { displayScan } from './scan-code';
import { openSettingsService } from './settings-service';
import type { StationContext } from './context';
import type { StationOptions } from './station-options';
import { createStatusReporter } from './status';
import { createStatusEvents, type StatusEvents } from './status-events/follower';
import { createSubscribers } from './subscribers';
import { stationWorkflows } from './workflows';
import { ShipmentNumbers } from './workflows/shipment-numbers';
import { documentMethods } from './methods/documents';
import { jobMethods } from './methods/jobs';
import { printerMethods } from './methods/printers';
import { settingsMethods } from './methods/settings';
import { spoolMethods } from './methods/spool';
import { statusMethods } from './methods/status';
import type { Methods, StationParts } from './methods/types';
import { stationDay } from './station-day';

export type { StationOptions } from './station-options';

export interface Station extends StationApi {
  /** Resolves when every job started so far has finished (the headless host waits on it at end of input). */
  whenIdle(): Promise<void>;
  /**
   * Resolves once fewer than `count` jobs wait to start: the headless host reads its next line then, so a file of
   * any length is taken a few lines at a time, not journalled and held whole.
   */
  whenFewerWaiting(count: number): Promise<void>;
  /**
   * What the start found that the admin should see (a recovered journal, a settings file set aside), each with its
   * code, parameters and English words: the same list `getStartupWarnings` answers.
   */
  readonly startupWarnings: readonly StartupWarning[];
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

  const startupWarnings: StartupWarning[] = [];
  const startedAt = now().toISOString();
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
  const index = openAccountIndex({ ...options, settings: inForce, connections, log });

  const deferred = new Set<Promise<void>>();
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
    newId: (prefix) => `${prefix}-${stationDay(now()).replaceAll('-', '')}-${randomUUID().slice(0, 8)}`,
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
  const status = createStatusReporter({
    ...options,
    computerName: options.computerName ?? hostname(),
    settings: inForce,
    account: connections.account,
    printService,
    index,
    emit,
  });

  const parts: StationParts = {
    ctx,
    runner,
    settings,
    connections,
    status,
    startup: { startedAt, warnings: startupWarnings },
    demoPrinter: options.demoPrinter,
  };
  const methods: Methods<StationMethodName> = {
    ...jobMethods(parts),
    ...stationWorkflows(ctx, runner.startJob),
    ...settingsMethods(parts),
    ...printerMethods(parts),
    ...spoolMethods(parts),
    ...statusMethods(parts),
    ...documentMethods(parts),
  };

  startupWarnings.push(...spoolWarnings(join(options.dataDir, 'spool'), await printService.start()));
  const maintenance = startMaintenance(ctx, connections, options);
  // Everything the packer could wait for is done before the first scan: token, unfinished jobs, and the local
  // index kept from the last run read back (scans wait for that, briefly: local-index.ts).
  if (connections.deliveryKey()) {
    void index?.load();
    connections.connect();
  }
  runner.resumeOpenJobs();

  return {
    ...methods,
    startupWarnings,
    async recordFailure({ kind, scan, failure: reason }) {
      return { jobId: await runner.failedJob(kind, displayScan(scan), reason) };
    },
    stopStarting: runner.stopStarting,
    statusEvents,
    subscribe: subscribers.subscribe,
    whenIdle: runner.whenIdle,
    whenFewerWaiting: runner.whenFewerWaiting,
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
}
