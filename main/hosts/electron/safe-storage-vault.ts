import { safeStorage } from 'electron';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../../files/atomic';
import { apiKeySchema } from '../../settings/schema';
import { VAULT_SLOTS } from '../../settings/store';
import type { ApiKey, SecretVault, VaultSlot } from '../../settings/store';

/**
 * The API key (or, in the `checkout` slot, the Checkout client credentials) encrypted with Electron
 * safeStorage (DPAPI, Keychain, libsecret/kwallet) in userData.
 */
export function createSafeStorageVault(userData: string, slot: VaultSlot = 'delivery'): SecretVault {
  const file = join(userData, `${VAULT_SLOTS[slot].file}.bin`);
  return {
    kind: 'Electron safeStorage',
    writable: true,
    async get() {
      let blob: Buffer;
      try {
        blob = await readFile(file);
      } catch {
        return undefined;
      }
      try {
        const parsed = apiKeySchema.safeParse(JSON.parse(safeStorage.decryptString(blob)));
        return parsed.success ? parsed.data : undefined;
      } catch {
        return undefined;
      }
    },
    async set(key: ApiKey) {
      if (!safeStorage.isEncryptionAvailable()) {
        throw new Error(
          'This computer offers no encrypted storage for the API key (no keyring): ask IT to set one up.',
        );
      }
      await writeFileAtomic(file, safeStorage.encryptString(JSON.stringify(apiKeySchema.parse(key))), {
        mode: 0o600,
      });
    },
    async clear() {
      await rm(file, { force: true });
    },
  };
}
