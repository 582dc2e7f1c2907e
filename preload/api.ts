/**
 * The one contract between the UI and the station: types only, no runtime code.
 *
 * Main implements it once (main/station/), and three hosts expose it: Electron IPC (preload/index.ts),
 * the web host over HTTP + server-sent events, and the headless host (stdin/stdout). The renderer calls
 * `window.packbench`, which is either the preload bridge or the tiny HTTP client: it never knows which.
 *
 * Every method takes at most one argument, a plain JSON object, so that each host can validate it with one
 * schema (main/hosts/shared/schemas.ts) before it reaches a workflow. Nothing in here is trusted input.
 */

// ---------------------------------------------------------------------------------------------------------
// The domain: failures, job kinds and states, documents. Defined once as schemas in main/domain/ (the journal
// parses with them); the contract shares their types, nothing else of main.
// ---------------------------------------------------------------------------------------------------------

import type {
  DocumentFormat,
  DocumentKind,
  Failure,
  HeldReason,
  JobKind,
  JobView,
  PrinterErrorCode,
  SpoolJobState,
  StartupWarning,
  VaultNoticeCode,
  ZplCharset,
} from '../main/domain';

export type {
  DetailText,
  DocumentFormat,
  DocumentKind,
  Failure,
  FailureCode,
  FailureDetail,
  FailureDetailParams,
  FailureReason,
  FieldError,
  HeldReason,
  JobDocument,
  JobKind,
  JobShipment,
  JobState,
  JobView,
  PrinterErrorCode,
  ResolvedSource,
  SpoolJobState,
  StartupWarning,
  StartupWarningCode,
  StartupWarningParams,
  VaultNoticeCode,
  ZplCharset,
} from '../main/domain';

/** A method call that could not be carried out rejects with an Error carrying this. */
export interface ApiErrorBody {
  error: 'invalid_argument' | 'not_found' | 'failed' | 'unauthorized' | 'internal';
  message: string;
  failure?: Failure;
  /** `invalid_argument`: where in the input the first rejected value is (`port`, `targets.0.media`). */
  field?: string;
  /** With `invalid_argument`: what the schema refused, value by value, so a form shows each under its field. */
  issues?: ArgumentIssue[];
}

/**
 * One value the argument schema refused: its path in the input (`spool.ttlMinutes`), the schema's verdict
 * (`too_small`, `too_big`, `invalid_format`, `invalid_type`, `invalid_value`, …) and the bound it broke.
 */
export interface ArgumentIssue {
  path: string;
  code: string;
  minimum?: number;
  maximum?: number;
}

// ---------------------------------------------------------------------------------------------------------
// Jobs: every scan, reprint, cancel, manifest and test print is a job with a visible state.
// ---------------------------------------------------------------------------------------------------------

// JobDocument, JobShipment and JobView: defined once in main/domain/job-view.ts, re-exported above.

// ---------------------------------------------------------------------------------------------------------
// Printers, routing and the spool.
// ---------------------------------------------------------------------------------------------------------

export type PrinterKind = 'zpl-tcp' | 'os-queue' | 'print-client' | 'file' | 'raw-tcp';

interface PrinterBase {
  id: string;
  name: string;
}
export interface ZplTcpPrinterConfig extends PrinterBase {
  kind: 'zpl-tcp';
  host: string;
  port: number;
}
export interface OsQueuePrinterConfig extends PrinterBase {
  kind: 'os-queue';
  /** CUPS queue name or Windows printer name. */
  queue: string;
  /** Explicit media for PDFs (`A4`, `A5`, `Custom.107x190mm`…): never "fit to page". */
  media?: string;
}
export interface PrintClientPrinterConfig extends PrinterBase {
  kind: 'print-client';
  /** nShift Print Client printer id (a number in nShift's API). */
  printerId: number;
}
export interface FilePrinterConfig extends PrinterBase {
  kind: 'file';
  /** A folder; relative paths are inside the station's data directory. */
  directory: string;
}
/** A network printer's raw port (AppSocket/JetDirect, usually 9100) that takes PDFs: an office or A4 printer. */
export interface RawTcpPrinterConfig extends PrinterBase {
  kind: 'raw-tcp';
  host: string;
  port: number;
}
export type PrinterConfig =
  | ZplTcpPrinterConfig
  | OsQueuePrinterConfig
  | PrintClientPrinterConfig
  | FilePrinterConfig
  | RawTcpPrinterConfig;

