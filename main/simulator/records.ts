/** `/_sim/records`: every booking ever made, with its outcome now, so tests can check exactly-once. */
import { formatTimestamp } from './format';
import type { BookingRecord, SimState } from './state';

export interface BookingRecordJson {
  seq: number;
  route: BookingRecord['route'];
  shipmentId: string;
  shipmentNo: string;
  orderNo: string | null;
  internalReference: string | null;
  orderId: string | null;
  storedId: string | null;
  consolidatedId: string | null;
  partOrderNo: string | null;
  parcelNos: string[];
  created: string;
  cancelled: boolean;
}

export function recordsJson(state: SimState): BookingRecordJson[] {
  return state.records.map((r) => {
    if (r.shipment) {
      const s = r.shipment;
      return {
        seq: r.seq,
        route: r.route,
        shipmentId: s.id,
        shipmentNo: s.shipmentNo,
        orderNo: s.orderNo,
        internalReference: s.internalReference ?? null,
        orderId: s.orderId ?? null,
        storedId: s.storedId ?? null,
        consolidatedId: s.consolidatedId ?? null,
        partOrderNo: null,
        parcelNos: s.parcels.map((p) => p.parcelNo),
        created: formatTimestamp(r.created),
        cancelled: s.status === 'CANCELLED',
      };
    }
    const c = r.consolidated!;
    const g = r.group!;
    return {
      seq: r.seq,
      route: r.route,
      shipmentId: c.id,
      shipmentNo: c.shipmentNo,
      orderNo: g.partOrderNo,
      internalReference: null,
      orderId: null,
      storedId: r.storedId ?? null,
      consolidatedId: c.id,
      partOrderNo: g.partOrderNo,
      parcelNos: g.parcels.map((p) => p.parcelNo),
      created: formatTimestamp(r.created),
      cancelled: c.status === 'DELETED' || !c.groups.includes(g),
    };
  });
}
