/**
 * The Checkout client's contract, and the prepared shipment a partial shipment becomes in Delivery, over real HTTP.
 * The same suite runs against the simulator (always) and against a real nShift Checkout account when these are set
 * (CI sets none of them, so nothing here reaches an outside address unless someone asks for it):
 *
 * - `NSHIFT_CHECKOUT_CLIENT_ID`, `NSHIFT_CHECKOUT_CLIENT_SECRET`: the client credentials (Checkout's API keys);
 * - `NSHIFT_CHECKOUT_CONNECTION_ID`: the checkout connection its sessions are made with;
 * - optional `NSHIFT_CHECKOUT_BASE_URL` (default `https://api.nshiftportal.com/checkout`) and
 *   `NSHIFT_CHECKOUT_AUTH_URL` (default `https://account.nshiftportal.com`);
 * - with the Delivery variables of contract.test.ts too (`NSHIFT_BASE_URL`, `NSHIFT_API_KEY_ID`,
 *   `NSHIFT_API_KEY_SECRET`, of the shipping solution the connection's sender is linked to), the partial shipment's
 *   prepared shipment is checked in Delivery.
 *
 * What it does on a real account: a session, its options, two partial shipments of an order numbered
 * `PB-CONTRACT-CHECKOUT-<time>` in nShift Checkout's own field names (never `send-to-book-and-print`), fetch, list,
 * delete. In Delivery: the prepared shipment fetched, turned into a stored shipment marked `test` (then deleted),
 * the other deleted. It never books a prepared shipment there: the booking's body is the print configuration, so
 * nothing marks it a test, and it would ship. The booking runs on the simulator only; on the real account only an
 * id nShift no longer holds is sent (after `get` said so), which books nothing. The run deletes what it made (the
 * partial shipments from Checkout's list, the prepared and stored shipments in Delivery).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCheckoutClient } from '../../../main/nshift/checkout/client';
import type { CheckoutClient, CheckoutError } from '../../../main/nshift/checkout/client';
import { DEFAULT_CHECKOUT_AUTH_URL, DEFAULT_CHECKOUT_BASE_URL } from '../../../main/nshift/checkout/routes';
import type { PartialShipment } from '../../../main/nshift/checkout/schemas';
import { createDeliveryClient } from '../../../main/nshift/delivery/client';
import type { DeliveryClient, DeliveryError } from '../../../main/nshift/delivery/client';
import type { PrintConfig } from '../../../main/nshift/delivery/types';
import type { Result } from '../../../main/result';
import {
  CHECKOUT_DEMO_CLIENT_ID,
  CHECKOUT_DEMO_CLIENT_SECRET,
  CHECKOUT_DEMO_CONNECTION_ID,
  createSimulator,
  DEMO_API_KEY_ID,
  DEMO_API_KEY_SECRET,
  ensureDemoAccount,
} from '../../../main/simulator/index';
import type { Simulator } from '../../../main/simulator/index';
import { unwrap } from '../../support/unwrap';

interface Target {
  checkout: {
    baseUrl: string;
    authUrl: string;
    clientId: string;
    clientSecret: string;
    connectionId: string;
  };
  /** The Delivery account the connection's partial shipments become prepared shipments in, when known. */
  delivery?: { baseUrl: string; id: string; secret: string };
}

const env = process.env;
const realCheckout = Boolean(
  env.NSHIFT_CHECKOUT_CLIENT_ID && env.NSHIFT_CHECKOUT_CLIENT_SECRET && env.NSHIFT_CHECKOUT_CONNECTION_ID,
);
const realDelivery = Boolean(env.NSHIFT_BASE_URL && env.NSHIFT_API_KEY_ID && env.NSHIFT_API_KEY_SECRET);

const ZPL: PrintConfig = { target1Media: 'thermo-190', target1Type: 'zpl' };
const CONTEXT = { currencyCode: 'SEK', languageCode: 'sv', localeId: 'sv-SE' };
const RECEIVER = {
  name: 'Åsa Öberg',
  address1: 'Storgatan 1',
  postalCode: '11359',
  city: 'STOCKHOLM',
  country: 'SE',
  email: 'asa@example.com',
  mobile: '+46701234567',
};

function failure<T, E extends CheckoutError | DeliveryError>(result: Result<T, E>): E {
  if (result.ok) throw new Error(`expected an error, got ${JSON.stringify(result.value).slice(0, 300)}`);
  return result.error;
}

