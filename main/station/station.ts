import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { join } from 'node:path';
import PQueue from 'p-queue';
import type {
  AccountState,
  ConnectionTest,
  DemoPrinterFault,
  Failure,
  JobKind,
  MethodInput,
  MethodOutput,
  StationApi,
  StationEvent,
  StationEventListener,
  StationMethodName,
  SettingsView,
  SpoolJobView,
  StationStatus,
} from '../../preload/api';
import { createDeliveryClient, type DeliveryClient } from '../nshift/delivery';
import type { CheckoutClient, CheckoutClientOptions } from '../nshift/checkout';
import { createLabelCache } from '../labels/label-cache';
import { createPrintService, type PrintService, type PrintServiceOptions } from '../printers/print-service';
import { resolveSettings, type SettingsLayer } from '../settings/in-force';
import { applySettingsPatch, settingsView, type Settings } from '../settings/schema';
import { openBoundSecret } from '../settings/bound-secret';
import { VaultRefusal, type SecretVault, type SettingsStore } from '../settings/store';
import { StationError } from './station-error';
import { fail, record, recordPrintState, type StationContext } from './context';
import { cannotSave, detailed, failure, failureOfError, noSuchJob, stoppedBeforeStart } from './failures';
import type { Result } from '../result';
import type { SpoolOperationError } from '../printers/spool';
import { LocalIndex, type IndexFigures, type LocalIndexOptions } from './local-index';
import { createIndexFile, INDEX_FILE, indexAccount } from './local-index-file';
import { openJobJournal } from './job-journal';
import { JournalWriteError } from './journal';
import { displayScan, parseScanCode, scanRefused } from './scan-code';
import { resumeOpenJobs } from './workflows/resume';
import { runScan } from './workflows/scan';
import { ShipmentNumbers, type ShipmentNumbersOptions } from './workflows/shipment-numbers';
import { createPrintJobApi } from './print-job-api';
import { testConnection } from './connection';
import { startTestPrint } from './workflows/test-print';
import { stationWorkflows } from './workflows';
import type { JobStart } from './workflows/types';
import { createStatusEvents, type StatusEvents } from './status-events/follower';
import { pruneDataDir, type PruneReport } from './retention';
import { tightenDataDir } from '../files/private';
import { RequestRate } from '../nshift/shared';
import { labelPrinterId } from './label-printer';

/** The first pruning waits this long after start: start-up and the first scans have the disk to themselves. */
const PRUNE_FIRST_AFTER_MS = 5 * 60 * 1000;
/** The label cache's index is read this long after start (or at its first use, if sooner). */
const LABEL_INDEX_AFTER_MS = 1000;

