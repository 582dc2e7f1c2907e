import type { Failure, FailureCode, JobKind } from '../../../preload/api';

/**
 * What a headless operator does about each failure, in headless terms: commands on stdin, flags and environment
 * variables — never a key, a screen or Settings. The station's `Failure.message` says what happened in
 * host-neutral English (and what to do where that is the same everywhere: "check the code and scan again");
 * this table adds the rest, keyed by code, so a new FailureCode does not compile until it has its line here.
 * `undefined`: the station's message already says all a headless operator needs.
 */
interface FailedJob {
  kind: JobKind;
  scan: string;
  failure: Failure;
}

type Advice = (job: FailedJob) => string | undefined;

const KEY_VARIABLES = 'PACKBENCH_API_KEY_ID and PACKBENCH_API_KEY_SECRET';

/** How to get a job's documents printed again without doing the job again. */
function printAgain(job: FailedJob): string | undefined {
  switch (job.kind) {
    case 'scan':
    case 'reprint':
    case 'book_stored':
      return `send ":reprint ${job.scan}"`;
    case 'manifest':
      return `print manifest ${job.scan} again from nShift (":manifest ${job.scan}" would make a new one)`;
    case 'consolidated_close':
      return 'print the waybill from nShift (the consolidated shipment is closed)';
    default:
      return undefined;
  }
}

/** "Fix the printer, then send …": only for jobs whose documents can be printed again. */
const thenPrintAgain = (job: FailedJob, first: string): string | undefined => {
  const again = printAgain(job);
  return again ? `${first} ${again}.` : undefined;
};

/**
 * A held label is printed again with `:reprint`. Documents held beside a label that printed (a customs document,
 * a waybill on the document printer) are not: a reprint would print the label a second time.
 */
function heldAdvice(job: FailedJob): string | undefined {
  const { kinds = 'label', printers = '', shipment, mayHavePrinted } = job.failure.params ?? {};
  const held = String(kinds).split(',');
  const names = String(printers)
    .split(',')
    .filter(Boolean)
    .map((id) =>
      id === 'label'
        ? 'the label printer (--label-printer)'
        : id === 'documents'
          ? 'the document printer (--document-printer)'
          : `the printer "${id}"`,
    );
  // Held because the station stopped while sending them: the paper may be there already, and printed again it
  // would be twice.
  const fix = mayHavePrinted
    ? `Look at ${names.length > 0 ? names.join(' and ') : 'the printer'} first: only if nothing came out,`
    : `Fix ${names.length > 0 ? names.join(' and ') : 'the printer'}, then`;
  if (held.includes('label') || held.includes('return_label')) return thenPrintAgain(job, fix);
  if (job.kind !== 'scan' && job.kind !== 'book_stored' && job.kind !== 'reprint')
    return thenPrintAgain(job, fix);
  const what = held.length === 1 ? 'document' : 'documents';
  const whose = shipment ? `shipment ${String(shipment)}` : `the shipment of ${job.scan}`;
  return `The label printed: do not send ":reprint ${job.scan}", it would print the label again. ${fix} print the held ${what} of ${whose} from nShift.`;
}

/** The stdin line that does a job again (one the host never started, so nothing of it reached nShift). */
function sendAgain(job: FailedJob): string | undefined {
  const line =
    job.kind === 'scan'
      ? job.scan
      : job.kind === 'reprint' || job.kind === 'cancel' || job.kind === 'manifest'
        ? `:${job.kind} ${job.scan}`
        : undefined;
  return line === undefined ? undefined : `Send "${line}" again once packbench-headless runs again.`;
}

