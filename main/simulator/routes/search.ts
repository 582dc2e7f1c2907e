/**
 * The searches the stored, open-consolidated and manifest lists and the history share (`searchField`, `searchOp`,
 * `searchValue`, dates): one module for the routes that read them, rather than one route file importing another's.
 */
import { parseQueryDate } from '../format';
import type { SimShipment } from '../state';

export type SearchOp = 'equals' | 'contains' | 'startsWith' | 'endsWith';

export function textMatches(value: string | null | undefined, op: string, wanted: string): boolean {
  if (value === null || value === undefined) return false;
  const v = value.toLowerCase();
  const w = wanted.toLowerCase();
  switch (op) {
    case 'contains':
      return v.includes(w);
    case 'startsWith':
      return v.startsWith(w);
    case 'endsWith':
      return v.endsWith(w);
    default:
      return v === w;
  }
}

/** What a search field names on a booked shipment (parcel numbers include the return parcels'). */
export function shipmentSearchValues(s: SimShipment, field: string): (string | null | undefined)[] {
  if (field === 'orderNo') return [s.orderNo];
  if (field === 'shipmentNo') return [s.shipmentNo];
  if (field === 'parcelNo') return s.parcels.flatMap((p) => [p.parcelNo, p.returnParcelNo]);
  if (field === 'reference') return [s.reference];
  return [];
}

/** The filters shared by the stored and the open-consolidated lists. */
export function listFilter(query: URLSearchParams): {
  field: string | null;
  op: string;
  value: string | null;
  status: string | null;
  dateType: string;
  from?: number;
  to?: number;
} {
  return {
    field: query.get('searchField'),
    op: query.get('searchOp') ?? 'equals',
    value: query.get('searchValue'),
    status: query.get('status')?.toUpperCase() ?? null,
    dateType: query.get('dateType') ?? 'created',
    from: parseQueryDate(query.get('dateFrom'), 'from'),
    to: parseQueryDate(query.get('dateTo'), 'to'),
  };
}
