/** Webhooks (docs/nshift-api.md 1.9): the nine operations. */
import { ok } from '../../result';
import type { DeliveryCaller, R } from './caller';
import type { Created, DeliveryRecord } from './schemas';
import type { JsonObject } from './types';

export interface Webhooks {
  list(): R<DeliveryRecord[]>;
  create(webhook: JsonObject): R<Created>;
  get(webhookId: string): R<DeliveryRecord>;
  update(webhookId: string, webhook: JsonObject): R<DeliveryRecord>;
  delete(webhookId: string): R<void>;
  events(webhookId: string): R<DeliveryRecord[]>;
  event(webhookId: string, webhookEventId: string): R<DeliveryRecord>;
  test(webhookId: string): R<unknown>;
  resend(webhookId: string, webhookEventId: string): R<unknown>;
}

export function webhooksOf(call: DeliveryCaller): Webhooks {
  return {
    list: () => call.json({ operation: 'webhooks.list' }, (s) => s.recordListSchema),
    create: (webhook) => call.json({ operation: 'webhooks.create', body: webhook }, (s) => s.createdSchema),
    get: (webhookId) =>
      call.json({ operation: 'webhooks.get', params: { webhookId } }, (s) => s.recordSchema),
    update: (webhookId, webhook) =>
      call.json(
        { operation: 'webhooks.update', params: { webhookId }, body: webhook },
        (s) => s.recordSchema,
      ),
    delete: (webhookId) => call.empty({ operation: 'webhooks.delete', params: { webhookId } }),
    events: (webhookId) =>
      call.json({ operation: 'webhooks.events', params: { webhookId } }, (s) => s.recordListSchema),
    event: (webhookId, webhookEventId) =>
      call.json(
        { operation: 'webhooks.event', params: { webhookId, webhookEventId } },
        (s) => s.recordSchema,
      ),
    test: (webhookId) => jsonOrEmpty(call, { operation: 'webhooks.test', params: { webhookId } }),
    resend: (webhookId, webhookEventId) =>
      jsonOrEmpty(call, { operation: 'webhooks.resend', params: { webhookId, webhookEventId } }),
  };
}

/** Operations that may answer 200 with a body or 202/204 without one. */
async function jsonOrEmpty(call: DeliveryCaller, spec: Parameters<DeliveryCaller['bytes']>[0]): R<unknown> {
  const r = await call.bytes(spec);
  if (!r.ok) return r;
  if (r.value.bytes.length === 0) return ok(undefined);
  try {
    return ok(JSON.parse(r.value.bytes.toString('utf8')) as unknown);
  } catch {
    return ok(undefined);
  }
}
