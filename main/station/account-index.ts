import { join } from 'node:path';
import type { Settings } from '../settings/schema';
import { LocalIndex } from './local-index';
import { createIndexFile, INDEX_FILE, indexAccount } from './local-index-file';
import type { NshiftConnections } from './nshift-connections';
import type { StationOptions } from './station-options';

/**
 * The local index of the account in use (open orders and READY stored shipments), refreshed over its own
 * connection at the settings' interval; none when the settings turn it off. The connections reset it when the
 * account changes.
 */
export function openAccountIndex(
  options: Pick<StationOptions, 'dataDir' | 'indexOptions'> & {
    settings(): Settings;
    connections: Pick<NshiftConnections, 'indexClient' | 'requestRate' | 'deliveryKey'>;
    log(line: string): void;
  },
): LocalIndex | undefined {
  const { connections, log } = options;
  const settings = options.settings();
  return settings.resolve.indexRefreshSeconds > 0
    ? new LocalIndex({
        client: connections.indexClient,
        requestRate: connections.requestRate,
        intervalMs: settings.resolve.indexRefreshSeconds * 1000,
        log,
        // Kept between starts for the account in use: another key or Delivery URL never reads it.
        file: createIndexFile({
          path: join(options.dataDir, INDEX_FILE),
          account: () => {
            const key = connections.deliveryKey();
            return key ? indexAccount(options.settings().deliveryUrl, key.id) : undefined;
          },
          log,
        }),
        ...options.indexOptions,
      })
    : undefined;
}
