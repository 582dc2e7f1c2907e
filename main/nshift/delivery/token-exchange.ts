/**
 * The API key for a bearer token (docs/nshift-api.md 1.1): `sessions.token` with the key as Basic
 * authorisation, answered `{token}`. The token manager (shared/token-manager.ts) calls it; every other call
 * carries the token.
 */
import type { Result } from '../../result';
import { err, ok } from '../../result';
import { parseJsonBody } from '../shared/call';
import type { ApiKey } from '../shared/token-manager';
import type { Transport } from '../shared/transport';
import type { Schemas } from './caller';
import type { DeliveryError } from './errors';
import { ROUTES, joinUrl } from './routes';

export interface TokenExchangeDeps {
  baseUrl: string;
  transport: Transport;
  /** Learns the token, so that no log line or message carries it. */
  redact: { rememberToken(token: string): void };
  schemas: () => Promise<Schemas>;
}

export function tokenExchangeOf({
  baseUrl,
  transport,
  redact,
  schemas,
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
    if (status < 200 || status >= 300) {
      return err({
        kind: 'server',
        status,
        code: undefined,
        operation: 'sessions.token',
        message: `token exchange answered HTTP ${status}`,
      });
    }
    const parsed = parseJsonBody('sessions.token', route, sent.value, (await schemas()).tokenResponseSchema);
    if (!parsed.ok) return parsed;
    redact.rememberToken(parsed.value.token);
    return ok(parsed.value.token);
  };
}