export type PrinterProblem =
  'unreachable' | 'paper_out' | 'head_open' | 'paused' | 'ribbon_out' | 'buffer_full' | 'unknown_status';

export interface PrinterStateView {
  printerId: string;
  name: string;
  kind: PrinterKind;
  state: 'ready' | 'offline' | 'error' | 'unknown';
  problems: PrinterProblem[];
  queueLength: number;
  checkedAt?: string;
}

export interface DiscoveredPrinter {
  kind: PrinterKind;
  name: string;
  /** A config to save as is (the UI lets the admin edit name/id first). */
  suggested: PrinterConfig;
  /** English, for logs. The UI shows the fields below, in the packer's language. */
  detail?: string;
  /** Paper sizes the OS queue reports (its own names). */
  paperSizes?: string[];
  /** A Print Client printer's state in nShift's own word. */
  printClientState?: string;
}

export interface RoutingRule {
  kind?: DocumentKind;
  format?: DocumentFormat;
  carrierId?: string;
  serviceId?: string;
  printerId: string;
}

export interface RoutingSettings {
  rules: RoutingRule[];
  /** Station defaults: ZPL labels and A4/PDF documents. */
  labelPrinterId?: string;
  documentPrinterId?: string;
}

export interface SpoolJobView {
  id: string;
  printerId: string;
  documentId: string;
  documentKind: DocumentKind;
  format: DocumentFormat;
  bytes: number;
  state: SpoolJobState;
  attempts: number;
  createdAt: string;
  updatedAt: string;
  /** Why a job is held: too old to print unasked, or the printer stayed offline. */
  heldReason?: HeldReason;
  /** The driver's or the system's own words for the last error (English, OS text): for logs, never for the packer. */
  lastError?: string;
  /** What the last error was: the packer reads it in words (the printer failures' texts), never `lastError`. */
  lastErrorCode?: PrinterErrorCode;
  shipmentId?: string;
  stationJobId?: string;
}

// ---------------------------------------------------------------------------------------------------------
// Settings.
// ---------------------------------------------------------------------------------------------------------

export interface PrintTarget {
  media: string;
  type: DocumentFormat;
  mode?: 'DT' | 'TT';
  charset?: ZplCharset;
  xOffset?: number;
  yOffset?: number;
}

/**
 * Where a scan is looked up: nShift orders, stored shipments, a Checkout order's prepared shipments (only with
 * Checkout credentials), or shipments already booked.
 */
export type ResolveSource = 'order' | 'stored' | 'prepared' | 'shipment';
export type Language = 'en' | 'sv' | 'nb' | 'da' | 'fi';

export interface VaultNotice {
  code: VaultNoticeCode;
  file: string;
}

