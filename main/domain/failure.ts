import * as z from '../zod';
import type { SpoolJobState } from './job';

/**
 * Failures: what went wrong, in words the packer's UI can translate, with the 422 list when there is one. Each
 * code and each detail is declared once here, with the reason it goes with and the texts the UI translates it by
 * (the renderer's catalogues, `failure.codes.<code>` and `failure.details.<detail>` in renderer/src/i18n/locales/;
 * test/unit/station/failure-catalogue.test.ts holds every entry to all five languages). The station makes a
 * failure from an entry (main/station/failures.ts: `failureOf`, `codeFailure`), never from a reason and a code
 * written by hand.
 */

/** The public reason set (also the headless host's `reason`): never rename or drop one. */
/** `station`: the station itself cannot carry on (its data folder cannot be written). */
export const failureReasonSchema = z.enum([
  'not_found',
  'validation',
  'auth',
  'network',
  'printer',
  'duplicate',
  'station',
]);
export type FailureReason = z.infer<typeof failureReasonSchema>;

/**
 * A finer code for the UI, with the reason it goes with: each one has a translated "what happened / what to do"
 * text in every language (`failure.codes.<code>.what` and `.todo`). `reason` stays coarse and stable for scripts;
 * `code` may grow, never renamed (journals of older versions hold them).
 */
export const FAILURE_CODES = {
  unknown_code: 'not_found', // nothing in nShift matches the scan
  invalid_scan: 'not_found', // control characters, garbage, too long
  validation: 'validation', // nShift's 422 list: see `errors`
  auth_missing_key: 'auth', // no API key configured
  auth_invalid_key: 'auth', // 401 after one re-exchange
  access_missing_license: 'auth', // 403: `params.license` names the licence
  network_unreachable: 'network', // connection refused / DNS / reset before sending
  network_timeout: 'network',
  server_error: 'network', // nShift answered 5xx or an unreadable body
  rate_limited: 'network',
  outcome_unknown: 'network', // booking may have happened; reconciliation could not tell yet
  printer_offline: 'printer',
  printer_error: 'printer', // paper out, head open, …: `params.problems`
  no_printer: 'printer', // no routing rule or default fits the document
  already_booked: 'duplicate', // the scan was booked before (today or by another station)
  already_cancelled: 'not_found',
  document_expired: 'not_found', // nShift's one-hour document window passed and no copy could be made
  label_not_downloaded: 'not_found', // booked in nShift, but the label did not come down: reprint, never rebook
  label_held: 'printer', // the label printer did not take the label in time: it is held, never printed unasked
  not_cancellable: 'not_found',
  not_consolidated: 'validation', // a consolidated booking came back as a normal shipment (`params.key`, `params.shipmentNo`)
  unknown_manifest_type: 'validation', // not one of the settings' manifest types: `params.manifestType`, `params.types`
  manifest_empty: 'not_found', // nShift made the manifest with no shipment in it; nothing printed: `params.manifestType`, `params.manifestId`
  internal: 'network',
  cannot_save: 'station', // the data folder refused a write (disk full, read-only, failing): `detail` says what it cost
  // Checkout (only with Checkout credentials): nothing in Delivery, so the web shop's side was asked.
  checkout_not_created: 'not_found', // no partial shipment either: the web shop has not created the shipment yet
  checkout_not_in_delivery: 'not_found', // created at checkout, not yet in nShift Delivery
  checkout_not_configured: 'auth', // the Checkout screen without Checkout client credentials
  checkout_credentials_refused: 'auth', // the identity service refused the Checkout client credentials
  checkout_refused: 'validation', // nShift Checkout refused the request: `errors` names what (its problem's issues)
  // Made by the web page's HTTP client, never by the station: the web host, not nShift, is what failed.
  station_token_refused: 'auth', // the web host refused the page's token (it restarted and made a new one)
  station_unreachable: 'network', // the web host did not answer at all (Packbench stopped, or the network between)
} as const satisfies Record<string, FailureReason>;
export type FailureCode = keyof typeof FAILURE_CODES;
export const failureCodeSchema = z.enum(Object.keys(FAILURE_CODES) as [FailureCode, ...FailureCode[]]);

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
  /**
   * nShift refused the request itself with a 4xx other than a field list (its `{code, message}`: "missing or illegal
   * arguments"): doing it again gives the same answer. nShift's words come as `errors`.
   */
  request_refused: { status: number };
  /**
   * The consolidation key could not be added to the stored shipment of `code`: nShift's answer did not carry the
   * shipment whole, and a replacement made of less would erase it. Nothing was booked.
   */
  consolidation_key_not_added: { code: string; key: string };
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
  /**
   * The station stopped (a restart, a closing host) before a scan or a booking from the Stored list was sent.
   * Journals of older versions hold it for every kind of job.
   */
  stopped_before_booking: Record<string, never>;
  /** As above, for a job that books nothing (a reprint, a cancel, a manifest, a test label, a close). */
  stopped_before_start: Record<string, never>;
  /**
   * Made by the web page's HTTP client, never by the station. `answer_cut_off`: the web host's answer broke off
   * (Packbench stopped, or the network between), so what was asked may have been done. `unknown_method`: the host
   * does not have the method the page asked for (a page of another Packbench version): nothing was done.
   */
  answer_cut_off: Record<string, never>;
  unknown_method: Record<string, never>;
  /** The station restarted with a job it could not finish. */
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
   * A cancel's code (an order number) matches several live shipments: none is cancelled, since a cancel is of one
   * shipment. `shipmentNos` lists their numbers, comma-separated, to cancel each by its own.
   */
  several_shipments: { code: string; shipmentNos: string };
  /**
   * A secret was not saved: its vault's key file (`file`) is missing or damaged, and another vault file (`other`)
   * may still be encrypted with it, so no new key file is made.
   */
  vault_key_kept: { file: string; other: string };
}

