import { afterEach, describe, expect, it } from 'vitest';
import { KEY_ID, KEY_SECRET, shipment, startHarness, THERMO_ZPL, type Harness } from './harness';

let h: Harness;
afterEach(async () => h?.stop());

describe('simulator authentication', () => {
  it('exchanges an API key for a token with GET and with POST', async () => {
    h = await startHarness();
    const basic = { authorization: `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}` };
    for (const method of ['GET', 'POST']) {
      const res = await fetch(`${h.base}/sessions/jwt`, { method, headers: basic });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { token: string };
      expect(typeof body.token).toBe('string');
      expect(body.token.length).toBeGreaterThan(10);
    }
  });

  it('refuses a wrong secret with 401', async () => {
    h = await startHarness();
    const res = await fetch(`${h.base}/sessions/jwt`, {
      headers: { authorization: `Basic ${Buffer.from(`${KEY_ID}:nope`).toString('base64')}` },
    });
    expect(res.status).toBe(401);
  });

  it('answers 401 without a bearer token, with an unknown one, and once the token is 12 hours old', async () => {
    h = await startHarness();
    expect((await h.call('GET', '/stored-shipments', undefined, { authorization: '' })).status).toBe(401);
    expect(
      (await h.call('GET', '/stored-shipments', undefined, { authorization: 'Bearer made-up' })).status,
    ).toBe(401);
    expect((await h.call('GET', '/stored-shipments')).status).toBe(200);
    h.clock.advance(12 * 60 * 60 * 1000 - 1);
    expect((await h.call('GET', '/stored-shipments')).status).toBe(200);
    h.clock.advance(1);
    const expired = await h.call('GET', '/stored-shipments');
    expect(expired.status).toBe(401);
    expect(expired.json).toMatchObject({ code: 'ILLEGAL' });
  });

  it('expires every token on demand (fault) and a new exchange works again', async () => {
    h = await startHarness();
    h.sim.faults.expireAllTokens();
    expect((await h.call('GET', '/stored-shipments')).status).toBe(401);
    const fresh = await h.tokenFor(KEY_ID, KEY_SECRET);
    expect(
      (await h.call('GET', '/stored-shipments', undefined, { authorization: `Bearer ${fresh}` })).status,
    ).toBe(200);
  });
});

describe('simulator licences', () => {
  it('answers 403 naming the licence the key lacks, and creates nothing', async () => {
    h = await startHarness({ licenses: ['REST API Print'] });
    const stored = await h.call('GET', '/stored-shipments');
    expect(stored.status).toBe(403);
    expect(stored.json).toMatchObject({ license: 'REST API Store' });
    expect((stored.json as { message: string }).message).toContain('REST API Store');
    expect((await h.call('GET', '/stored-shipments/123')).json).toMatchObject({
      license: 'REST API Delivery checkout',
    });
    expect((await h.call('GET', '/shipments?fetchId=-1')).json).toMatchObject({
      license: 'REST API TrackBack',
    });
    expect((await h.call('DELETE', '/shipments/1')).json).toMatchObject({ license: 'REST API Discard' });
    const consolidate = await h.call('POST', '/shipments', {
      printConfig: THERMO_ZPL,
      shipment: shipment({ options: [{ id: 'CONSOLIDATE', key: 'K1' }] }),
    });
    expect(consolidate.status).toBe(403);
    expect(consolidate.json).toMatchObject({ license: 'Consolidation' });
    expect(h.sim.state.consolidated.size).toBe(0);
  });

  it('lets a key without "REST API Print" do nothing that prints', async () => {
    h = await startHarness({ licenses: ['REST API Store'] });
    const res = await h.call('POST', '/shipments?returnFile=true', {
      printConfig: THERMO_ZPL,
      shipment: shipment(),
    });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ license: 'REST API Print' });
    expect(h.sim.state.shipments.size).toBe(0);
  });
});
