import type { StartupWarning, VaultNoticeCode } from '../../preload/api';
import type { Settings } from './schema';

/** Where settings live: a JSON file for the web and headless hosts, electron-store in the Electron host. */
export interface SettingsStore {
  /** `warning`: what the start must say about the file (set aside, or values refused). */
  load(): Promise<{ settings: Settings; warning?: StartupWarning }>;
  save(settings: Settings): Promise<void>;
}

export interface ApiKey {
  id: string;
  secret: string;
}

/**
 * A key as a vault keeps it: with the origins of the addresses it was entered for (main/settings/bound-secret.ts).
 * None: a key saved before keys were bound, or one from the environment or demo mode; the station binds it to
 * the addresses in force when it opens.
 */
export interface StoredKey extends ApiKey {
  origins?: string[];
}

/** Why a vault cannot give its secret, or what it wants said about it; `message` names the file and what to do. */
export interface VaultProblem {
  code: VaultNoticeCode;
  file: string;
  message: string;
}

/** What a vault read: the key, if it could, and a problem (with a key: a warning; without: why not). */
export interface VaultRead {
  key?: StoredKey;
  problem?: VaultProblem;
}

/** The id and secret of what `read()` found: what `get()` answers. */
export async function keyRead(vault: Pick<SecretVault, 'read'>): Promise<ApiKey | undefined> {
  const { key } = await vault.read();
  return key ? { id: key.id, secret: key.secret } : undefined;
}

/**
 * A secret not saved because its vault would have had to replace a key file that another vault file may still
 * be encrypted with (`other`): the message says to put the key file back, or to give up that file.
 */
export class VaultRefusal extends Error {
  constructor(
    readonly keyFile: string,
    readonly other: string,
    message: string,
  ) {
    super(message);
    this.name = 'VaultRefusal';
  }
}

/** Where the API key lives: encrypted at rest, never returned to the UI. */
export interface SecretVault {
  /** A short name for the status/README ("Electron safeStorage", "encrypted file", "environment"). */
  readonly kind: string;
  readonly writable: boolean;
  /** The key and, never silently, why it could not be read. */
  read(): Promise<VaultRead>;
  /** The key alone (without its origins), or undefined whatever the reason: `read()` says it. */
  get(): Promise<ApiKey | undefined>;
  set(key: StoredKey): Promise<void>;
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
