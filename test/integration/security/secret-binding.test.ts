import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dispatch } from '../../../main/hosts/shared/dispatch';
import { startWebHost, type WebHost } from '../../../main/hosts/web/server';
import { createFileVault, createMemoryVault } from '../../../main/settings/file-vault';
import { DEMO_API_KEY_ID, DEMO_API_KEY_SECRET } from '../../../main/simulator/demo';
import { CHECKOUT_DEMO_CLIENT_ID, CHECKOUT_DEMO_CLIENT_SECRET } from '../../../main/simulator/index';
import { scanAndWait, startBench, type Bench } from '../../support/station-harness';
import { postToWebHost } from '../../support/web-call';

/**
 * A saved secret goes only to the address it was entered for. Whoever can save settings (the web host's token,
 * a compromised renderer over IPC, both through the one dispatch) and then asks for a connection test must not
 * make the station send the saved key or the Checkout secret anywhere else: a second server on 127.0.0.1 plays
 * the new address and records everything it is sent.
 */

interface Listener {
  url: string;
  requests: { method: string; url: string; authorization?: string; body: string }[];
  close(): Promise<void>;
}

/** "The new address": answers 401 to everything, and keeps what it was sent. */
async function otherServer(): Promise<Listener> {
  const requests: Listener['requests'] = [];
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({
        method: req.method ?? '',
        url: req.url ?? '',
        ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}),
        body: Buffer.concat(chunks).toString(),
      });
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"code":"ILLEGAL"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const BASIC = `Basic ${Buffer.from(`${DEMO_API_KEY_ID}:${DEMO_API_KEY_SECRET}`).toString('base64')}`;

/** Nothing the other server received carries a secret saved for another address, in a header or a body. */
function expectNoSecret(other: Listener): void {
  const sent = JSON.stringify(other.requests);
  expect(sent).not.toContain(DEMO_API_KEY_SECRET);
  expect(sent).not.toContain(BASIC.slice('Basic '.length));
  expect(sent).not.toContain(CHECKOUT_DEMO_CLIENT_SECRET);
}

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function bench(extra: Parameters<typeof startBench>[0] = {}): Promise<Bench> {
  const b = await startBench(extra);
  cleanups.push(() => b.close());
  return b;
}
async function other(): Promise<Listener> {
  const o = await otherServer();
  cleanups.push(() => o.close());
  return o;
}

/** POST /api/<name> on the web host, with its token, as its page or a script with the token does. */
async function call(web: WebHost, name: string, input: unknown): Promise<{ status: number; body: unknown }> {
  const answer = await postToWebHost(web, `/api/${name}`, JSON.stringify({ input }));
  return { status: answer.status, body: JSON.parse(answer.body) as unknown };
}

