import { afterEach, describe, expect, it } from 'vitest';
import { createCheckoutClient } from '../../../main/nshift/checkout/client';
import { json, startFake } from './fake-nshift';
import type { FakeServer, RecordedRequest } from './fake-nshift';

const CREDS = { clientId: 'shop-client', clientSecret: 'checkout-s3cret-xyz' };
let fake: FakeServer | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const isToken = (r: RecordedRequest) => r.url === '/idp/connect/token';

describe('checkout client', () => {
  it('issues a client-credentials token as a form, caches it, and creates a split session with it', async () => {
    let issued = 0;
    fake = await startFake((req, res) => {
      if (isToken(req)) {
        issued++;
        return json(res, 200, { access_token: `ck-${issued}`, expires_in: 3600, token_type: 'Bearer' });
      }
      if (req.url === '/checkout/options/v1/split-shipments/sessions/conn-1')
        return json(res, 201, {
          sessionId: 's-1',
          subShipments: [{ subShipmentId: 's-1' }, { subShipmentId: 'sub-2' }],
        });
      json(res, 200, { subShipments: [] });
    });
    const client = createCheckoutClient({
      baseUrl: `${fake.origin}/checkout`,
      authUrl: fake.origin,
      credentials: CREDS,
      renewInBackground: false,
      sleep: async () => {},
    });
    const session = await client.split.createSession('conn-1', { subShipments: [{}, {}] });
    expect(session).toMatchObject({
      ok: true,
      value: { sessionId: 's-1', subShipments: [{ subShipmentId: 's-1' }, { subShipmentId: 'sub-2' }] },
    });
    expect((await client.split.fetchOptions('s-1', { subShipments: [{ subShipmentId: 's-1' }] })).ok).toBe(
      true,
    );
    expect(issued).toBe(1);
    const token = fake.requests.find(isToken)!;
    expect(token.method).toBe('POST');
    expect(token.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(token.headers['cache-control']).toBe('no-cache');
    expect(Object.fromEntries(new URLSearchParams(token.body))).toEqual({
      client_id: 'shop-client',
      client_secret: CREDS.clientSecret,
      grant_type: 'client_credentials',
    });
    const calls = fake.requests.filter((r) => !isToken(r));
    expect(calls.map((c) => c.headers.authorization)).toEqual(['Bearer ck-1', 'Bearer ck-1']);
    await client.close();
  });

  it('retries a failing token request with backoff, renews before expires_in, and never leaks the secret', async () => {
    let now = 0;
    let tokenCalls = 0;
    fake = await startFake((req, res) => {
      if (isToken(req)) {
        tokenCalls++;
        if (tokenCalls === 1) return json(res, 503, { message: `down ${CREDS.clientSecret}` });
        return json(res, 200, { access_token: `ck-${tokenCalls}`, expires_in: 60 });
      }
      json(res, 500, { code: 'INTERNAL', message: `boom ${CREDS.clientSecret}` });
    });
    const sleeps: number[] = [];
    const client = createCheckoutClient({
      baseUrl: `${fake.origin}/checkout`,
      authUrl: fake.origin,
      credentials: () => CREDS,
      renewInBackground: false,
      now: () => now,
      sleep: async (ms) => void sleeps.push(ms),
      random: () => 0,
      retry: { attempts: 2 },
    });
    expect(await client.warm()).toEqual({ ok: true, value: undefined });
    expect(tokenCalls).toBe(2);
    expect(sleeps.length).toBe(1);
    now += 61_000;
    const failed = await client.partialShipments.get('p-1');
    expect(failed).toMatchObject({
      ok: false,
      error: { kind: 'server', status: 500, operation: 'shipments.get' },
    });
    expect(tokenCalls).toBe(3);
    expect(JSON.stringify(failed)).not.toContain(CREDS.clientSecret);
    await client.close();
  });

  it('refused credentials are auth invalid_key', async () => {
    fake = await startFake((_req, res) => json(res, 400, { error: 'invalid_client' }));
    const client = createCheckoutClient({
      baseUrl: `${fake.origin}/checkout`,
      authUrl: fake.origin,
      credentials: CREDS,
      renewInBackground: false,
    });
    expect(await client.partialShipments.list()).toMatchObject({
      ok: false,
      error: { kind: 'auth', reason: 'invalid_key', operation: 'token.issue' },
    });
    await client.close();
  });
});
