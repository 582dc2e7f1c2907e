import type { Failure, JobKind } from '../../../preload/api';
import { isCancelledStatus } from '../../domain';
import { stoppedBeforeStart } from '../../station/failures';
import type { Station } from '../../station/station';
import { parseScanCode, scanRefused } from '../../station/scan-code';
import { StationError } from '../../station/station-error';
import { codeFailure, internalFailure } from '../../station/failures';

/**
 * Command lines of the headless host (`:reprint CODE`, `:cancel CODE`, `:manifest TYPE`). Each starts a station
 * job; its outcome arrives as the job's contract events. What fails before a job could start (an unknown command,
 * a missing argument, a code nShift does not know) is journalled as a failed job too (`recordFailure`), so its
 * `failed` line carries a job id that getJob finds, like every other.
 *
 * `stopped`: the host was told to stop; a command read before that is refused without asking nShift anything.
 */
export async function runCommand(
  station: Station,
  line: string,
  { stopped = () => false }: { stopped?: () => boolean } = {},
): Promise<void> {
  const [name = '', ...rest] = line.slice(1).trim().split(/\s+/);
  const arg = rest.join(' ').trim();
  const refuse = (kind: JobKind, scan: string, reason: Failure): Promise<unknown> =>
    station.recordFailure({ kind, scan, failure: reason });
  const invalid = (kind: JobKind, message: string): Promise<unknown> =>
    refuse(kind, line.trim(), codeFailure('invalid_scan', message));
  const command = name.toLowerCase();
  const kind: JobKind =
    command === 'reprint' || command === 'cancel' || command === 'manifest' ? command : 'scan';
  if (kind !== 'scan' && arg && stopped()) return void (await refuse(kind, arg, stoppedBeforeStart(kind)));
  // A code is checked like a scan (at most 128 characters, no control characters) before nShift hears of it: an
  // over-long one used to reach nShift, which refused the request (HTTP 431, "nShift had a problem answering").
  const code = arg && (kind === 'reprint' || kind === 'cancel') ? parseScanCode(arg) : undefined;
  if (code && !code.ok) return void (await refuse(kind, arg, scanRefused(code.error)));
  try {
    switch (command) {
      case 'reprint':
        if (!arg) return void (await invalid(kind, '":reprint" needs a shipment, parcel or order number.'));
        await station.reprint({ code: arg });
        return;
      case 'cancel': {
        if (!arg) return void (await invalid(kind, '":cancel" needs a shipment or parcel number.'));
        const shipment = await station.lookupShipment({ code: arg });
        if (isCancelledStatus(shipment.status)) {
          const already = `Shipment ${shipment.shipmentNo ?? shipment.shipmentId} is already cancelled.`;
          return void (await refuse(kind, arg, codeFailure('already_cancelled', already)));
        }
        await station.cancelShipment({ shipmentId: shipment.shipmentId, confirm: true, code: arg });
        return;
      }
      case 'manifest':
        if (!arg)
          return void (await invalid(kind, '":manifest" needs a manifest type, e.g. ":manifest PNL".'));
        await station.createManifest({ manifestType: arg });
        return;
      default:
        // The whole line is what was sent: a script finds its own line in `scan`.
        await invalid(kind, `Unknown command ":${name.slice(0, 32)}": use :reprint, :cancel or :manifest.`);
    }
  } catch (error) {
    await refuse(kind, arg, failureOf(error));
  }
}

/** What a station method that refused carries; anything else is Packbench's own fault. */
function failureOf(error: unknown): Failure {
  if (error instanceof StationError) {
    if (error.body.failure) return error.body.failure;
    if (error.body.error === 'not_found') return codeFailure('unknown_code', error.body.message);
    if (error.body.error === 'invalid_argument') return codeFailure('invalid_scan', error.body.message);
  }
  return internalFailure(error);
}