export interface SettingsView {
  account: {
    deliveryUrl: string;
    apiKeyId?: string;
    /**
     * The secret is never sent to the UI: only whether one is stored for the Delivery address in force, and a
     * mask. A key is sent only to the address it was entered for.
     */
    hasSecret: boolean;
    secretMask?: string;
    /** A saved key entered for another address (its origin): it is not used here until entered again. */
    secretFor?: string;
    /** The same origins one by one, for the UI to list in the packer's language (`secretFor` joins them in English). */
    secretOrigins?: string[];
    /** The vault could not read the saved key, or has a warning about it. */
    vault?: VaultNotice;
  };
  /** Up to four targets, smallest label first, A4 last (nShift picks the first whose media fits). */
  printConfig: { targets: PrintTarget[] };
  printers: PrinterConfig[];
  routing: RoutingSettings;
  scanner: { prefix: string; suffix: string; duplicateWindowMs: number };
  /** `indexRefreshSeconds`: how often the local index of open orders and READY stored shipments refreshes (0 = off). */
  resolve: { sources: ResolveSource[]; indexRefreshSeconds?: number };
  /**
   * Following nShift's status-event feed: `follow` turns it off on a station; with `stationsOnAccount`
   * stations sharing one nShift account, each reads the feed that many times less often, so together they
   * stay within the account's call rate.
   */
  statusEvents?: { follow: boolean; stationsOnAccount: number };
  consolidation: { key?: string };
  spool: { ttlMinutes: number };
  manifest: { types: string[] };
  sounds: { enabled: boolean; volume: number };
  language: Language;
  /** nShift Checkout: addresses, the connection, and the client credentials (secret never sent: a mask). */
  checkout: {
    baseUrl: string;
    authUrl: string;
    connectionId?: string;
    clientId?: string;
    /** Stored for the identity service and base address in force (the secret is sent only where it was entered). */
    hasSecret: boolean;
    secretMask?: string;
    /** Saved credentials entered for other addresses (their origins): not used here until entered again. */
    secretFor?: string;
    /** The same origins one by one, for the UI to list in the packer's language. */
    secretOrigins?: string[];
    vault?: VaultNotice;
  };
  /** Days the data directory keeps the journal, the label cache and finished spool jobs (see docs/architecture.md). */
  retention?: { journalDays: number; labelDays: number; spoolDays: number };
  /** What the station is called (window title, status bar, headless `ready`); empty: the computer's name. */
  station: { name: string };
  /**
   * The fields above are the saved settings, which the Settings forms edit; this is what the station runs on now,
   * with each part's source. Where a part's source is not `settings`, a flag or demo mode overrides the saved
   * value for this run (show it, mark it, do not offer to save it).
   */
  inForce: SettingsInForce;
}

// Settings in force, with where each part comes from (demo mode and host flags override for one run).

/**
 * Where a value the station uses comes from: the saved settings; a command-line flag of the web or headless host
 * (or that host's own default where the saved settings have none, e.g. the `documents` folder); or demo mode.
 * `flag` and `demo` values hold for this run only: they are never saved, and saving never writes them back.
 */
export type SettingSource = 'settings' | 'flag' | 'demo';

export interface InForce<T> {
  value: T;
  source: SettingSource;
}

/**
 * What this run actually uses, for every part a flag or demo mode can override. Without any override each part
 * equals the saved value beside it in SettingsView with source `settings`.
 */
export interface SettingsInForce {
  deliveryUrl: InForce<string>;
  /** nShift Checkout's base address and its identity service's (the headless `--checkout-url`, `--checkout-auth-url`). */
  checkoutUrl: InForce<string>;
  checkoutAuthUrl: InForce<string>;
  /** Every printer the station uses: the saved ones, and those a flag or demo mode adds or replaces. */
  printers: InForce<PrinterConfig>[];
  labelPrinterId?: InForce<string>;
  documentPrinterId?: InForce<string>;
  /** The spool's hold time (the headless `--hold-after`). */
  spoolTtlMinutes: InForce<number>;
  /** The print targets sent to nShift (the hosts' `--media` and `--charset` change the ZPL one). */
  printTargets: InForce<PrintTarget[]>;
  manifestTypes: InForce<string[]>;
}

export type SettingsPatch = Partial<
  Omit<SettingsView, 'account' | 'printers' | 'checkout' | 'inForce' | 'statusEvents'>
> & {
  account?: { deliveryUrl?: string };
  checkout?: { baseUrl?: string; authUrl?: string; connectionId?: string };
  /** Either field alone: the other keeps its saved value. */
  statusEvents?: Partial<NonNullable<SettingsView['statusEvents']>>;
};

export interface ConnectionTest {
  ok: boolean;
  state: AccountState;
  message: string;
  /** Licences the API key lacks (docs/nshift-api.md 1.1, licence keys), when nShift said 403. */
  missingLicenses: string[];
}

// ---------------------------------------------------------------------------------------------------------
// Lookups for the Cancel, Stored & consolidated, Manifest and history screens.
// ---------------------------------------------------------------------------------------------------------

