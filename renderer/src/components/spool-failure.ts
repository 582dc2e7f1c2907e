import type { Failure, FailureDetail, PrinterProblem, SpoolJobView } from '../../../preload/api';

/**
 * What a failed print-queue job says to the packer, from its last error's code as the station says a printer's
 * failure (failureFromPrinter in main/station/failures.ts): the translated texts of the printer failures. The
 * spool's `lastError` is the driver's or the system's own words (`connect ECONNREFUSED …`, `lp failed (1): …`):
 * it stays in `message`, which no screen shows, for whoever reads a log.
 *
 * `printer.setUp`: whether the job's printer is still among the station's printers. One removed since is why the
 * job failed (the spool finds no printer to send to), and the packer reads that no printer is chosen any more.
 * `printer.problems`: what the printer's status says now (paper out, head open), for a job it refused for them.
 */
export function spoolJobFailure(
  job: Pick<SpoolJobView, 'lastError' | 'lastErrorCode'>,
  printer: { name: string; setUp: boolean; problems?: readonly PrinterProblem[] },
): Failure {
  const message = job.lastError ?? '';
  if (!printer.setUp) return { reason: 'printer', code: 'no_printer', message };
  const name = printer.name;
  const failure = (
    code: 'printer_offline' | 'printer_error',
    detail: FailureDetail,
    params: Record<string, string>,
  ): Failure => ({ reason: 'printer', code, message, detail, params });
  switch (job.lastErrorCode) {
    case 'unreachable':
    case 'timeout':
      return failure('printer_offline', 'printer_not_answering', { printer: name });
    case 'unsupported_format':
      return failure('printer_error', 'printer_wrong_format', { printer: name });
    case 'io':
      return failure('printer_error', 'printer_io', { printer: name });
    case 'printer_problem':
      // The spool keeps no list of the problems: the printer's status names them (none known: "status unknown").
      return failure('printer_error', 'printer_problem', {
        printer: name,
        problems: (printer.problems ?? []).filter((p) => p !== 'unreachable').join(','),
      });
    case 'document_gone':
      return { reason: 'not_found', code: 'document_expired', message };
    case 'rejected':
    case undefined:
      return failure('printer_error', 'printer_refused', { printer: name });
  }
}
