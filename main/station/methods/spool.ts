import type { SpoolJobView } from '../../../preload/api';
import type { SpoolOperationError } from '../../printers/spool';
import type { Result } from '../../result';
import { codeFailure, detailed, failureOf } from '../failures';
import { StationError } from '../station-error';
import type { Methods, StationParts } from './types';

/** The print queue screen: the spool's jobs, and a held or failed one released, cancelled or tried again. */
export function spoolMethods({
  ctx,
}: StationParts): Methods<'listSpool' | 'releaseSpoolJob' | 'cancelSpoolJob' | 'retrySpoolJob'> {
  const { printService } = ctx;
  return {
    async listSpool() {
      return printService.list();
    },
    releaseSpoolJob: ({ spoolJobId }) => spoolAction(printService.release(spoolJobId)),
    cancelSpoolJob: ({ spoolJobId }) => spoolAction(printService.cancel(spoolJobId)),
    retrySpoolJob: ({ spoolJobId }) => spoolAction(printService.retry(spoolJobId)),
  };
}

async function spoolAction(
  pending: Promise<Result<SpoolJobView, SpoolOperationError>>,
): Promise<SpoolJobView> {
  const result = await pending;
  if (result.ok) return result.value;
  const { code, message, state } = result.error;
  throw code === 'not_found'
    ? StationError.notFound(message, failureOf('spool_job_gone', message, {}))
    : StationError.failed(
        state
          ? failureOf('spool_job_state', message, { state })
          : // A job the spool lost while acting on it: a printer failure, named as the job gone.
            codeFailure('printer_error', message, detailed('spool_job_gone', {})),
      );
}
