import type {
  ApiErrorBody,
  ConnectionTest,
  ConsolidatedView,
  DocumentPreview,
  JobView,
  ManifestView,
  PartialShipmentView,
  PrinterStateView,
  MethodInput,
  MethodOutput,
  SettingsView,
  ShipmentSummary,
  SpoolJobView,
  StationApi,
  StationEvent,
  StationEventListener,
  StationMethodName,
  StartupWarnings,
  StationStatus,
  StoredShipmentView,
} from '../../../preload/api';

/** What a station method rejects with when it refuses the call (as the preload bridge and the web client do). */
export function refusedCall(body: ApiErrorBody): Error & { body: ApiErrorBody } {
  return Object.assign(new Error(body.message), { body });
}

export const BASE_TIME = '2026-11-21T09:00:00.000Z';

export function defaultSettings(): SettingsView {
  const saved = {
    account: {
      deliveryUrl: 'https://sim.local/v1',
      apiKeyId: 'key-1',
      hasSecret: true,
      secretMask: '••••••••3f9a',
    },
    printConfig: { targets: [{ media: 'thermo-190', type: 'zpl', mode: 'DT', charset: 'cp850' }] },
    printers: [{ id: 'zebra-1', name: 'Zebra 1', kind: 'zpl-tcp', host: '127.0.0.1', port: 9100 }],
    routing: { rules: [], labelPrinterId: 'zebra-1' },
    scanner: { prefix: '', suffix: '', duplicateWindowMs: 2000 },
    resolve: { sources: ['order', 'stored', 'prepared', 'shipment'] },
    consolidation: {},
    statusEvents: { follow: true, stationsOnAccount: 1 },
    spool: { ttlMinutes: 30 },
    manifest: { types: ['POSTNORD', 'DHL'] },
    sounds: { enabled: true, volume: 0.5 },
    language: 'en',
    checkout: {
      baseUrl: 'https://sim.local/checkout',
      authUrl: 'https://sim.local/identity',
      hasSecret: false,
    },
    station: { name: '' },
  } satisfies Omit<SettingsView, 'inForce'>;
  // Nothing overridden: everything in force is the saved value (tests set flag or demo sources themselves).
  const own = <T>(value: T) => ({ value, source: 'settings' as const });
  return {
    ...saved,
    inForce: {
      deliveryUrl: own(saved.account.deliveryUrl),
      checkoutUrl: own(saved.checkout.baseUrl),
      checkoutAuthUrl: own(saved.checkout.authUrl),
      printers: saved.printers.map(own),
      labelPrinterId: own(saved.routing.labelPrinterId),
      spoolTtlMinutes: own(saved.spool.ttlMinutes),
      printTargets: own(saved.printConfig.targets),
      manifestTypes: own(saved.manifest.types),
    },
  };
}

/** The default station's label printer, ready, with nothing waiting. */
export function readyZebra(): PrinterStateView {
  return {
    printerId: 'zebra-1',
    name: 'Zebra 1',
    kind: 'zpl-tcp',
    state: 'ready',
    problems: [],
    queueLength: 0,
  };
}

export function defaultStatus(): StationStatus {
  return {
    host: 'web',
    version: '0.1.0-test',
    stationName: 'bench-pc-07',
    demo: true,
    account: { state: 'connected' },
    printers: [readyZebra()],
    queueLength: 0,
    labelPrinterId: 'zebra-1',
  };
}

/** A station as it is first started: no API key, and no label printer (labels would fall to its documents folder). */
export function firstStartStatus(): StationStatus {
  return { ...defaultStatus(), demo: false, account: { state: 'not_configured' }, labelPrinterId: undefined };
}

let clock = 0;
/** Monotonic ISO timestamps so "newer version wins" holds in tests. */
export function tick(): string {
  clock += 1000;
  return new Date(Date.parse(BASE_TIME) + clock).toISOString();
}

export function makeJob(partial: Partial<JobView> & Pick<JobView, 'id' | 'scan' | 'state'>): JobView {
  const at = tick();
  return { kind: 'scan', createdAt: at, updatedAt: at, shipments: [], ...partial };
}

