/**
 * The Checkout client against the simulated Checkout and identity services over real HTTP, in nShift
 * Checkout's field names: every operation of the route table, token backoff, token expiry mid-flow and session
 * expiry (the simulator's clock is moved, no test sleeps), problem+json refusals, and the join with Delivery
 * (partial shipments become prepared shipments, never stored ones).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCheckoutClient } from '../../../main/nshift/checkout/client';
import { CHECKOUT_ROUTES } from '../../../main/nshift/checkout/routes';
import type { CheckoutClient, CheckoutError } from '../../../main/nshift/checkout/client';
import type { Result } from '../../../main/result';
import {
  CHECKOUT_DEMO_CLIENT_ID,
  CHECKOUT_DEMO_CLIENT_SECRET,
  CHECKOUT_DEMO_CONNECTION_ID,
  CHECKOUT_PENDING_CONNECTION_ID,
  createManualClock,
  createSimulator,
  ensureDemoAccount,
} from '../../../main/simulator/index';
import type { Simulator } from '../../../main/simulator/index';
import { unwrap } from '../../support/unwrap';

const HOUR = 3600_000;
const FIXTURES = join(__dirname, '../../fixtures/nshift/checkout');
const RECEIVER = {
  name: 'Märta Ängström',
  address1: 'Ängsvägen 3',
  postalCode: '41319',
  city: 'GÖTEBORG',
  country: 'SE',
  email: 'marta@example.com',
  mobile: '+46709876543',
};

let sim: Simulator;
let client: CheckoutClient;
let sleeps: number[];
let logs: string[];

function failure<T>(result: Result<T, CheckoutError>): CheckoutError {
  if (result.ok) throw new Error(`expected an error, got ${JSON.stringify(result.value).slice(0, 300)}`);
  return result.error;
}

async function control(path: string, body: unknown = {}): Promise<unknown> {
  const res = await fetch(`${sim.url}/_sim${path}`, { method: 'POST', body: JSON.stringify(body) });
  return res.json();
}

beforeEach(async () => {
  sim = createSimulator({ clock: createManualClock(Date.parse('2026-03-02T09:00:00Z')) });
  ensureDemoAccount(sim);
  const started = await sim.start();
  sleeps = [];
  logs = [];
  client = createCheckoutClient({
    baseUrl: started.checkoutBaseUrl,
    authUrl: started.checkoutAuthUrl,
    credentials: { clientId: CHECKOUT_DEMO_CLIENT_ID, clientSecret: CHECKOUT_DEMO_CLIENT_SECRET },
    // The client's clock is the simulator's: four hours pass for both when a test moves it.
    now: () => sim.clock.now(),
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0.5,
    renewInBackground: false,
    logger: (line) => logs.push(line),
  });
});
/** Every `METHOD /path` the simulated services answered in this file, for the coverage check at the end. */
const served = new Set<string>();
afterEach(async () => {
  await client.close();
  for (const line of sim.state.checkout.requestLog) served.add(line);
  await sim.stop();
});

/** A partial shipment of the session's P19 option: all a real client must send (test/fixtures/nshift/checkout). */
const simplest = (orderId: string, sessionId: string) => ({
  orderId,
  sessionId,
  optionId: 'opt-P19',
  receiver: RECEIVER,
});

/** The cart's context, the same for the session and its options. */
const CONTEXT = { currencyCode: 'SEK', languageCode: 'sv', localeId: 'sv-SE' };

/** The web shop's side of a split order: session, options per sub-shipment, partial shipments. */
async function splitOrder(orderId: string, connectionId = CHECKOUT_DEMO_CONNECTION_ID) {
  const session = unwrap(
    await client.split.createSession(connectionId, { ...CONTEXT, subShipments: [{}, {}, {}] }),
  );
  const subIds = session.subShipments!.map((s) => s.subShipmentId!);
  const options = unwrap(
    await client.split.fetchOptions(session.sessionId, {
      ...CONTEXT,
      receiver: RECEIVER,
      subShipments: subIds.map((subShipmentId, i) => ({
        subShipmentId,
        totalWeightKg: i + 1,
        packages: [{ weightKg: i + 1 }],
      })),
    }),
  );
  const wanted = ['P19', 'P15', 'P19'];
  const made = unwrap(
    await client.split.createShipments({
      orderId,
      sessionId: session.sessionId,
      receiver: RECEIVER,
      subShipments: options.subShipments.map((sub, i) => ({
        subShipmentId: sub.subShipmentId!,
        optionId: sub.options.find((o) => o.carrierProductId === wanted[i])!.optionId,
        packages: [{ weightKg: i + 1, contents: 'Goods' }],
      })),
    }),
  );
  return { session, subIds, options, made };
}

