import type { MethodInput, ShipmentSummary } from '../../../preload/api';
import { StationError } from '../station-error';
import type { StationContext } from '../context';
import { failureFromDelivery } from '../failures';
import { toShipmentView } from './shipment-lookup';

/** nShift's shipment history (newest first, 50 a page, at most six months back) for lookups and reprints. */
export async function searchHistory(
  ctx: StationContext,
  input: MethodInput<'searchHistory'>,
): Promise<ShipmentSummary[]> {
  const result = await ctx.client().history.search({
    ...(input.searchField && input.searchValue
      ? { searchField: input.searchField, searchValue: input.searchValue }
      : {}),
    ...(input.dateFrom ? { dateFrom: input.dateFrom } : {}),
    ...(input.dateTo ? { dateTo: input.dateTo } : {}),
  });
  if (!result.ok) throw StationError.failed(failureFromDelivery(result.error));
  return result.value.map(toShipmentView);
}
