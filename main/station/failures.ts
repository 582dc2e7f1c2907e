import type { Failure, FailureDetail, FailureDetailParams, JobKind } from '../../preload/api';
import type { ApiError } from '../nshift/shared';
import type { PrinterError } from '../printers/types';
import { isErrnoException } from '../files/atomic';
import { JournalWriteError } from './journal';
import { StationError } from './station-error';

/**
 * Turns every way a step can fail into a Failure the packer's UI can explain: a stable `reason` for scripts,
 * a `code` the renderer translates ("what happened / what to do"), and an English `message`.
 * The message is host-neutral: it never names a key, a screen, Settings or a command line. Where what to do
 * depends on the host (reprint with R or with `:reprint`, enter the key in Settings or in the environment), it
 * says only what happened, and each host adds its own advice (the UI from `code`, the headless host from its
 * table in main/hosts/headless/advice.ts).
 * No message built here contains the API key: DeliveryError never carries it.
 */

export function failure(
  reason: Failure['reason'],
  code: Failure['code'],
  message: string,
  extra: Partial<Failure> = {},
): Failure {
  return { reason, code, message, ...extra };
}

/** The situation behind a failure and the params its translated text needs: the UI's details line. */
export function detailed<D extends FailureDetail>(
  detail: D,
  params: FailureDetailParams[D],
): Pick<Failure, 'detail' | 'params'> {
  return Object.keys(params).length > 0 ? { detail, params } : { detail };
}

/** A field of the print configuration the station sends with every booking (`target1Media`, …), not the shipment's. */
const PRINT_CONFIG_FIELD = /^(target\d\w*|printConfig\b.*)$/i;

/** Any nShift client's error (Delivery or Checkout: the same shapes). */
export function failureFromDelivery(error: ApiError<string>): Failure {
  switch (error.kind) {
    case 'validation': {
      const fields = error.errors.map((e) => e.field ?? '');
      // Every field named is the station's own print configuration: no order data would ever book. The packer must
      // not be sent to correct the order; whoever set the station up fixes its print targets.
      if (fields.length > 0 && fields.every((field) => PRINT_CONFIG_FIELD.test(field)))
        return failure(
          'validation',
          'validation',
          `nShift refused this station's print configuration, not the shipment: ${error.errors.map((e) => e.message).join('; ')}. Nothing was booked; the print target's media, type or charset must be corrected before the next scan.`,
          {
            ...detailed('print_settings_refused', { fields: [...new Set(fields)].join(', ') }),
            errors: error.errors.map((e) => ({ field: e.field ?? 'printConfig', message: e.message })),
          },
        );
      return failure(
        'validation',
        'validation',
        'nShift refused the shipment: correct the fields it names and scan again.',
        {
          errors: error.errors.map((e) => ({
            field: e.field || e.messageCode || 'shipment',
            message: e.message,
          })),
        },
      );
    }
    case 'auth':
      return error.reason === 'missing_key'
        ? failure('auth', 'auth_missing_key', 'No nShift API key is set up on this station.')
        : failure('auth', 'auth_invalid_key', 'nShift did not accept the API key.');
    case 'access':
      return failure(
        'auth',
        'access_missing_license',
        error.license
          ? `The nShift account lacks the licence "${error.license}": ask your IT admin to order or enable it.`
          : 'The nShift account may not do this: ask your IT admin to check its licences.',
        error.license ? { params: { license: error.license } } : detailed('license_unnamed', {}),
      );
    case 'not_found':
      return failure('not_found', 'unknown_code', 'nShift does not know this code.');
    case 'rate_limited':
      return failure(
        'network',
        'rate_limited',
        'nShift asked us to slow down: wait a moment and scan again.',
        {
          ...(error.retryAfterMs !== undefined
            ? detailed('retry_after', { seconds: Math.ceil(error.retryAfterMs / 1000) })
            : {}),
        },
      );
    case 'server':
    case 'malformed':
      return failure(
        'network',
        'server_error',
        'nShift had a problem answering: scan again in a moment.',
        detailed('http_status', { status: error.status }),
      );
    case 'network':
      return error.cause === 'timeout'
        ? failure(
            'network',
            'network_timeout',
            'nShift did not answer in time: check the network and scan again.',
          )
        : failure(
            'network',
            'network_unreachable',
            'Packbench cannot reach nShift: check the network cable or Wi-Fi and scan again.',
          );
    case 'outcome_unknown':
      return failure(
        'network',
        'outcome_unknown',
        'The booking may have gone through but nShift did not answer. Packbench will check before booking again: do not rebook by hand.',
      );
  }
}

/** What a job the station never started says: nothing of it reached nShift, so it is safe to do again. */
export function stoppedBeforeStart(kind: JobKind): Failure {
  const what =
    kind === 'scan' || kind === 'book_stored'
      ? 'nothing was looked up or booked in nShift; scan it again'
      : 'nothing was sent to nShift or printed; do it again';
  return failure(
    'network',
    'internal',
    `Packbench stopped before this job started: ${what}.`,
    detailed('stopped_before_booking', {}),
  );
}

