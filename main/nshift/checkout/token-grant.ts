/**
 * The Checkout client's token: a client-credentials grant at the identity service (`{auth_url}/idp/connect/token`,
 * another host than the Checkout service; docs/nshift-checkout-api.md), which the token manager
 * (shared/token-manager.ts) calls and renews at 11/12 of the `expires_in` it answers.
 */
import type { Result } from '../../result';
import { err, ok } from '../../result';
import { errorFromStatus, parseJsonBody } from '../shared/call';
import type { ApiError } from '../shared/errors';
import { joinUrl } from '../shared/routes';
import type { ApiKey } from '../shared/token-manager';
import type { Transport } from '../shared/transport';
import { CHECKOUT_ROUTES } from './routes';
import type { CheckoutOperation } from './routes';
import { tokenResponseSchema } from './schemas';

type R<T> = Promise<Result<T, ApiError<CheckoutOperation>>>;

export interface TokenGrantDeps {
  authUrl: string;
  transport: Transport;
  /** Scrubs secrets from an error's message, and learns each token so that none reaches a log line. */
  redact: ((text: string) => string) & { rememberToken(token: string): void };
  now: () => number;
}

export function tokenGrantOf({
  authUrl,
  transport,
  redact,
  now,
}: TokenGrantDeps): (key: ApiKey) => R<{ token: string; lifetimeMs: number }> {
  /** Client-credentials grant, as a form; 400/401 mean the pair was refused (or the client is disabled). */
  return async function issueToken(key) {
    const route = CHECKOUT_ROUTES['token.issue'];
    const sent = await transport.send({
      operation: 'token.issue' as const,
      method: route.method,
      url: joinUrl(authUrl, route.path),
      idempotent: route.idempotent,
      headers: { 'cache-control': 'no-cache' },
      form: { client_id: key.id, client_secret: key.secret, grant_type: 'client_credentials' },
    });
    if (!sent.ok) return sent;
    const { status } = sent.value;
    if (status === 400 || status === 401) {
      return err({
        kind: 'auth',
        reason: 'invalid_key',
        status,
        operation: 'token.issue',
        message: `the identity service refused the client credentials (${status})`,
      });
    }
    if (status < 200 || status >= 300)
      return err(errorFromStatus('token.issue', route, sent.value, { redact, now }));
    const parsed = parseJsonBody('token.issue', route, sent.value, tokenResponseSchema);
    if (!parsed.ok) return parsed;
    redact.rememberToken(parsed.value.access_token);
    return ok({ token: parsed.value.access_token, lifetimeMs: (parsed.value.expires_in ?? 3600) * 1000 });
  };
}