export function printedJob(id: string, code: string): JobView {
  return makeJob({
    id,
    scan: code,
    state: 'printed',
    source: 'order',
    orderNo: code,
    shipments: [
      {
        shipmentId: `shp-${id}`,
        shipmentNo: `SHP-${code}`,
        orderNo: code,
        parcelNos: [`PCL-${code}-1`],
        receiverName: 'Anna Andersson',
        state: 'printed',
        documents: [
          {
            documentId: `doc-${id}`,
            kind: 'label',
            format: 'zpl',
            charset: 'cp850',
            bytes: 120,
            printerId: 'zebra-1',
            printerName: 'Zebra 1',
            spoolJobId: `spool-${id}`,
            state: 'printed',
          },
        ],
      },
    ],
  });
}

type Call = { method: StationMethodName; input: unknown };
type Handler<K extends StationMethodName> = (
  input: MethodInput<K>,
) => MethodOutput<K> | Promise<MethodOutput<K>>;

/**
 * An in-memory station for component tests: answers every StationApi method from plain fields, records
 * calls, and emits events like the real hosts. Override any method with `fake.on(name, handler)`.
 */
export class FakeStation {
  calls: Call[] = [];
  jobs: JobView[] = [];
  spool: SpoolJobView[] = [];
  settings: SettingsView = defaultSettings();
  status: StationStatus = defaultStatus();
  stored: StoredShipmentView[] = [];
  consolidated: ConsolidatedView[] = [];
  manifests: ManifestView[] = [];
  shipments: ShipmentSummary[] = [];
  /** Shipments of each manifest (`type/id`), and today's shipments that none holds. */
  manifestShipments: Record<string, ShipmentSummary[]> = {};
  unmanifested: ShipmentSummary[] = [];
  partialShipments: PartialShipmentView[] = [];
  connection: ConnectionTest = { ok: true, state: 'connected', message: 'ok', missingLicenses: [] };
  /** What the start found (`getStartupWarnings`): none unless a test sets some. */
  startup: StartupWarnings = { startedAt: '2024-05-02T06:00:00.000Z', warnings: [] };
  /** What a scan becomes: the job versions to emit, in order, after the call returns. */
  scanOutcome: (code: string, jobId: string) => JobView[] = (code, jobId) => [
    makeJob({ id: jobId, scan: code, state: 'resolving' }),
    printedJob(jobId, code),
  ];
  private listeners = new Set<StationEventListener>();
  private overrides = new Map<StationMethodName, (input: unknown) => unknown>();
  private nextId = 1;

  on<K extends StationMethodName>(method: K, handler: Handler<K>): void {
    this.overrides.set(method, handler as (input: unknown) => unknown);
  }

  emit(event: StationEvent): void {
    if (event.type === 'job') {
      this.jobs = [event.job, ...this.jobs.filter((job) => job.id !== event.job.id)];
    }
    for (const listener of this.listeners) listener(event);
  }

  emitJob(job: JobView): void {
    this.emit({ type: 'job', job });
  }

  callsOf(method: StationMethodName): unknown[] {
    return this.calls.filter((call) => call.method === method).map((call) => call.input);
  }

  private newJobId(prefix: string): string {
    return `${prefix}-${this.nextId++}`;
  }

  private later(jobs: JobView[]): void {
    setTimeout(() => {
      for (const job of jobs) this.emitJob(job);
    }, 0);
  }

