import type { DeliveryClient } from '../nshift/delivery/client';
import type { DeliveryError } from '../nshift/delivery/errors';
import type { Result } from '../result';

/**
 * Which licences the API key lacks, found with cheap read-only calls (one per licence a station needs and
 * that can be probed without booking anything). A 403 names the licence from the route table.
 */
export async function probeMissingLicenses(client: DeliveryClient): Promise<string[]> {
  const probes: Promise<Result<unknown, DeliveryError>>[] = [
    client.storedShipments.list({ searchField: 'orderNo', searchOp: 'equals', searchValue: 'packbench-licence-probe' }),
    client.history.search({ searchField: 'orderNo', searchValue: 'packbench-licence-probe' }),
    client.consolidated.listOpen({ searchField: 'orderNo', searchOp: 'equals', searchValue: 'packbench-licence-probe' }),
  ];
  const missing = new Set<string>();
  for (const result of await Promise.all(probes)) {
    if (!result.ok && result.error.kind === 'access' && result.error.license) missing.add(result.error.license);
  }
  return [...missing];
}