export type FailureDetail = keyof FailureDetailParams;

/** Which of a detail's texts the UI has of its own; the others are its code's (`failure.codes.<code>`). */
export type DetailText = 'what' | 'todo' | 'line';

export interface FailureDetailEntry {
  /** The code a failure of this situation has. */
  code: FailureCode;
  /** Its reason, where it is not the code's. */
  reason?: FailureReason;
  /**
   * The texts of its own under `failure.details.<detail>`: `what` and `todo` where the situation is more precise
   * than its code (they replace the code's), `line` for the details line.
   */
  texts: readonly DetailText[];
}

/**
 * Every situation behind a failure, with its code and its texts: the compiler refuses a FailureDetailParams entry
 * without one here, and one here without its params.
 */
export const FAILURE_DETAILS = {
  license_unnamed: { code: 'access_missing_license', texts: ['what'] },
  no_match: { code: 'unknown_code', texts: ['line'] },
  consolidation_key: { code: 'unknown_code', texts: ['what', 'todo', 'line'] },
  order_cancelled: { code: 'unknown_code', texts: ['what', 'todo', 'line'] },
  stored_invalid: { code: 'validation', texts: ['line'] },
  stored_cancelled: { code: 'already_cancelled', texts: ['what', 'todo', 'line'] },
  prepared_cancelled: { code: 'already_cancelled', texts: ['what', 'todo', 'line'] },
  prepared_booking_not_listed: { code: 'outcome_unknown', texts: ['line'] },
  stored_not_ready: { code: 'already_booked', texts: ['what', 'todo', 'line'] },
  print_settings_refused: { code: 'validation', texts: ['what', 'todo', 'line'] },
  booking_refused: { code: 'validation', texts: ['todo', 'line'] },
  request_refused: { code: 'validation', texts: ['what', 'todo', 'line'] },
  consolidation_key_not_added: { code: 'validation', texts: ['what', 'todo', 'line'] },
  booked_here: { code: 'already_booked', texts: ['line'] },
  booked_elsewhere: { code: 'already_booked', texts: ['line'] },
  booked_in_nshift: { code: 'already_booked', texts: ['line'] },
  stored_booking_not_listed: { code: 'outcome_unknown', texts: ['line'] },
  consolidated_gone: { code: 'unknown_code', texts: ['what', 'todo'] },
  parcel_group_gone: { code: 'unknown_code', texts: ['what', 'todo', 'line'] },
  retry_after: { code: 'rate_limited', texts: ['line'] },
  http_status: { code: 'server_error', texts: ['line'] },
  label_download_failed: { code: 'label_not_downloaded', texts: ['line'] },
  printer_not_answering: { code: 'printer_offline', texts: ['line'] },
  printer_refused: { code: 'printer_error', texts: ['what', 'todo', 'line'] },
  printer_wrong_format: { code: 'printer_error', texts: ['what', 'todo', 'line'] },
  printer_problem: { code: 'printer_error', texts: ['line'] },
  printer_io: { code: 'printer_error', texts: ['what', 'line'] },
  unencodable_characters: { code: 'printer_error', texts: ['what', 'todo', 'line'] },
  test_print_unsupported: { code: 'printer_error', texts: ['what', 'todo', 'line'] },
  scan_empty: { code: 'invalid_scan', texts: ['line'] },
  scan_too_long: { code: 'invalid_scan', texts: ['line'] },
  scan_control_characters: { code: 'invalid_scan', texts: ['line'] },
  scan_unreadable: { code: 'invalid_scan', texts: ['line'] },
  scan_characters: { code: 'invalid_scan', texts: ['todo', 'line'] },
  scan_aim_prefix: { code: 'invalid_scan', texts: ['what', 'todo', 'line'] },
  stopped_before_booking: { code: 'internal', texts: ['what', 'todo'] },
  stopped_before_start: { code: 'internal', texts: ['what', 'todo'] },
  answer_cut_off: { code: 'station_unreachable', texts: ['what', 'todo'] },
  unknown_method: { code: 'internal', texts: ['what', 'todo'] },
  unfinished_after_restart: { code: 'internal', texts: ['what', 'todo'] },
  unexpected: { code: 'internal', texts: ['line'] },
  data_folder_unwritable: { code: 'cannot_save', texts: ['line'] },
  booking_not_saved: { code: 'cannot_save', texts: ['what', 'todo', 'line'] },
  no_such_job: { code: 'unknown_code', texts: ['what', 'todo'] },
  no_such_printer: { code: 'no_printer', texts: ['what', 'todo'] },
  not_in_cache: { code: 'document_expired', texts: ['what', 'todo'] },
  spool_job_gone: { code: 'unknown_code', texts: ['what', 'todo'] },
  spool_job_state: { code: 'printer_error', texts: ['what', 'todo', 'line'] },
  api_key_from_environment: { code: 'auth_missing_key', texts: ['what', 'todo'] },
  manifest_nothing_new: { code: 'manifest_empty', texts: ['what', 'todo'] },
  no_label_printer: { code: 'no_printer', texts: ['what', 'todo'] },
  several_shipments: { code: 'invalid_scan', texts: ['what', 'todo', 'line'] },
  vault_key_kept: { code: 'internal', reason: 'station', texts: ['what', 'todo'] },
} as const satisfies Record<FailureDetail, FailureDetailEntry>;
export const failureDetailSchema = z.enum(
  Object.keys(FAILURE_DETAILS) as [FailureDetail, ...FailureDetail[]],
);

