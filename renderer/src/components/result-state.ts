import type { Failure, JobState, JobView } from '../../../preload/api';

/**
 * What the packer sees for a job: its state, "duplicate" when the scan was booked before, or "cancelled" for a
 * booking whose every shipment was cancelled since (its row would otherwise go on saying "Printed").
 */
export type ResultState = JobState | 'duplicate' | 'cancelled';

/** `cancelled`: the shipments cancelled today (cancelledShipmentIds), where the view knows them. */
export function resultState(job: JobView, cancelled?: ReadonlySet<string>): ResultState {
  if (job.duplicateOf) return 'duplicate';
  if (cancelled && (job.kind === 'scan' || job.kind === 'book_stored')) {
    const own = job.shipments.filter((shipment) => !shipment.reference && shipment.shipmentId);
    if (own.length > 0 && own.every((shipment) => cancelled.has(shipment.shipmentId))) return 'cancelled';
  }
  if (job.state === 'failed' && job.failure?.code === 'already_booked') return 'duplicate';
  return job.state;
}

export function isFinished(state: ResultState): boolean {
  return (
    state === 'printed' ||
    state === 'done' ||
    state === 'failed' ||
    state === 'held' ||
    state === 'duplicate' ||
    state === 'cancelled'
  );
}

/** The failure to explain for a job: its own, else the first failed shipment's. */
export function jobFailure(job: JobView): Failure | undefined {
  const failure = job.failure ?? job.shipments.find((shipment) => shipment.failure)?.failure;
  // Journals of older versions (and the station until every host reads `stopped_before_start`) give every kind of
  // job stopped before it started `stopped_before_booking`: a job that books nothing must not read as a booking.
  if (failure?.detail === 'stopped_before_booking' && job.kind !== 'scan' && job.kind !== 'book_stored')
    return { ...failure, detail: 'stopped_before_start' };
  return failure;
}
