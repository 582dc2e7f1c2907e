import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenManager } from '../../../main/nshift/shared/token-manager';
import type { ApiKey } from '../../../main/nshift/shared/token-manager';
import { ok, err } from '../../../main/result';
import type { DeliveryError } from '../../../main/nshift/delivery/errors';

const missingKeyError = (): DeliveryError => ({
  kind: 'auth',
  reason: 'missing_key',
  operation: 'sessions.token',
  message: 'no key',
});

afterEach(() => {
  vi.useRealTimers();
});

describe('token manager', () => {
  it('renews on its own timer at renewAfter, without any call waiting', async () => {
    vi.useFakeTimers();
    let n = 0;
    const tokens = createTokenManager<DeliveryError>({
      missingKeyError,
      apiKey: { id: 'a', secret: 'b' },
      exchange: async () => ok(`t${++n}`),
      now: () => Date.now(),
      renewAfterMs: 11 * 3600_000,
      lifetimeMs: 12 * 3600_000,
    });
    expect(await tokens.token()).toEqual(ok('t1'));
    await vi.advanceTimersByTimeAsync(11 * 3600_000);
    expect(n).toBe(2);
    expect(await tokens.token()).toEqual(ok('t2'));
    tokens.close();
  });

  it('a failed exchange is returned to every waiter and the next call tries again', async () => {
    let n = 0;
    const tokens = createTokenManager<DeliveryError>({
      missingKeyError,
      apiKey: { id: 'a', secret: 'b' },
      exchange: async () =>
        ++n === 1
          ? err({ kind: 'network', cause: 'refused', operation: 'sessions.token', message: 'refused' })
          : ok('t'),
      renewInBackground: false,
    });
    const [a, b] = await Promise.all([tokens.token(), tokens.token()]);
    expect(a.ok || b.ok).toBe(false);
    expect(n).toBe(1);
    expect(await tokens.token()).toEqual(ok('t'));
  });

  it('invalidate only drops the token that was refused, not a newer one', async () => {
    let n = 0;
    const key: ApiKey = { id: 'a', secret: 'b' };
    const tokens = createTokenManager<DeliveryError>({
      missingKeyError,
      apiKey: key,
      exchange: async () => ok(`t${++n}`),
      renewInBackground: false,
    });
    await tokens.token();
    tokens.invalidate('t1');
    expect(await tokens.token()).toEqual(ok('t2'));
    tokens.invalidate('t1'); // a late 401 for the old token
    expect(await tokens.token()).toEqual(ok('t2'));
    expect(n).toBe(2);
  });

  it('holds nothing that serialises the secret', async () => {
    const tokens = createTokenManager<DeliveryError>({
      missingKeyError,
      apiKey: { id: 'a', secret: 'very-secret-value' },
      exchange: async () => ok('t'),
      renewInBackground: false,
    });
    await tokens.token();
    expect(JSON.stringify(tokens)).not.toContain('very-secret-value');
    expect(String(tokens)).not.toContain('very-secret-value');
  });
});