export interface ShipmentSummary {
  shipmentId: string;
  shipmentNo?: string;
  orderNo?: string;
  status: string;
  parcelNos: string[];
  receiverName?: string;
  receiverCity?: string;
  serviceId?: string;
  created?: string;
  /** The carrier already has it (handed over / in transit): cancelling may cost a penalty. */
  handedOver: boolean;
}

// History and tracking (the History screen, F7).

/** What a carrier status event means for the packer; `other` shows nShift's code as it came. */
export type TrackingStep = 'handed_over' | 'in_transit' | 'delivered' | 'other';

/** One status event of a shipment from nShift's status-event feed. */
export interface TrackingEvent {
  /** nShift's alert code, e.g. `STATUS_DELIVERED`. */
  code: string;
  step: TrackingStep;
  /** When it happened (ISO). */
  at: string;
}

/** One document of a shipment as this station printed it (from its journal): where it went and when. */
export interface PrintedDocumentView {
  documentId: string;
  kind: DocumentKind;
  format: DocumentFormat;
  /** The document's last state; `at` is when it got there. */
  state: SpoolJobState;
  printerId?: string;
  printerName?: string;
  at: string;
  /** The job that printed it: the booking scan, or a reprint. */
  jobId: string;
  jobKind: JobKind;
}

/** A shipment found by the History search: nShift's record, with what this station and the feed add. */
export interface HistoryShipment extends ShipmentSummary {
  /** `journal`: nShift could not be asked, so this comes from this station's journal (today's shipments). */
  source: 'nshift' | 'journal';
  /** For journal results: why nShift could not be asked (e.g. `network_unreachable`). */
  offline?: Failure;
  carrierId?: string;
  /** Every document this station printed for it (none for shipments printed elsewhere). */
  documents: PrintedDocumentView[];
  /** The carrier's status events the station has read so far, oldest first. */
  timeline: TrackingEvent[];
}

/** The tracking of one shipment from the events the station keeps, and how current they are. */
export interface ShipmentTimeline {
  events: TrackingEvent[];
  /** Whether this station follows the status-event feed (a setting: `statusEvents.follow`). */
  following: boolean;
  /** When the feed was last read to its end. */
  readAt?: string;
  /** Why the last read of the feed failed, if it did. */
  failure?: Failure;
}

export interface StoredShipmentView {
  storedId: string;
  orderNo?: string;
  status: string;
  receiverName?: string;
  serviceId?: string;
  /** Absent when nShift's answer did not say (never shown as 0). */
  parcelCount?: number;
  created?: string;
}

export interface ConsolidatedView {
  consolidatedId: string;
  key?: string;
  status: string;
  parcelGroups: { partOrderNo: string; parcelCount: number }[];
  receiverName?: string;
  created?: string;
}

/** A partial shipment in nShift Checkout (the Checkout screen). */
export interface PartialShipmentView {
  id: string;
  /** The web shop's order number (nShift Checkout's `orderId`). */
  orderNo?: string;
  created?: string;
  sessionId?: string;
  subShipmentId?: string;
  receiverName?: string;
  receiverCity?: string;
  anonymized: boolean;
  /** The consumer's chosen option: its carrier and carrier product (service), and the pickup point chosen. */
  option?: { carrierId?: string; serviceId?: string; name?: string; price?: string; pickupPoint?: string };
  parcelCount: number;
  /**
   * Where it is in nShift Delivery: a prepared shipment waiting to be booked (`prepared`, with its prepare id),
   * turned into a stored shipment by the shop (`stored`), booked (`booked`, with the booked shipment's number when
   * it can be told which it is), or not there (`pending`: not yet in Delivery).
   */
  delivery: {
    status: 'prepared' | 'stored' | 'pending' | 'booked';
    prepareId?: string;
    storedId?: string;
    shipmentNo?: string;
  };
}

export interface ManifestView {
  manifestType: string;
  manifestId: string;
  created: string;
  shipmentCount: number;
}

export interface DocumentPreview {
  documentId: string;
  format: DocumentFormat;
  charset?: ZplCharset;
  description?: string;
  /** The document's bytes, base64. The renderer decodes by `charset` to preview, never to print. */
  base64: string;
}

