import type { AccountState, ConnectionTest } from '../../preload/api';
import type { DeliveryClient, DeliveryError } from '../nshift/delivery';
import type { Result } from '../result';
import { failureFromDelivery } from './failures';

/** What the probes learnt: the licences nShift refused, and the first probe nShift did not answer or refused the key on. */
interface ProbeOutcome {
  missingLicenses: string[];
  /** A probe that failed for another reason than a missing licence: nShift unreachable, failing, or the key refused. */
  failed?: DeliveryError;
}

/**
 * Reads that need the token, one per licence a station needs and that can be probed without booking anything: a
 * 403 names the licence from the route table. Each is a real request, so their answers also say whether nShift
 * can be reached now: a cached token says nothing about that.
 */
async function probeAccount(client: DeliveryClient): Promise<ProbeOutcome> {
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
  let failed: DeliveryError | undefined;
  for (const result of await Promise.all(probes)) {
    if (result.ok) continue;
    if (result.error.kind === 'access') {
      if (result.error.license) missing.add(result.error.license);
    } else if (result.error.kind !== 'not_found' && result.error.kind !== 'validation') {
      // A 404 or a refused filter is still nShift answering; anything else is not a working connection.
      failed ??= result.error;
    }
  }
  return { missingLicenses: [...missing], ...(failed ? { failed } : {}) };
}

function stateOf(error: DeliveryError): AccountState {
  return error.kind === 'auth' ? 'unauthorized' : error.kind === 'access' ? 'forbidden' : 'offline';
}

/**
 * The token exchange, then the licence probes: what the Settings screen's "test connection" shows. "Connected"
 * only when nShift answered the probes just now: the token may come from the cache without any request.
 */
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
    return {
      ok: false,
      state: stateOf(warmed.error),
      message: failureFromDelivery(warmed.error).message,
      missingLicenses: [],
    };
  }
  const { missingLicenses, failed } = await probeAccount(client);
  if (failed) {
    return {
      ok: false,
      state: stateOf(failed),
      message: failureFromDelivery(failed).message,
      missingLicenses: [],
    };
  }
  if (missingLicenses.length > 0) {
    return {
      ok: false,
      state: 'forbidden',
      message: `Connected, but the account lacks: ${missingLicenses.join(', ')}.`,
      missingLicenses,
    };
  }
  return { ok: true, state: 'connected', message: 'Connected to nShift.', missingLicenses: [] };
}
