/**
 * docs/nshift-api.md 1.8: orders, shipment from order, order channels, comments and delivery options.
 * An order is found by what the packer scans: its `internalReference`.
 */
import { printShipments, validateAndCommit } from '../booking';
import type { SimContext } from '../context';
import { formatTimestamp } from '../format';
import {
  json,
  noContent,
  notFound,
  paginate,
  parseBody,
  unprocessable,
  validationItem,
  type Router,
} from '../http';
import { parsePrintConfig } from '../print-config';
import {
  commentBodySchema,
  orderBodySchema,
  orderShipmentBodySchema,
  type Party,
  type ShipmentInput,
} from '../schemas';
import type { OrderStatus, SimOrder, SimShipment } from '../state';
import { indexAdd, indexRemove, nextId } from '../state';
import { readJsonObject, registerCrud } from './crud';
import { serve } from '../operations';
import { printConfigError } from './shipments';

export function orderJson(order: SimOrder): Record<string, unknown> {
  return {
    ...order.extra,
    id: order.id,
    orderChannelId: order.orderChannelId,
    internalReference: order.internalReference,
    status: order.status,
    receiver: order.receiver,
    parcels: order.parcels.map((p) => ({
      id: p.id,
      weight: p.weight,
      contents: p.contents,
      articles: p.articles,
      ...(p.shipmentId ? { shipmentId: p.shipmentId } : {}),
    })),
    deliveryOptionId: order.deliveryOptionId,
    created: formatTimestamp(order.created),
  };
}

function statusOf(order: SimOrder): OrderStatus {
  if (order.status === 'CANCELLED') return 'CANCELLED';
  const shipped = order.parcels.filter((p) => p.shipmentId).length;
  if (shipped === 0) return 'OPEN';
  return shipped === order.parcels.length ? 'SHIPPED' : 'PARTIALLY_SHIPPED';
}

/** A cancelled shipment gives its order parcels back, so the packer can book them again. */
export function releaseOrderParcels(ctx: SimContext, shipment: SimShipment): void {
  if (!shipment.orderId) return;
  const order = ctx.state.orders.get(shipment.orderId);
  if (!order) return;
  for (const p of order.parcels) if (p.shipmentId === shipment.id) delete p.shipmentId;
  order.status = statusOf(order);
}

export interface OrderInput {
  orderChannelId?: string | null;
  internalReference: string;
  receiver?: Party | null;
  parcels?: Array<{
    id?: string | null;
    weight?: number | null;
    contents?: string | null;
    articles?: unknown[] | null;
  }> | null;
  deliveryOptionId?: string | null;
  [key: string]: unknown;
}

export function createOrder(ctx: SimContext, input: OrderInput): SimOrder {
  const { orderChannelId, internalReference, receiver, parcels, deliveryOptionId, ...extra } = input;
  const order: SimOrder = {
    id: String(nextId(ctx.state, 'order')),
    orderChannelId: orderChannelId ?? null,
    internalReference,
    status: 'OPEN',
    receiver: receiver ?? null,
    parcels: (parcels ?? []).map((p) => ({
      id: p.id ?? String(nextId(ctx.state, 'orderParcel')),
      weight: p.weight ?? null,
      contents: p.contents ?? null,
      articles: p.articles ?? [],
    })),
    deliveryOptionId: deliveryOptionId ?? null,
    created: ctx.clock.now(),
    extra,
  };
  ctx.state.orders.set(order.id, order);
  indexAdd(ctx.state.index.ordersByRef, order.internalReference, order.id);
  return order;
}

