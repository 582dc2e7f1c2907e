/**
 * The identity service (seed 000, Authentication): `POST /idp/connect/token` with the client-credentials
 * grant as form fields. A token lives 3600 s by the sim clock; `/_sim/checkout/expire-tokens` ends them
 * all, and `/_sim/faults/fail` on `/identity/idp/connect/token` makes the endpoint fail.
 */
import type { SimContext } from '../context';
import { json, type Reply, type RequestCtx, type Router } from '../http';
import { nextId } from '../state';
import { countUsage } from './usage';

export const CHECKOUT_TOKEN_TTL_S = 3600;

const oauthError = (status: number, error: string, description: string): Reply =>
  json(status, { error, error_description: description });

export function registerIdentityRoutes(router: Router, ctx: SimContext): void {
  router.add(
    'POST',
    '/idp/connect/token',
    (req: RequestCtx) => {
      const state = ctx.state.checkout;
      const contentType = req.headers['content-type'];
      state.tokenRequests.push({ cacheControl: req.headers['cache-control'], contentType });
      if (!/^application\/x-www-form-urlencoded/i.test(contentType ?? ''))
        return oauthError(400, 'invalid_request', 'The token request must be form-encoded');
      const form = new URLSearchParams(req.rawBody.toString('utf8'));
      if (form.get('grant_type') !== 'client_credentials')
        return oauthError(400, 'unsupported_grant_type', 'Only client_credentials is supported');
      const client = state.clients.get(form.get('client_id') ?? '');
      if (!client || client.secret !== form.get('client_secret') || !client.enabled)
        return oauthError(400, 'invalid_client', 'Unknown, disabled or wrong client credentials');
      const noise = Math.floor(ctx.random() * 0xffffffff)
        .toString(16)
        .padStart(8, '0');
      const token = `simck.${nextId(ctx.state, 'checkoutToken')}.${noise}`;
      state.tokens.set(token, {
        token,
        clientId: client.id,
        expiresAt: ctx.clock.now() + CHECKOUT_TOKEN_TTL_S * 1000,
      });
      countUsage(ctx, 'tokens');
      return json(200, { access_token: token, expires_in: CHECKOUT_TOKEN_TTL_S, token_type: 'Bearer' });
    },
    { auth: false },
  );
}

/** The checkout client behind a bearer token, or undefined when it is missing, unknown or expired. */
export function checkoutClientOf(ctx: SimContext, authorization: string | undefined): string | undefined {
  const m = /^Bearer\s+(.+)$/i.exec(authorization ?? '');
  const token = m?.[1] ? ctx.state.checkout.tokens.get(m[1].trim()) : undefined;
  if (!token) return undefined;
  if (token.expiresAt <= ctx.clock.now()) {
    ctx.state.checkout.tokens.delete(token.token);
    return undefined;
  }
  return ctx.state.checkout.clients.get(token.clientId)?.enabled ? token.clientId : undefined;
}
