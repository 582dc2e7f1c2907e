/**
 * nShift's own examples, and real Checkout clients' bodies, held against the client (test/fixtures/nshift/
 * checkout/README.md names each one's source). Every answer parses with the client's schemas and reads as the
 * station needs it; every request the client builds has the fixture's shape, over real HTTP to a recording
 * server. A schema that refuses one of them is a bug in the schema.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCheckoutClient, type CheckoutClient } from '../../../main/nshift/checkout/client';
import {
  contextBodySchema,
  optionsSchema,
  partialShipmentRequestSchema,
  partialShipmentSchema,
  sessionSchema,
  splitOptionsSchema,
  tokenResponseSchema,
  type ContextBody,
  type PartialShipmentRequest,
} from '../../../main/nshift/checkout/schemas';
import { preparedShipmentSchema } from '../../../main/nshift/delivery/schemas';
import { problemBodySchema, problemIssues } from '../../../main/nshift/shared/error-bodies';
import { json, startFake, type FakeServer, type RecordedRequest } from './fake-nshift';

const DIR = join(__dirname, '../../fixtures/nshift/checkout');
const text = (name: string) => readFileSync(join(DIR, name), 'utf8');
const fixture = <T = Record<string, unknown>>(name: string): T => JSON.parse(text(name)) as T;

/** Every key path of a JSON value (`receiver.postalCode`, `packages[].weightKg`), for comparing shapes. */
function shapeOf(value: unknown, at = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => shapeOf(item, `${at}[]`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, child]) => {
      const path = at ? `${at}.${key}` : key;
      return [path, ...shapeOf(child, path)];
    });
  return [];
}
const sameShape = (a: unknown, b: unknown) =>
  [...new Set(shapeOf(a))].sort().join('\n') === [...new Set(shapeOf(b))].sort().join('\n');

describe('nShift Checkout’s examples parse with the client’s schemas', () => {
  it('the token answer', () => {
    expect(tokenResponseSchema.parse(fixture('token-response.json'))).toMatchObject({
      expires_in: 3600,
      token_type: 'Bearer',
    });
  });

  it('a session, its options (price a number, pickup points and time slots by id), and a split session’s', () => {
    expect(sessionSchema.parse(fixture('session-response.json'))).toMatchObject({
      sessionId: '3f9a1c52-7d4e-4b7a-9c1e-5b2d8e6f0a13',
      checkoutConfigurationId: '7c6d5e4f-1111-4a2b-8c3d-222222222222',
    });
    const options = optionsSchema.parse(fixture('options-response.json'));
    expect(options.options.map((o) => [o.optionId, o.carrierProductId, o.price])).toEqual([
      ['0d6f1a7e-5c3b-4e2a-9f8d-7a6b5c4d3e2f', 'PO2103', 5.9],
      ['9b8a7c6d-1e2f-4a3b-8c4d-5e6f7a8b9c0d', 'PO2104', 12.9],
    ]);
    expect(options.options[0]!.pickupPoints?.[0]?.pickupPointId).toBe('1234567');
    expect(options.options[1]!.timeSlots?.[0]?.timeSlotId).toBe('2026-03-03T16:00/20:00');
    const split = sessionSchema.parse(fixture('split-session-response.json'));
    expect(split.subShipments?.[0]?.subShipmentId).toBe(split.sessionId);
    const splitOptions = splitOptionsSchema.parse(fixture('split-options-response.json'));
    expect(splitOptions.subShipments.map((s) => s.options[0]?.carrierProductId)).toEqual(['P19', 'DHLPAK']);
  });

  it('a partial shipment: order id, carrier and product, receiver, pickup point and packages', () => {
    const partial = partialShipmentSchema.parse(fixture('partial-shipment-response.json'));
    expect(partial).toMatchObject({
      id: '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d',
      orderId: 'order_01JN4ZQ8K2',
      carrier: 'POSTI',
      carrierProduct: 'PO2103',
      receiver: { name: 'Aino Virtanen', postalCode: '00100', city: 'Helsinki' },
      pickupPoint: { pickupPointId: '1234567', name: 'K-Market Kamppi' },
      packages: [{ weightKg: 1.4 }],
    });
    // Kept as it came: the station passes on what it does not name.
    expect(partial.organizationId).toBe('org-4711');
  });

  it('the requests real clients send are what the client’s own request schemas accept', () => {
    expect(contextBodySchema.safeParse(fixture('session-request.json')).success).toBe(true);
    expect(partialShipmentRequestSchema.safeParse(fixture('partial-shipment-request.json')).success).toBe(
      true,
    );
    expect(
      partialShipmentRequestSchema.safeParse(fixture('partial-shipment-request-minimal.json')).success,
    ).toBe(true);
  });

  it('a problem: its detail, and its issues as the validation list every caller reads', () => {
    const problem = problemBodySchema.parse(fixture('problem.json'));
    expect(problemIssues(problem)).toEqual([
      {
        message: 'A postal code is required for this country.',
        messageCode: 'MISSING_POSTAL_CODE',
        field: 'receiver.postalCode',
        location: 'receiver.postalCode',
        type: 'error',
      },
    ]);
  });

  it('the prepared shipment nShift Delivery answers for a checkout (numbers as strings, as shown)', () => {
    expect(preparedShipmentSchema.parse(fixture('delivery-prepared-shipment.json'))).toMatchObject({
      orderNo: 'order number 123',
      service: { id: 'P15' },
      receiver: { name: 'nShift AB', zipcode: '11359' },
      parcels: [{ copies: '1', weight: '37.5' }],
      options: [{ id: 'ENOT' }],
    });
  });
});