  private readonly defaults: { [K in StationMethodName]: Handler<K> } = {
    scan: ({ code }) => {
      const jobId = this.newJobId('job');
      this.later(this.scanOutcome(code, jobId));
      return { jobId };
    },
    listJobs: () => [...this.jobs],
    getJob: ({ jobId }) => {
      const job = this.jobs.find((candidate) => candidate.id === jobId);
      if (!job) throw new Error('not found');
      return job;
    },
    reprint: (input) => {
      const jobId = this.newJobId('reprint');
      const code =
        'code' in input ? input.code : (this.jobs.find((job) => job.id === input.jobId)?.scan ?? input.jobId);
      this.later([{ ...printedJob(jobId, code), kind: 'reprint' }]);
      return { jobId };
    },
    lookupShipment: ({ code }) => {
      const found = this.shipments.find(
        (shipment) =>
          shipment.shipmentNo === code || shipment.parcelNos.includes(code) || shipment.orderNo === code,
      );
      if (!found) {
        throw refusedCall({
          error: 'not_found',
          message: 'No shipment',
          failure: { reason: 'not_found', code: 'unknown_code', message: 'No shipment matches' },
        });
      }
      return found;
    },
    cancelShipment: ({ shipmentId, code }) => {
      const jobId = this.newJobId('cancel');
      // nShift reports the shipment as cancelled from now on.
      this.shipments = this.shipments.map((s) =>
        s.shipmentId === shipmentId ? { ...s, status: 'Cancelled' } : s,
      );
      this.later([makeJob({ id: jobId, kind: 'cancel', scan: code ?? shipmentId, state: 'done' })]);
      return { jobId };
    },
    listStored: () => [...this.stored],
    bookStored: ({ storedId }) => {
      const jobId = this.newJobId('stored');
      this.later([{ ...printedJob(jobId, storedId), kind: 'book_stored' }]);
      return { jobId };
    },
    deleteStored: ({ storedId }) => {
      this.stored = this.stored.filter((s) => s.storedId !== storedId);
      return { deleted: true };
    },
    listConsolidated: () => [...this.consolidated],
    closeConsolidated: () => ({ jobId: this.newJobId('close') }),
    deleteConsolidated: ({ consolidatedId }) => {
      this.consolidated = this.consolidated.filter((c) => c.consolidatedId !== consolidatedId);
      return { deleted: true };
    },
    deleteParcelGroup: ({ consolidatedId, partOrderNo }) => {
      this.consolidated = this.consolidated.map((c) =>
        c.consolidatedId === consolidatedId
          ? { ...c, parcelGroups: c.parcelGroups.filter((g) => g.partOrderNo !== partOrderNo) }
          : c,
      );
      return { deleted: true };
    },
    createManifest: ({ manifestType }) => {
      this.manifests = [
        ...this.manifests,
        { manifestType, manifestId: `M-${this.nextId}`, created: tick(), shipmentCount: 3 },
      ];
      // Like the station: the manifest exists once its job has run, and the job then ends printed.
      const jobId = this.newJobId('manifest');
      this.later([{ ...printedJob(jobId, manifestType), kind: 'manifest' }]);
      return { jobId };
    },
    listManifests: () => [...this.manifests],
    reprintManifest: () => ({ jobId: this.newJobId('manifest-reprint') }),
    listManifestShipments: ({ manifestType, manifestId, searchField, searchValue }) =>
      (this.manifestShipments[`${manifestType}/${manifestId}`] ?? []).filter((s) => {
        if (!searchField || !searchValue) return true;
        const values = searchField === 'parcelNo' ? s.parcelNos : [s[searchField] ?? ''];
        return values.some((v) => v.toLowerCase().includes(searchValue.toLowerCase()));
      }),
    listUnmanifested: () => ({
      date: BASE_TIME.slice(0, 10),
      manifests: this.manifests.length,
      source: 'nshift',
      shipments: [...this.unmanifested],
    }),
    searchHistory: () =>
      this.shipments.map((s) => ({ ...s, source: 'nshift' as const, documents: [], timeline: [] })),
    getShipmentTimeline: () => ({ events: [], following: true }),
    getStatus: () => this.status,
    getStartupWarnings: () => structuredClone(this.startup),
    getSettings: () => this.settings,
    saveSettings: (patch) => {
      this.settings = {
        ...this.settings,
        ...patch,
        account: { ...this.settings.account, ...patch.account },
      } as SettingsView;
      return this.settings;
    },
    setApiKey: ({ id, secret }) => {
      this.settings = {
        ...this.settings,
        account: {
          ...this.settings.account,
          apiKeyId: id,
          hasSecret: true,
          secretMask: `••••••••${secret.slice(-4)}`,
        },
      };
      return this.settings;
    },
    testConnection: () => this.connection,
    discoverPrinters: () => [
      {
        kind: 'os-queue',
        name: 'Office A4',
        detail: 'CUPS',
        suggested: { id: 'office-a4', name: 'Office A4', kind: 'os-queue', queue: 'Office_A4', media: 'A4' },
      },
    ],
    savePrinter: (printer) => {
      this.settings = {
        ...this.settings,
        printers: [...this.settings.printers.filter((p) => p.id !== printer.id), printer],
      };
      return this.settings;
    },
    removePrinter: ({ printerId }) => {
      this.settings = {
        ...this.settings,
        printers: this.settings.printers.filter((p) => p.id !== printerId),
      };
      return this.settings;
    },
    testPrinter: ({ printerId, charset }) => {
      const preview: DocumentPreview = {
        documentId: `test-${printerId}`,
        format: 'zpl',
        charset: charset ?? 'cp850',
        description: 'Test label',
        base64: btoa('^XA^FO50,50^A0N,40,40^FDTest label^FS^XZ'),
      };
      return { jobId: this.newJobId('test'), preview };
    },
    listSpool: () => [...this.spool],
    releaseSpoolJob: ({ spoolJobId }) => this.spoolTo(spoolJobId, 'queued'),
    cancelSpoolJob: ({ spoolJobId }) => this.spoolTo(spoolJobId, 'cancelled'),
    retrySpoolJob: ({ spoolJobId }) => this.spoolTo(spoolJobId, 'queued'),
    getDocumentPreview: ({ documentId }) => ({
      documentId,
      format: 'zpl',
      charset: 'cp850',
      base64: btoa('^XA^FO50,50^A0N,40,40^FDLabel^FS^XZ'),
    }),
    setCheckoutCredentials: ({ clientId }) => ({
      ...defaultSettings(),
      checkout: { ...defaultSettings().checkout, clientId, hasSecret: true, secretMask: '••••••••' },
    }),
    listPartialShipments: (input) =>
      this.partialShipments.filter((p) => !('orderNo' in input) || p.orderNo === input.orderNo),
    deletePartialShipment: ({ id }) => {
      this.partialShipments = this.partialShipments.filter((p) => p.id !== id);
      return { deleted: true };
    },
    anonymizePartialShipments: (input) => {
      const hit = (p: PartialShipmentView) =>
        'id' in input ? p.id === input.id : p.receiverName === input.name;
      this.partialShipments = this.partialShipments.map((p) =>
        hit(p) ? { ...p, anonymized: true, receiverName: '' } : p,
      );
      return this.partialShipments.filter(hit);
    },
    exportCheckoutMetrics: ({ dateFrom, dateTo }) => ({
      fileName: `checkout-usage_${dateFrom}_${dateTo}.csv`,
      csv: 'date,tokens\r\n',
    }),
    setDemoPrinterFault: ({ fault }) => {
      this.status = { ...this.status, demoPrinterFault: fault };
      this.emit({ type: 'status', status: this.status });
      return this.status;
    },
  };