export function registerOrderRoutes(router: Router, ctx: SimContext): void {
  const { orders } = ctx.state;

  serve(router, 'orders.list', (req) => {
    const ref = req.query.get('internalReference');
    const channel = req.query.get('orderChannelId');
    const candidates = ref
      ? [...(ctx.state.index.ordersByRef.get(ref) ?? [])].flatMap((id) => orders.get(id) ?? [])
      : [...orders.values()];
    const items = candidates.filter(
      (o) => (!ref || o.internalReference === ref) && (!channel || o.orderChannelId === channel),
    );
    return json(200, paginate(items, req.query).map(orderJson));
  });
  serve(router, 'orders.get', (req) => {
    const order = orders.get(req.params.orderId ?? '');
    return order ? json(200, orderJson(order)) : notFound();
  });
  serve(router, 'orders.create', (req) => {
    const body = parseBody(req, orderBodySchema);
    if (!body.ok) return body.reply;
    if (!body.value.internalReference)
      return unprocessable([validationItem('internalReference is missing', 'Missing', 'internalReference')]);
    return json(
      201,
      orderJson(createOrder(ctx, { ...body.value, internalReference: body.value.internalReference })),
    );
  });
  serve(router, 'orders.update', (req) => {
    const order = orders.get(req.params.orderId ?? '');
    if (!order) return notFound();
    const body = parseBody(req, orderBodySchema);
    if (!body.ok) return body.reply;
    const { orderChannelId, internalReference, receiver, parcels, deliveryOptionId, ...extra } = body.value;
    order.orderChannelId = orderChannelId ?? null;
    indexRemove(ctx.state.index.ordersByRef, order.internalReference, order.id);
    order.internalReference = internalReference ?? order.internalReference;
    indexAdd(ctx.state.index.ordersByRef, order.internalReference, order.id);
    order.receiver = receiver ?? null;
    // Parcels already shipped keep their shipment; new parcel lines replace the open ones.
    const shipped = new Map(order.parcels.filter((p) => p.shipmentId).map((p) => [p.id, p.shipmentId]));
    order.parcels = (parcels ?? []).map((p) => {
      const id = p.id ?? String(nextId(ctx.state, 'orderParcel'));
      const shipmentId = shipped.get(id);
      return {
        id,
        weight: p.weight ?? null,
        contents: p.contents ?? null,
        articles: p.articles ?? [],
        ...(shipmentId ? { shipmentId } : {}),
      };
    });
    order.deliveryOptionId = deliveryOptionId ?? null;
    order.extra = extra;
    order.status = statusOf(order);
    return json(200, orderJson(order));
  });
  serve(router, 'orders.delete', (req) => {
    const order = orders.get(req.params.orderId ?? '');
    if (!order) return notFound();
    orders.delete(order.id);
    indexRemove(ctx.state.index.ordersByRef, order.internalReference, order.id);
    return noContent();
  });

  serve(
    router,
    'orders.createShipment',
    async (req) => {
      const body = parseBody(req, orderShipmentBodySchema);
      if (!body.ok) return body.reply;
      const order = orders.get(body.value.orderId);
      if (!order)
        return unprocessable([
          validationItem(`Order ${body.value.orderId} not found`, 'NotFound', 'orderId'),
        ]);
      if (order.status === 'CANCELLED')
        return unprocessable([validationItem('Order is cancelled', 'Cancelled', 'orderId')]);
      const option = order.deliveryOptionId
        ? ctx.state.stores.deliveryOptions.get(order.deliveryOptionId)
        : undefined;
      if (!option || !option.serviceId)
        return unprocessable([
          validationItem(
            'The order needs a delivery option with a carrier configuration',
            'DeliveryOption',
            'deliveryOptionId',
          ),
        ]);
      const wanted =
        body.value.parcelIds && body.value.parcelIds.length > 0
          ? body.value.parcelIds
          : order.parcels.filter((p) => !p.shipmentId).map((p) => p.id);
      const errors = wanted.flatMap((id) => {
        const parcel = order.parcels.find((p) => p.id === id);
        if (!parcel) return [validationItem(`Unknown parcel ${id}`, 'NotFound', 'parcelIds', id)];
        if (parcel.shipmentId)
          return [
            validationItem(
              `Parcel ${id} is already shipped in shipment ${parcel.shipmentId}`,
              'AlreadyShipped',
              'parcelIds',
              id,
            ),
          ];
        return [];
      });
      if (wanted.length === 0)
        errors.push(
          validationItem('All parcels of the order are already shipped', 'AlreadyShipped', 'parcelIds'),
        );
      if (errors.length > 0) return unprocessable(errors);
      const printConfig = parsePrintConfig(body.value.printConfig);
      if (!printConfig.ok) return printConfigError(printConfig);

      const parcels = wanted.map((id) => order.parcels.find((p) => p.id === id)!);
      const service =
        option.service && typeof option.service === 'object'
          ? (option.service as Record<string, unknown>)
          : {};
      const data: ShipmentInput = {
        sender: (option.sender as Party | undefined) ?? undefined,
        receiver: order.receiver,
        service: {
          ...service,
          id: String(option.serviceId),
          addons: Array.isArray(option.addons) ? (option.addons as Array<{ id: string }>) : [],
        },
        parcels: parcels.map((p) => ({ copies: 1, weight: p.weight, contents: p.contents, reference: p.id })),
        orderNo: order.internalReference,
        senderReference: order.internalReference,
      };
      const outcome = validateAndCommit(ctx, data, {
        route: 'orders',
        orderId: order.id,
        internalReference: order.internalReference,
      });
      if (!outcome.ok) return unprocessable(outcome.errors);
      const shipment = outcome.shipments[0]!;
      for (const p of parcels) p.shipmentId = shipment.id;
      order.status = statusOf(order);
      await printShipments(ctx, outcome.shipments, printConfig.targets);
      return json(201, {
        parcelIds: wanted,
        shipmentId: shipment.id,
        trackingNumbers: shipment.parcels.map((p) => p.parcelNo),
      });
    },
    { booking: true },
  );

  registerCrud(router, ctx, {
    ops: {
      list: 'orderChannels.list',
      get: 'orderChannels.get',
      create: 'orderChannels.create',
      put: 'orderChannels.update',
      delete: 'orderChannels.delete',
    },
    store: ctx.state.stores.orderChannels,
    counter: 'orderChannel',
    required: ['name'],
  });
  serve(router, 'orderChannels.types', () =>
    json(200, [
      { id: 'SHOPIFY', name: 'Shopify' },
      { id: 'WOOCOMMERCE', name: 'WooCommerce' },
      { id: 'MAGENTO', name: 'Magento' },
      { id: 'API', name: 'API' },
    ]),
  );

  serve(router, 'comments.create', (req) => {
    const body = parseBody(req, commentBodySchema);
    if (!body.ok) return body.reply;
    if (!orders.has(body.value.orderId))
      return unprocessable([validationItem('Unknown order', 'NotFound', 'orderId')]);
    const record = {
      ...body.value,
      id: String(nextId(ctx.state, 'comment')),
      created: formatTimestamp(ctx.clock.now()),
    };
    ctx.state.stores.comments.set(record.id, record);
    return json(201, record);
  });
  registerCrud(router, ctx, {
    ops: { get: 'comments.get', delete: 'comments.delete' },
    store: ctx.state.stores.comments,
    counter: 'comment',
  });

  registerCrud(router, ctx, {
    ops: {
      list: 'deliveryOptions.list',
      get: 'deliveryOptions.get',
      create: 'deliveryOptions.create',
      put: 'deliveryOptions.update',
      delete: 'deliveryOptions.delete',
    },
    store: ctx.state.stores.deliveryOptions,
    counter: 'deliveryOption',
    required: ['orderChannelId', 'carrierId', 'serviceId'],
  });
  serve(router, 'deliveryOptions.createRate', (req) => {
    const option = ctx.state.stores.deliveryOptions.get(req.params.deliveryOptionId ?? '');
    if (!option) return notFound();
    const body = readJsonObject(req) ?? {};
    const rate = { ...body, id: String(nextId(ctx.state, 'rate')) };
    option.rates = [...(Array.isArray(option.rates) ? (option.rates as unknown[]) : []), rate];
    return json(201, rate);
  });
}