export type AccountState =
  'connected' | 'not_configured' | 'unauthorized' | 'forbidden' | 'offline' | 'unknown';

/**
 * What the demo's virtual label printer does (demo mode only): work, be switched off, run out of paper or have
 * its head open, so the station's answers to each can be tried without an undocumented URL.
 */
export type DemoPrinterFault = 'none' | 'offline' | 'paper_out' | 'head_open';

/** What a start found (`getStartupWarnings`): the same list for the whole run of the station. */
export interface StartupWarnings {
  /** When the station started (ISO): one start, whichever page or window asks. */
  startedAt: string;
  warnings: StartupWarning[];
}

export interface StationStatus {
  host: 'electron' | 'web' | 'headless';
  version: string;
  /** The station's name in use: the setting `station.name`, or the computer's name while that is empty. */
  stationName: string;
  demo: boolean;
  account: { state: AccountState; message?: string; missingLicenses?: string[] };
  printers: PrinterStateView[];
  queueLength: number;
  /**
   * The printer a label goes to when no carrier or service rule picks another: a routing rule for labels, or the
   * station's label printer. Absent when neither names one that takes the label's format (a label would fall to
   * the document printer, or to none): then no scan can print a label, and the Scan screen says so.
   */
  labelPrinterId?: string;
  /** When the local index of open orders and READY stored shipments was last refreshed. */
  indexRefreshedAt?: string;
  /** Demo mode only: what the virtual label printer has been set to do (`setDemoPrinterFault`). */
  demoPrinterFault?: DemoPrinterFault;
}

// ---------------------------------------------------------------------------------------------------------
// Methods and events.
// ---------------------------------------------------------------------------------------------------------

export interface StationMethods {
  // The hot path.
  scan: { input: { code: string }; output: { jobId: string } };
  listJobs: { input: { limit?: number } | void; output: JobView[] };
  getJob: { input: { jobId: string }; output: JobView };

  // Reprint and cancel.
  reprint: { input: { code: string } | { jobId: string }; output: { jobId: string } };
  lookupShipment: { input: { code: string }; output: ShipmentSummary };
  /** `code` is what was scanned to find the shipment; the job shows it. */
  cancelShipment: { input: { shipmentId: string; confirm: true; code?: string }; output: { jobId: string } };

  // Stored and consolidated shipments.
  listStored: { input: { orderNo?: string } | void; output: StoredShipmentView[] };
  bookStored: { input: { storedId: string }; output: { jobId: string } };
  deleteStored: { input: { storedId: string; confirm: true }; output: { deleted: true } };
  listConsolidated: { input: void; output: ConsolidatedView[] };
  closeConsolidated: { input: { consolidatedId: string }; output: { jobId: string } };
  /** `cancelled`: the cancelled shipment nShift adds for the documents printed earlier, when it is found. */
  deleteConsolidated: {
    input: { consolidatedId: string; confirm: true };
    output: { deleted: true; cancelled?: ShipmentSummary };
  };
  deleteParcelGroup: {
    input: { consolidatedId: string; partOrderNo: string; confirm: true };
    output: { deleted: true };
  };

  // End of day.
  createManifest: { input: { manifestType: string; carrierId?: string }; output: { jobId: string } };
  listManifests: { input: { dateFrom?: string; dateTo?: string } | void; output: ManifestView[] };
  reprintManifest: { input: { manifestType: string; manifestId: string }; output: { jobId: string } };
  // The manifest's contents before it is printed, and what no manifest holds (issue 12).
  /** A manifest's shipments; `searchValue` matches part of the chosen number, `carrierId` one carrier. */
  listManifestShipments: {
    input: {
      manifestType: string;
      manifestId: string;
      searchField?: 'orderNo' | 'shipmentNo' | 'parcelNo';
      searchValue?: string;
      carrierId?: string;
    };
    output: ShipmentSummary[];
  };
  /**
   * The day's shipments (default today) that none of the day's manifests holds. `source`: nShift's history
   * (every station of the account) or, when it cannot be read, this station's journal.
   */
  listUnmanifested: {
    input: { date?: string } | void;
    output: { date: string; manifests: number; source: 'nshift' | 'journal'; shipments: ShipmentSummary[] };
  };

