import type { SpoolJobView } from '../../../preload/api';
import type { SpoolOperationError } from '../../printers/spool';
import type { Result } from '../../result';
import { detailed, failure } from '../failures';
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
    ? StationError.notFound(
        message,
        failure('not_found', 'unknown_code', message, detailed('spool_job_gone', {})),
      )
    : StationError.failed(
        failure(
          'printer',
          'printer_error',
          message,
          state ? detailed('spool_job_state', { state }) : detailed('spool_job_gone', {}),
        ),
      );
}