  private spoolTo(spoolJobId: string, state: SpoolJobView['state']): SpoolJobView {
    const existing = this.spool.find((job) => job.id === spoolJobId);
    const next: SpoolJobView = {
      id: spoolJobId,
      printerId: existing?.printerId ?? 'zebra-1',
      documentId: existing?.documentId ?? 'doc',
      documentKind: existing?.documentKind ?? 'label',
      format: existing?.format ?? 'zpl',
      bytes: existing?.bytes ?? 100,
      attempts: existing?.attempts ?? 0,
      createdAt: existing?.createdAt ?? tick(),
      updatedAt: tick(),
      state,
    };
    this.spool = [...this.spool.filter((job) => job.id !== spoolJobId), next];
    this.emit({ type: 'spool', job: next });
    return next;
  }

  /** The StationApi the renderer sees. */
  readonly api: StationApi = (() => {
    const target: Record<string, unknown> = {
      subscribe: (listener: StationEventListener) => {
        this.listeners.add(listener);
        return () => this.listeners.delete(listener);
      },
    };
    for (const method of Object.keys(this.defaults) as StationMethodName[]) {
      target[method] = async (input: unknown) => {
        this.calls.push({ method, input });
        const handler = this.overrides.get(method) ?? (this.defaults[method] as (input: unknown) => unknown);
        return handler(input);
      };
    }
    return target as unknown as StationApi;
  })();
}
