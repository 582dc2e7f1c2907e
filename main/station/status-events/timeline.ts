import type { TrackingEvent, TrackingStep } from '../../../preload/api';
import type { Alert } from '../../nshift/delivery';
import type { StoredStatusEvent } from './store';

/**
 * nShift's status-event codes are not public beyond `STATUS_DELIVERED` (nshift-api.md 1.9): the steps a
 * packer needs are read from the code's words, and anything else is shown as nShift sent it.
 */
const STEPS: readonly { step: Exclude<TrackingStep, 'other'>; words: RegExp }[] = [
  { step: 'delivered', words: /DELIVERED/ },
  { step: 'in_transit', words: /IN_TRANSIT|TRANSIT|EN_ROUTE/ },
  { step: 'handed_over', words: /HANDED_OVER|HANDOVER|PICKED_UP|PICKUP|COLLECTED|RECEIVED_BY_CARRIER/ },
];

export function trackingStep(code: string): TrackingStep {
  const upper = code.toUpperCase();
  if (/NOT_DELIVERED|UNDELIVERED/.test(upper)) return 'other';
  return STEPS.find((s) => s.words.test(upper))?.step ?? 'other';
}

export function toTrackingEvent(event: StoredStatusEvent): TrackingEvent {
  return { code: event.code, step: trackingStep(event.code), at: event.at };
}

/** Whether the carrier has the shipment by its events: any hand-over, transit or delivery. */
export function handedOverByEvents(events: readonly TrackingEvent[]): boolean {
  return events.some((e) => e.step !== 'other');
}

/** A feed item as the station keeps it; one without a time or a shipment to match is of no use. */
export function fromAlert(alert: Alert): StoredStatusEvent | undefined {
  const info = alert.shipmentInfo as
    { shipmentNo?: unknown; orderNo?: unknown; parcels?: unknown } | null | undefined;
  const text = (value: unknown): string | undefined =>
    typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : undefined;
  const parcelNos = Array.isArray(info?.parcels)
    ? info.parcels
        .map((p: unknown) => text((p as { parcelNo?: unknown } | null)?.parcelNo))
        .filter((n): n is string => n !== undefined)
    : [];
  const shipmentNo = text(info?.shipmentNo);
  const at = alert.alertTime ?? alert.alertCreated;
  if (!alert.alertCode || !at || (!shipmentNo && parcelNos.length === 0)) return undefined;
  const orderNo = text(info?.orderNo);
  return {
    code: alert.alertCode,
    at,
    ...(shipmentNo ? { shipmentNo } : {}),
    ...(orderNo ? { orderNo } : {}),
    parcelNos,
  };
}
