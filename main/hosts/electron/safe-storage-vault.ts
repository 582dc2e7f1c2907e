import { safeStorage } from 'electron';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../../files/atomic';
import { storedKeySchema } from '../../settings/schema';
import { keyRead, VAULT_SLOTS } from '../../settings/store';
import type { StoredKey, SecretVault, VaultProblem, VaultRead, VaultSlot } from '../../settings/store';

/**
 * The API key (or, in the `checkout` slot, the Checkout client credentials) encrypted with Electron
 * safeStorage (DPAPI, Keychain, libsecret/kwallet) in userData. A file it cannot decrypt is said, never read
 * as "no key"; and on Linux without a keyring, where safeStorage falls back to a fixed password (`basic_text`),
 * the vault says that too, so Settings can warn.
 */
export function createSafeStorageVault(userData: string, slot: VaultSlot = 'delivery'): SecretVault {
  const file = join(userData, `${VAULT_SLOTS[slot].file}.bin`);

  /** safeStorage's backend on Linux (`getSelectedStorageBackend` exists there only, once the app is ready). */
  function basicText(): VaultProblem | undefined {
    if (process.platform !== 'linux') return undefined;
    if (safeStorage.getSelectedStorageBackend?.() !== 'basic_text') return undefined;
    return {
      code: 'basic_text',
      file,
      message: `This computer has no keyring (GNOME Keyring, KWallet), so Electron keeps the secret in ${file} encrypted with a fixed password that any program of this user can undo. Ask IT to set up a keyring, then enter the secret again.`,
    };
  }

  async function read(): Promise<VaultRead> {
    const warning = basicText();
    let blob: Buffer;
    try {
      blob = await readFile(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return warning ? { problem: warning } : {};
      throw error;
    }
    let text: string;
    try {
      text = safeStorage.decryptString(blob);
    } catch {
      return {
        problem: {
          code: 'cannot_decrypt',
          file,
          message: `${file} cannot be decrypted with this computer's keyring (the keyring or the user account changed, or the file is damaged): enter the secret again in Settings.`,
        },
      };
    }
    let parsed: ReturnType<typeof storedKeySchema.safeParse>;
    try {
      parsed = storedKeySchema.safeParse(JSON.parse(text));
    } catch {
      parsed = storedKeySchema.safeParse(undefined);
    }
    if (!parsed.success)
      return {
        problem: {
          code: 'damaged',
          file,
          message: `${file} is damaged and cannot be read: enter the secret again in Settings.`,
        },
      };
    return { key: parsed.data, ...(warning ? { problem: warning } : {}) };
  }

  const vault: SecretVault = {
    kind: 'Electron safeStorage',
    writable: true,
    read,
    get: () => keyRead(vault),
    async set(key: StoredKey) {
      if (!safeStorage.isEncryptionAvailable()) {
        throw new Error(
          'This computer offers no encrypted storage for the API key (no keyring): ask IT to set one up.',
        );
      }
      await writeFileAtomic(file, safeStorage.encryptString(JSON.stringify(storedKeySchema.parse(key))), {
        mode: 0o600,
      });
    },
    async clear() {
      await rm(file, { force: true });
    },
  };
  return vault;
}
