/**
 * Order management (docs/nshift-api.md 1.8): orders and the shipments booked from them, order channels,
 * comments and delivery options. Their paths are assumed: no public page shows them.
 */
import type { DeliveryCaller, R } from './caller';
import type { Created, DeliveryRecord, Order, OrderShipment } from './schemas';
import type {
  CommentRequest,
  CreateOrderRequest,
  CreateShipmentFromOrderRequest,
  JsonObject,
  OrderFilter,
  PageOptions,
} from './types';

export interface OrderManagement {
  orders: {
    list(filter?: OrderFilter): R<Order[]>;
    get(orderId: string): R<Order>;
    create(order: CreateOrderRequest): R<Created>;
    update(orderId: string, order: JsonObject): R<DeliveryRecord>;
    delete(orderId: string): R<void>;
    /** Books the order (or some parcels); documents then come from `shipments.listPrints`. Never retried. */
    createShipment(request: CreateShipmentFromOrderRequest): R<OrderShipment>;
  };

  orderChannels: {
    list(options?: PageOptions): R<DeliveryRecord[]>;
    create(channel: JsonObject): R<Created>;
    get(orderChannelId: string): R<DeliveryRecord>;
    update(orderChannelId: string, channel: JsonObject): R<DeliveryRecord>;
    delete(orderChannelId: string): R<void>;
    types(): R<unknown>;
  };

  comments: {
    create(comment: CommentRequest): R<Created>;
    get(commentId: string): R<DeliveryRecord>;
    delete(commentId: string): R<void>;
  };

  deliveryOptions: {
    list(options?: PageOptions): R<DeliveryRecord[]>;
    create(option: JsonObject): R<Created>;
    get(deliveryOptionId: string): R<DeliveryRecord>;
    update(deliveryOptionId: string, option: JsonObject): R<DeliveryRecord>;
    delete(deliveryOptionId: string): R<void>;
    createRate(deliveryOptionId: string, rate: JsonObject): R<Created>;
  };
}

export function orderManagementOf(call: DeliveryCaller): OrderManagement {
  return {
    orders: {
      list: (filter = {}) =>
        call.json({ operation: 'orders.list', query: { ...filter } }, (s) => s.orderListSchema),
      get: (orderId) => call.json({ operation: 'orders.get', params: { orderId } }, (s) => s.orderSchema),
      create: (order) => call.json({ operation: 'orders.create', body: order }, (s) => s.createdSchema),
      update: (orderId, order) =>
        call.json({ operation: 'orders.update', params: { orderId }, body: order }, (s) => s.recordSchema),
      delete: (orderId) => call.empty({ operation: 'orders.delete', params: { orderId } }),
      createShipment: (request) =>
        call.json({ operation: 'orders.createShipment', body: request }, (s) => s.orderShipmentSchema),
    },

    orderChannels: {
      list: (o = {}) =>
        call.json({ operation: 'orderChannels.list', query: { ...o } }, (s) => s.recordListSchema),
      create: (channel) =>
        call.json({ operation: 'orderChannels.create', body: channel }, (s) => s.createdSchema),
      get: (orderChannelId) =>
        call.json({ operation: 'orderChannels.get', params: { orderChannelId } }, (s) => s.recordSchema),
      update: (orderChannelId, channel) =>
        call.json(
          { operation: 'orderChannels.update', params: { orderChannelId }, body: channel },
          (s) => s.recordSchema,
        ),
      delete: (orderChannelId) =>
        call.empty({ operation: 'orderChannels.delete', params: { orderChannelId } }),
      types: () => call.json({ operation: 'orderChannels.types' }, (s) => s.anyJsonSchema),
    },

    comments: {
      create: (comment) => call.json({ operation: 'comments.create', body: comment }, (s) => s.createdSchema),
      get: (commentId) =>
        call.json({ operation: 'comments.get', params: { commentId } }, (s) => s.recordSchema),
      delete: (commentId) => call.empty({ operation: 'comments.delete', params: { commentId } }),
    },

    deliveryOptions: {
      list: (o = {}) =>
        call.json({ operation: 'deliveryOptions.list', query: { ...o } }, (s) => s.recordListSchema),
      create: (option) =>
        call.json({ operation: 'deliveryOptions.create', body: option }, (s) => s.createdSchema),
      get: (deliveryOptionId) =>
        call.json({ operation: 'deliveryOptions.get', params: { deliveryOptionId } }, (s) => s.recordSchema),
      update: (deliveryOptionId, option) =>
        call.json(
          { operation: 'deliveryOptions.update', params: { deliveryOptionId }, body: option },
          (s) => s.recordSchema,
        ),
      delete: (deliveryOptionId) =>
        call.empty({ operation: 'deliveryOptions.delete', params: { deliveryOptionId } }),
      createRate: (deliveryOptionId, rate) =>
        call.json(
          { operation: 'deliveryOptions.createRate', params: { deliveryOptionId }, body: rate },
          (s) => s.createdSchema,
        ),
    },
  };
}
