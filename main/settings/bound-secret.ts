import type { SecretNote } from './schema';
import type { ApiKey, SecretVault, StoredKey, VaultProblem } from './store';

/**
 * A saved secret (the Delivery API key, the Checkout client credentials) and the addresses it was entered for: it
 * goes to those only. A changed address in Settings (or a compromised renderer, or whoever holds the web host's
 * token) cannot send it elsewhere: a client for another address gets no key, and Settings asks for it again.
 *
 * A secret is bound to origins (scheme, host and port), since that is what decides who receives it: the Delivery
 * key to the Delivery address's, the Checkout credentials to the identity service's (which receives the secret)
 * and the Checkout address's (which receives the tokens it buys). A key saved before keys were bound, or given by
 * the environment (headless) or demo mode, is bound when the station opens, to the addresses then in force, and a
 * vault that can be written keeps that binding (so a later change of address does not carry it along).
 */
export interface BoundSecret {
  /** The key, if it was entered for every one of these addresses; else none, whatever is saved. */
  for(urls: readonly string[]): ApiKey | undefined;
  /** Saves a key entered now, for these addresses (the ones in force). */
  set(key: ApiKey, urls: readonly string[]): Promise<void>;
  /** A key is saved, but for other addresses: the words for the status and the connection test. */
  elsewhere(urls: readonly string[], what: string): string | undefined;
  /** What Settings says besides the key usable here: the id and origins of a key for elsewhere, the vault's notice. */
  note(urls: readonly string[]): SecretNote;
  /** What the vault said at start (a warning with a key, or why there is none). */
  readonly problem: VaultProblem | undefined;
  /** Why a saved secret could not be read, if that is what the vault said (not a mere warning). */
  readonly unreadable: VaultProblem | undefined;
}

/** Notices that come with a key the vault could read: said, but they are no reason for a missing key. */
const WARNINGS: ReadonlySet<VaultProblem['code']> = new Set(['key_was_readable', 'basic_text']);

export async function openBoundSecret(
  vault: SecretVault,
  inForce: readonly string[],
  log: (line: string) => void = () => {},
): Promise<BoundSecret> {
  const read = await vault.read();
  let stored: StoredKey | undefined = read.key;
  let problem = read.problem;
  if (stored && !stored.origins) {
    stored = { ...stored, origins: originsOf(inForce) };
    if (vault.writable)
      await vault.set(stored).catch((error: unknown) => {
        log(`could not save the binding of the ${vault.kind} secret: ${String(error)}`);
      });
  }
  const matches = (key: StoredKey, urls: readonly string[]): boolean =>
    originsOf(urls).every((origin) => key.origins?.includes(origin));
  return {
    for(urls) {
      return stored && matches(stored, urls) ? { id: stored.id, secret: stored.secret } : undefined;
    },
    async set(key, urls) {
      const next = { id: key.id, secret: key.secret, origins: originsOf(urls) };
      await vault.set(next);
      stored = next;
      // Entered again: whatever the vault could not read before is replaced.
      problem = undefined;
    },
    elsewhere(urls, what) {
      if (!stored || matches(stored, urls)) return undefined;
      return `The saved ${what} was entered for ${listed(stored.origins ?? [])}; it is not sent to ${listed(originsOf(urls))}: enter it again to use it there.`;
    },
    note(urls) {
      const vaultNotice = problem ? { vault: { code: problem.code, file: problem.file } } : {};
      if (!stored || matches(stored, urls)) return vaultNotice;
      return {
        id: stored.id,
        secretFor: listed(stored.origins ?? []),
        secretOrigins: [...(stored.origins ?? [])],
        ...vaultNotice,
      };
    },
    get problem() {
      return problem;
    },
    get unreadable() {
      return problem && !WARNINGS.has(problem.code) ? problem : undefined;
    },
  };
}

/** The origins of addresses, each once; an address that is no URL has none (and so matches nothing). */
export function originsOf(urls: readonly string[]): string[] {
  const origins: string[] = [];
  for (const url of urls) {
    let origin: string;
    try {
      origin = new URL(url).origin;
    } catch {
      origin = `invalid:${url}`;
    }
    if (!origins.includes(origin)) origins.push(origin);
  }
  return origins;
}

function listed(origins: readonly string[]): string {
  return origins.length > 1 ? `${origins.slice(0, -1).join(', ')} and ${origins.at(-1)}` : (origins[0] ?? '');
}
