/**
 * Bearer tokens for the nShift APIs (Delivery's API-key exchange, Checkout's client-credentials grant). One
 * exchange in flight however many calls wait; the token is cached and renewed in the background before its
 * life ends (Delivery: an hour before 12 h; Checkout: at 11/12 of `expires_in`), so no scan ever waits on an
 * exchange after the first (hosts call `warm()` at start-up for that one).
 *
 * The API key may change in settings at runtime: it is read on every call and a changed key drops the
 * cached token. The secret is only ever used to build the Basic header inside `exchange`; nothing here
 * stores it in a field that could be logged or serialised.
 */
import { createHash } from 'node:crypto';
import type { Result } from '../../result';
import { ok, err } from '../../result';

export interface ApiKey {
  id: string;
  secret: string;
}

/** A fixed key, or a function that reads the current one from settings (undefined = not configured). */
export type ApiKeySource = ApiKey | (() => ApiKey | undefined);

/** What an exchange yields: a token, with its own lifetime when the service says (checkout's `expires_in`). */
export type TokenGrant = string | { token: string; lifetimeMs: number };

export interface TokenManagerOptions<E> {
  apiKey: ApiKeySource;
  /** Performs the exchange (`GET /sessions/jwt` for Delivery) with the key. */
  exchange: (key: ApiKey) => Promise<Result<TokenGrant, E>>;
  /** The error for "no key configured" (each client names its own token operation). */
  missingKeyError: () => E;
  now?: () => number;
  lifetimeMs?: number;
  renewAfterMs?: number;
  /** Set a timer to renew at `renewAfterMs` even when no call comes (default true; timer is unref'd). */
  renewInBackground?: boolean;
}

export interface TokenManager<E> {
  token(): Promise<Result<string, E>>;
  /** A call was refused (401) with this token: forget it, unless a newer one already replaced it. */
  invalidate(token: string): void;
  warm(): Promise<Result<void, E>>;
  close(): void;
}

export const TOKEN_LIFETIME_MS = 12 * 60 * 60 * 1000;
export const TOKEN_RENEW_AFTER_MS = 11 * 60 * 60 * 1000;

interface Cached {
  token: string;
  obtainedAt: number;
  lifetimeMs: number;
  renewAfterMs: number;
  keyFingerprint: string;
}

export function resolveApiKey(source: ApiKeySource): ApiKey | undefined {
  const key = typeof source === 'function' ? source() : source;
  if (!key || !key.id || !key.secret) return undefined;
  return key;
}

/** Identifies a key without keeping its secret around in a second place. */
function fingerprint(key: ApiKey): string {
  return createHash('sha256').update(key.id).update('\0').update(key.secret).digest('hex');
}

export function createTokenManager<E>(options: TokenManagerOptions<E>): TokenManager<E> {
  const missingKeyError = options.missingKeyError;
  const now = options.now ?? Date.now;
  const lifetimeMs = options.lifetimeMs ?? TOKEN_LIFETIME_MS;
  const renewAfterMs = options.renewAfterMs ?? TOKEN_RENEW_AFTER_MS;
  const renewInBackground = options.renewInBackground ?? true;

  let cached: Cached | undefined;
  let inFlight: { keyFingerprint: string; promise: Promise<Result<string, E>> } | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function exchange(key: ApiKey, keyFingerprint: string): Promise<Result<string, E>> {
    if (inFlight && inFlight.keyFingerprint === keyFingerprint) return inFlight.promise;
    const promise = options.exchange(key).then((result): Result<string, E> => {
      if (inFlight?.promise === promise) inFlight = undefined;
      if (!result.ok) return result;
      const grant = result.value;
      const token = typeof grant === 'string' ? grant : grant.token;
      // A service-given lifetime (checkout: 1 h) is renewed at 11/12 of it, like Delivery's 11 of 12 hours.
      const life = typeof grant === 'string' ? lifetimeMs : grant.lifetimeMs;
      const renewAt = typeof grant === 'string' ? renewAfterMs : Math.floor((life * 11) / 12);
      cached = { token, obtainedAt: now(), lifetimeMs: life, renewAfterMs: renewAt, keyFingerprint };
      scheduleRenewal(renewAt);
      return ok(token);
    });
    inFlight = { keyFingerprint, promise };
    return promise;
  }

  function scheduleRenewal(afterMs: number): void {
    if (!renewInBackground) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      const key = resolveApiKey(options.apiKey);
      if (key) void exchange(key, fingerprint(key));
    }, afterMs);
    timer.unref?.();
  }

  async function token(): Promise<Result<string, E>> {
    const key = resolveApiKey(options.apiKey);
    if (!key) {
      cached = undefined;
      return err(missingKeyError());
    }
    const keyFingerprint = fingerprint(key);
    if (cached && cached.keyFingerprint !== keyFingerprint) cached = undefined; // key changed in settings
    if (cached) {
      const age = now() - cached.obtainedAt;
      if (age < cached.renewAfterMs) return ok(cached.token);
      if (age < cached.lifetimeMs) {
        // Still valid: answer now, renew behind the caller's back.
        void exchange(key, keyFingerprint);
        return ok(cached.token);
      }
      cached = undefined;
    }
    return exchange(key, keyFingerprint);
  }

  return {
    token,
    invalidate(used: string) {
      if (cached?.token === used) cached = undefined;
    },
    async warm() {
      const result = await token();
      return result.ok ? ok(undefined) : result;
    },
    close() {
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}
