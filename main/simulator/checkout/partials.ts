/**
 * Partial shipments in the simulated Checkout (docs/nshift-checkout-api.md): created once an order converts,
 * in nShift Checkout's field names (`orderId`, `sessionId`, `optionId`, `pickupPointId`, `timeSlotId`,
 * `receiver`, `addons`, `fields`, `packages`), singly or per sub-shipment of a split session. Each one whose
 * configuration's sender links a shipping solution also becomes a prepared shipment in the simulated Delivery
 * account (routes/prepared.ts), under the prepare id `prepareIdOf` gives it: the consumer's carrier service and
 * pickup point, the receiver, the packages as parcels and the order id as order number. Never a stored shipment:
 * that is the shop's or the station's decision in Delivery. Deleting a partial shipment touches Checkout only.
 */
import {
  prepareIdOf,
  partialShipmentRequestSchema,
  splitShipmentsRequestSchema,
  type CheckoutPackage,
} from '../../nshift/checkout';
import type { SimContext } from '../context';
import { formatTimestamp, parseQueryDate } from '../format';
import { json, noContent, paginate, type Reply, type Router } from '../http';
import { shipmentSchema } from '../schemas';
import { nextId } from '../state';
import { createPrepared } from '../routes/prepared';
import { pickupPointOf, serviceOfOption } from './options';
import { toCheckoutParty, toDeliveryParty } from './parties';
import { issue, parseCheckoutBody, problem, type Issue } from './problem';
import { offeredServices, senderOf, sessionGone, touchSession } from './sessions';
import type { CheckoutParty, SimCheckoutSession, SimPartialShipment } from './state';
import { countUsage } from './usage';
import * as z from 'zod';

/** One shipment's choice, as both the single and the split bodies carry it. */
interface Choice {
  optionId: string;
  pickupPointId?: string;
  timeSlotId?: string;
  addons?: Array<Record<string, unknown>>;
  fields?: Array<Record<string, unknown>>;
  packages?: CheckoutPackage[];
  subShipmentId?: string;
}

const contactBody = z
  .object({ name: z.string().min(1).optional(), email: z.string().min(1).optional() })
  .refine((c) => c.name !== undefined || c.email !== undefined, 'name or email is required');

const shipmentGone = (id: string): Reply =>
  problem(404, 'Not Found', `No partial shipment ${id}`, [
    issue('SHIPMENT_NOT_FOUND', 'shipmentId', `No partial shipment ${id}`),
  ]);