/** Booked in nShift but the label did not come down: never rebook, reprint once nShift answers. */
export function labelNotDownloaded(shipmentId: string, error: ApiError<string>): Failure {
  const cause = failureFromDelivery(error);
  return {
    ...cause,
    code: 'label_not_downloaded',
    message: `Shipment ${shipmentId} is booked, but its label could not be downloaded (${cause.message}) Reprint it; do not book the order again.`,
    detail: 'label_download_failed',
    params: { ...cause.params, shipmentId, cause: cause.code },
  };
}

/** Booked in nShift, which lists no document for it (yet, or any more): reprint, never rebook. */
export function noLabelListed(shipmentId: string): Failure {
  return failure(
    'not_found',
    'label_not_downloaded',
    `Shipment ${shipmentId} is booked, but nShift listed no label for it. Reprint it; do not book the order again.`,
    { params: { shipmentId } },
  );
}

export function failureFromPrinter(error: PrinterError, printerName: string): Failure {
  if (error.code === 'unreachable' || error.code === 'timeout') {
    return failure(
      'printer',
      'printer_offline',
      `The printer "${printerName}" does not answer: check that it is on and connected.`,
      detailed('printer_not_answering', { printer: printerName }),
    );
  }
  const problems = (error.problems ?? []).join(', ');
  // The driver's message mixes the station's English with the OS's: logs only. The UI reads the error's code.
  const detail =
    error.code === 'rejected'
      ? detailed('printer_refused', { printer: printerName })
      : error.code === 'unsupported_format'
        ? detailed('printer_wrong_format', { printer: printerName })
        : error.code === 'io' && !problems
          ? detailed('printer_io', { printer: printerName })
          : detailed('printer_problem', { printer: printerName, problems });
  return failure(
    'printer',
    'printer_error',
    `The printer "${printerName}" reported a problem: ${error.message}`,
    detail,
  );
}

export function internalFailure(error: unknown): Failure {
  const message = error instanceof Error ? error.message : String(error);
  return failure(
    'network',
    'internal',
    `Something went wrong inside Packbench (${message}). Scan again; if it repeats, call IT.`,
    detailed('unexpected', { systemText: message }),
  );
}

/** What the file system's refusal means at a station, and what IT does about it. */
function diskProblem(error: unknown): { why: string; fix: string; systemText: string } {
  const systemText = error instanceof Error ? error.message : String(error);
  switch (isErrnoException(error) ? error.code : undefined) {
    case 'ENOSPC':
    case 'EDQUOT':
      return { why: 'its disk is full', fix: 'free space on that disk', systemText };
    case 'EROFS':
      return { why: 'its disk is read-only', fix: 'make the data folder writable again', systemText };
    case 'EACCES':
    case 'EPERM':
      return { why: 'it may not write its data folder', fix: 'give it the right to write there', systemText };
    default:
      return { why: 'its disk reported an error', fix: 'check the disk', systemText };
  }
}

/** The data folder refused a write (the journal, the label cache or the spool): the station cannot go on. */
export function cannotSave(error: unknown): Failure {
  const { why, fix, systemText } = diskProblem(error);
  return failure(
    'station',
    'cannot_save',
    `This station cannot save its work: ${why} (${systemText}). Nothing more is booked or printed until it can: ask IT to ${fix}, then restart Packbench.`,
    detailed('data_folder_unwritable', { systemText }),
  );
}

/**
 * nShift booked the shipment, then the station could not keep it (label cache or journal), so the journal stops
 * before saying `booked`: a restart finds the booking in nShift and prints its label once. Never book it again.
 * Also a kept booking whose label the spool could not write: the journal stops before recording the print, and
 * the restart prints it once.
 */
export function bookingNotSaved(shipmentId: string, error: unknown): Failure {
  const { why, fix, systemText } = diskProblem(error);
  return failure(
    'station',
    'cannot_save',
    `Shipment ${shipmentId} is booked in nShift, but this station could not save it (${why}: ${systemText}), so its label was not printed. Ask IT to ${fix}, then restart Packbench: the label prints then. Do not book the order again.`,
    detailed('booking_not_saved', { shipmentId, systemText }),
  );
}

/** A job's unexpected end: a journal that refused the write says so, anything else is Packbench's own fault. */
export function failureOfError(error: unknown): Failure {
  return error instanceof JournalWriteError ? cannotSave(error.cause) : internalFailure(error);
}

const DISK_REFUSALS = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EACCES', 'EPERM', 'EIO']);

/** The file system refused a write: the journal's JournalWriteError, or a file's own errno (the label cache). */
export function isDiskRefusal(error: unknown): boolean {
  return (
    error instanceof JournalWriteError || (isErrnoException(error) && DISK_REFUSALS.has(error.code ?? ''))
  );
}

/** A button named a job that is not in today's journal. */
export function noSuchJob(jobId: string): StationError {
  return StationError.notFound(
    `There is no job ${jobId}.`,
    failure('not_found', 'unknown_code', `There is no job ${jobId}.`, detailed('no_such_job', {})),
  );
}
