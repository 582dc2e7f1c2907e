import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { chmod, mkdtemp, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFileVault } from '../../../main/settings/file-vault';

/**
 * The web host's encrypted vault says why it cannot read a secret — never a silent "no key" — and keeps its key
 * file private and in place.
 */

const dir = () => mkdtemp(join(tmpdir(), 'packbench-vault-'));
const KEY = { id: 'key-id', secret: 'super-secret-value' };
const PASS = { PACKBENCH_VAULT_KEY: 'right passphrase' };

/** A vault file of the first format (before scrypt): IV, tag and ciphertext under `key`, no header. */
function firstFormat(key: Buffer, content: unknown): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(content), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

describe('a vault file that cannot be read says so, naming the file and what to do', () => {
  it('cut short: damaged', async () => {
    const d = await dir();
    await createFileVault(d, PASS).set(KEY);
    const file = join(d, 'secrets.enc');
    await writeFile(file, (await readFile(file)).subarray(0, 40));
    const read = await createFileVault(d, PASS).read();
    expect(read.key).toBeUndefined();
    expect(read.problem).toMatchObject({ code: 'damaged', file });
    expect(read.problem?.message).toContain(file);
    expect(read.problem?.message).toMatch(/enter the secret again/);
  });

  it('garbled inside: damaged (the key is right, the content is not)', async () => {
    const d = await dir();
    await createFileVault(d, PASS).set(KEY);
    const file = join(d, 'secrets.enc');
    const bytes = await readFile(file);
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 0xff;
    await writeFile(file, bytes);
    expect((await createFileVault(d, PASS).read()).problem?.code).toBe('damaged');
  });

  it('another passphrase: wrong_key, and the file is kept', async () => {
    const d = await dir();
    await createFileVault(d, PASS).set(KEY);
    const read = await createFileVault(d, { PACKBENCH_VAULT_KEY: 'wrong' }).read();
    expect(read).toEqual({
      problem: expect.objectContaining({ code: 'wrong_key', file: join(d, 'secrets.enc') }),
    });
    expect(read.problem?.message).toContain('PACKBENCH_VAULT_KEY');
    expect(await createFileVault(d, PASS).get()).toEqual(KEY);
  });

  it('saved with a passphrase, started without one: passphrase_missing', async () => {
    const d = await dir();
    await createFileVault(d, PASS).set(KEY);
    expect((await createFileVault(d, {}).read()).problem?.code).toBe('passphrase_missing');
  });

  it('another key file: wrong_key; its key file gone: key_missing, naming vault.key', async () => {
    const d = await dir();
    await createFileVault(d, {}).set(KEY);
    await writeFile(join(d, 'vault.key'), randomBytes(32));
    expect((await createFileVault(d, {}).read()).problem?.code).toBe('wrong_key');
    const { rm } = await import('node:fs/promises');
    await rm(join(d, 'vault.key'));
    const read = await createFileVault(d, {}).read();
    expect(read.problem?.code).toBe('key_missing');
    expect(read.problem?.message).toContain(join(d, 'vault.key'));
  });
});

describe('the key file', () => {
  it.runIf(process.platform !== 'win32')(
    'readable by other users is made private (0600), with a warning, and the key still reads',
    async () => {
      const d = await dir();
      await createFileVault(d, {}).set(KEY);
      await chmod(join(d, 'vault.key'), 0o644);
      const read = await createFileVault(d, {}).read();
      expect(read.key).toMatchObject(KEY);
      expect(read.problem).toMatchObject({ code: 'key_was_readable', file: join(d, 'vault.key') });
      expect(read.problem?.message).toContain('0644');
      expect((await stat(join(d, 'vault.key'))).mode & 0o777).toBe(0o600);
    },
  );

  it('damaged (16 bytes) is never replaced while another secret may be encrypted with it', async () => {
    const d = await dir();
    await createFileVault(d, {}, 'checkout').set({ id: 'client', secret: 'client-secret' });
    const damaged = randomBytes(16);
    await writeFile(join(d, 'vault.key'), damaged, { mode: 0o600 });
    expect((await createFileVault(d, {}).read()).problem).toBeUndefined(); // no Delivery key saved yet
    expect((await createFileVault(d, {}, 'checkout').read()).problem?.code).toBe('key_damaged');
    await expect(createFileVault(d, {}).set(KEY)).rejects.toThrow(/checkout-secrets\.enc/);
    expect(await readFile(join(d, 'vault.key'))).toEqual(damaged);
  });

  it('damaged, with no other secret on it: set aside, and a new one made for the key being saved', async () => {
    const d = await dir();
    const damaged = randomBytes(16);
    await writeFile(join(d, 'vault.key'), damaged, { mode: 0o600 });
    await createFileVault(d, {}).set(KEY);
    expect((await readFile(join(d, 'vault.key'))).length).toBe(32);
    const aside = (await readdir(d)).find((f) => f.startsWith('vault.key.corrupt-'));
    expect(await readFile(join(d, aside!))).toEqual(damaged);
    expect(await createFileVault(d, {}).get()).toEqual(KEY);
  });
});

