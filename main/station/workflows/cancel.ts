import type { ShipmentSummary } from '../../../preload/api';
import { StationError } from '../station-error';
import { fail, record, type StationContext } from '../context';
import { codeFailure, failureFromDelivery, failureOf } from '../failures';
import { cancelledHere, findShipments, isCancelled, toShipmentView } from './shipment-lookup';
import { withTracking } from './history';
import type { StartJob } from './types';

/** The shipment a scanned shipment or parcel number points at, with its live state for the confirmation. */
export async function lookupShipment(ctx: StationContext, code: string): Promise<ShipmentSummary> {
  const found = await findShipments(ctx, code.trim());
  if ('error' in found) throw StationError.failed(failureFromDelivery(found.error));
  const live = found.filter((s) => !isCancelled(s));
  // An order number of a split order names several shipments, and a cancel is of one: none is picked for the
  // packer (a confirmation may be a script's `:cancel`, which has none), each is named to cancel by its own.
  if (live.length > 1) {
    const shipmentNos = live.map((s) => s.shipmentNo ?? s.id).join(', ');
    throw StationError.failed(
      failureOf(
        'several_shipments',
        `"${code}" matches ${live.length} shipments (${shipmentNos}): nothing was cancelled. Cancel each one by its shipment or parcel number.`,
        { code, shipmentNos },
      ),
    );
  }
  const pick = live[0] ?? found[0];
  if (!pick)
    throw StationError.failed(
      failureOf(
        'no_match',
        `No shipment matches "${code}": nothing was cancelled. Check the code: a shipment or parcel number from the label, or the order number.`,
        { code },
      ),
    );
  // The carrier's status events may know it was handed over before nShift's shipment record shows it.
  const { timeline: _timeline, ...view } = await withTracking(ctx, toShipmentView(pick));
  return view;
}

/**
 * Cancels a shipment in nShift (the carrier is told when it supports it). The UI confirms first and shows the
 * penalty warning for shipments already handed over; the station refuses a call without `confirm: true`.
 */
export async function startCancel(
  ctx: StationContext,
  startJob: StartJob,
  input: { shipmentId: string; code?: string },
): Promise<{ jobId: string }> {
  const jobId = await startJob('cancel', input.code ?? input.shipmentId, async (id) => {
    if (cancelledHere(ctx).has(input.shipmentId)) {
      return fail(
        ctx,
        id,
        codeFailure('already_cancelled', `Shipment ${input.shipmentId} is already cancelled.`),
      );
    }
    const result = await ctx.client().shipments.cancel(input.shipmentId);
    if (!result.ok) {
      if (result.error.kind === 'not_found') {
        return fail(
          ctx,
          id,
          codeFailure(
            'not_cancellable',
            `Shipment ${input.shipmentId} is not in nShift (or no longer cancellable).`,
          ),
        );
      }
      return fail(ctx, id, failureFromDelivery(result.error));
    }
    await record(ctx, { type: 'cancelled', jobId: id, shipmentId: input.shipmentId });
  });
  return { jobId };
}
