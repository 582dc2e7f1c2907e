/**
 * A web shop's side of nShift Checkout, done the real way over HTTP with the project's Checkout client and in
 * nShift Checkout's field names: token, split session, delivery options per sub-shipment, the consumer's
 * choice (an option, and its first pickup point where it has one), partial shipments. Demo mode makes its split
 * orders with it, and tests use it to start the web-shop-to-label path.
 */
import {
  createCheckoutClient,
  prepareIdOf,
  type CheckoutClient,
  type CheckoutAddress,
  type PartialShipment,
} from '../../nshift/checkout';
import { createDeliveryClient } from '../../nshift/delivery';
import { describeApiError, type ApiKey } from '../../nshift/shared';
import type { Party } from '../schemas';
import type { Simulator } from '../server';
import {
  CHECKOUT_DEMO_CLIENT_ID,
  CHECKOUT_DEMO_CLIENT_SECRET,
  CHECKOUT_DEMO_CONNECTION_ID,
  CHECKOUT_PENDING_CONNECTION_ID,
  ensureCheckoutAccount,
} from './account';
import { toCheckoutParty } from './parties';

export interface WebShopOrder {
  orderId: string;
  receiver: CheckoutAddress;
  /** One per sub-shipment: the carrier product the consumer picks (a catalogue service id) and its packages' kg. */
  subShipments: Array<{ serviceId: string; weights: number[] }>;
  connectionId?: string;
}

/** The cart's context, the same for the session and its options (the configuration's rules read it). */
const CONTEXT = { currencyCode: 'SEK', languageCode: 'en', localeId: 'sv-SE' } as const;

/** Checks out one order as a web shop would; throws when any step fails (it is a script, not a station). */
export async function checkOutSplitOrder(
  client: CheckoutClient,
  order: WebShopOrder,
): Promise<PartialShipment[]> {
  const must = <T>(
    step: string,
    r: { ok: true; value: T } | { ok: false; error: Parameters<typeof describeApiError>[0] },
  ): T => {
    if (!r.ok)
      throw new Error(`web shop checkout of ${order.orderId}: ${step}: ${describeApiError(r.error)}`);
    return r.value;
  };
  const session = must(
    'create session',
    await client.split.createSession(order.connectionId ?? CHECKOUT_DEMO_CONNECTION_ID, {
      ...CONTEXT,
      receiver: order.receiver,
      subShipments: order.subShipments.map(() => ({})),
    }),
  );
  const subIds = (session.subShipments ?? []).map((s) => s.subShipmentId ?? '');
  const packages = (weights: number[]) => weights.map((weightKg) => ({ weightKg }));
  const total = (weights: number[]) => weights.reduce((sum, w) => sum + w, 0);
  const options = must(
    'fetch options',
    await client.split.fetchOptions(session.sessionId, {
      ...CONTEXT,
      receiver: order.receiver,
      subShipments: order.subShipments.map((sub, i) => ({
        subShipmentId: subIds[i],
        totalWeightKg: total(sub.weights),
        packages: packages(sub.weights),
      })),
    }),
  );
  return must(
    'create partial shipments',
    await client.split.createShipments({
      orderId: order.orderId,
      sessionId: session.sessionId,
      receiver: order.receiver,
      subShipments: order.subShipments.map((sub, i) => {
        const offered = options.subShipments[i];
        const chosen = offered?.options.find((o) => o.carrierProductId === sub.serviceId);
        if (!offered?.subShipmentId || !chosen)
          throw new Error(`web shop checkout of ${order.orderId}: ${sub.serviceId} not offered`);
        const pickupPoint = chosen.pickupPoints?.[0];
        return {
          subShipmentId: offered.subShipmentId,
          optionId: chosen.optionId,
          ...(pickupPoint ? { pickupPointId: pickupPoint.pickupPointId } : {}),
          packages: packages(sub.weights),
        };
      }),
    }),
  );
}

/** A Checkout client for the simulator's demo account (the simulator must be started). */
export function demoCheckoutClient(sim: Simulator): CheckoutClient {
  if (!sim.checkoutBaseUrl || !sim.checkoutAuthUrl) throw new Error('start the simulator first');
  ensureCheckoutAccount(sim);
  return createCheckoutClient({
    baseUrl: sim.checkoutBaseUrl,
    authUrl: sim.checkoutAuthUrl,
    credentials: { clientId: CHECKOUT_DEMO_CLIENT_ID, clientSecret: CHECKOUT_DEMO_CLIENT_SECRET },
    renewInBackground: false,
  });
}