/** The code and reason of a failure of this situation. */
export function failureKind(detail: FailureDetail): { reason: FailureReason; code: FailureCode } {
  const entry: FailureDetailEntry = FAILURE_DETAILS[detail];
  return { reason: entry.reason ?? FAILURE_CODES[entry.code], code: entry.code };
}

/**
 * The translation keys the UI reads a failure of this code and detail by (renderer/src/i18n/failure-text.ts):
 * what happened and what to do (the detail's own where it has them, else the code's), and the details line.
 */
export function translationKeys(code: FailureCode, detail?: FailureDetail): string[] {
  const own: readonly DetailText[] = detail ? FAILURE_DETAILS[detail].texts : [];
  return [
    ...(['what', 'todo'] as const).map((part) =>
      own.includes(part) ? `failure.details.${detail}.${part}` : `failure.codes.${code}.${part}`,
    ),
    ...(own.includes('line') ? [`failure.details.${detail}.line`] : []),
  ];
}

export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const failureSchema = z.object({
  reason: failureReasonSchema,
  code: failureCodeSchema,
  /** English text for logs, the headless host and as a fallback. */
  message: z.string(),
  /** Values for the translated text, e.g. `{ license: 'REST API Print' }`. */
  params: z.optional(z.record(z.string(), z.union([z.string(), z.number()]))),
  /** The 422 list, field by field. */
  errors: z.optional(z.array(fieldErrorSchema)),
  /** The situation behind `code`, translated with `params` (see FailureDetailParams). */
  detail: z.optional(failureDetailSchema),
});
export type Failure = z.infer<typeof failureSchema>;