  // History.
  /**
   * nShift's shipment history (newest first, 50 a page): by a number (`searchField`; without it the value is
   * tried as shipment, parcel and order number) and/or a date range. When nShift cannot be asked, today's
   * matching shipments come from the journal, marked `source: 'journal'`.
   */
  searchHistory: {
    input: {
      searchField?: 'orderNo' | 'shipmentNo' | 'parcelNo';
      searchValue?: string;
      dateFrom?: string;
      dateTo?: string;
      /** From 0. */
      page?: number;
    };
    output: HistoryShipment[];
  };
  /** The tracking timeline of a shipment by its shipment or parcel number, from the events kept here. */
  getShipmentTimeline: { input: { code: string }; output: ShipmentTimeline };

  // Station, account, settings.
  getStatus: { input: void; output: StationStatus };
  /**
   * What this start of the station found that an admin must know (a settings file set aside, damaged journal
   * entries, unreadable spool records, …), each as a code with its parameters and English words; `startedAt`
   * names the start, so a notice put away for it stays away until the station starts again.
   */
  getStartupWarnings: { input: void; output: StartupWarnings };
  getSettings: { input: void; output: SettingsView };
  saveSettings: { input: SettingsPatch; output: SettingsView };
  setApiKey: { input: { id: string; secret: string }; output: SettingsView };
  testConnection: { input: void; output: ConnectionTest };

  // nShift Checkout (the Checkout screen and its settings).
  setCheckoutCredentials: { input: { clientId: string; clientSecret: string }; output: SettingsView };
  listPartialShipments: {
    input: { orderNo: string } | { dateFrom: string; dateTo: string };
    output: PartialShipmentView[];
  };
  deletePartialShipment: { input: { id: string; confirm: true }; output: { deleted: true } };
  anonymizePartialShipments: {
    input: { id: string; confirm: true } | { name?: string; email?: string; confirm: true };
    output: PartialShipmentView[];
  };
  /** Usage between two dates, both inclusive; the CSV as text, with the file name to save it under. */
  exportCheckoutMetrics: {
    input: { dateFrom: string; dateTo: string };
    output: { fileName: string; csv: string };
  };

  // Printers and the spool.
  discoverPrinters: { input: void; output: DiscoveredPrinter[] };
  savePrinter: { input: PrinterConfig; output: SettingsView };
  removePrinter: { input: { printerId: string }; output: SettingsView };
  testPrinter: {
    input: { printerId: string; charset?: ZplCharset };
    output: { jobId: string; preview: DocumentPreview };
  };
  listSpool: { input: void; output: SpoolJobView[] };
  releaseSpoolJob: { input: { spoolJobId: string }; output: SpoolJobView };
  cancelSpoolJob: { input: { spoolJobId: string }; output: SpoolJobView };
  retrySpoolJob: { input: { spoolJobId: string }; output: SpoolJobView };
  getDocumentPreview: { input: { documentId: string }; output: DocumentPreview };

  // Demo mode only (refused with not_found elsewhere): the virtual label printer's fault, on a switch.
  setDemoPrinterFault: { input: { fault: DemoPrinterFault }; output: StationStatus };
}

export type StationMethodName = keyof StationMethods;
export type MethodInput<K extends StationMethodName> = StationMethods[K]['input'];
export type MethodOutput<K extends StationMethodName> = StationMethods[K]['output'];

export type StationEvent =
  | { type: 'job'; job: JobView }
  | { type: 'spool'; job: SpoolJobView }
  | { type: 'printer'; printer: PrinterStateView }
  | { type: 'status'; status: StationStatus };

export type StationEventListener = (event: StationEvent) => void;

/** Every method as a function of its input: indexed by a method name's type, the one method of that name. */
export type StationCalls = {
  [K in StationMethodName]: (input: MethodInput<K>) => Promise<MethodOutput<K>>;
};

export type StationApi = StationCalls & {
  /** Receive events; returns the function that stops them. */
  subscribe(listener: StationEventListener): () => void;
};

declare global {
  interface Window {
    packbench: StationApi;
  }
}
