import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  scrypt,
  timingSafeEqual,
  type BinaryLike,
  type ScryptOptions,
} from 'node:crypto';
import { chmod, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import PQueue from 'p-queue';
import { writeFileAtomic } from '../files/atomic';
import { storedKeySchema } from './schema';
import { keyRead, VAULT_SLOTS, VaultRefusal } from './store';
import type { StoredKey, SecretVault, VaultProblem, VaultRead, VaultSlot } from './store';

/**
 * The API key (or, in the `checkout` slot, the Checkout client credentials in `checkout-secrets.enc`) for
 * the web host: AES-256-GCM in `<dataDir>/secrets.enc`. The encryption key comes from `PACKBENCH_VAULT_KEY` (a
 * passphrase, through scrypt with a random salt kept in the file) or, without it, from a random key file that
 * only this OS user can read (`<dataDir>/vault.key`, mode 0600). Electron uses safeStorage instead
 * (hosts/electron).
 *
 * It never reads as "no key" when there is one it cannot read: `read()` says why (damaged, another passphrase or
 * key file, the key file missing or damaged) with the file and what to do. A key file other users can read is made
 * private, with a warning. A key file is never replaced while another vault file may be encrypted with it.
 *
 * The file: "PBV2", the key's source (0 the key file, 1 scrypt), scrypt's log2 N, a 16-byte salt, an 8-byte check
 * of the key (an HMAC, so a wrong key is told from a damaged file), then the 12-byte IV, the 16-byte GCM tag and
 * the ciphertext. A file of the first format (no header; a passphrase hashed once with SHA-256) still opens, once:
 * it is written again in this one.
 */

const MAGIC = Buffer.from('PBV2', 'latin1');
const FROM_KEY_FILE = 0;
const FROM_PASSPHRASE = 1;
/** scrypt with N = 2^15, r = 8: 32 MB and about a tenth of a second, OWASP's floor for interactive logins. */
const SCRYPT_LOG_N = 15;
const SCRYPT_R = 8;
const SALT_BYTES = 16;
const CHECK_BYTES = 8;
const HEADER_BYTES = MAGIC.length + 2 + SALT_BYTES + CHECK_BYTES;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_FILE = 'vault.key';

/**
 * One look at a key file at a time (per path): two secrets saved at once would otherwise each find it missing or
 * damaged, and each make one, the second replacing or moving away the first's. The data folder's lock keeps other
 * processes out (main/hosts/shared/data-dir-lock.ts).
 */
const keyFileTurns = new Map<string, PQueue>();

function inKeyFileTurn(keyFilePath: string, work: () => Promise<Buffer>): Promise<Buffer> {
  let turns = keyFileTurns.get(keyFilePath);
  if (!turns) keyFileTurns.set(keyFilePath, (turns = new PQueue({ concurrency: 1 })));
  return turns.add(work, { throwOnTimeout: true });
}

export function createFileVault(
  dataDir: string,
  env: NodeJS.ProcessEnv = process.env,
  slot: VaultSlot = 'delivery',
): SecretVault {
  const name = `${VAULT_SLOTS[slot].file}.enc`;
  const file = join(dataDir, name);
  const keyFilePath = join(dataDir, KEY_FILE);
  const passphrase = (): string | undefined => env.PACKBENCH_VAULT_KEY || undefined;
  const problem = (code: VaultProblem['code'], message: string, about = file): VaultProblem => ({
    code,
    file: about,
    message,
  });
  const enterAgain = 'or enter the secret again in Settings (saving it writes a new file)';

  /** The key file's key, made private if others could read it; or why there is none. */
  async function keyFile(): Promise<{ key?: Buffer; problem?: VaultProblem }> {
    let key: Buffer;
    try {
      key = await readFile(keyFilePath);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      return {
        problem: problem(
          'key_missing',
          `${file} cannot be read: its key file ${keyFilePath} is missing. Put vault.key back (from a backup), ${enterAgain}.`,
        ),
      };
    }
    if (key.length !== 32)
      return {
        problem: problem(
          'key_damaged',
          `${keyFilePath} is damaged (${key.length} bytes, not 32), so ${file} cannot be read. Put vault.key back (from a backup), ${enterAgain}.`,
          keyFilePath,
        ),
      };
    return { key, ...(await madePrivate(keyFilePath)) };
  }

  async function read(): Promise<VaultRead> {
    let blob: Buffer;
    try {
      blob = await readFile(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw error;
    }
    const damaged = problem(
      'damaged',
      `${file} is damaged (cut short or not a Packbench vault) and cannot be read: restore it from a backup, ${enterAgain}.`,
    );
    if (!blob.subarray(0, MAGIC.length).equals(MAGIC)) return readFirstFormat(blob, damaged);
    if (blob.length <= HEADER_BYTES + IV_BYTES + TAG_BYTES) return { problem: damaged };
    const source = blob[MAGIC.length];
    const logN = blob[MAGIC.length + 1] ?? 0;
    const salt = blob.subarray(MAGIC.length + 2, MAGIC.length + 2 + SALT_BYTES);
    const check = blob.subarray(HEADER_BYTES - CHECK_BYTES, HEADER_BYTES);
    let key: Buffer;
    let warning: VaultProblem | undefined;
    if (source === FROM_PASSPHRASE) {
      const given = passphrase();
      if (!given)
        return {
          problem: problem(
            'passphrase_missing',
            `${file} was saved with a passphrase (PACKBENCH_VAULT_KEY), which this start does not have: start with it, ${enterAgain}.`,
          ),
        };
      if (logN < 10 || logN > 20) return { problem: damaged };
      key = await scryptKey(given, salt, logN);
    } else if (source === FROM_KEY_FILE) {
      const found = await keyFile();
      if (!found.key) return { problem: found.problem };
      key = found.key;
      warning = found.problem;
    } else return { problem: damaged };
    if (!timingSafeEqual(keyCheck(key), check))
      return {
        problem: problem(
          'wrong_key',
          source === FROM_PASSPHRASE
            ? `${file} was saved with another passphrase (PACKBENCH_VAULT_KEY): start with that one, ${enterAgain}.`
            : `${file} was saved with another key file than ${keyFilePath}: put that vault.key back, ${enterAgain}.`,
        ),
      };
    const stored = decrypt(key, blob.subarray(HEADER_BYTES));
    if (!stored) return { problem: damaged };
    return { key: stored, ...(warning ? { problem: warning } : {}) };
  }

  /** The first format: no header, the key a passphrase's SHA-256 or the key file. Opened once, then rewritten. */
  async function readFirstFormat(blob: Buffer, damaged: VaultProblem): Promise<VaultRead> {
    if (blob.length <= IV_BYTES + TAG_BYTES) return { problem: damaged };
    const given = passphrase();
    const found = given ? undefined : await keyFile();
    if (found && !found.key) return { problem: found.problem };
    const key = given ? createHash('sha256').update(given, 'utf8').digest() : found!.key!;
    const stored = decrypt(key, blob);
    if (!stored)
      return {
        problem: problem(
          'wrong_key',
          `${file} cannot be decrypted: it was saved with another ${given ? 'passphrase (PACKBENCH_VAULT_KEY)' : `key file than ${keyFilePath}`}, or it is damaged. Start with the passphrase or key file it was saved with, ${enterAgain}.`,
        ),
      };
    // A passphrase hashed once with SHA-256 is cheap to guess: the file is written again, through scrypt (a write
    // that fails now is tried again at the next start; the key reads either way).
    await set(stored).catch(() => undefined);
    return { key: stored, ...(found?.problem ? { problem: found.problem } : {}) };
  }

  /** The encryption key for a new file, and how it was made. */
  async function keyForWriting(): Promise<{ key: Buffer; header: Buffer }> {
    const given = passphrase();
    if (given) {
      const salt = randomBytes(SALT_BYTES);
      const key = await scryptKey(given, salt, SCRYPT_LOG_N);
      return { key, header: header(FROM_PASSPHRASE, SCRYPT_LOG_N, salt, key) };
    }
    // Looked at again in its turn: a save just before this one may have made or replaced the key file.
    const key = await inKeyFileTurn(keyFilePath, async () => {
      const found = await keyFile();
      return found.key ?? (await newKeyFile(found.problem));
    });
    return { key, header: header(FROM_KEY_FILE, 0, Buffer.alloc(SALT_BYTES), key) };
  }

  /**
   * A key file made because there is none (or only a damaged one). Never while another vault file may be
   * encrypted with the one that was there: that file would be lost for good, also once the old key file is back.
   */
  async function newKeyFile(why: VaultProblem | undefined): Promise<Buffer> {
    const others = Object.values(VAULT_SLOTS)
      .map((s) => join(dataDir, `${s.file}.enc`))
      .filter((other) => other !== file);
    for (const other of others) {
      if (await usesKeyFile(other))
        throw new VaultRefusal(
          keyFilePath,
          other,
          `${why?.message ?? `${keyFilePath} cannot be used.`} A new key file is not made while ${other} may be encrypted with the old one: put vault.key back, or remove ${other} to give up its secret.`,
        );
    }
    if (why?.code === 'key_damaged') await rename(keyFilePath, `${keyFilePath}.corrupt-${Date.now()}`);
    const key = randomBytes(32);
    await writeFileAtomic(keyFilePath, key, { mode: 0o600 });
    return key;
  }

  async function set(stored: StoredKey): Promise<void> {
    const { key, header: head } = await keyForWriting();
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const body = Buffer.concat([
      cipher.update(JSON.stringify(storedKeySchema.parse(stored)), 'utf8'),
      cipher.final(),
    ]);
    await writeFileAtomic(file, Buffer.concat([head, iv, cipher.getAuthTag(), body]), { mode: 0o600 });
  }

  const vault: SecretVault = {
    kind: 'encrypted file',
    writable: true,
    read,
    get: () => keyRead(vault),
    set,
    async clear() {
      await rm(file, { force: true });
    },
  };
  return vault;
}

/** The vault file's header: its magic, the key's source and scrypt cost, the salt, and the key's check. */
function header(source: number, logN: number, salt: Buffer, key: Buffer): Buffer {
  return Buffer.concat([MAGIC, Buffer.from([source, logN]), salt, keyCheck(key)]);
}

/** Tells a wrong key from a damaged file, without saying anything of the key. */
function keyCheck(key: Buffer): Buffer {
  return createHmac('sha256', key).update('packbench vault key check').digest().subarray(0, CHECK_BYTES);
}

function scryptKey(passphrase: string, salt: Buffer, logN: number): Promise<Buffer> {
  const N = 2 ** logN;
  const options: ScryptOptions = { N, r: SCRYPT_R, p: 1, maxmem: 256 * N * SCRYPT_R };
  return new Promise((resolve, reject) =>
    scrypt(passphrase as BinaryLike, salt, 32, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** IV, tag and ciphertext to the stored key; undefined when the tag does not match or the content is not one. */
function decrypt(key: Buffer, sealed: Buffer): StoredKey | undefined {
  if (sealed.length <= IV_BYTES + TAG_BYTES) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, IV_BYTES));
    decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    const plain = Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
    const parsed = storedKeySchema.safeParse(JSON.parse(plain.toString('utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a vault file exists that is (or may be, in the first format) encrypted with the key file. */
async function usesKeyFile(path: string): Promise<boolean> {
  let blob: Buffer;
  try {
    blob = await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
  return !blob.subarray(0, MAGIC.length).equals(MAGIC) || blob[MAGIC.length] === FROM_KEY_FILE;
}

/**
 * A key file other users may read is made private (0600), with a warning: whoever could read it may have
 * copied it. (POSIX only: Windows keeps its own access lists, which a mode does not describe.)
 */
async function madePrivate(path: string): Promise<{ problem?: VaultProblem }> {
  if (process.platform === 'win32') return {};
  const { mode } = await stat(path);
  if ((mode & 0o077) === 0) return {};
  await chmod(path, 0o600);
  const was = (mode & 0o777).toString(8).padStart(4, '0');
  return {
    problem: {
      code: 'key_was_readable',
      file: path,
      message: `${path} was readable by other users of this computer (mode ${was}); Packbench made it private (0600). If anyone else may have copied it, change the API key in nShift and enter the new one in Settings.`,
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
  const fromEnv = (): StoredKey | undefined => {
    const id = env[idVar];
    const secret = env[secretVar];
    return id && secret ? { id, secret } : undefined;
  };
  return {
    kind: 'environment',
    writable: false,
    read: async () => {
      const key = fromEnv();
      return key ? { key } : {};
    },
    get: async () => fromEnv(),
    set: async () => {
      throw new Error(`The headless host takes this secret from ${idVar} and ${secretVar} only.`);
    },
    clear: async () => {},
  };
}

/** A vault held in memory (demo mode, tests). */
export function createMemoryVault(initial?: StoredKey): SecretVault {
  let key = initial;
  const vault: SecretVault = {
    kind: 'memory',
    writable: true,
    read: async () => (key ? { key } : {}),
    get: () => keyRead(vault),
    set: async (k) => {
      key = k;
    },
    clear: async () => {
      key = undefined;
    },
  };
  return vault;
}
