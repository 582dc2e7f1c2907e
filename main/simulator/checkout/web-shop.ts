/**
 * A web shop's side of nShift Checkout, done the real way over HTTP with the project's Checkout client:
 * token, split session, delivery options per sub-shipment, the consumer's choice, partial shipments.
 * Demo mode makes its split orders with it, and tests use it to start the web-shop-to-label path.
 */
import { createCheckoutClient } from '../../nshift/checkout/client';
import type { CheckoutClient } from '../../nshift/checkout/client';
import type { PartialShipment } from '../../nshift/checkout/schemas';
import { describeApiError } from '../../nshift/shared/errors';
import type { Party } from '../schemas';
import type { Simulator } from '../server';
import {
  CHECKOUT_DEMO_CLIENT_ID,
  CHECKOUT_DEMO_CLIENT_SECRET,
  CHECKOUT_DEMO_CONNECTION_ID,
  CHECKOUT_PENDING_CONNECTION_ID,
  ensureCheckoutAccount,
} from './account';

export interface WebShopOrder {
  orderNo: string;
  receiver: Party;
  /** One per sub-shipment: the service the consumer picks, its parcels, and an optional reference. */
  subShipments: Array<{ serviceId: string; weights: number[]; reference?: string }>;
  connectionId?: string;
}

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
      throw new Error(`web shop checkout of ${order.orderNo}: ${step}: ${describeApiError(r.error)}`);
    return r.value;
  };
  const session = must(
    'create session',
    await client.split.createSession(order.connectionId ?? CHECKOUT_DEMO_CONNECTION_ID, {
      subShipments: order.subShipments.map(() => ({})),
    }),
  );
  const subIds = (session.subShipments ?? []).map((s) => s.subShipmentId ?? '');
  const parcels = (weights: number[]) => weights.map((weight) => ({ weight, contents: 'Goods' }));
  const options = must(
    'fetch options',
    await client.split.fetchOptions(session.sessionId, {
      receiver: order.receiver,
      language: 'en',
      currency: 'SEK',
      subShipments: order.subShipments.map((sub, i) => ({
        subShipmentId: subIds[i],
        parcels: parcels(sub.weights),
      })),
    }),
  ) as { subShipments?: Array<{ subShipmentId: string; options: Array<Record<string, unknown>> }> };
  return must(
    'create partial shipments',
    await client.split.createShipments({
      orderNo: order.orderNo,
      sessionId: session.sessionId,
      receiver: order.receiver,
      subShipments: order.subShipments.map((sub, i) => {
        const offered = options.subShipments?.[i];
        const chosen = offered?.options.find((o) => o.serviceId === sub.serviceId);
        if (!offered || !chosen)
          throw new Error(`web shop checkout of ${order.orderNo}: ${sub.serviceId} not offered`);
        return {
          subShipmentId: offered.subShipmentId,
          selectedOption: chosen,
          parcels: parcels(sub.weights),
          ...(sub.reference ? { reference: sub.reference } : {}),
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

export const DEMO_SPLIT_ORDER = 'SPLIT-3001';
export const DEMO_CHECKOUT_PENDING_ORDER = 'WEB-5002';
export const DEMO_CHECKOUT_MISSING_ORDER = 'WEB-5404';

const done = new WeakMap<Simulator, Promise<Array<{ code: string; description: string }>>>();

/**
 * The demo's web-shop orders, made through the simulated Checkout over HTTP (once per simulator): the split
 * order whose three partial shipments become READY stored shipments in Delivery, and an order checked out
 * through a connection whose sender links no shipping solution (in Checkout, not in Delivery).
 */
export function seedCheckoutDemo(
  sim: Simulator,
  receiver: Party,
): Promise<Array<{ code: string; description: string }>> {
  const already = done.get(sim);
  if (already) return already;
  const run = (async () => {
    const client = demoCheckoutClient(sim);
    try {
      await checkOutSplitOrder(client, {
        orderNo: DEMO_SPLIT_ORDER,
        receiver,
        subShipments: [1, 2, 3].map((i) => ({
          serviceId: i === 2 ? 'P15' : 'P19',
          weights: [i],
          reference: `${DEMO_SPLIT_ORDER}-${i}`,
        })),
      });
      await checkOutSplitOrder(client, {
        orderNo: DEMO_CHECKOUT_PENDING_ORDER,
        receiver,
        connectionId: CHECKOUT_PENDING_CONNECTION_ID,
        subShipments: [{ serviceId: 'P19', weights: [1] }],
      });
    } finally {
      await client.close();
    }
    return [
      {
        code: DEMO_SPLIT_ORDER,
        description: 'Split order made at checkout (nShift Checkout): three stored shipments, three labels',
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
