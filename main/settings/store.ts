import type { Settings } from './schema';

/** Where settings live: a JSON file for the web and headless hosts, electron-store in the Electron host. */
export interface SettingsStore {
  load(): Promise<{ settings: Settings; warning?: string }>;
  save(settings: Settings): Promise<void>;
}

export interface ApiKey {
  id: string;
  secret: string;
}

/** Where the API key lives: encrypted at rest, never returned to the UI. */
export interface SecretVault {
  /** A short name for the status/README ("Electron safeStorage", "encrypted file", "environment"). */
  readonly kind: string;
  readonly writable: boolean;
  get(): Promise<ApiKey | undefined>;
  set(key: ApiKey): Promise<void>;
  clear(): Promise<void>;
}

/**
 * Which secret a vault holds: the Delivery API key, or the Checkout client credentials (client id +
 * secret, stored the same way). Each has its own file and, for the headless host, its own variables.
 */
export type VaultSlot = 'delivery' | 'checkout';

export const VAULT_SLOTS: Record<VaultSlot, { file: string; idVar: string; secretVar: string }> = {
  delivery: { file: 'secrets', idVar: 'PACKBENCH_API_KEY_ID', secretVar: 'PACKBENCH_API_KEY_SECRET' },
  checkout: {
    file: 'checkout-secrets',
    idVar: 'PACKBENCH_CHECKOUT_CLIENT_ID',
    secretVar: 'PACKBENCH_CHECKOUT_CLIENT_SECRET',
  },
};
