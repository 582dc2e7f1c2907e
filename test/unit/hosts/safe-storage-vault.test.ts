import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createSafeStorageVault } from '../../../main/hosts/electron/safe-storage-vault';

/** The desktop vault, with Electron's safeStorage played by the test (the binary cannot run here). */
const storage = vi.hoisted(() => ({ backend: 'gnome_libsecret', broken: false }));
vi.mock('electron', () => ({
  safeStorage: {
    isEncryptionAvailable: () => true,
    getSelectedStorageBackend: () => storage.backend,
    encryptString: (text: string) => Buffer.from(`enc:${text}`),
    decryptString: (blob: Buffer) => {
      if (storage.broken || !blob.toString().startsWith('enc:')) throw new Error('Error while decrypting');
      return blob.toString().slice(4);
    },
  },
}));

beforeEach(() => {
  storage.backend = 'gnome_libsecret';
  storage.broken = false;
});

const KEY = { id: 'key-id', secret: 'super-secret-value' };

describe('the Electron safeStorage vault', () => {
  it('keeps the key and gives it back', async () => {
    const vault = createSafeStorageVault(await mkdtemp(join(tmpdir(), 'packbench-safe-')));
    await vault.set(KEY);
    expect(await vault.read()).toEqual({ key: KEY });
  });

  it('says when the keyring cannot decrypt the file, naming it, rather than "no key"', async () => {
    const d = await mkdtemp(join(tmpdir(), 'packbench-safe-'));
    await createSafeStorageVault(d).set(KEY);
    storage.broken = true;
    const read = await createSafeStorageVault(d).read();
    expect(read.key).toBeUndefined();
    expect(read.problem).toMatchObject({ code: 'cannot_decrypt', file: join(d, 'secrets.bin') });
  });

  it('says a file that decrypts to something else is damaged', async () => {
    const d = await mkdtemp(join(tmpdir(), 'packbench-safe-'));
    await writeFile(join(d, 'checkout-secrets.bin'), 'enc:{"not":"a key"}');
    expect((await createSafeStorageVault(d, 'checkout').read()).problem?.code).toBe('damaged');
  });

  it.runIf(process.platform === 'linux')(
    'warns when safeStorage has no keyring here and uses basic_text, with a key saved or not',
    async () => {
      storage.backend = 'basic_text';
      const d = await mkdtemp(join(tmpdir(), 'packbench-safe-'));
      const vault = createSafeStorageVault(d);
      expect((await vault.read()).problem).toMatchObject({
        code: 'basic_text',
        file: join(d, 'secrets.bin'),
      });
      await vault.set(KEY);
      const read = await vault.read();
      expect(read.key).toEqual(KEY);
      expect(read.problem?.code).toBe('basic_text');
      expect(read.problem?.message).toMatch(/no keyring/);
    },
  );
});
