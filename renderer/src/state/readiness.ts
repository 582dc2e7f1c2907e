import type { Failure, PrinterStateView, StationStatus } from '../../../preload/api';
import type { ConnectionProblem } from '../api/http-client';
import { failureFromError } from '../api/errors';

/**
 * Whether a scan made now can succeed, judged in one place from what the station says about itself: the Scan
 * screen says "Ready to scan" only then, and otherwise what is missing and the one thing to do about it.
 *
 * A scan can succeed when the station answers this page, its nShift API key is set and nShift accepted it, and
 * its labels have a printer that is not known to be down. Each problem carries the Failure a scan made meanwhile
 * meets, so the panel says it in the same words as that scan's result (the station's own failures, or the page's
 * own when the station cannot be asked).
 */
export type Readiness =
  | {
      ready: true;
      /** Where labels print; `undefined` only when the station names a printer its status does not list. */
      labelPrinter?: PrinterStateView;
      /** Licences nShift said the account lacks: scans that need them fail, the others work. */
      missingLicenses: string[];
    }
  | ({ ready: false } & NotReady);

/** The one thing to do about a problem: the button the Scan screen offers for it. */
export type ReadinessAction =
  | 'setup_key' // the setup's (or Settings') API key form
  | 'setup_printer' // the setup's printers: find or add one, and make it the label printer
  | 'check_connection' // ask nShift again (testConnection)
  | 'reload' // ask the station again (it did not answer the page)
  | 'none'; // nothing on this page helps: the words say what to do (restart, open another address, fix the printer)

export interface NotReady {
  problem: ReadinessProblem;
  /**
   * What a scan made now fails with, for the panel to say it in the same words: none while the station is still
   * being asked, or when a scan would not fail (the label printer is away: the label waits for it).
   */
  failure?: Failure;
  action: ReadinessAction;
  /** The label printer that is down. */
  printer?: PrinterStateView;
}

export type ReadinessProblem =
  | 'starting' // the station's status has not arrived yet
  | 'station_unreachable'
  | 'station_token_refused'
  | 'auth_missing_key'
  | 'checking_key' // a key is set; nShift has not been asked about it yet
  | 'auth_invalid_key'
  | 'access_denied' // nShift refuses the key any access (403 on the token)
  | 'nshift_unreachable' // the key could not be checked: nShift did not answer
  | 'no_label_printer'
  | 'label_printer_offline'
  | 'label_printer_error';

export interface ReadinessInput {
  status?: StationStatus;
  connectionProblem?: ConnectionProblem;
  /** The first load's failure, when no status ever came. */
  loadError?: unknown;
}

function failure(
  reason: Failure['reason'],
  code: Failure['code'],
  message: string,
  extra: Pick<Failure, 'params' | 'detail'> = {},
): Failure {
  return { reason, code, message, ...extra };
}

const STATION_GONE = failure(
  'network',
  'station_unreachable',
  'Packbench does not answer this page: nothing was booked or printed.',
);
const TOKEN_REFUSED = failure(
  'auth',
  'station_token_refused',
  "Packbench refused this page's access key: it was restarted and made a new one.",
);

/** The station's side of a page that cannot reach it, from the load's own failure when there is one. */
function unreachable(problem: ConnectionProblem | undefined, loadError: unknown): NotReady {
  const refused =
    problem === 'token_refused' ||
    (problem === undefined && failureFromError(loadError).code === 'station_token_refused');
  return refused
    ? { problem: 'station_token_refused', failure: TOKEN_REFUSED, action: 'none' }
    : { problem: 'station_unreachable', failure: STATION_GONE, action: problem ? 'none' : 'reload' };
}

function accountProblem(account: StationStatus['account']): NotReady | undefined {
  switch (account.state) {
    case 'connected':
      return undefined;
    case 'forbidden':
      // The key is good, and only some of what a station does lacks a licence: the rest works.
      return account.missingLicenses?.length
        ? undefined
        : {
            problem: 'access_denied',
            failure: failure('auth', 'access_missing_license', 'nShift refuses this API key any access.', {
              detail: 'license_unnamed',
            }),
            action: 'check_connection',
          };
    case 'not_configured':
      return {
        problem: 'auth_missing_key',
        failure: failure('auth', 'auth_missing_key', 'No nShift API key is set up on this station.'),
        action: 'setup_key',
      };
    case 'unauthorized':
      return {
        problem: 'auth_invalid_key',
        failure: failure('auth', 'auth_invalid_key', 'nShift did not accept the API key.'),
        action: 'setup_key',
      };
    case 'offline':
      return {
        problem: 'nshift_unreachable',
        failure: failure('network', 'network_unreachable', 'nShift could not be reached.'),
        action: 'check_connection',
      };
    case 'unknown':
      return { problem: 'checking_key', action: 'none' };
  }
}

/**
 * The label printer is away: a scan made now does not fail (the station books it and the label waits for the
 * printer, as the Scan screen then shows), so there is no failure to quote, only the printer to walk to.
 */
function printerDown(printer: PrinterStateView): NotReady {
  return {
    problem: printer.state === 'offline' ? 'label_printer_offline' : 'label_printer_error',
    printer,
    action: 'none',
  };
}

export function readiness({ status, connectionProblem, loadError }: ReadinessInput): Readiness {
  if (connectionProblem) return { ready: false, ...unreachable(connectionProblem, undefined) };
  if (!status) {
    return loadError
      ? { ready: false, ...unreachable(undefined, loadError) }
      : { ready: false, problem: 'starting', action: 'none' };
  }
  const account = accountProblem(status.account);
  if (account) return { ready: false, ...account };
  const labelPrinter = status.printers.find((printer) => printer.printerId === status.labelPrinterId);
  if (status.labelPrinterId === undefined)
    return {
      ready: false,
      problem: 'no_label_printer',
      action: 'setup_printer',
      failure: failure('printer', 'no_printer', 'No label printer is set up: nothing was booked.', {
        detail: 'no_label_printer',
      }),
    };
  if (labelPrinter && (labelPrinter.state === 'offline' || labelPrinter.state === 'error'))
    return { ready: false, ...printerDown(labelPrinter) };
  return {
    ready: true,
    ...(labelPrinter ? { labelPrinter } : {}),
    missingLicenses: status.account.missingLicenses ?? [],
  };
}

/**
 * A scan the page does not send: only while no label printer is set up, when the station would book the shipment
 * and have nowhere to print its label (a fresh station's would be written to its documents folder). Every other
 * scan goes to the station, which is the judge: its failure says the same as the Scan screen said.
 */
export function scanRefusal(state: Readiness): Failure | undefined {
  return !state.ready && state.problem === 'no_label_printer' ? state.failure : undefined;
}