export const HEADLESS_ADVICE: Record<FailureCode, Advice> = {
  unknown_code: () => undefined, // "Nothing in nShift matches …: check the code and scan again."
  // The scanner's or the command's problem, said by the station or commands.ts; an order number of several
  // shipments given to :cancel says which numbers to send instead.
  invalid_scan: (job) =>
    job.failure.detail === 'several_shipments'
      ? 'Send ":cancel NUMBER" with one of those numbers for each shipment to cancel.'
      : undefined,
  validation: (job) =>
    job.failure.detail === 'print_settings_refused'
      ? 'Correct --media or --charset (or the print targets saved in the data folder) and start packbench-headless again.'
      : job.failure.errors?.length
        ? 'nShift names each field and its problem in "errors".'
        : undefined,
  auth_missing_key: () =>
    `Set ${KEY_VARIABLES} in the environment (the key's Id and Secret Id from nShift) and start packbench-headless again.`,
  auth_invalid_key: () =>
    `Check ${KEY_VARIABLES} (the key's Id and Secret Id from nShift, for this --delivery-url) and start packbench-headless again.`,
  access_missing_license: () => undefined, // names the licence and who orders it
  network_unreachable: () => 'If the network is fine, check --delivery-url.',
  network_timeout: () => undefined, // "check the network and scan again"
  server_error: () => undefined, // "scan again in a moment"
  rate_limited: () => undefined, // "wait a moment and scan again"
  outcome_unknown: () => undefined, // "Packbench will check before booking again: do not rebook by hand"
  printer_offline: (job) => thenPrintAgain(job, 'When it is back,'),
  printer_error: (job) => thenPrintAgain(job, 'Fix it, then'),
  no_printer: (job) =>
    job.failure.detail === 'no_label_printer'
      ? `Start packbench-headless with --label-printer tcp://HOST:PORT (a Zebra's raw port; file:DIR writes the labels to a folder instead), then scan it again.`
      : `Start packbench-headless with --label-printer tcp://HOST:PORT (ZPL labels) and --document-printer tcp://HOST:PORT or file:DIR (PDF documents)${printAgain(job) ? `, then ${printAgain(job)}` : ''}.`,
  already_booked: (job) => `Send ":reprint ${job.scan}" to print its label again.`,
  already_cancelled: () => undefined,
  document_expired: () => undefined, // "reprint it from nShift"
  label_not_downloaded: (job) => `Send ":reprint ${job.scan}" once nShift answers.`,
  label_held: (job) => heldAdvice(job),
  not_cancellable: () => undefined, // "not in nShift (or no longer cancellable)"
  not_consolidated: (job) =>
    `The label is printed. To cancel it, send ":cancel ${job.failure.params?.['shipmentNo'] ?? job.scan}".`,
  // The message says nothing was printed; an earlier manifest is reprinted from nShift (no command here).
  manifest_empty: () => undefined,
  unknown_manifest_type: () =>
    'Send ":manifest TYPE" with one of them; start packbench-headless with --manifest-type TYPE (once per type) to use others.',
  // "Scan again; if it repeats, call IT."; a job the host never started because it was told to stop: send it again.
  internal: (job) =>
    job.failure.detail === 'stopped_before_booking' || job.failure.detail === 'stopped_before_start'
      ? sendAgain(job)
      : undefined,
  // "… ask IT to free space on that disk, then restart Packbench" (after a booking: "the label prints then").
  cannot_save: () => undefined,
  // nShift Checkout (only with Checkout client credentials): the station's message says what to do.
  checkout_not_created: () => undefined, // "… ask the web shop team to create it"
  checkout_not_in_delivery: () => undefined, // "… scan it again in a few minutes …"
  checkout_not_configured: () =>
    'Set PACKBENCH_CHECKOUT_CLIENT_ID and PACKBENCH_CHECKOUT_CLIENT_SECRET in the environment and start packbench-headless again.',
  checkout_credentials_refused: () =>
    'Correct PACKBENCH_CHECKOUT_CLIENT_ID and PACKBENCH_CHECKOUT_CLIENT_SECRET (or --checkout-auth-url) and start packbench-headless again.',
  checkout_refused: () => undefined, // "nShift Checkout refused …: its reasons are in errors
  // Only a web page's own HTTP client makes these: a headless job never carries them.
  station_token_refused: () => undefined,
  station_unreachable: () => undefined,
};

/** The `message` of a headless `failed` line: what happened (the station's words), then what to do here. */
export function headlessMessage(job: FailedJob): string {
  const advice = HEADLESS_ADVICE[job.failure.code]?.(job);
  return advice ? `${job.failure.message} ${advice}` : job.failure.message;
}