export interface StationOptions {
  dataDir: string;
  host: StationStatus['host'];
  version: string;
  demo?: boolean;
  settingsStore: SettingsStore;
  vault: SecretVault;
  /** The Checkout client credentials (same kind of vault, its own slot). None: Checkout is never asked. */
  checkoutVault?: SecretVault;
  /** The Checkout client's options (tests shorten timeouts). */
  checkoutClientOptions?: Partial<CheckoutClientOptions>;
  /** Settings forced by the host for this run (demo mode, flags); applied over the stored ones, never saved. */
  overrides?: readonly SettingsLayer[];
  /**
   * Demo mode's virtual label printer, so the UI can switch its faults (`setDemoPrinterFault`). Without it (every
   * station that is not a demo) the method is refused.
   */
  demoPrinter?: { setFault(fault: DemoPrinterFault): Promise<void> };
  /** The computer's name, the station's name while its setting is empty (tests give one). */
  computerName?: string;
  /** How often a key nShift could not be asked about (it did not answer) is checked again; default 30 s. */
  accountRecheckMs?: number;
  /** How many jobs run at once. 1 keeps labels in scan order, which a print-and-apply line needs. */
  concurrency?: number;
  log?: (line: string) => void;
  now?: () => Date;
  /** The Delivery client's transport options (tests shorten timeouts). */
  clientOptions?: Partial<Parameters<typeof createDeliveryClient>[0]>;
  /**
   * How order bookings' shipment numbers are batched (shipment-numbers.ts). Tests and demo mode look each up at
   * once (`maxWaitMs: 0`), as a person trying the station expects to read the number beside the label.
   */
  shipmentNumbers?: ShipmentNumbersOptions;
  /** Local index options beyond the settings (tests and benchmarks pace it differently). */
  indexOptions?: Partial<Omit<LocalIndexOptions, 'client' | 'intervalMs' | 'log'>>;
  /** Spool and driver options (tests shorten backoff and timeouts). */
  printServiceOptions?: Pick<
    PrintServiceOptions,
    'backoffMs' | 'holdAfterAttempts' | 'driverOptions' | 'clock'
  >;
  /**
   * The status-event follower's clock (epoch ms) and how often it checks whether a read is due. Tests and
   * demo mode pass the simulator's clock, so moving it moves the feed's schedule.
   */
  statusEvents?: { now?: () => number; checkEveryMs?: number };
}

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
  const listeners = new Set<StationEventListener>();
  const emit = (event: StationEvent): void => {
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (error) {
        log(`event listener failed: ${String(error)}`);
      }
    }
  };

  const computerName = options.computerName ?? hostname();

  // A folder an older version made readable by everyone (0755, files 0644) becomes this user's only, beside the
  // start: what is created from now on is private already (main/files/private.ts).
  const tightening = tightenDataDir(options.dataDir).then(({ failed }) => {
    if (failed.length > 0)
      log(`could not make ${failed.length} path(s) of the data folder private, e.g. ${failed[0]}`);
  });

  const startupWarnings: string[] = [];
  const loaded = await options.settingsStore.load();
  if (loaded.warning) startupWarnings.push(loaded.warning);
  let storedSettings = loaded.settings;
  let resolved = resolveSettings(storedSettings, options.overrides ?? []);
  let settings = resolved.settings;
  /** The UI's view: the saved settings to edit, and what this run uses with where it comes from. */
  const view = (): SettingsView =>
    settingsView(
      storedSettings,
      deliverySecret.for(deliveryUrls()),
      resolved.inForce,
      checkoutSecret?.for(checkoutUrls()),
      { delivery: deliverySecret.note(deliveryUrls()), checkout: checkoutSecret?.note(checkoutUrls()) },
    );

  const { journal, jobs, checkpointer, warnings } = await openJobJournal({
    journalDir: join(options.dataDir, 'journal'),
    now,
    log,
    onChange: (job) => emit({ type: 'job', job }),
    busy: () => queue.size > 0 || queue.pending > 0,
  });
  startupWarnings.push(...warnings);

  // Each secret goes only to the addresses it was entered for (main/settings/bound-secret.ts): the Delivery key to
  // the Delivery address, the Checkout credentials to its identity service and its base address.
  const deliveryUrls = (): string[] => [settings.deliveryUrl];
  const checkoutUrls = (): string[] => [settings.checkout.authUrl, settings.checkout.baseUrl];
  const deliverySecret = await openBoundSecret(options.vault, deliveryUrls(), log);
  const checkoutSecret = options.checkoutVault
    ? await openBoundSecret(options.checkoutVault, checkoutUrls(), log)
    : undefined;
  for (const said of [deliverySecret.problem, checkoutSecret?.problem])
    if (said) startupWarnings.push(said.message);
  const statusEvents = createStatusEvents({
    dataDir: options.dataDir,
    client: () => client,
    settings: () => settings.statusEvents,
    log,
    ...options.statusEvents,
  });
  const requestRate = new RequestRate();
  let client: DeliveryClient = newClient();
  function newClient(): DeliveryClient {
    const baseUrl = settings.deliveryUrl;
    return createDeliveryClient({
      baseUrl,
      // The key only if it was entered for this client's address: a client for another one never gets it.
      apiKey: () => deliverySecret.for([baseUrl]),
      logger: log,
      // One guard for every client this station makes: a new key or URL does not reset the feeds' call rate.
      feedRate: statusEvents.guard,
      // One count of the requests every client makes: the index holds back while the account's second is full.
      requestRate,
      ...options.clientOptions,
    });
  }

  let checkout: CheckoutClient | undefined = await newCheckoutClient();
  /**
   * Only with credentials entered for its addresses: without them the station makes no Checkout request at all,
   * and its client (and its schemas) are never even loaded.
   */
  async function newCheckoutClient(): Promise<CheckoutClient | undefined> {
    const urls = checkoutUrls();
    if (!checkoutSecret?.for(urls)) return undefined;
    const { createCheckoutClient } = await import('../nshift/checkout');
    const [authUrl, baseUrl] = urls;
    return createCheckoutClient({
      baseUrl,
      authUrl,
      credentials: () => {
        const key = checkoutSecret.for(urls);
        return key ? { clientId: key.id, clientSecret: key.secret } : undefined;
      },
      logger: log,
      ...options.checkoutClientOptions,
    });
  }
  let renewingCheckout: Promise<void> = Promise.resolve();
  /** One renewal at a time, so two quick saves cannot leave two clients behind. */
  function renewCheckoutClient(): Promise<void> {
    renewingCheckout = renewingCheckout
      .catch(() => undefined)
      .then(async () => {
        // The new client is in place before the old one closes: a scan meanwhile always finds one of them.
        const next = await newCheckoutClient();
        const old = checkout;
        checkout = next;
        await old?.close();
      });
    return renewingCheckout;
  }

  let account: StationStatus['account'] = accountBeforeTest();
  /** The account's state before a connection test: a key to test, or why there is none for this address. */
  function accountBeforeTest(): StationStatus['account'] {
    if (deliverySecret.for(deliveryUrls())) return { state: 'unknown' };
    const why = deliverySecret.elsewhere(deliveryUrls(), 'API key') ?? deliverySecret.unreadable?.message;
    return { state: 'not_configured', ...(why ? { message: why } : {}) };
  }
  const labelCache = createLabelCache(join(options.dataDir, 'labels'), { now });
  const printService: PrintService = createPrintService({
    dataDir: options.dataDir,
    getConfig: () => ({
      printers: settings.printers,
      routing: settings.routing,
      ttlMinutes: settings.spool.ttlMinutes,
    }),
    printJobApi: createPrintJobApi(() => client),
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
  // The index has an HTTP client (and connections) of its own: a sweep of a thousand pages never holds the
  // connection a scan is about to use, so no scan waits for a new connection because of it.
  let indexClient: DeliveryClient | undefined;
  const index =
    settings.resolve.indexRefreshSeconds > 0
      ? new LocalIndex({
          client: () => (indexClient ??= newClient()),
          requestRate,
          intervalMs: settings.resolve.indexRefreshSeconds * 1000,
          log,
          // Kept between starts for the account in use: another key or Delivery URL never reads it.
          file: createIndexFile({
            path: join(options.dataDir, INDEX_FILE),
            account: () => {
              const key = deliverySecret.for(deliveryUrls());
              return key ? indexAccount(settings.deliveryUrl, key.id) : undefined;
            },
            log,
          }),
          ...options.indexOptions,
        })
      : undefined;

  const ctx: StationContext = {
    journal,
    jobs,
    printService,
    labelCache,
    ...(index ? { index } : {}),
    statusEvents,
    consolidationKeys: new Map(),
    client: () => client,
    checkout: () => checkout,
    settings: () => settings,
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

  const queue = new PQueue({ concurrency: options.concurrency ?? 1 });
  /** Jobs on the queue that have not started, and what each fails with if the station stops first. */
  const notStarted = new Map<string, { written: Promise<unknown>; failure: Failure }>();
  let stopping = false;
  /** Codes with a job in flight: a second scan of the same code waits for the first instead of racing it. */
  const inFlight = new Map<string, Promise<void>>();

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
    const labelPrinter = labelPrinterId(settings);
    return {
      host: options.host,
      version: options.version,
      stationName: settings.station.name || computerName,
      demo: options.demo ?? false,
      account,
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

  function setAccount(state: AccountState, message?: string, missingLicenses?: string[]): void {
    account = {
      state,
      ...(message ? { message } : {}),
      ...(missingLicenses?.length ? { missingLicenses } : {}),
    };
    emitStatus();
  }

  async function checkConnection(): Promise<ConnectionTest> {
    const before = accountBeforeTest();
    // No key for this address (one for another, or none the vault could read): nothing is sent, and the reason
    // is what the test says.
    const test: ConnectionTest =
      before.state === 'not_configured' && before.message
        ? { ok: false, state: 'not_configured', message: before.message, missingLicenses: [] }
        : await testConnection(client, before.state !== 'not_configured');
    setAccount(test.state, test.message, test.missingLicenses);
    return test;
  }

  /** Starts a job: journalled before anything else happens, then run on the station's queue. */
  async function startJob(
    kind: JobKind,
    scan: string,
    run: (jobId: string) => Promise<void>,
    start: JobStart = {},
    failed?: Failure,
  ): Promise<string> {
    const jobId = ctx.newId(kind === 'scan' ? 'scan' : kind);
    const written = record(ctx, { type: 'job', jobId, kind, scan, ...start });
    const unstarted = failed ?? stoppedBeforeStart(kind);
    // A station that is stopping starts nothing: the job fails as soon as its entry is on disk (below).
    const refused = stopping;
    if (!refused) notStarted.set(jobId, { written, failure: unstarted });
    void queue.add(async () => {
      // Failed by stopStarting meanwhile, or asked for after it.
      if (!notStarted.delete(jobId)) return;
      try {
        // A scan's first calls are read-only lookups, so they may leave while its entry is being fsynced:
        // every booking is preceded by its intent, which the journal writes after this entry. Other jobs
        // (cancel, manifest, close) call nShift first thing, so they wait until their entry is on disk.
        if (kind !== 'scan') await written;
        await run(jobId);
      } catch (error) {
        log(
          `job ${jobId} failed unexpectedly: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        );
        await fail(ctx, jobId, failureOfError(error)).catch(() => {});
      }
    });
    // The caller has the job's id only once the job is on disk, or once it shows why it could not be saved.
    try {
      await written;
      if (refused) await fail(ctx, jobId, unstarted);
    } catch (error) {
      if (!(error instanceof JournalWriteError)) throw error;
      // A scan the packer made must show what became of it: the job, unsaved, failed with the reason. Nothing
      // of it can be booked, since its intent would follow this entry into a journal that refuses writes.
      ctx.jobs.apply(error.entry);
      await fail(ctx, jobId, cannotSave(error.cause));
    }
    return jobId;
  }

  /** A job that fails before it starts: journalled like every other, so its id is real. */
  function failedJob(kind: JobKind, scan: string, reason: Failure): Promise<string> {
    return startJob(kind, scan, (id) => fail(ctx, id, reason), {}, reason);
  }

  async function saveSettings(next: Settings): Promise<void> {
    await options.settingsStore.save(next);
    storedSettings = next;
    const before = settings;
    resolved = resolveSettings(storedSettings, options.overrides ?? []);
    settings = resolved.settings;
    // The address in force decides: one a flag or demo mode sets stays, whatever is saved under it.
    if (settings.deliveryUrl !== before.deliveryUrl) {
      await client.close();
      client = newClient();
      await indexClient?.close();
      indexClient = undefined;
      // Another account's ids: nothing of the index may be used any more.
      index?.reset();
      // A key entered for the old address is not for this one: the status says so until it is entered again.
      account = accountBeforeTest();
    }
    if (
      settings.checkout.baseUrl !== before.checkout.baseUrl ||
      settings.checkout.authUrl !== before.checkout.authUrl
    )
      await renewCheckoutClient();
    emitStatus();
  }

  const workflows = stationWorkflows(ctx, startJob);

  const methods: { [K in StationMethodName]: (input: MethodInput<K>) => Promise<MethodOutput<K>> } = {
    async scan({ code }) {
      const parsed = parseScanCode(code);
      if (!parsed.ok) {
        return { jobId: await failedJob('scan', displayScan(code), scanRefused(parsed.error)) };
      }
      const clean = parsed.value;
      const jobId = await startJob('scan', clean, async (id) => {
        // The same code twice at once (concurrency > 1): the second waits for the first and then finds it booked.
        const earlier = inFlight.get(clean);
        const mine = (async () => {
          await earlier?.catch(() => {});
          await runScan(ctx, id, clean);
        })();
        inFlight.set(clean, mine);
        try {
          await mine;
        } finally {
          if (inFlight.get(clean) === mine) inFlight.delete(clean);
        }
      });
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
      return view();
    },
    async saveSettings(patch) {
      await saveSettings(applySettingsPatch(storedSettings, patch));
      return view();
    },
    async setApiKey(key) {
      if (!options.vault.writable) {
        throw StationError.failed(
          failure(
            'auth',
            'auth_missing_key',
            'This station takes its API key from the environment; it cannot be changed here.',
            detailed('api_key_from_environment', {}),
          ),
        );
      }
      await vaultSaved(deliverySecret.set(key, deliveryUrls()));
      await client.close();
      client = newClient();
      await indexClient?.close();
      indexClient = undefined;
      index?.reset();
      void checkConnection().then(() => {
        index?.start();
        statusEvents.start();
      });
      return view();
    },
    async setCheckoutCredentials({ clientId, clientSecret }) {
      if (!options.checkoutVault?.writable || !checkoutSecret) {
        throw new StationError({
          error: 'failed',
          message:
            'This station takes its Checkout client credentials from the environment; they cannot be changed here.',
        });
      }
      await vaultSaved(checkoutSecret.set({ id: clientId, secret: clientSecret }, checkoutUrls()));
      await renewCheckoutClient();
      return view();
    },
    testConnection: () => checkConnection(),
    discoverPrinters: () => printService.discover(),
    async savePrinter(printer) {
      const printers = storedSettings.printers.filter((p) => p.id !== printer.id).concat(printer);
      await saveSettings({ ...storedSettings, printers });
      return view();
    },
    async removePrinter({ printerId }) {
      const routing = {
        ...storedSettings.routing,
        rules: storedSettings.routing.rules.filter((r) => r.printerId !== printerId),
        ...(storedSettings.routing.labelPrinterId === printerId ? { labelPrinterId: undefined } : {}),
        ...(storedSettings.routing.documentPrinterId === printerId ? { documentPrinterId: undefined } : {}),
      };
      await saveSettings({
        ...storedSettings,
        printers: storedSettings.printers.filter((p) => p.id !== printerId),
        routing,
      });
      return view();
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
      await Promise.all(settings.printers.map((p) => printService.checkPrinter(p.id).catch(() => undefined)));
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

  /** A secret the vault would not save (its key file is kept for another secret): said in the packer's language. */
  async function vaultSaved(saving: Promise<void>): Promise<void> {
    try {
      await saving;
    } catch (error) {
      if (!(error instanceof VaultRefusal)) throw error;
      throw StationError.failed(
        failure(
          'station',
          'internal',
          error.message,
          detailed('vault_key_kept', { file: error.keyFile, other: error.other }),
        ),
      );
    }
  }

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
    for (const printer of settings.printers) {
      if (!busy.has(printer.id)) await printService.checkPrinter(printer.id).catch(() => undefined);
    }
  }
  const printerChecks = setInterval(() => void checkIdlePrinters(), 30_000);
  printerChecks.unref();
  // nShift did not answer the key's check (at start, or when asked): the status says so, and the Scan screen says
  // a scan cannot succeed, until a check gets through. Without this it would say so until someone asked again.
  const accountChecks = setInterval(() => {
    if (deliverySecret.for(deliveryUrls()) && account.state === 'offline') void checkConnection();
  }, options.accountRecheckMs ?? 30_000);
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
  if (deliverySecret.for(deliveryUrls())) {
    void index?.load();
    void checkConnection().then(() => {
      index?.start();
      statusEvents.start();
    });
  }
  void queue.add(() =>
    resumeOpenJobs(ctx).catch((error) => log(`resuming open jobs failed: ${String(error)}`)),
  );
  // The label cache's index is read in the background, soon after the start rather than on its way: a reprint
  // then finds it in memory. A scan's labels are written without it.
  const cacheWarm = setTimeout(() => void labelCache.open(), LABEL_INDEX_AFTER_MS);
  cacheWarm.unref();

  /**
   * No job starts any more: each one still waiting fails (journalled, so a restart does not run it), and so does
   * every job asked for from now on. Nothing of them reached nShift. Idempotent.
   */
  async function stopStarting(): Promise<void> {
    stopping = true;
    const waiting = [...notStarted];
    notStarted.clear();
    // A job whose own entry the journal refused has failed already, with cannot_save (startJob).
    await Promise.all(
      waiting.map(([jobId, { written, failure: reason }]) =>
        written.then(
          () => fail(ctx, jobId, reason),
          () => undefined,
        ),
      ),
    );
  }

  const station: Station = {
    ...methods,
    startupWarnings,
    async recordFailure({ kind, scan, failure: reason }) {
      return { jobId: await failedJob(kind, displayScan(scan), reason) };
    },
    stopStarting,
    statusEvents,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async whenIdle() {
      await queue.onIdle();
    },
    refreshIndex: async (o) => index?.refresh(o),
    indexFigures: () => index?.figuresNow(),
    prune,
    async close() {
      // Closing (any host: the desktop window, the web host's Ctrl+C, a test) starts no queued job: a booking
      // nobody is there to see would go out. Each fails, journalled, and says to scan it again.
      await stopStarting();
      // The index stops refreshing at once and saves what it holds for the next start.
      const indexSaved = index?.close();
      await statusEvents.close();
      clearInterval(printerChecks);
      clearInterval(accountChecks);
      clearTimeout(firstPrune);
      clearInterval(dailyPrune);
      clearTimeout(cacheWarm);
      await queue.onIdle();
      await Promise.all([...deferred]);
      await shipmentNumbers.close();
      await printService.stop();
      await client.close();
      await renewingCheckout.catch(() => undefined);
      await checkout?.close();
      await indexClient?.close();
      await indexSaved;
      await checkpointer.close();
      await journal.close();
      await labelCache.close();
      await tightening;
      listeners.clear();
    },
  };
  return station;
}