export function registerPartialShipmentRoutes(router: Router, ctx: SimContext): void {
  const state = ctx.state.checkout;
  const now = () => ctx.clock.now();

  /** What the session's configuration would refuse in this choice: an option it does not offer, a pickup point the option has not. */
  function problemsOf(session: SimCheckoutSession, choice: Choice, at: string): Issue[] {
    const service = serviceOfOption(choice.optionId);
    const offered = offeredServices(ctx, session);
    if (!service || (offered && !offered.includes(service.id)))
      return [issue('OPTION_NOT_FOUND', `${at}optionId`, `The session offers no option ${choice.optionId}`)];
    if (choice.pickupPointId && pickupPointOf(service)?.pickupPointId !== choice.pickupPointId)
      return [issue('PICKUP_POINT_NOT_FOUND', `${at}pickupPointId`, 'The option has no such pickup point')];
    return [];
  }

  function createPartial(
    orderId: string,
    session: SimCheckoutSession,
    choice: Choice,
    receiver: CheckoutParty,
    /** One request's partial shipments share their creation time, so the list keeps them in their order. */
    created: number,
  ): SimPartialShipment {
    const service = serviceOfOption(choice.optionId)!;
    const pickup = choice.pickupPointId ? pickupPointOf(service) : undefined;
    const packages = choice.packages?.length ? choice.packages : [{ weightKg: 1 }];
    const sender = senderOf(ctx, session);
    const id = `ps-${nextId(ctx.state, 'partialShipment')}`;
    const prepareId = sender.linked ? prepareIdOf({ id }) : null;
    if (prepareId)
      createPrepared(
        ctx,
        prepareId,
        shipmentSchema.parse({
          sender: sender.address,
          receiver: toDeliveryParty(receiver),
          ...(pickup ? { agent: { quickId: pickup.pickupPointId } } : {}),
          service: { id: service.id },
          parcels: packages.map((p) => ({
            copies: 1,
            weight: p.weightKg ?? 1,
            contents: p.contents ?? 'Goods',
          })),
          orderNo: orderId,
        }),
      );
    const partial: SimPartialShipment = {
      id,
      orderId,
      sessionId: session.sessionId,
      subShipmentId: choice.subShipmentId ?? null,
      optionId: choice.optionId,
      carrier: service.carrierId,
      carrierProduct: service.id,
      sender: toCheckoutParty(sender.address),
      receiver,
      pickupPoint: pickup ?? null,
      timeSlotId: choice.timeSlotId ?? null,
      addons: choice.addons ?? [],
      fields: choice.fields ?? [],
      packages: packages.map((p) => ({ ...p })),
      created,
      anonymized: false,
      prepareId,
    };
    state.partialShipments.set(partial.id, partial);
    countUsage(ctx, 'partialShipments');
    return partial;
  }

  /** `extended-result=true` answers the whole record; without it only the ids (assumed). */
  const partialJson = (p: SimPartialShipment, extended = true) =>
    extended
      ? {
          id: p.id,
          orderId: p.orderId,
          sessionId: p.sessionId,
          ...(p.subShipmentId ? { subShipmentId: p.subShipmentId } : {}),
          carrier: p.carrier,
          carrierProduct: p.carrierProduct,
          created: formatTimestamp(p.created),
          sender: p.sender,
          receiver: p.receiver,
          pickupPoint: p.pickupPoint,
          addons: p.addons,
          fields: p.fields,
          packages: p.packages,
          anonymized: p.anonymized,
        }
      : { id: p.id, orderId: p.orderId };
  const extended = (query: URLSearchParams) => (query.get('extended-result') ?? '').toLowerCase() === 'true';

  router.add('POST', '/shipments/v1/shipments', (req) => {
    const body = parseCheckoutBody(req, partialShipmentRequestSchema);
    if (!body.ok) return body.reply;
    const session = touchSession(ctx, body.value.sessionId);
    if (!session) return sessionGone();
    const refused = problemsOf(session, body.value, '');
    if (refused.length > 0) return problem(400, 'Bad Request', 'The choice cannot be shipped', refused);
    const { orderId, receiver } = body.value;
    const made = createPartial(orderId, session, body.value, receiver, now());
    return json(201, partialJson(made, extended(req.query)));
  });

  router.add('POST', '/shipments/v1/split-shipments/shipments', (req) => {
    const body = parseCheckoutBody(req, splitShipmentsRequestSchema);
    if (!body.ok) return body.reply;
    const session = touchSession(ctx, body.value.sessionId);
    if (!session) return sessionGone();
    const known = new Set(session.subShipments.map((s) => s.subShipmentId));
    const refused = body.value.subShipments.flatMap((item, i) =>
      known.has(item.subShipmentId)
        ? problemsOf(session, item, `subShipments.${i}.`)
        : [
            issue(
              'SUB_SHIPMENT_NOT_FOUND',
              `subShipments.${i}.subShipmentId`,
              'Not a sub-shipment of the session',
            ),
          ],
    );
    if (refused.length > 0) return problem(400, 'Bad Request', 'The choice cannot be shipped', refused);
    const { orderId, receiver } = body.value;
    const created = now();
    const made = body.value.subShipments.map((item) =>
      createPartial(orderId, session, item, { ...(receiver ?? {}), ...(item.receiver ?? {}) }, created),
    );
    return json(201, { orderId, subShipments: made.map((p) => partialJson(p)) });
  });

  router.add('GET', '/shipments/v1/shipments', (req) => {
    const orderId = req.query.get('orderId')?.toLowerCase();
    const from = parseQueryDate(req.query.get('dateFrom'), 'from');
    const to = parseQueryDate(req.query.get('dateTo'), 'to');
    const items = [...state.partialShipments.values()]
      .filter((p) => !orderId || p.orderId.toLowerCase() === orderId)
      .filter((p) => (from === undefined || p.created >= from) && (to === undefined || p.created <= to))
      // Newest first; the sub-shipments of one order (same time) stay in their order.
      .sort((a, b) => b.created - a.created);
    return json(
      200,
      paginate(items, req.query).map((p) => partialJson(p)),
    );
  });
  // Before `/:shipmentId` routes, so that "anonymize" is not taken for an id.
  router.add('POST', '/shipments/v1/shipments/anonymize', (req) => {
    const body = parseCheckoutBody(req, contactBody);
    if (!body.ok) return body.reply;
    const name = body.value.name?.toLowerCase();
    const email = body.value.email?.toLowerCase();
    const hits = [...state.partialShipments.values()].filter(
      (p) =>
        (name !== undefined && (p.receiver.name ?? '').toLowerCase() === name) ||
        (email !== undefined && (p.receiver.email ?? '').toLowerCase() === email),
    );
    return json(
      200,
      hits.map((p) => partialJson(anonymize(p))),
    );
  });
  router.add('GET', '/shipments/v1/shipments/:shipmentId', (req) => {
    const id = req.params.shipmentId ?? '';
    const p = state.partialShipments.get(id);
    return p ? json(200, partialJson(p)) : shipmentGone(id);
  });
  // The seed: deletes the shipment stored in the checkout service only, nothing in the shipping solution.
  router.add('DELETE', '/shipments/v1/shipments/:shipmentId', (req) => {
    const id = req.params.shipmentId ?? '';
    return state.partialShipments.delete(id) ? noContent() : shipmentGone(id);
  });
  router.add('POST', '/shipments/v1/shipments/:shipmentId/anonymize', (req) => {
    const id = req.params.shipmentId ?? '';
    const p = state.partialShipments.get(id);
    return p ? json(200, partialJson(anonymize(p))) : shipmentGone(id);
  });
}

/** The personal fields of the receiver are blanked; the carrier product, packages and order id stay. */
function anonymize(p: SimPartialShipment): SimPartialShipment {
  const personal = [
    'name',
    'address1',
    'address2',
    'contact',
    'phone',
    'mobile',
    'email',
    'doorCode',
  ] as const;
  const receiver: CheckoutParty = { ...p.receiver };
  for (const field of personal) if (receiver[field] !== undefined) receiver[field] = '';
  p.receiver = receiver;
  p.anonymized = true;
  return p;
}
