import type { StoredShipmentView } from '../../../preload/api';
import type { StoredShipment } from '../../nshift/delivery';
import { StationError } from '../station-error';
import { fail, record, type StationContext } from '../context';
import { failureFromDelivery, failureOf } from '../failures';
import { isInvalid, isReady, storedInvalid } from './resolve';
import { bookAndPrint } from './scan';
import type { StartJob } from './types';

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
function objectField(value: unknown, key: string): unknown {
  return value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
}

/**
 * What the Stored list shows of a stored shipment: nShift's summary fields (its list answers carry no shipment
 * data), else what a fetched shipment holds.
 */
export function toStoredView(s: StoredShipment): StoredShipmentView {
  const shipment = s.shipment ?? {};
  const parcels = objectField(shipment, 'parcels');
  const receiverName = s.rcvName ?? text(objectField(objectField(shipment, 'receiver'), 'name'));
  const serviceId = s.serviceId ?? text(objectField(objectField(shipment, 'service'), 'id'));
  const parcelCount =
    s.parcelCount ??
    (Array.isArray(parcels)
      ? parcels.reduce((n: number, p) => n + (Number(objectField(p, 'copies')) || 1), 0)
      : undefined);
  return {
    storedId: s.id,
    status: (s.status ?? 'UNKNOWN').toUpperCase(),
    ...(parcelCount !== undefined ? { parcelCount } : {}),
    ...(s.orderNo ? { orderNo: s.orderNo } : {}),
    ...(receiverName ? { receiverName } : {}),
    ...(serviceId ? { serviceId } : {}),
    ...(s.created ? { created: s.created } : {}),
  };
}

export async function listStored(
  ctx: StationContext,
  orderNo: string | undefined,
): Promise<StoredShipmentView[]> {
  const result = await ctx
    .client()
    .storedShipments.list(
      orderNo ? { searchField: 'orderNo', searchOp: 'equals', searchValue: orderNo } : { status: 'ready' },
    );
  if (!result.ok) throw StationError.failed(failureFromDelivery(result.error));
  return result.value.map(toStoredView);
}

/** Books one stored shipment from the Stored screen: the same exactly-once path as a scan. */
export async function startBookStored(
  ctx: StationContext,
  startJob: StartJob,
  storedId: string,
): Promise<{ jobId: string }> {
  const stored = await ctx.client().storedShipments.get(storedId);
  if (!stored.ok) throw StationError.failed(failureFromDelivery(stored.error));
  const orderNo = stored.value.orderNo ?? undefined;
  const jobId = await startJob('book_stored', orderNo ?? storedId, async (id) => {
    // Not ready because nShift could not validate it: never booked, so never "already booked".
    if (isInvalid(stored.value)) return fail(ctx, id, storedInvalid(stored.value, orderNo ?? storedId));
    if (!isReady(stored.value)) {
      return fail(
        ctx,
        id,
        failureOf(
          'stored_not_ready',
          `The stored shipment ${storedId} is ${stored.value.status ?? 'not ready'}: it cannot be booked again.`,
          { status: stored.value.status ?? '' },
        ),
      );
    }
    const target = { type: 'stored' as const, storedId, ...(orderNo ? { orderNo } : {}) };
    await record(ctx, {
      type: 'resolved',
      jobId: id,
      source: 'stored',
      ...(orderNo ? { orderNo } : {}),
      targets: [target],
    });
    await bookAndPrint(ctx, id, orderNo ?? storedId, [target], new Set());
  });
  return { jobId };
}

export async function deleteStored(ctx: StationContext, storedId: string): Promise<{ deleted: true }> {
  const result = await ctx.client().storedShipments.delete(storedId);
  if (!result.ok) throw StationError.failed(failureFromDelivery(result.error));
  ctx.log(`stored shipment ${storedId} deleted`);
  return { deleted: true };
}