describe('the saved Delivery API key goes only to the address it was entered for', () => {
  it('through the web host: another address saved, then "Test connection": it receives nothing, and Settings asks for the key again', async () => {
    const b = await bench();
    const o = await other();
    const rendererDir = await mkdtemp(join(tmpdir(), 'packbench-renderer-'));
    cleanups.push(() => rm(rendererDir, { recursive: true, force: true }));
    const web = await startWebHost({ station: b.station, rendererDir });
    cleanups.push(() => web.close());

    const saved = await call(web, 'saveSettings', { account: { deliveryUrl: `${o.url}/rs-extapi/v1` } });
    expect(saved.status).toBe(200);
    expect((saved.body as { result: { account: unknown } }).result.account).toMatchObject({
      deliveryUrl: `${o.url}/rs-extapi/v1`,
      hasSecret: false,
      apiKeyId: DEMO_API_KEY_ID,
      secretFor: new URL(b.deliveryUrl).origin,
      secretOrigins: [new URL(b.deliveryUrl).origin],
    });
    const test = await call(web, 'testConnection', null);
    expect(test.body).toMatchObject({ result: { ok: false, state: 'not_configured' } });
    expect((test.body as { result: { message: string } }).result.message).toContain(
      `was entered for ${new URL(b.deliveryUrl).origin}`,
    );
    // A scan does not carry it there either.
    await scanAndWait(b.station, 'ORD-1001');
    expect(JSON.stringify(o.requests)).toBe('[]');
    expectNoSecret(o);

    // Entered again for the new address, the key goes there (and only the key entered for it).
    await call(web, 'setApiKey', { id: 'new-key', secret: 'new-secret-for-the-other-address' });
    await call(web, 'testConnection', null);
    expect(o.requests.map((r) => r.authorization)).toContain(
      `Basic ${Buffer.from('new-key:new-secret-for-the-other-address').toString('base64')}`,
    );
    expectNoSecret(o);
  });

  it('through dispatch (IPC and the web host alike): the same, and the address saved back gives the key back', async () => {
    const b = await bench();
    const o = await other();
    expect(
      await dispatch(b.station, 'saveSettings', { account: { deliveryUrl: `${o.url}/rs-extapi/v1` } }),
    ).toMatchObject({ ok: true });
    expect(await dispatch(b.station, 'testConnection', null)).toMatchObject({
      ok: true,
      value: { ok: false, state: 'not_configured' },
    });
    expect((await b.station.getStatus()).account).toMatchObject({ state: 'not_configured' });
    expect(o.requests).toEqual([]);

    await dispatch(b.station, 'saveSettings', { account: { deliveryUrl: b.deliveryUrl } });
    expect(await dispatch(b.station, 'testConnection', null)).toMatchObject({
      ok: true,
      value: { ok: true, state: 'connected' },
    });
    expect(o.requests).toEqual([]);
  });

  it('keeps its address across a restart: an address changed before it does not inherit the key', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'packbench-binding-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const env = { PACKBENCH_VAULT_KEY: 'binding-test' };
    const b = await bench();
    const o = await other();
    const first = await b.startStation({
      dataDir,
      apiKey: undefined,
      extra: { vault: createFileVault(dataDir, env) },
    });
    await first.setApiKey({ id: DEMO_API_KEY_ID, secret: DEMO_API_KEY_SECRET });
    await first.saveSettings({ account: { deliveryUrl: `${o.url}/rs-extapi/v1` } });
    await first.close();

    const again = await b.startStation({
      dataDir,
      settings: (s) => ({ ...s, deliveryUrl: `${o.url}/rs-extapi/v1` }),
      extra: { vault: createFileVault(dataDir, env) },
    });
    expect(await again.testConnection()).toMatchObject({ ok: false, state: 'not_configured' });
    expect((await again.getSettings()).account.secretFor).toBe(new URL(b.deliveryUrl).origin);
    expect(o.requests).toEqual([]);
  });
});

describe('the saved Checkout client secret goes only to the identity service and Checkout address it was entered for', () => {
  async function benchWithCheckout(): Promise<Bench> {
    const b = await bench({ extra: { checkoutVault: createMemoryVault() } });
    await b.station.saveSettings({
      checkout: { baseUrl: b.sim.checkoutBaseUrl!, authUrl: b.sim.checkoutAuthUrl!, connectionId: 'c' },
    });
    await b.station.setCheckoutCredentials({
      clientId: CHECKOUT_DEMO_CLIENT_ID,
      clientSecret: CHECKOUT_DEMO_CLIENT_SECRET,
    });
    return b;
  }

  it('another identity service saved: Checkout is not asked there, nor anywhere, until the secret is entered again', async () => {
    const b = await benchWithCheckout();
    const o = await other();
    expect(
      await dispatch(b.station, 'saveSettings', { checkout: { authUrl: `${o.url}/identity` } }),
    ).toMatchObject({ ok: true });
    expect((await b.station.getSettings()).checkout).toMatchObject({
      hasSecret: false,
      clientId: CHECKOUT_DEMO_CLIENT_ID,
      secretFor: `${new URL(b.sim.checkoutAuthUrl!).origin}`,
    });
    expect(await dispatch(b.station, 'listPartialShipments', { orderNo: 'WEB-5002' })).toMatchObject({
      ok: false,
    });
    expect((await scanAndWait(b.station, 'WEB-5404')).failure?.code).toBe('unknown_code');
    expect(o.requests).toEqual([]);
    expectNoSecret(o);
  });

  it('another Checkout address saved: the tokens the secret buys do not go there either', async () => {
    const b = await benchWithCheckout();
    const o = await other();
    const tokensBefore = b.sim.state.checkout.tokenRequests.length;
    await dispatch(b.station, 'saveSettings', { checkout: { baseUrl: `${o.url}/checkout` } });
    expect(await dispatch(b.station, 'listPartialShipments', { orderNo: 'WEB-5002' })).toMatchObject({
      ok: false,
    });
    expect(o.requests).toEqual([]);
    expect(b.sim.state.checkout.tokenRequests.length).toBe(tokensBefore);
  });
});

