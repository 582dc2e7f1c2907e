import type { JobShipment } from '../../../preload/api';
import type { ShipmentSummary } from '../../nshift/delivery';
import { record, type StationContext } from '../context';
import { detailsOf } from './shipment-lookup';
import type { ShipmentFacts } from './types';

/*
 * What a person reads of a shipment (its numbers, receiver and service): from a job that knew it, from nShift's
 * history, and recorded onto a job.
 */

/** A job's shipment's facts; the job's order number stands in for a shipment that has none of its own. */
export function factsOf(
  shipment: Readonly<Omit<JobShipment, 'documents' | 'failure'>>,
  jobOrderNo?: string,
): ShipmentFacts {
  const orderNo = shipment.orderNo ?? jobOrderNo;
  return {
    shipmentId: shipment.shipmentId,
    parcelNos: [...shipment.parcelNos],
    ...(shipment.shipmentNo ? { shipmentNo: shipment.shipmentNo } : {}),
    ...(orderNo ? { orderNo } : {}),
    ...(shipment.receiverName ? { receiverName: shipment.receiverName } : {}),
    ...(shipment.serviceId ? { serviceId: shipment.serviceId } : {}),
  };
}

/** A shipment's facts as nShift's history lists it. */
export function factsFromNShift(s: ShipmentSummary): ShipmentFacts {
  return { shipmentId: s.id, ...detailsOf(s), ...(s.orderNo ? { orderNo: s.orderNo } : {}) };
}

/** Adds what is known of a shipment to a job, so the UI shows its numbers and routing knows its service. */
export async function recordFacts(ctx: StationContext, jobId: string, facts: ShipmentFacts): Promise<void> {
  await record(ctx, {
    type: 'shipment_info',
    jobId,
    shipmentId: facts.shipmentId,
    ...(facts.shipmentNo ? { shipmentNo: facts.shipmentNo } : {}),
    ...(facts.orderNo ? { orderNo: facts.orderNo } : {}),
    ...(facts.parcelNos.length ? { parcelNos: facts.parcelNos } : {}),
    ...(facts.receiverName ? { receiverName: facts.receiverName } : {}),
    ...(facts.serviceId ? { serviceId: facts.serviceId } : {}),
  });
}
