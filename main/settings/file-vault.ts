import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../files/atomic';
import { apiKeySchema } from './schema';
import { VAULT_SLOTS } from './store';
import type { ApiKey, SecretVault, VaultSlot } from './store';

/**
 * The API key (or, in the `checkout` slot, the Checkout client credentials in `checkout-secrets.enc`) for
 * the web host: AES-256-GCM in `<dataDir>/secrets.enc`. The encryption key comes from
 * `PACKBENCH_VAULT_KEY` (any passphrase; hashed to 32 bytes) or, without it, from a random key file that only
 * this OS user can read (`<dataDir>/vault.key`, mode 0600). Electron uses safeStorage instead (hosts/electron).
 */
export function createFileVault(
  dataDir: string,
  env: NodeJS.ProcessEnv = process.env,
  slot: VaultSlot = 'delivery',
): SecretVault {
  const file = join(dataDir, `${VAULT_SLOTS[slot].file}.enc`);
  const keyFile = join(dataDir, 'vault.key');

  async function encryptionKey(create: boolean): Promise<Buffer | undefined> {
    const passphrase = env.PACKBENCH_VAULT_KEY;
    if (passphrase) return createHash('sha256').update(passphrase, 'utf8').digest();
    try {
      const key = await readFile(keyFile);
      if (key.length === 32) return key;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    if (!create) return undefined;
    const key = randomBytes(32);
    await writeFileAtomic(keyFile, key, { mode: 0o600 });
    return key;
  }

  return {
    kind: 'encrypted file',
    writable: true,
    async get() {
      let blob: Buffer;
      try {
        blob = await readFile(file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
      const key = await encryptionKey(false);
      if (!key || blob.length < 29) return undefined;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, blob.subarray(0, 12));
        decipher.setAuthTag(blob.subarray(12, 28));
        const plain = Buffer.concat([decipher.update(blob.subarray(28)), decipher.final()]);
        const parsed = apiKeySchema.safeParse(JSON.parse(plain.toString('utf8')));
        return parsed.success ? parsed.data : undefined;
      } catch {
        // Wrong key or a damaged file: behave as "no key stored", so the admin can enter it again.
        return undefined;
      }
    },
    async set(apiKey: ApiKey) {
      const key = await encryptionKey(true);
      if (!key) throw new Error('No encryption key for the secret vault.');
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([
        cipher.update(JSON.stringify(apiKeySchema.parse(apiKey)), 'utf8'),
        cipher.final(),
      ]);
      await writeFileAtomic(file, Buffer.concat([iv, cipher.getAuthTag(), body]), { mode: 0o600 });
    },
    async clear() {
      await rm(file, { force: true });
    },
  };
}

/**
 * The headless host's key: only from the environment (PACKBENCH_API_KEY_ID / PACKBENCH_API_KEY_SECRET; the
 * Checkout slot: PACKBENCH_CHECKOUT_CLIENT_ID / PACKBENCH_CHECKOUT_CLIENT_SECRET).
 */
export function createEnvVault(
  env: NodeJS.ProcessEnv = process.env,
  slot: VaultSlot = 'delivery',
): SecretVault {
  const { idVar, secretVar } = VAULT_SLOTS[slot];
  const fromEnv = (): ApiKey | undefined => {
    const id = env[idVar];
    const secret = env[secretVar];
    return id && secret ? { id, secret } : undefined;
  };
  return {
    kind: 'environment',
    writable: false,
    get: async () => fromEnv(),
    set: async () => {
      throw new Error(`The headless host takes this secret from ${idVar} and ${secretVar} only.`);
    },
    clear: async () => {},
  };
}

/** A vault held in memory (demo mode, tests). */
export function createMemoryVault(initial?: ApiKey): SecretVault {
  let key = initial;
  return {
    kind: 'memory',
    writable: true,
    get: async () => key,
    set: async (k) => {
      key = k;
    },
    clear: async () => {
      key = undefined;
    },
  };
}