describe('the client builds nShift Checkout’s requests in the shape of the examples', () => {
  let fake: FakeServer | undefined;
  let client: CheckoutClient | undefined;
  afterEach(async () => {
    await client?.close();
    await fake?.close();
    client = fake = undefined;
  });

  /** A recording server answering each Checkout call with its example answer. */
  async function recording(answer: (req: RecordedRequest) => [number, unknown]): Promise<CheckoutClient> {
    fake = await startFake((req, res) => {
      if (req.url === '/idp/connect/token') return json(res, 200, fixture('token-response.json'));
      const [status, body] = answer(req);
      json(res, status, body);
    });
    client = createCheckoutClient({
      baseUrl: `${fake.origin}/checkout`,
      authUrl: fake.origin,
      credentials: { clientId: 'YOUR_CLIENT_ID', clientSecret: 'YOUR_CLIENT_SECRET' },
      renewInBackground: false,
      sleep: async () => {},
    });
    return client;
  }
  const sent = (url: RegExp) => fake!.requests.find((r) => url.test(r.url))!;

  it('the token request: the help centre’s form fields, form-encoded, Cache-Control: no-cache', async () => {
    const c = await recording(() => [200, fixture('session-response.json')]);
    await c.warm();
    const token = sent(/^\/idp\/connect\/token$/);
    expect(new URLSearchParams(token.body).toString()).toBe(text('token-request.txt').trim());
    expect(token.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(token.headers['cache-control']).toBe('no-cache');
  });

  it('a session and its options: the example body as sent, the example answers as read', async () => {
    const c = await recording((req) =>
      req.url.includes('/shipping-options/')
        ? [200, fixture('options-response.json')]
        : [201, fixture('session-response.json')],
    );
    const body = fixture<ContextBody>('session-request.json');
    const session = await c.sessions.create('conn-1', body);
    expect(session.ok && session.value.checkoutConfigurationId).toBe('7c6d5e4f-1111-4a2b-8c3d-222222222222');
    const options = await c.sessions.fetchOptions(session.ok ? session.value.sessionId : '', body);
    expect(options.ok && options.value.options).toHaveLength(2);
    const create = sent(/\/options\/v1\/sessions\/conn-1$/);
    expect(sameShape(JSON.parse(create.body), body)).toBe(true);
    expect(sameShape(JSON.parse(sent(/shipping-options/).body), body)).toBe(true);
  });

  it('a partial shipment: the example body as sent, with extended-result=true, and its answer as read', async () => {
    const c = await recording(() => [201, fixture('partial-shipment-response.json')]);
    const body = fixture<PartialShipmentRequest>('partial-shipment-request.json');
    const made = await c.partialShipments.create(body);
    expect(made.ok && made.value.orderId).toBe('order_01JN4ZQ8K2');
    const request = sent(/^\/checkout\/shipments\/v1\/shipments\?/);
    expect(new URL(request.url, fake!.origin).searchParams.get('extended-result')).toBe('true');
    expect(sameShape(JSON.parse(request.body), body)).toBe(true);
    expect(JSON.parse(request.body)).toEqual(body);
  });

  it('a refusal answered as the example problem reads as validation, with its issues', async () => {
    const c = await recording(() => [400, fixture('problem.json')]);
    const refused = await c.sessions.fetchOptions('3f9a1c52-7d4e-4b7a-9c1e-5b2d8e6f0a13', {});
    expect(refused).toMatchObject({
      ok: false,
      error: {
        kind: 'validation',
        status: 400,
        message: 'The receiver is incomplete.',
        errors: [{ messageCode: 'MISSING_POSTAL_CODE', field: 'receiver.postalCode' }],
      },
    });
  });
});
