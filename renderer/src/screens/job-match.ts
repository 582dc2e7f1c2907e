import type { JobView } from '../../../preload/api';

/**
 * The newest of today's jobs a scanned code belongs to: its scan, consolidation key, order, shipment or parcel
 * number.
 */
export function findJobForCode(jobs: JobView[], code: string): JobView | undefined {
  const wanted = code.trim().toLowerCase();
  const same = (value: string | undefined) => value !== undefined && value.toLowerCase() === wanted;
  return jobs.find(
    (job) =>
      same(job.scan) ||
      same(job.consolidationKey) ||
      same(job.orderNo) ||
      job.shipments.some(
        (shipment) =>
          same(shipment.shipmentNo) ||
          same(shipment.shipmentId) ||
          same(shipment.orderNo) ||
          shipment.parcelNos.some((parcel) => same(parcel)),
      ),
  );
}
