/** docs/nshift-api.md 1.1: API key (Basic) → opaque token that lives 12 hours by the sim clock. */
import type { SimContext } from '../context';
import { apiError, json, type Router } from '../http';
import { serve } from '../operations';
import type { Token } from '../state';
import { nextId } from '../state';

export function issueToken(ctx: SimContext, keyId: string): Token {
  const n = nextId(ctx.state, 'token');
  const noise = Math.floor(ctx.random() * 0xffffffff)
    .toString(16)
    .padStart(8, '0');
  const token: Token = {
    token: `simjwt.${Buffer.from(keyId).toString('base64url')}.${n}.${noise}`,
    keyId,
    expiresAt: ctx.clock.now() + ctx.tokenTtlMs,
  };
  ctx.state.tokens.set(token.token, token);
  return token;
}

function parseBasic(header: string | undefined): { id: string; secret: string } | undefined {
  const m = /^Basic\s+(.+)$/i.exec(header ?? '');
  if (!m?.[1]) return undefined;
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? undefined : { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

export function registerAuthRoutes(router: Router, ctx: SimContext): void {
  const exchange = (headers: { authorization?: string }) => {
    const creds = parseBasic(headers.authorization);
    const key = creds ? ctx.state.apiKeys.get(creds.id) : undefined;
    if (!creds || !key || key.secret !== creds.secret) return apiError(401, 'ILLEGAL', 'Invalid API key');
    return json(200, { token: issueToken(ctx, key.id).token });
  };
  // The seed names GET; public examples use POST. Both work.
  serve(router, 'sessions.token', (req) => exchange(req.headers), { auth: false });
  router.add('POST', '/sessions/jwt', (req) => exchange(req.headers), { auth: false });
}
