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
// Failures: what went wrong, in words the packer's UI can translate, with the 422 list when there is one.
// ---------------------------------------------------------------------------------------------------------

/** The public reason set (also the headless host's `reason`): never rename or drop one. */
/** `station`: the station itself cannot carry on (its data folder cannot be written). */
export type FailureReason =
  'not_found' | 'validation' | 'auth' | 'network' | 'printer' | 'duplicate' | 'station';

/**
 * A finer code for the UI: each one has a translated "what happened / what to do" text in every language.
 * `reason` stays coarse and stable for scripts; `code` may grow.
 */
export type FailureCode =
  | 'unknown_code' // nothing in nShift matches the scan
  | 'invalid_scan' // control characters, garbage, too long
  | 'validation' // nShift's 422 list: see `errors`
  | 'auth_missing_key' // no API key configured
  | 'auth_invalid_key' // 401 after one re-exchange
  | 'access_missing_license' // 403: `params.license` names the licence
  | 'network_unreachable' // connection refused / DNS / reset before sending
  | 'network_timeout'
  | 'server_error' // nShift answered 5xx or an unreadable body
  | 'rate_limited'
  | 'outcome_unknown' // booking may have happened; reconciliation could not tell yet
  | 'printer_offline'
  | 'printer_error' // paper out, head open, …: `params.problems`
  | 'no_printer' // no routing rule or default fits the document
  | 'already_booked' // the scan was booked before (today or by another station)
  | 'already_cancelled'
  | 'document_expired' // nShift's one-hour document window passed and no copy could be made
  | 'label_not_downloaded' // booked in nShift, but the label did not come down: reprint, never rebook
  | 'label_held' // the label printer did not take the label in time: it is held, never printed unasked
  | 'not_cancellable'
  | 'not_consolidated' // a consolidated booking came back as a normal shipment (`params.key`, `params.shipmentNo`)
  | 'unknown_manifest_type' // not one of the settings' manifest types: `params.manifestType`, `params.types`
  | 'manifest_empty' // nShift made the manifest with no shipment in it; nothing printed: `params.manifestType`, `params.manifestId`
  | 'internal'
  | 'cannot_save' // the data folder refused a write (disk full, read-only, failing): `detail` says what it cost
  // Checkout (only with Checkout credentials): nothing in Delivery, so the web shop's side was asked.
  | 'checkout_not_created' // no partial shipment either: the web shop has not created the shipment yet
  | 'checkout_not_in_delivery' // created at checkout, not yet in nShift Delivery
  | 'checkout_not_configured' // the Checkout screen without Checkout client credentials
  | 'checkout_credentials_refused' // the identity service refused the Checkout client credentials
  | 'checkout_refused' // nShift Checkout refused the request: `errors` names what (its problem's issues)
  // Made by the web page's HTTP client, never by the station: the web host, not nShift, is what failed.
  | 'station_token_refused' // the web host refused the page's token (it restarted and made a new one)
  | 'station_unreachable'; // the web host did not answer at all (Packbench stopped, or the network between)

/**
 * The situation behind a failure's `code`, and the params its text uses: the UI translates `detail` + `params`
 * into the details line (and, where the situation is more precise than the code, into what happened and what
 * to do). The station's English `message` is for logs and the headless host only. May grow; never renamed.
 */
