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
