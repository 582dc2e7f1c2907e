/**
 * What nShift reads as a consolidated booking: a shipment whose options hold `CONSOLIDATE` (ids are
 * case-insensitive) with a key joins the open consolidated shipment of that key; without the key nShift books a
 * normal shipment (docs/nshift-api.md, 1.5). Decided here once, for both sides of it: the client's
 * `consolidated.create` refuses unsent a request that would book a normal shipment, and the station reads a stored
 * shipment's key and gives it its own (main/station/shipment-rules.ts) through the same functions. A wire fact, not
 * a station rule, and it lives in the nShift layer because the client needs it and may not import the station.
 */
import type { Shipment, ShipmentOption } from './types';

/** Is this nShift's CONSOLIDATE option (whatever its case)? */
export function isConsolidateOption(option: Pick<ShipmentOption, 'id'>): boolean {
  return String(option.id).toUpperCase() === 'CONSOLIDATE';
}

/** The key of a shipment's CONSOLIDATE option (ids are case-insensitive), if it has one with a key. */
export function consolidationKeyOf(shipment: Shipment): string | undefined {
  const option = (shipment.options ?? []).find(isConsolidateOption);
  return typeof option?.key === 'string' && option.key.trim() ? option.key : undefined;
}