export interface FailureDetailParams {
  /** nShift refused for want of a licence it did not name. */
  license_unnamed: Record<string, never>;
  /** Nothing in nShift (or today's journal) matches the scanned or typed code. */
  no_match: { code: string };
  /** The scan is the key of an open consolidated shipment: nothing to book, and nothing was. */
  consolidation_key: { key: string };
  /** The order exists in nShift but is cancelled. */
  order_cancelled: { code: string };
  /** The stored shipment for the code is not valid in nShift (its statuses come as `errors`). */
  stored_invalid: { code: string };
  /** The stored shipment was booked once and that shipment has been cancelled: it is not booked again. */
  stored_cancelled: { code: string; shipmentNo: string };
  /** A web shop order's prepared shipment was booked once and that shipment has been cancelled. */
  prepared_cancelled: { code: string; shipmentNo: string };
  /** The prepared shipment is gone from nShift (booked), but its shipment is not listed yet. */
  prepared_booking_not_listed: Record<string, never>;
  /** The stored shipment is not READY: `status` is nShift's own word for its state. */
  stored_not_ready: { status: string };
  /** nShift refused only fields of the station's print configuration (`target1Media`, …): `fields` names them. */
  print_settings_refused: { fields: string };
  /** nShift refused the booking without naming fields. */
  booking_refused: Record<string, never>;
  /** Booked before: by this station, by another station, or found in nShift. */
  booked_here: Record<string, never>;
  booked_elsewhere: Record<string, never>;
  booked_in_nshift: Record<string, never>;
  /** Booked, but nShift has not listed the stored shipment's shipment yet. */
  stored_booking_not_listed: Record<string, never>;
  /** The consolidated shipment or one of its parcel groups is no longer open in nShift. */
  consolidated_gone: { id: string };
  parcel_group_gone: { partOrderNo: string; id: string };
  /** nShift asked to wait this long before the next request. */
  retry_after: { seconds: number };
  /** nShift answered with this HTTP status. */
  http_status: { status: number };
  /** The label was booked but did not come down: `cause` is why (a FailureCode). */
  label_download_failed: { cause: FailureCode };
  /** What a printer (or its queue) did: the printer's name, and its problems as PrinterProblem names. */
  printer_not_answering: { printer: string };
  printer_refused: { printer: string };
  printer_wrong_format: { printer: string };
  printer_problem: { printer: string; problems: string };
  printer_io: { printer: string };
  /** The printer's charset cannot print these characters (a test label). */
  unencodable_characters: { characters: string };
  /** Only nShift documents go to this printer (a Print Client printer): no local test label. */
  test_print_unsupported: { printer: string };
  /** The scan itself was not a code. */
  scan_empty: Record<string, never>;
  scan_too_long: { length: number; max: number };
  scan_control_characters: Record<string, never>;
  scan_unreadable: Record<string, never>;
  /** `characters`: the ones no code has, quoted (or as U+XXXX when not printable), at most five named. */
  scan_characters: { characters: string };
  /** As scan_characters, and the scan begins with `prefix`, an AIM symbology identifier the scanner adds. */
  scan_aim_prefix: { characters: string; prefix: string };
  /** The station restarted: before the booking was sent, or with a job it could not finish. */
  stopped_before_booking: Record<string, never>;
  unfinished_after_restart: Record<string, never>;
  /** An unexpected error inside the station: `systemText` is its raw text, for IT. */
  unexpected: { systemText: string };
  /** The data folder refused a write; nothing more is booked until Packbench restarts on a disk that takes them. */
  data_folder_unwritable: { systemText: string };
  /** As above, after nShift booked the shipment: its label was not printed (reprint it, never book again). */
  booking_not_saved: { shipmentId: string; systemText: string };
  /** What a button asked for no longer exists or has changed meanwhile. */
  no_such_job: Record<string, never>;
  no_such_printer: Record<string, never>;
  not_in_cache: Record<string, never>;
  spool_job_gone: Record<string, never>;
  spool_job_state: { state: SpoolJobState };
  /** The API key comes from the environment on this station (headless, kiosk): it cannot be changed here. */
  api_key_from_environment: Record<string, never>;
  /** Every shipment of the day is in a manifest already: no manifest of this type was made in nShift. */
  manifest_nothing_new: { manifestType: string };
  /** No printer takes this station's labels: the page did not send the scan, so nothing was booked. */
  no_label_printer: Record<string, never>;
  /**
   * A secret was not saved: its vault's key file (`file`) is missing or damaged, and another vault file (`other`)
   * may still be encrypted with it, so no new key file is made.
   */
  vault_key_kept: { file: string; other: string };
}

export type FailureDetail = keyof FailureDetailParams;

export interface FieldError {
  field: string;
  message: string;
}

export interface Failure {
  reason: FailureReason;
  code: FailureCode;
  /** English text for logs, the headless host and as a fallback. */
  message: string;
  /** Values for the translated text, e.g. `{ license: 'REST API Print' }`. */
  params?: Record<string, string | number>;
  /** The 422 list, field by field. */
  errors?: FieldError[];
  /** The situation behind `code`, translated with `params` (see FailureDetailParams). */
  detail?: FailureDetail;
}

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

export type JobKind =
  'scan' | 'reprint' | 'cancel' | 'manifest' | 'test_print' | 'consolidated_close' | 'book_stored';

