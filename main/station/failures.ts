import type { Failure, FailureCode, FailureDetail, FailureDetailParams, JobKind } from '../../preload/api';
import { FAILURE_CODES, failureKind } from '../domain';
import type { ApiError } from '../nshift/shared';
import type { PrinterError } from '../printers/types';
import { isErrnoException } from '../files/atomic';
import { stationRefusal } from '../files/errno-words';
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

/**
 * A failure of a situation the catalogue declares (main/domain/failure.ts): its code and reason are the
 * catalogue's, its params the ones its texts use.
 */
export function failureOf<D extends FailureDetail>(
  detail: D,
  message: string,
  params: FailureDetailParams[D],
  extra: Pick<Failure, 'errors'> = {},
): Failure {
  return { ...failureKind(detail), message, ...detailed(detail, params), ...extra };
}

/** A failure its code says enough of: the reason is the code's in the catalogue. */
export function codeFailure(
  code: FailureCode,
  message: string,
  extra: Pick<Failure, 'params' | 'errors' | 'detail'> = {},
): Failure {
  return { reason: FAILURE_CODES[code], code, message, ...extra };
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
        return failureOf(
          'print_settings_refused',
          `nShift refused this station's print configuration, not the shipment: ${error.errors.map((e) => e.message).join('; ')}. Nothing was booked; the print target's media, type or charset must be corrected before the next scan.`,
          { fields: [...new Set(fields)].join(', ') },
          { errors: error.errors.map((e) => ({ field: e.field ?? 'printConfig', message: e.message })) },
        );
      return codeFailure(
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
        ? codeFailure('auth_missing_key', 'No nShift API key is set up on this station.')
        : codeFailure('auth_invalid_key', 'nShift did not accept the API key.');
    case 'access':
      return error.license
        ? codeFailure(
            'access_missing_license',
            `The nShift account lacks the licence "${error.license}": ask your IT admin to order or enable it.`,
            { params: { license: error.license } },
          )
        : failureOf(
            'license_unnamed',
            'The nShift account may not do this: ask your IT admin to check its licences.',
            {},
          );
    case 'not_found':
      return codeFailure('unknown_code', 'nShift does not know this code.');
    case 'rate_limited': {
      const message = 'nShift asked us to slow down: wait a moment and scan again.';
      return error.retryAfterMs !== undefined
        ? failureOf('retry_after', message, { seconds: Math.ceil(error.retryAfterMs / 1000) })
        : codeFailure('rate_limited', message);
    }
    case 'server':
      // A 4xx is nShift refusing the request itself ("missing or illegal arguments", Unifaun's RAML): the same
      // request gets the same answer, so the packer is not sent to scan again but shown nShift's own words.
      if (error.status >= 400 && error.status < 500) {
        const said = error.message && error.message !== `HTTP ${error.status}` ? error.message : undefined;
        return failureOf(
          'request_refused',
          `nShift refused the request (HTTP ${error.status})${said ? `: ${said}` : ''}. Doing it again gives the same answer: tell a supervisor.`,
          { status: error.status },
          said ? { errors: [{ field: error.code || 'request', message: said }] } : {},
        );
      }
      return failureOf('http_status', 'nShift had a problem answering: scan again in a moment.', {
        status: error.status,
      });
    case 'malformed':
      return failureOf('http_status', 'nShift had a problem answering: scan again in a moment.', {
        status: error.status,
      });
    case 'network':
      return error.cause === 'timeout'
        ? codeFailure('network_timeout', 'nShift did not answer in time: check the network and scan again.')
        : codeFailure(
            'network_unreachable',
            'Packbench cannot reach nShift: check the network cable or Wi-Fi and scan again.',
          );
    case 'outcome_unknown':
      return codeFailure(
        'outcome_unknown',
        'The booking may have gone through but nShift did not answer. Packbench will check before booking again: do not rebook by hand.',
      );
  }
}

/**
 * What a job the station never started says: nothing of it reached nShift, so it is safe to do again. A scan or a
 * booking from the Stored list was a booking not sent (`stopped_before_booking`); any other job books nothing, and
 * its text must not speak of a booking (`stopped_before_start`).
 */
export function stoppedBeforeStart(kind: JobKind): Failure {
  return kind === 'scan' || kind === 'book_stored'
    ? failureOf(
        'stopped_before_booking',
        'Packbench stopped before this job started: nothing was looked up or booked in nShift; scan it again.',
        {},
      )
    : failureOf(
        'stopped_before_start',
        'Packbench stopped before this job started: nothing was sent to nShift or printed; do it again.',
        {},
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
  return codeFailure(
    'label_not_downloaded',
    `Shipment ${shipmentId} is booked, but nShift listed no label for it. Reprint it; do not book the order again.`,
    { params: { shipmentId } },
  );
}

export function failureFromPrinter(error: PrinterError, printerName: string): Failure {
  if (error.code === 'unreachable' || error.code === 'timeout') {
    return failureOf(
      'printer_not_answering',
      `The printer "${printerName}" does not answer: check that it is on and connected.`,
      { printer: printerName },
    );
  }
  if (error.code === 'document_gone')
    return codeFailure(
      'document_expired',
      `nShift no longer has the document the printer "${printerName}" was to print (it keeps them an hour): reprint it.`,
    );
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
  return codeFailure(
    'printer_error',
    `The printer "${printerName}" reported a problem: ${error.message}`,
    detail,
  );
}

/**
 * A document whose printer was removed from the settings before it printed (its spool job says the printer is no
 * longer set up): no printer is chosen for it any more, whatever the driver last said.
 */
export function printerNoLongerSetUp(printerName: string): Failure {
  return codeFailure(
    'no_printer',
    `The printer "${printerName}" is no longer set up, so the document was not printed.`,
  );
}

export function internalFailure(error: unknown): Failure {
  const message = error instanceof Error ? error.message : String(error);
  return failureOf(
    'unexpected',
    `Something went wrong inside Packbench (${message}). Scan again; if it repeats, call IT.`,
    { systemText: message },
  );
}

/** The data folder refused a write (the journal, the label cache or the spool): the station cannot go on. */
export function cannotSave(error: unknown): Failure {
  const { why, fix, systemText } = stationRefusal(error);
  return failureOf(
    'data_folder_unwritable',
    `This station cannot save its work: ${why} (${systemText}). Nothing more is booked or printed until it can: ask IT to ${fix}, then restart Packbench.`,
    { systemText },
  );
}

/**
 * nShift booked the shipment, then the station could not keep it (label cache or journal), so the journal stops
 * before saying `booked`: a restart finds the booking in nShift and prints its label once. Never book it again.
 * Also a kept booking whose label the spool could not write: the journal stops before recording the print, and
 * the restart prints it once.
 */
export function bookingNotSaved(shipmentId: string, error: unknown): Failure {
  const { why, fix, systemText } = stationRefusal(error);
  return failureOf(
    'booking_not_saved',
    `Shipment ${shipmentId} is booked in nShift, but this station could not save it (${why}: ${systemText}), so its label was not printed. Ask IT to ${fix}, then restart Packbench: the label prints then. Do not book the order again.`,
    { shipmentId, systemText },
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
    failureOf('no_such_job', `There is no job ${jobId}.`, {}),
  );
}
