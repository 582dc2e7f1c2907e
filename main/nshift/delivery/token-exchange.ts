/**
 * The API key for a bearer token (docs/nshift-api.md 1.1): `sessions.token` with the key as Basic
 * authorisation, answered `{token}`. The token manager (shared/token-manager.ts) calls it; every other call
 * carries the token.
 */
import type { Result } from '../../result';
import { err, ok } from '../../result';
import { errorFromStatus, parseJsonBody } from '../shared/call';
import type { ApiKey } from '../shared/token-manager';
import type { Transport } from '../shared/transport';
import type { Schemas } from './caller';
import type { DeliveryError } from './errors';
import { ROUTES, joinUrl } from './routes';

export interface TokenExchangeDeps {
  baseUrl: string;
  transport: Transport;
  /** Scrubs a text, and learns the token, so that no log line or message carries it. */
  redact: ((text: string) => string) & { rememberToken(token: string): void };
  schemas: () => Promise<Schemas>;
  now: () => number;
}

export function tokenExchangeOf({
  baseUrl,
  transport,
  redact,
  schemas,
  now,
}: TokenExchangeDeps): (key: ApiKey) => Promise<Result<string, DeliveryError>> {
  return async function exchange(key) {
    const route = ROUTES['sessions.token'];
    const sent = await transport.send({
      operation: 'sessions.token',
      method: route.method,
      url: joinUrl(baseUrl, route.path),
      idempotent: route.idempotent,
      headers: {
        authorization: `Basic ${Buffer.from(`${key.id}:${key.secret}`, 'utf8').toString('base64')}`,
      },
    });
    if (!sent.ok) return sent;
    const { status } = sent.value;
    if (status === 401)
      return err({
        kind: 'auth',
        reason: 'invalid_key',
        status,
        operation: 'sessions.token',
        message: 'nShift refused the API key (401)',
      });
    if (status === 403)
      return err({
        kind: 'access',
        status,
        license: undefined,
        operation: 'sessions.token',
        message: 'nShift refused the API key (403)',
      });
    // Any other refusal: a 429, or a 503 with Retry-After (a maintenance window), is `rate_limited` with nShift's
    // wait, as on every call; else a server fault in nShift's words (`{code, message}`). A 404 here is no unknown
    // code the packer scanned but an address that is not nShift's exchange: a fault, like a 5xx.
    if (status < 200 || status >= 300) {
      const read = errorFromStatus('sessions.token', route, sent.value, { redact, now });
      if (read.kind === 'rate_limited' || read.kind === 'server') return err(read);
      return err({
        kind: 'server',
        status,
        code: undefined,
        operation: 'sessions.token',
        message: `token exchange answered HTTP ${status}${read.message.startsWith('HTTP ') ? '' : `: ${read.message}`}`,
      });
    }
    const parsed = parseJsonBody('sessions.token', route, sent.value, (await schemas()).tokenResponseSchema);
    if (!parsed.ok) return parsed;
    redact.rememberToken(parsed.value.token);
    return ok(parsed.value.token);
  };
}
