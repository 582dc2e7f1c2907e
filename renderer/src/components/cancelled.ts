import type { JobView } from '../../../preload/api';

/** Whether nShift's status word for a shipment says it is cancelled (its label is void). */
export function isCancelledStatus(status: string): boolean {
  return status.toUpperCase() === 'CANCELLED';
}

/** Shipments the station cancelled today (its cancel jobs): their labels are void, never to be reprinted. */
export function cancelledShipmentIds(jobs: readonly JobView[]): Set<string> {
  const ids = new Set<string>();
  for (const job of jobs)
    for (const shipment of job.shipments) if (shipment.state === 'cancelled') ids.add(shipment.shipmentId);
  return ids;
}

/** Whether everything a reprint of this job would print belongs to a cancelled shipment. */
export function reprintsOnlyCancelled(job: JobView, cancelled: ReadonlySet<string>): boolean {
  if (job.duplicateOf) return cancelled.has(job.duplicateOf.shipmentId);
  const own = job.shipments.filter((shipment) => !shipment.reference);
  return own.length > 0 && own.every((shipment) => cancelled.has(shipment.shipmentId));
}