describe('a passphrase', () => {
  it('goes through scrypt with a salt of its own in the file, never one SHA-256', async () => {
    const d = await dir();
    const vault = createFileVault(d, PASS);
    await vault.set(KEY);
    const first = await readFile(join(d, 'secrets.enc'));
    await vault.set(KEY);
    const second = await readFile(join(d, 'secrets.enc'));
    expect(first.subarray(0, 5)).toEqual(Buffer.from([...Buffer.from('PBV2'), 1]));
    // The salt (bytes 6..22) is new with every save.
    expect(first.subarray(6, 22).equals(second.subarray(6, 22))).toBe(false);
    // The first format's key, the passphrase's SHA-256, does not open it.
    const sha = createHash('sha256').update(PASS.PACKBENCH_VAULT_KEY).digest();
    const { createDecipheriv } = await import('node:crypto');
    const sealed = first.subarray(30);
    const decipher = createDecipheriv('aes-256-gcm', sha, sealed.subarray(0, 12));
    decipher.setAuthTag(sealed.subarray(12, 28));
    expect(() => Buffer.concat([decipher.update(sealed.subarray(28)), decipher.final()])).toThrow();
  });

  it('a vault of the first format (SHA-256 of the passphrase) still opens, once, and is written again through scrypt', async () => {
    const d = await dir();
    const sha = createHash('sha256').update(PASS.PACKBENCH_VAULT_KEY).digest();
    await writeFile(join(d, 'secrets.enc'), firstFormat(sha, KEY), { mode: 0o600 });
    expect(await createFileVault(d, PASS).get()).toEqual(KEY);
    const after = await readFile(join(d, 'secrets.enc'));
    expect(after.subarray(0, 5)).toEqual(Buffer.from([...Buffer.from('PBV2'), 1]));
    expect(await createFileVault(d, PASS).get()).toEqual(KEY);
  });

  it('a first-format vault on a key file opens too, and gets the new header', async () => {
    const d = await dir();
    const key = randomBytes(32);
    await writeFile(join(d, 'vault.key'), key, { mode: 0o600 });
    await writeFile(join(d, 'secrets.enc'), firstFormat(key, KEY), { mode: 0o600 });
    expect(await createFileVault(d, {}).get()).toEqual(KEY);
    expect((await readFile(join(d, 'secrets.enc'))).subarray(0, 5)).toEqual(
      Buffer.from([...Buffer.from('PBV2'), 0]),
    );
    expect(await readFile(join(d, 'vault.key'))).toEqual(key);
  });
});

describe('two secrets saved at the same moment in a new data folder', () => {
  it('share one key file: both read back, and no save replaced the key file the other used', async () => {
    const d = await dir();
    const checkout = { id: 'client', secret: 'client-secret' };
    await Promise.all([
      createFileVault(d, {}).set(KEY),
      createFileVault(d, {}, 'checkout').set(checkout),
      createFileVault(d, {}).set(KEY),
    ]);
    const delivery = await createFileVault(d, {}).read();
    const other = await createFileVault(d, {}, 'checkout').read();
    expect(delivery).toMatchObject({ key: KEY });
    expect(delivery.problem).toBeUndefined();
    expect(other).toMatchObject({ key: checkout });
    expect(other.problem).toBeUndefined();
    expect((await readdir(d)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});

describe('two secrets saved at the same moment beside a damaged key file', () => {
  it('share the one new key file: the second never moves away the key the first was saved with', async () => {
    const d = await dir();
    await writeFile(join(d, 'vault.key'), randomBytes(16), { mode: 0o600 });
    const checkout = { id: 'client', secret: 'client-secret' };
    await Promise.all([createFileVault(d, {}).set(KEY), createFileVault(d, {}, 'checkout').set(checkout)]);
    expect(await createFileVault(d, {}).read()).toMatchObject({ key: KEY });
    expect(await createFileVault(d, {}, 'checkout').read()).toMatchObject({ key: checkout });
    expect((await createFileVault(d, {}).read()).problem).toBeUndefined();
  });
});