describe('plain http:// is for this computer only', () => {
  it('an nShift address elsewhere over http is refused with its own verdict, and nothing is saved', async () => {
    const b = await bench();
    for (const patch of [
      { account: { deliveryUrl: 'http://nshift.example.com/rs-extapi/v1' } },
      { checkout: { authUrl: 'http://10.0.0.8/identity' } },
      { checkout: { baseUrl: 'http://[2001:db8::1]/checkout' } },
    ]) {
      const refused = await dispatch(b.station, 'saveSettings', patch);
      expect(refused).toMatchObject({ ok: false, status: 400 });
      expect(refused.ok ? [] : refused.body.issues?.map((i) => i.code)).toEqual(['plain_http']);
      expect(refused.ok ? '' : refused.body.message).toMatch(/plain http:\/\/ is only for this computer/);
    }
    expect((await b.station.getSettings()).account.deliveryUrl).toBe(b.deliveryUrl);
    // This computer's simulator (127.0.0.1, localhost) keeps working over http.
    expect(
      await dispatch(b.station, 'saveSettings', {
        account: { deliveryUrl: b.deliveryUrl.replace('127.0.0.1', 'localhost') },
      }),
    ).toMatchObject({ ok: true });
  });
});

describe('a vault that cannot read its secret says so at the station', () => {
  it('a damaged secrets.enc: a start-up warning naming it, the status and Settings say it, no silent "no key"', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'packbench-vault-station-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    await writeFile(join(dataDir, 'secrets.enc'), Buffer.from('PBV2 cut short'));
    const b = await bench();
    const station = await b.startStation({
      dataDir,
      extra: { vault: createFileVault(dataDir, { PACKBENCH_VAULT_KEY: 'x' }) },
    });
    const file = join(dataDir, 'secrets.enc');
    expect(
      station.startupWarnings.some(
        (w) => w.code === 'secret_vault' && w.message.includes(file) && /damaged/.test(w.message),
      ),
    ).toBe(true);
    expect((await station.getStatus()).account).toMatchObject({
      state: 'not_configured',
      message: expect.stringContaining(file),
    });
    expect((await station.getSettings()).account.vault).toEqual({ code: 'damaged', file });
    expect((await station.testConnection()).message).toContain(file);
  });

  it('a key file kept for another secret: saving the key is refused in words, and vault.key is left as it is', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'packbench-vault-station-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    await createFileVault(dataDir, {}, 'checkout').set({ id: 'client', secret: 'client-secret' });
    const damaged = Buffer.alloc(16, 7);
    await writeFile(join(dataDir, 'vault.key'), damaged, { mode: 0o600 });
    const b = await bench();
    const station = await b.startStation({
      dataDir,
      apiKey: undefined,
      extra: { vault: createFileVault(dataDir, {}), checkoutVault: createFileVault(dataDir, {}, 'checkout') },
    });
    expect((await station.getSettings()).checkout.vault).toEqual({
      code: 'key_damaged',
      file: join(dataDir, 'vault.key'),
    });
    const refused = await dispatch(station, 'setApiKey', {
      id: DEMO_API_KEY_ID,
      secret: DEMO_API_KEY_SECRET,
    });
    expect(refused).toMatchObject({
      ok: false,
      status: 422,
      body: {
        failure: {
          reason: 'station',
          detail: 'vault_key_kept',
          params: { file: join(dataDir, 'vault.key'), other: join(dataDir, 'checkout-secrets.enc') },
        },
      },
    });
    expect(await readFile(join(dataDir, 'vault.key'))).toEqual(damaged);
  });
});
