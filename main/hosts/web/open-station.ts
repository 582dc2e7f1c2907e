import { createFileSettingsStore } from '../../settings/file-store';
import type { SettingsLayer } from '../../settings/in-force';
import { createFileVault, createMemoryVault } from '../../settings/file-vault';
import { createStation, type Station } from '../../station/station';
import type { Demo } from '../shared/demo';
import { PACKBENCH_VERSION } from '../shared/version';

/**
 * The web host's station: its journal, spool and settings in `dataDir`, the API keys in encrypted files there
 * (or the demo's, in memory). The host loads this module only once its page is being served, so the browser
 * fetches and compiles the UI while this process loads the station's code and opens its journal.
 */
export function openStation({
  dataDir,
  demo,
  overrides,
  log,
}: {
  dataDir: string;
  demo: Demo | undefined;
  overrides: SettingsLayer[];
  log: (line: string) => void;
}): Promise<Station> {
  return createStation({
    dataDir,
    host: 'web',
    version: PACKBENCH_VERSION,
    demo: Boolean(demo),
    ...demo?.stationOptions,
    ...(demo ? { demoPrinter: { setFault: (fault) => demo.setLabelPrinterFault(fault) } } : {}),
    settingsStore: createFileSettingsStore(dataDir),
    vault: demo ? createMemoryVault(demo.apiKey) : createFileVault(dataDir),
    checkoutVault: demo
      ? createMemoryVault(demo.checkout.key)
      : createFileVault(dataDir, process.env, 'checkout'),
    overrides,
    log,
  });
}