export type JobState =
  | 'resolving'
  | 'booking'
  | 'printing'
  | 'printed' // every document accepted by its printer
  | 'held' // at least one document waits for the packer's release (printer offline too long, TTL)
  | 'done' // finished without printing (cancel, delete)
  | 'failed';

export type ResolvedSource = 'order' | 'stored' | 'prepared' | 'shipment' | 'consolidated' | 'manifest';

export type DocumentKind = 'label' | 'return_label' | 'waybill' | 'customs' | 'manifest' | 'other';
export type DocumentFormat = 'zpl' | 'pdf';
export type ZplCharset = 'cp850' | 'UTF8';

export type SpoolJobState = 'queued' | 'sending' | 'printed' | 'failed' | 'held' | 'cancelled';

export interface JobDocument {
  documentId: string;
  kind: DocumentKind;
  format: DocumentFormat;
  charset?: ZplCharset;
  description?: string;
  bytes: number;
  printerId?: string;
  printerName?: string;
  spoolJobId?: string;
  state: SpoolJobState;
}

export interface JobShipment {
  shipmentId: string;
  shipmentNo?: string;
  orderNo?: string;
  parcelNos: string[];
  receiverName?: string;
  serviceId?: string;
  state: 'booking' | 'booked' | 'printing' | 'printed' | 'held' | 'failed' | 'cancelled';
  documents: JobDocument[];
  failure?: Failure;
  /** Shown for reference (a duplicate's existing shipment, a cancel target): not booked by this job. */
  reference?: boolean;
}

export interface JobView {
  id: string;
  kind: JobKind;
  /** The scanned or typed code (or the command's argument). */
  scan: string;
  state: JobState;
  createdAt: string;
  updatedAt: string;
  source?: ResolvedSource;
  orderNo?: string;
  shipments: JobShipment[];
  /** A split order: how many of its shipments are done. */
  progress?: { done: number; total: number };
  failure?: Failure;
  /** Set when the scan was already booked: the existing shipment, reprint one key away. */
  duplicateOf?: { shipmentId: string; shipmentNo?: string; jobId?: string };
  /**
   * A reprint: the job whose shipments it printed again (their booking, or the scan that found them already
   * booked), when today's journal has it. The UI shows the reprint on that job's row, not as a new booking.
   */
  reprintOf?: string;
  /**
   * A consolidated close, or a reprint of one: the key the packer knows the consolidated shipment by (e.g.
   * KONS-4001), when nShift listed one. `scan` stays the consolidated shipment's id, which the close was asked for.
   */
  consolidationKey?: string;
}

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
  heldReason?: 'ttl' | 'offline' | 'restart';
  lastError?: string;
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

/**
 * What the station's secret vault says about a saved secret (`file` is the vault file it concerns): it cannot
 * be read (`damaged`, `wrong_key`, `passphrase_missing`, `key_missing`, `key_damaged`, `cannot_decrypt`), or it
 * can but the admin should know (`key_was_readable`: the key file was readable by other users and was made
 * private; `basic_text`: Electron's safeStorage has no keyring here and uses a fixed password).
 */
export type VaultNoticeCode =
  | 'damaged'
  | 'wrong_key'
  | 'passphrase_missing'
  | 'key_missing'
  | 'key_damaged'
  | 'cannot_decrypt'
  | 'key_was_readable'
  | 'basic_text';

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

export type SettingsPatch = Partial<Omit<SettingsView, 'account' | 'printers' | 'checkout' | 'inForce'>> & {
  account?: { deliveryUrl?: string };
  checkout?: { baseUrl?: string; authUrl?: string; connectionId?: string };
};

export interface ConnectionTest {
  ok: boolean;
  state: AccountState;
  message: string;
  /** Licences the API key lacks (from the seed's licence table), when nShift said 403. */
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
  parcelCount: number;
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
    input: ({ id: string } | { name?: string; email?: string }) & { confirm: true };
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

export type StationApi = {
  [K in StationMethodName]: (input: MethodInput<K>) => Promise<MethodOutput<K>>;
} & {
  /** Receive events; returns the function that stops them. */
  subscribe(listener: StationEventListener): () => void;
};

declare global {
  interface Window {
    packbench: StationApi;
  }
}