function checkoutContract(name: string, isSim: boolean, target: () => Target): void {
  const simOnly = it.skipIf(!isSim);
  const withDelivery = it.skipIf(!isSim && !realDelivery);
  const log: string[] = [];
  let checkout: CheckoutClient;
  let delivery: DeliveryClient | undefined;
  const orderId = `PB-CONTRACT-CHECKOUT-${Date.now()}`;
  let sessionId = '';
  let chosen: { optionId: string; pickupPointId?: string } | undefined;
  /** Made by the partial-shipment test: the one booked (or stored) in Delivery, and the one deleted. */
  let kept: PartialShipment | undefined;
  let dropped: PartialShipment | undefined;

  beforeAll(() => {
    const t = target();
    checkout = createCheckoutClient({
      baseUrl: t.checkout.baseUrl,
      authUrl: t.checkout.authUrl,
      credentials: { clientId: t.checkout.clientId, clientSecret: t.checkout.clientSecret },
      renewInBackground: false,
      logger: (line) => log.push(line),
    });
    if (t.delivery)
      delivery = createDeliveryClient({
        baseUrl: t.delivery.baseUrl,
        apiKey: { id: t.delivery.id, secret: t.delivery.secret },
        token: { renewInBackground: false },
        logger: (line) => log.push(line),
      });
  });
  afterAll(async () => {
    await checkout?.close();
    await delivery?.close();
    // Whatever happened above, no log line carries a secret.
    const t = target();
    expect(log.join('\n')).not.toContain(t.checkout.clientSecret);
    if (t.delivery) expect(log.join('\n')).not.toContain(t.delivery.secret);
  });

  describe(`${name}: token, session, options`, () => {
    it('issues a token for the client credentials', async () => {
      expect(await checkout.warm()).toEqual({ ok: true, value: undefined });
    });

    it('refused credentials are auth invalid_key, and the secret is in no error', async () => {
      const t = target().checkout;
      const wrong = createCheckoutClient({
        baseUrl: t.baseUrl,
        authUrl: t.authUrl,
        credentials: { clientId: t.clientId, clientSecret: 'definitely-wrong-secret' },
        renewInBackground: false,
      });
      const error = failure(await wrong.warm());
      expect(error).toMatchObject({ kind: 'auth', reason: 'invalid_key' });
      expect(JSON.stringify(error)).not.toContain('definitely-wrong-secret');
      await wrong.close();
    });

    it('creates a session on the connection, in the cart’s currency and language', async () => {
      const session = unwrap(await checkout.sessions.create(target().checkout.connectionId, { ...CONTEXT }));
      expect(session.sessionId).toMatch(/\S/);
      sessionId = session.sessionId;
    });

    it('fetches the session’s delivery options: optionId, a price in the session’s currency, pickup points', async () => {
      const options = unwrap(
        await checkout.sessions.fetchOptions(sessionId, {
          ...CONTEXT,
          receiver: RECEIVER,
          totalWeightKg: 2,
          packages: [{ weightKg: 2 }],
        }),
      );
      expect(options.options.length).toBeGreaterThan(0);
      for (const option of options.options) expect(option.optionId).toMatch(/\S/);
      const first = options.options.find((o) => o.valid !== false) ?? options.options[0]!;
      expect(typeof first.price === 'number' || first.price === undefined).toBe(true);
      const pickupPointId = first.pickupPoints?.[0]?.pickupPointId;
      chosen = { optionId: first.optionId, ...(pickupPointId ? { pickupPointId } : {}) };
    });
  });

  describe(`${name}: partial shipments`, () => {
    it('creates partial shipments in Checkout’s field names and reads them back with extended-result', async () => {
      const create = () =>
        checkout.partialShipments.create({
          orderId,
          sessionId,
          ...chosen!,
          receiver: RECEIVER,
          packages: [{ weightKg: 2 }],
        });
      kept = unwrap(await create());
      dropped = unwrap(await create());
      for (const partial of [kept, dropped]) {
        expect(partial.id).toMatch(/\S/);
        expect(partial.orderId).toBe(orderId);
        expect(partial.receiver).toMatchObject({ postalCode: RECEIVER.postalCode });
      }
      expect(kept.id).not.toBe(dropped.id);
      if (isSim) expect(kept).toMatchObject({ carrier: 'PLAB', packages: [{ weightKg: 2 }] });
    });

    it('fetches one by id, and lists the order’s by orderId', async () => {
      expect(unwrap(await checkout.partialShipments.get(kept!.id))).toMatchObject({ id: kept!.id, orderId });
      const listed = unwrap(await checkout.partialShipments.list({ orderId }));
      expect(listed.map((p) => p.id)).toEqual(expect.arrayContaining([kept!.id, dropped!.id]));
    });

    it('an option the session never offered is refused as a problem: validation with nShift’s issues', async () => {
      const refused = failure(
        await checkout.partialShipments.create({
          orderId: `${orderId}-REFUSED`,
          sessionId,
          optionId: 'pb-no-such-option',
          receiver: RECEIVER,
        }),
      );
      expect(refused.kind).toBe('validation');
      expect(refused.message).toMatch(/\S/);
    });
  });

  describe(`${name}: the partial shipment in Delivery, a prepared shipment`, () => {
    withDelivery('is fetched by its prepare id: the order, the receiver, the chosen service', async () => {
      const prepared = unwrap(
        await delivery!.preparedShipments.get(checkout.partialShipments.prepareIdOf(kept!)),
      );
      expect(prepared.orderNo).toBe(orderId);
      expect(prepared.receiver).toMatchObject({ zipcode: RECEIVER.postalCode, country: 'SE' });
      expect(prepared.service?.id).toMatch(/\S/);
    });

    simOnly('is booked and printed once: labels inline, the prepared shipment consumed', async () => {
      const prepareId = checkout.partialShipments.prepareIdOf(kept!);
      const booked = unwrap(await delivery!.preparedShipments.book(prepareId, ZPL));
      expect(booked[0]).toMatchObject({ orderNo: orderId, status: 'PRINTED' });
      expect(booked[0]!.prints[0]?.data).toEqual(expect.any(String));
      expect(failure(await delivery!.preparedShipments.get(prepareId)).kind).toBe('not_found');
    });

    withDelivery(
      'is turned into a stored shipment (completed with test: true), which is then deleted unbooked',
      async () => {
        // On the simulator the kept one was booked above: store the other one there instead.
        const partial = isSim ? dropped! : kept!;
        const prepareId = checkout.partialShipments.prepareIdOf(partial);
        const stored = unwrap(await delivery!.preparedShipments.toStored(prepareId, { test: true }));
        expect(stored.id).toMatch(/\S/);
        expect(unwrap(await delivery!.storedShipments.get(stored.id)).orderNo).toBe(orderId);
        expect(failure(await delivery!.preparedShipments.get(prepareId)).kind).toBe('not_found');
        expect(await delivery!.storedShipments.delete(stored.id)).toEqual({ ok: true, value: undefined });
        expect(await checkout.partialShipments.delete(partial.id)).toEqual({ ok: true, value: undefined });
      },
    );

    withDelivery(
      'is deleted: no further operation works on its id, and a booking of it books nothing',
      async () => {
        // Checkout first (its own list only), then Delivery's prepared shipment.
        const partial = isSim ? unwrap(await newPartial()) : dropped!;
        expect(await checkout.partialShipments.delete(partial.id)).toEqual({ ok: true, value: undefined });
        expect(failure(await checkout.partialShipments.get(partial.id)).kind).toBe('not_found');
        const prepareId = checkout.partialShipments.prepareIdOf(partial);
        expect(await delivery!.preparedShipments.delete(prepareId)).toEqual({ ok: true, value: undefined });
        const gone = failure(await delivery!.preparedShipments.get(prepareId));
        expect(gone.kind).toBe('not_found');
        // Only now, with nShift saying it holds nothing under the id, is a booking of it sent at all.
        if (gone.kind === 'not_found')
          expect(failure(await delivery!.preparedShipments.book(prepareId, ZPL)).kind).toBe('not_found');
      },
    );
  });

  describe(`${name}: deleting a partial shipment without Delivery`, () => {
    it.skipIf(isSim || realDelivery)('deletes it from Checkout’s list', async () => {
      for (const partial of [kept!, dropped!]) {
        expect(await checkout.partialShipments.delete(partial.id)).toEqual({ ok: true, value: undefined });
        expect(failure(await checkout.partialShipments.get(partial.id)).kind).toBe('not_found');
      }
    });
  });

  /** Another partial shipment of the order (the simulator's delete test needs one nothing else touched). */
  function newPartial() {
    return checkout.partialShipments.create({
      orderId,
      sessionId,
      ...chosen!,
      receiver: RECEIVER,
      packages: [{ weightKg: 1 }],
    });
  }
}