describe('Checkout client against the simulator', () => {
  it('issues a form-encoded client-credentials token with Cache-Control: no-cache, once for many calls', async () => {
    unwrap(await client.sessions.create(CHECKOUT_DEMO_CONNECTION_ID));
    unwrap(await client.connections.list());
    expect(sim.state.checkout.tokenRequests).toEqual([
      { cacheControl: 'no-cache', contentType: 'application/x-www-form-urlencoded' },
    ]);
  });

  it('creates a single session, fetches options from the carrier catalogue and creates a partial shipment', async () => {
    const session = unwrap(await client.sessions.create(CHECKOUT_DEMO_CONNECTION_ID, { ...CONTEXT }));
    expect(session.checkoutConfigurationId).toBe('cfg-demo');
    const options = unwrap(
      await client.sessions.fetchOptions(session.sessionId, {
        ...CONTEXT,
        receiver: RECEIVER,
        totalWeightKg: 30,
        packages: [{ weightKg: 30 }],
      }),
    );
    // cfg-demo offers P19, P15, DHLPAK, ASPO, P52; only services that carry 30 kg remain, priced in SEK.
    expect(options.options.map((o) => o.carrierProductId)).toEqual(['P15', 'P52', 'DHLPAK']);
    const parcel = options.options[0]!;
    expect(parcel).toMatchObject({ optionId: 'opt-P15', carrierId: 'PLAB', price: 129 + 6 * 30 });
    expect(parcel.pickupPoints).toEqual([
      { pickupPointId: 'PLAB-PUP-1', name: 'PostNord Parcel pickup point' },
    ]);
    const partial = unwrap(
      await client.partialShipments.create({
        orderId: 'WEB-1',
        sessionId: session.sessionId,
        optionId: parcel.optionId,
        pickupPointId: parcel.pickupPoints![0]!.pickupPointId,
        receiver: RECEIVER,
        packages: [{ weightKg: 30 }],
      }),
    );
    expect(partial).toMatchObject({
      orderId: 'WEB-1',
      carrier: 'PLAB',
      carrierProduct: 'P15',
      receiver: { name: RECEIVER.name, postalCode: '41319' },
      pickupPoint: { pickupPointId: 'PLAB-PUP-1' },
      packages: [{ weightKg: 30 }],
    });
    expect(sim.state.checkout.requestLog).toContain('POST /checkout/shipments/v1/shipments');
    // In Delivery: a prepared shipment under the partial shipment's id, never a stored shipment.
    expect(sim.state.prepared.get(partial.id)?.data).toMatchObject({
      orderNo: 'WEB-1',
      service: { id: 'P15' },
      receiver: { name: RECEIVER.name, zipcode: '41319', city: 'GÖTEBORG' },
      agent: { quickId: 'PLAB-PUP-1' },
      parcels: [{ weight: 30 }],
    });
    expect([...sim.state.stored.values()].some((s) => s.data.orderNo === 'WEB-1')).toBe(false);
  });

  it('its answers carry the fields nShift’s published answers carry (test/fixtures/nshift/checkout)', async () => {
    const golden = (name: string) =>
      Object.keys(JSON.parse(readFileSync(join(FIXTURES, name), 'utf8')) as object);
    const session = unwrap(await client.sessions.create(CHECKOUT_DEMO_CONNECTION_ID, { ...CONTEXT }));
    expect(Object.keys(session)).toEqual(expect.arrayContaining(['sessionId', 'checkoutConfigurationId']));
    const options = unwrap(await client.sessions.fetchOptions(session.sessionId, { ...CONTEXT }));
    const option = JSON.parse(readFileSync(join(FIXTURES, 'options-response.json'), 'utf8')) as {
      options: Array<Record<string, unknown>>;
    };
    const shared = ['valid', 'optionId', 'name', 'carrierId', 'carrierName', 'carrierProductId', 'price'];
    expect(Object.keys(option.options[0]!)).toEqual(expect.arrayContaining(shared));
    expect(Object.keys(options.options[0]!)).toEqual(
      expect.arrayContaining([...shared, 'pickupPoints', 'timeSlots']),
    );
    const partial = unwrap(await client.partialShipments.create(simplest('WEB-G', session.sessionId)));
    // All but the account's own ids and the carrier product's version, which the simulator has no use for.
    const accountOnly = ['organizationId', 'organizationUnitId', 'memberAccountId', 'carrierProductVersion'];
    expect(Object.keys(partial)).toEqual(
      expect.arrayContaining(
        golden('partial-shipment-response.json').filter((k) => !accountOnly.includes(k)),
      ),
    );
  });

  it('a partial shipment answers in full only with extended-result=true, which the client always sends', async () => {
    const session = unwrap(await client.sessions.create(CHECKOUT_DEMO_CONNECTION_ID, { ...CONTEXT }));
    const body = JSON.stringify(simplest('WEB-X', session.sessionId));
    const token = sim.state.checkout.tokens.keys().next().value as string;
    const plain = await fetch(`${sim.checkoutBaseUrl}/shipments/v1/shipments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body,
    });
    expect(Object.keys((await plain.json()) as object).sort()).toEqual(['id', 'orderId']);
    const made = unwrap(await client.partialShipments.create(simplest('WEB-Y', session.sessionId)));
    expect(made.carrierProduct).toBe('P19');
  });

  it('a call without a valid token is a 401 problem, as every refusal of the service', async () => {
    const res = await fetch(`${sim.checkoutBaseUrl}/management/v1/connections`, {
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(await res.json()).toMatchObject({ status: 401, title: 'Unauthorized' });
  });

  it('refusals are problem+json: the issues come back as the validation list, a lost session as not_found', async () => {
    const session = unwrap(await client.sessions.create(CHECKOUT_DEMO_CONNECTION_ID, { ...CONTEXT }));
    const refused = failure(
      await client.partialShipments.create({
        orderId: 'WEB-BAD',
        sessionId: session.sessionId,
        optionId: 'opt-ASWP2', // not offered by cfg-demo
        receiver: RECEIVER,
      }),
    );
    expect(refused).toMatchObject({
      kind: 'validation',
      status: 400,
      message: 'The choice cannot be shipped',
      errors: [{ messageCode: 'OPTION_NOT_FOUND', field: 'optionId', type: 'error' }],
    });
    const lost = failure(
      await client.partialShipments.create({
        orderId: 'WEB-LOST',
        sessionId: 'ses-never',
        optionId: 'opt-P19',
        receiver: RECEIVER,
      }),
    );
    expect(lost).toMatchObject({ kind: 'not_found', message: 'Session not found or expired' });
    expect([...sim.state.prepared.values()].map((p) => p.data.orderNo)).toEqual([]);
  });

  it('split: the first subShipmentId equals the sessionId; each partial shipment becomes a prepared shipment in Delivery', async () => {
    const { session, subIds, options, made } = await splitOrder('WEB-SPLIT-1');
    expect(subIds[0]).toBe(session.sessionId);
    expect(new Set(subIds).size).toBe(3);
    expect(options.subShipments.map((s) => s.options.length > 0)).toEqual([true, true, true]);
    expect(made.map((p) => [p.orderId, p.carrierProduct, p.subShipmentId])).toEqual([
      ['WEB-SPLIT-1', 'P19', subIds[0]],
      ['WEB-SPLIT-1', 'P15', subIds[1]],
      ['WEB-SPLIT-1', 'P19', subIds[2]],
    ]);
    const prepared = made.map((p) => sim.state.prepared.get(p.id)!.data);
    expect(prepared.map((d) => [d.orderNo, d.service?.id, d.receiver?.name])).toEqual([
      ['WEB-SPLIT-1', 'P19', RECEIVER.name],
      ['WEB-SPLIT-1', 'P15', RECEIVER.name],
      ['WEB-SPLIT-1', 'P19', RECEIVER.name],
    ]);
    expect([...sim.state.stored.values()].some((s) => s.data.orderNo === 'WEB-SPLIT-1')).toBe(false);
  });

  it('a connection whose sender links no shipping solution keeps partial shipments in Checkout only', async () => {
    const { made } = await splitOrder('WEB-PENDING-1', CHECKOUT_PENDING_CONNECTION_ID);
    expect(made).toHaveLength(3);
    expect(made.some((p) => sim.state.prepared.has(p.id))).toBe(false);
    expect([...sim.state.stored.values()].some((s) => s.data.orderNo === 'WEB-PENDING-1')).toBe(false);
  });

  it('updates a split session: a given subShipmentId is preserved, a new item gets a new one', async () => {
    const session = unwrap(
      await client.split.createSession(CHECKOUT_DEMO_CONNECTION_ID, { subShipments: [{}, {}] }),
    );
    const [first, second] = session.subShipments!.map((s) => s.subShipmentId!);
    const updated = unwrap(
      await client.split.updateSession(session.sessionId, { subShipments: [{ subShipmentId: second }, {}] }),
    );
    const ids = updated.subShipments!.map((s) => s.subShipmentId);
    expect(ids[0]).toBe(second);
    expect(ids[1]).not.toBe(first);
    expect(ids[1]).not.toBe(second);
  });

  it('lists partial shipments by order number and by an inclusive date range, fetches and deletes one (Delivery keeps its stored shipment)', async () => {
    const { made } = await splitOrder('WEB-LIST-1');
    sim.clock.advance(24 * HOUR);
    await splitOrder('WEB-LIST-2');
    expect(unwrap(await client.partialShipments.list({ orderId: 'web-list-1' })).map((p) => p.id)).toEqual(
      made.map((p) => p.id),
    );
    const day1 = unwrap(await client.partialShipments.list({ dateFrom: '2026-03-02', dateTo: '2026-03-02' }));
    expect(new Set(day1.map((p) => p.orderId))).toEqual(new Set(['WEB-LIST-1']));
    expect(
      unwrap(await client.partialShipments.list({ dateFrom: '2026-03-02', dateTo: '2026-03-03' })),
    ).toHaveLength(6);
    expect(unwrap(await client.partialShipments.get(made[0]!.id)).orderId).toBe('WEB-LIST-1');

    unwrap(await client.partialShipments.delete(made[0]!.id));
    expect(failure(await client.partialShipments.get(made[0]!.id)).kind).toBe('not_found');
    expect(failure(await client.partialShipments.delete(made[0]!.id)).kind).toBe('not_found');
    // Checkout only: Delivery keeps the prepared shipment.
    expect(sim.state.prepared.has(made[0]!.id)).toBe(true);
  });

  it('anonymizes by id, and by name or e-mail: personal fields are blanked, the service stays', async () => {
    const { made } = await splitOrder('WEB-ANON-1');
    const one = unwrap(await client.partialShipments.anonymize(made[0]!.id));
    expect(one).toMatchObject({
      anonymized: true,
      receiver: { name: '', email: '', mobile: '', city: 'GÖTEBORG' },
    });
    expect(one.carrierProduct).toBe('P19');
    const byMail = unwrap(await client.partialShipments.anonymizeByContact({ email: 'MARTA@example.com' }));
    expect(byMail.map((p) => p.id).sort()).toEqual([made[1]!.id, made[2]!.id].sort());
    expect(unwrap(await client.partialShipments.anonymizeByContact({ name: 'Nobody Here' }))).toEqual([]);
    expect(failure(await client.partialShipments.anonymizeByContact({})).kind).toBe('validation');
  });

  it('senders, configurations (status, versions) and connections are CRUD with state', async () => {
    const sender = unwrap(await client.senders.create({ name: 'Store Malmö', address: { city: 'MALMÖ' } }));
    expect(sender.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(unwrap(await client.senders.get(sender.id!)).name).toBe('Store Malmö');
    unwrap(await client.senders.update(sender.id!, { name: 'Store Malmö C' }));
    expect(unwrap(await client.senders.list()).map((s) => s.name)).toContain('Store Malmö C');
    unwrap(await client.senders.delete(sender.id!));
    expect(failure(await client.senders.get(sender.id!)).kind).toBe('not_found');

    const config = unwrap(
      await client.configurations.create({ name: 'Click and collect', senderId: sender.id }),
    );
    expect(unwrap(await client.configurations.getStatus(config.id!))).toMatchObject({ status: 'DRAFT' });
    unwrap(await client.configurations.updateStatus(config.id!, { status: 'ACTIVE' }));
    unwrap(await client.configurations.update(config.id!, { name: 'C&C', status: 'ACTIVE' }));
    expect(unwrap(await client.configurations.get(config.id!)).name).toBe('C&C');
    const versions = unwrap(await client.configurations.versions(config.id!));
    expect(versions.map((v) => [v.version, v.status])).toEqual([
      [1, 'DRAFT'],
      [2, 'ACTIVE'],
      [3, 'ACTIVE'],
    ]);
    expect(failure(await client.configurations.updateStatus(config.id!, { status: 'NOPE' })).kind).toBe(
      'validation',
    );
    expect(unwrap(await client.configurations.list()).map((c) => c.id)).toContain(config.id);

    const connection = unwrap(
      await client.connections.create({ name: 'C&C checkout', configurationId: config.id }),
    );
    expect(unwrap(await client.connections.get(connection.id!)).configurationId).toBe(config.id);
    unwrap(await client.connections.update(connection.id!, { name: 'Renamed', configurationId: 'cfg-demo' }));
    expect(unwrap(await client.connections.list()).map((c) => c.id)).toContain(connection.id);
    // A session through the connection now resolves to the configuration it points at.
    const session = unwrap(await client.sessions.create(connection.id!));
    expect(sim.state.checkout.sessions.get(session.sessionId)?.configurationId).toBe('cfg-demo');
    unwrap(await client.connections.delete(connection.id!));
    unwrap(await client.configurations.delete(config.id!));
    expect(failure(await client.configurations.get(config.id!)).kind).toBe('not_found');
  });

  it('usage metrics come back as CSV for an inclusive date range (equal dates give one day)', async () => {
    await splitOrder('WEB-METRICS-1');
    const oneDay = unwrap(await client.metrics.fetch({ dateFrom: '2026-03-02', dateTo: '2026-03-02' }));
    expect(oneDay.trim().split(/\r?\n/)).toEqual([
      'date,tokens,sessions,optionRequests,partialShipments',
      '2026-03-02,1,1,1,3',
    ]);
    const three = unwrap(await client.metrics.fetch({ dateFrom: '2026-03-01', dateTo: '2026-03-03' }));
    expect(
      three
        .trim()
        .split(/\r?\n/)
        .slice(1)
        .map((r) => r.split(',')[0]),
    ).toEqual(['2026-03-01', '2026-03-02', '2026-03-03']);
    expect(
      failure(await client.metrics.fetch({ dateFrom: '2026-03-03', dateTo: '2026-03-01' })),
    ).toMatchObject({
      kind: 'validation',
      message: 'dateFrom must not be after dateTo',
    });
  });

  it('retries a failing token request with exponential backoff and jitter, then succeeds', async () => {
    await control('/faults/fail', { path: '/identity/idp/connect/token', status: 503, count: 2 });
    unwrap(await client.connections.list());
    expect(sim.state.checkout.tokenRequests).toHaveLength(1); // the two failures were answered before handling
    // Equal jitter with random() = 0.5: 3/4 of 250 ms, then 3/4 of 500 ms.
    expect(sleeps).toEqual([188, 375]);
  });

  it('refused credentials are auth/invalid_key without retries; no credentials are auth/missing_key without a request', async () => {
    const wrong = createCheckoutClient({
      baseUrl: sim.checkoutBaseUrl,
      authUrl: sim.checkoutAuthUrl,
      credentials: { clientId: CHECKOUT_DEMO_CLIENT_ID, clientSecret: 'wrong' },
      renewInBackground: false,
    });
    expect(failure(await wrong.connections.list())).toMatchObject({ kind: 'auth', reason: 'invalid_key' });
    await wrong.close();
    const none = createCheckoutClient({
      baseUrl: sim.checkoutBaseUrl,
      authUrl: sim.checkoutAuthUrl,
      credentials: () => undefined,
      renewInBackground: false,
    });
    const before = sim.state.checkout.tokenRequests.length;
    expect(failure(await none.connections.list())).toMatchObject({ kind: 'auth', reason: 'missing_key' });
    expect(sim.state.checkout.tokenRequests.length).toBe(before);
    await none.close();
  });

  it('a token that expires mid-flow (server side) is re-issued and the call replayed', async () => {
    const session = unwrap(
      await client.split.createSession(CHECKOUT_DEMO_CONNECTION_ID, { subShipments: [{}] }),
    );
    await control('/checkout/expire-tokens');
    const options = unwrap(
      await client.split.fetchOptions(session.sessionId, {
        ...CONTEXT,
        receiver: RECEIVER,
        subShipments: [{ subShipmentId: session.sessionId }],
      }),
    );
    expect(options.sessionId).toBe(session.sessionId);
    expect(sim.state.checkout.tokenRequests).toHaveLength(2);
  });

  it('renews the token before expires_in by its own clock: an hour later a new token is issued before any 401', async () => {
    unwrap(await client.connections.list());
    sim.clock.advance(3400_000); // past 11/12 of 3600 s, still valid
    unwrap(await client.connections.list());
    sim.clock.advance(300_000); // now past the first token's life
    unwrap(await client.connections.list());
    expect(sim.state.checkout.tokenRequests.length).toBeGreaterThanOrEqual(2);
  });

  it('a session past its 4 hours is recreated, not reported: options still come back, with mapped sub-shipment ids', async () => {
    const session = unwrap(
      await client.split.createSession(CHECKOUT_DEMO_CONNECTION_ID, { subShipments: [{}, {}] }),
    );
    const subIds = session.subShipments!.map((s) => s.subShipmentId!);
    sim.clock.advance(3 * HOUR);
    // An interaction extends the session by four hours from now.
    unwrap(
      await client.split.fetchOptions(session.sessionId, {
        subShipments: subIds.map((subShipmentId) => ({ subShipmentId })),
      }),
    );
    sim.clock.advance(3 * HOUR);
    expect(sim.state.checkout.sessions.has(session.sessionId)).toBe(true);
    sim.clock.advance(2 * HOUR); // 5 h since the last interaction
    const options = unwrap(
      await client.split.fetchOptions(session.sessionId, {
        receiver: RECEIVER,
        subShipments: subIds.map((subShipmentId) => ({ subShipmentId })),
      }),
    );
    expect(options.sessionId).not.toBe(session.sessionId);
    expect(options.subShipments[0]!.subShipmentId).toBe(options.sessionId);
    expect(logs.some((l) => l.includes(`checkout session ${session.sessionId} expired`))).toBe(true);
  });

  it('a session the service forgot (404) while the client thought it alive is recreated and the call replayed', async () => {
    const session = unwrap(await client.sessions.create(CHECKOUT_DEMO_CONNECTION_ID));
    sim.state.checkout.sessions.clear(); // the service lost it (restart): the client's clock says it is valid
    const options = unwrap(await client.sessions.fetchOptions(session.sessionId, { receiver: RECEIVER }));
    expect(options.sessionId).not.toBe(session.sessionId);
    expect(sim.state.checkout.sessions.size).toBe(1);
  });

  it('an unknown connection is not_found; options outside a session the client made are passed through as given', async () => {
    expect(failure(await client.sessions.create('no-such-connection')).kind).toBe('not_found');
    expect(failure(await client.sessions.fetchOptions('ses-unknown', {})).kind).toBe('not_found');
  });

  // Runs last (tests in a file run in order): the tests above together reached every operation.
  it('every operation in the route table went over HTTP to the simulator in the tests above', () => {
    const missing = Object.entries(CHECKOUT_ROUTES)
      .filter(([, route]) => {
        const path = route.path.replace(/\{\w+\}/g, '[^/]+');
        const re = new RegExp(`^${route.method} /(checkout|identity)${path}$`);
        return ![...served].some((line) => re.test(line));
      })
      .map(([operation]) => operation);
    expect(missing).toEqual([]);
    expect(Object.keys(CHECKOUT_ROUTES).length).toBeGreaterThanOrEqual(32);
  });
});
