import type { AccountState, ConnectionTest } from '../../preload/api';
import type { DeliveryClient } from '../nshift/delivery/client';
import type { DeliveryError } from '../nshift/delivery/errors';
import type { Result } from '../result';
import { failureFromDelivery } from './failures';

/**
 * Which licences the API key lacks, found with cheap read-only calls (one per licence a station needs and
 * that can be probed without booking anything). A 403 names the licence from the route table.
 */
export async function probeMissingLicenses(client: DeliveryClient): Promise<string[]> {
  const probes: Promise<Result<unknown, DeliveryError>>[] = [
    client.storedShipments.list({
      searchField: 'orderNo',
      searchOp: 'equals',
      searchValue: 'packbench-licence-probe',
    }),
    client.history.search({ searchField: 'orderNo', searchValue: 'packbench-licence-probe' }),
    client.consolidated.listOpen({
      searchField: 'orderNo',
      searchOp: 'equals',
      searchValue: 'packbench-licence-probe',
    }),
  ];
  const missing = new Set<string>();
  for (const result of await Promise.all(probes)) {
    if (!result.ok && result.error.kind === 'access' && result.error.license)
      missing.add(result.error.license);
  }
  return [...missing];
}

/** The token exchange, then the licence probes: what the Settings screen's "test connection" shows. */
export async function testConnection(client: DeliveryClient, hasKey: boolean): Promise<ConnectionTest> {
  if (!hasKey) {
    return {
      ok: false,
      state: 'not_configured',
      message: 'No nShift API key is set up on this station.',
      missingLicenses: [],
    };
  }
  const warmed = await client.warm();
  if (!warmed.ok) {
    const state: AccountState =
      warmed.error.kind === 'auth'
        ? 'unauthorized'
        : warmed.error.kind === 'access'
          ? 'forbidden'
          : 'offline';
    return { ok: false, state, message: failureFromDelivery(warmed.error).message, missingLicenses: [] };
  }
  const missing = await probeMissingLicenses(client);
  if (missing.length > 0) {
    return {
      ok: false,
      state: 'forbidden',
      message: `Connected, but the account lacks: ${missing.join(', ')}.`,
      missingLicenses: missing,
    };
  }
  return { ok: true, state: 'connected', message: 'Connected to nShift.', missingLicenses: [] };
}