describe('Checkout client contract: simulator', () => {
  let sim: Simulator;
  let urls: { checkoutBaseUrl: string; checkoutAuthUrl: string; deliveryBaseUrl: string };
  beforeAll(async () => {
    sim = createSimulator();
    ensureDemoAccount(sim);
    urls = await sim.start();
  });
  afterAll(async () => {
    await sim?.stop();
  });
  checkoutContract('simulator', true, () => ({
    checkout: {
      baseUrl: urls.checkoutBaseUrl,
      authUrl: urls.checkoutAuthUrl,
      clientId: CHECKOUT_DEMO_CLIENT_ID,
      clientSecret: CHECKOUT_DEMO_CLIENT_SECRET,
      connectionId: CHECKOUT_DEMO_CONNECTION_ID,
    },
    delivery: { baseUrl: urls.deliveryBaseUrl, id: DEMO_API_KEY_ID, secret: DEMO_API_KEY_SECRET },
  }));
});

describe.skipIf(!realCheckout)('Checkout client contract: real nShift Checkout account', () => {
  checkoutContract('real account', false, () => ({
    checkout: {
      baseUrl: env.NSHIFT_CHECKOUT_BASE_URL ?? DEFAULT_CHECKOUT_BASE_URL,
      authUrl: env.NSHIFT_CHECKOUT_AUTH_URL ?? DEFAULT_CHECKOUT_AUTH_URL,
      clientId: env.NSHIFT_CHECKOUT_CLIENT_ID ?? '',
      clientSecret: env.NSHIFT_CHECKOUT_CLIENT_SECRET ?? '',
      connectionId: env.NSHIFT_CHECKOUT_CONNECTION_ID ?? '',
    },
    ...(realDelivery
      ? {
          delivery: {
            baseUrl: env.NSHIFT_BASE_URL ?? '',
            id: env.NSHIFT_API_KEY_ID ?? '',
            secret: env.NSHIFT_API_KEY_SECRET ?? '',
          },
        }
      : {}),
  }));
});