/**
 * What a web shop that books in its own flow does with an order's prepared shipments in Delivery: turns each
 * into a stored shipment, completed with its own reference (`reference(i)`), over HTTP with the project's
 * Delivery client. A station then finds them as stored shipments, with or without Checkout credentials.
 */
export async function storePreparedShipments(
  sim: Simulator,
  partials: PartialShipment[],
  apiKey: ApiKey,
  reference: (index: number) => string,
): Promise<void> {
  if (!sim.deliveryBaseUrl) throw new Error('start the simulator first');
  const delivery = createDeliveryClient({
    baseUrl: sim.deliveryBaseUrl,
    apiKey,
    token: { renewInBackground: false },
  });
  try {
    for (const [index, partial] of partials.entries()) {
      const stored = await delivery.preparedShipments.toStored(prepareIdOf(partial), {
        senderReference: reference(index),
      });
      if (!stored.ok)
        throw new Error(`web shop: storing ${partial.orderId}: ${describeApiError(stored.error)}`);
    }
  } finally {
    await delivery.close();
  }
}

export const DEMO_SPLIT_ORDER = 'SPLIT-3001';
/** A split order the web shop turned into stored shipments itself (found without Checkout credentials too). */
export const DEMO_STORED_SPLIT_ORDER = 'SPLIT-3002';
export const DEMO_CHECKOUT_PENDING_ORDER = 'WEB-5002';
export const DEMO_CHECKOUT_MISSING_ORDER = 'WEB-5404';

const done = new WeakMap<Simulator, Promise<Array<{ code: string; description: string }>>>();

/**
 * The demo's web-shop orders, made through the simulated Checkout over HTTP (once per simulator): the split
 * order whose three partial shipments become prepared shipments in Delivery, a split order the shop turned
 * into three stored shipments (with `deliveryKey`, the demo account's API key), and an order checked out
 * through a connection whose sender links no shipping solution (in Checkout, not in Delivery).
 */
export function seedCheckoutDemo(
  sim: Simulator,
  receiver: Party,
  deliveryKey: ApiKey,
): Promise<Array<{ code: string; description: string }>> {
  const already = done.get(sim);
  if (already) return already;
  const run = (async () => {
    const client = demoCheckoutClient(sim);
    const consumer = toCheckoutParty(receiver);
    const threeParts = [1, 2, 3].map((i) => ({ serviceId: i === 2 ? 'P15' : 'P19', weights: [i] }));
    try {
      await checkOutSplitOrder(client, {
        orderId: DEMO_SPLIT_ORDER,
        receiver: consumer,
        subShipments: threeParts,
      });
      const stored = await checkOutSplitOrder(client, {
        orderId: DEMO_STORED_SPLIT_ORDER,
        receiver: consumer,
        subShipments: threeParts,
      });
      await storePreparedShipments(sim, stored, deliveryKey, (i) => `${DEMO_STORED_SPLIT_ORDER}-${i + 1}`);
      await checkOutSplitOrder(client, {
        orderId: DEMO_CHECKOUT_PENDING_ORDER,
        receiver: consumer,
        connectionId: CHECKOUT_PENDING_CONNECTION_ID,
        subShipments: [{ serviceId: 'P19', weights: [1] }],
      });
    } finally {
      await client.close();
    }
    return [
      {
        code: DEMO_SPLIT_ORDER,
        description: 'Split order made at checkout (nShift Checkout): three prepared shipments, three labels',
      },
      {
        code: DEMO_STORED_SPLIT_ORDER,
        description: 'Split order the web shop turned into three stored shipments: three labels',
      },
      {
        code: DEMO_CHECKOUT_PENDING_ORDER,
        description: 'Created at checkout but not yet in nShift Delivery (with Checkout credentials)',
      },
      {
        code: DEMO_CHECKOUT_MISSING_ORDER,
        description: 'The web shop has not created this shipment yet (with Checkout credentials)',
      },
    ];
  })();
  done.set(sim, run);
  return run;
}
