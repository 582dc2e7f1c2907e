import type { Station } from '../../station/station';
import { StationError } from '../../station/station-error';
import type { HeadlessEvent } from './contract-events';

/**
 * Command lines of the headless host (`:reprint CODE`, `:cancel CODE`, `:manifest TYPE`). Each starts a
 * station job; its outcome arrives as the job's contract events. What fails before a job exists (an unknown
 * command, a code nShift does not know) is written here as `failed`.
 */
export async function runCommand(
  station: Station,
  line: string,
  write: (event: HeadlessEvent) => void,
): Promise<void> {
  const [name = '', ...rest] = line.slice(1).trim().split(/\s+/);
  const arg = rest.join(' ').trim();
  const failed = (
    message: string,
    reason: 'not_found' | 'validation' = 'not_found',
    code = 'invalid_scan',
  ): void => write({ event: 'failed', scan: arg || line, reason, message, code, jobId: '' });
  try {
    switch (name.toLowerCase()) {
      case 'reprint':
        if (!arg) return failed('":reprint" needs a shipment, parcel or order number.');
        await station.reprint({ code: arg });
        return;
      case 'cancel': {
        if (!arg) return failed('":cancel" needs a shipment or parcel number.');
        const shipment = await station.lookupShipment({ code: arg });
        if (shipment.status === 'CANCELLED')
          return failed(
            `Shipment ${shipment.shipmentId} is already cancelled.`,
            'not_found',
            'already_cancelled',
          );
        await station.cancelShipment({ shipmentId: shipment.shipmentId, confirm: true, code: arg });
        return;
      }
      case 'manifest':
        if (!arg) return failed('":manifest" needs a manifest type, e.g. ":manifest PNL".');
        await station.createManifest({ manifestType: arg });
        return;
      default:
        return failed(`Unknown command ":${name.slice(0, 32)}": use :reprint, :cancel or :manifest.`);
    }
  } catch (error) {
    if (error instanceof StationError && error.body.failure) {
      const f = error.body.failure;
      write({
        event: 'failed',
        scan: arg,
        reason: f.reason,
        message: f.message,
        code: f.code,
        ...(f.errors ? { errors: f.errors } : {}),
        jobId: '',
      });
      return;
    }
    failed(error instanceof Error ? error.message : String(error));
  }
}
