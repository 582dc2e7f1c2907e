/**
 * docs/nshift-api.md 1.4: stored (prepared) shipments.
 *
 * After booking, a stored shipment is kept with status PRINTED and the ids of the shipments it produced,
 * instead of being removed: nShift answers a second booking with 422 (not 404), which means the record is
 * still there and no longer READY. The ready list (`status=ready`) no longer shows it, and a station that
 * lost a booking response can look it up by orderNo and see it was printed.
 */
import {
  newShipmentNo,
  printShipments,
  resolveSender,
  shipmentResultJson,
  validateAndCommit,
  wantsReturn,
} from '../booking';
import type { SimContext } from '../context';
import { formatTimestamp } from '../format';
import {
  bool,
  empty,
  json,
  noContent,
  notFound,
  parseBody,
  unprocessable,
  validationItem,
  type Router,
} from '../http';
import { serve } from '../operations';
import { parsePrintConfig } from '../print-config';
import { printConfigSchema, shipmentSchema, type ShipmentInput } from '../schemas';
import type { SimStored, StoredStatus, ValidationItem } from '../state';
import { indexAdd, indexRemove, nextId } from '../state';
import { hasOption, validateShipment } from '../validation';
import { addToConsolidated } from './consolidated';
import { printConfigError } from './print-config-error';
import { listFilter, textMatches } from './search';

export function storedStatus(items: ValidationItem[]): StoredStatus {
  if (items.some((i) => i.type !== 'ignorable')) return 'INVALID';
  return items.length > 0 ? 'WARNED' : 'READY';
}

export function createStored(ctx: SimContext, data: ShipmentInput): SimStored {
  const statuses = validateShipment(data, resolveSender(ctx, data));
  const now = ctx.clock.now();
  const stored: SimStored = {
    id: String(nextId(ctx.state, 'stored')),
    shipmentNo: newShipmentNo(ctx),
    status: storedStatus(statuses),
    statuses,
    data,
    created: now,
    changed: now,
    shipmentIds: [],
  };
  ctx.state.stored.set(stored.id, stored);
  indexAdd(ctx.state.index.storedByOrderNo, data.orderNo?.toLowerCase(), stored.id);
  return stored;
}

/**
 * A stored shipment as nShift's documents show one (Unifaun's RAML `StoredShipmentInfo`: the list's and the
 * create's answers): a summary. `withShipment` adds its data, as the seed's fetch by id is taken to.
 */
export function storedJson(ctx: SimContext, s: SimStored, withShipment = false): Record<string, unknown> {
  const r = s.data.receiver ?? {};
  const parcelCount = (s.data.parcels ?? []).reduce((n, p) => n + (p.copies ?? 1), 0);
  return {
    href: `${ctx.hrefBase}/stored-shipments/${s.id}`,
    id: s.id,
    status: s.status,
    statuses: s.statuses,
    shipmentNo: s.shipmentNo,
    orderNo: s.data.orderNo ?? null,
    reference: s.data.senderReference ?? null,
    serviceId: s.data.service?.id ?? null,
    parcelCount,
    rcvName: r.name ?? null,
    rcvZipcode: r.zipcode ?? null,
    rcvCity: r.city ?? null,
    rcvCountry: r.country ?? null,
    created: formatTimestamp(s.created),
    changed: formatTimestamp(s.changed),
    shipDate: s.data.shipDate ?? formatTimestamp(s.created),
    normalShipment: true,
    returnShipment: wantsReturn(s.data),
    ...(withShipment ? { shipment: s.data } : {}),
  };
}

export function registerStoredRoutes(router: Router, ctx: SimContext): void {
  const { stored } = ctx.state;
  const store = { licenses: ['REST API Store' as const] };

  serve(
    router,
    'storedShipments.create',
    (req) => {
      const body = parseBody(req, shipmentSchema);
      if (!body.ok) return body.reply;
      return json(201, storedJson(ctx, createStored(ctx, body.value)));
    },
    store,
  );

  serve(
    router,
    'storedShipments.list',
    (req) => {
      const f = listFilter(req.query);
      // Search values match case-insensitively, so the index keys are lower case.
      const byOrderNo = f.field === 'orderNo' && f.op === 'equals' && f.value !== null;
      const candidates = byOrderNo
        ? [...(ctx.state.index.storedByOrderNo.get(f.value!.toLowerCase()) ?? [])].flatMap(
            (id) => stored.get(id) ?? [],
          )
        : [...stored.values()];
      const items = candidates.filter((s) => {
        if (f.status && s.status !== f.status) return false;
        if (f.field && f.value !== null) {
          const value =
            f.field === 'orderNo'
              ? s.data.orderNo
              : f.field === 'reference'
                ? s.data.senderReference
                : f.field === 'shipmentNo'
                  ? s.shipmentNo
                  : undefined;
          if (!textMatches(value, f.op, f.value)) return false;
        }
        const date = f.dateType === 'ship' && s.data.shipDate ? Date.parse(s.data.shipDate) : s.created;
        if (f.from !== undefined && date < f.from) return false;
        if (f.to !== undefined && date > f.to) return false;
        return true;
      });
      return json(
        200,
        items.slice(0, 50).map((s) => storedJson(ctx, s)),
      );
    },
    store,
  );

  serve(
    router,
    'storedShipments.get',
    (req) => {
      const s = stored.get(req.params.storedId ?? '');
      return s ? json(200, storedJson(ctx, s, ctx.storedFetch === 'with-shipment')) : notFound();
    },
    { licenses: ['REST API Delivery checkout'] },
  );

  serve(
    router,
    'storedShipments.replace',
    (req) => {
      const s = stored.get(req.params.storedId ?? '');
      if (!s) return notFound();
      if (s.status === 'PRINTED')
        return unprocessable([validationItem('Stored shipment is already printed', 'Printed', 'storedId')]);
      const body = parseBody(req, shipmentSchema);
      if (!body.ok) return body.reply;
      indexRemove(ctx.state.index.storedByOrderNo, s.data.orderNo?.toLowerCase(), s.id);
      s.data = body.value;
      indexAdd(ctx.state.index.storedByOrderNo, s.data.orderNo?.toLowerCase(), s.id);
      s.statuses = validateShipment(s.data, resolveSender(ctx, s.data));
      s.status = storedStatus(s.statuses);
      s.changed = ctx.clock.now();
      return json(200, storedJson(ctx, s, ctx.storedFetch === 'with-shipment'));
    },
    store,
  );

  serve(
    router,
    'storedShipments.delete',
    (req) => {
      const s = stored.get(req.params.storedId ?? '');
      if (!s) return notFound();
      stored.delete(s.id);
      indexRemove(ctx.state.index.storedByOrderNo, s.data.orderNo?.toLowerCase(), s.id);
      return noContent();
    },
    store,
  );

  serve(
    router,
    'storedShipments.book',
    async (req) => {
      const s = stored.get(req.params.storedId ?? '');
      if (!s) return notFound();
      // Not READY (already printed, invalid, warned) → 422 with an empty body (docs/nshift-api.md 1.4).
      if (s.status !== 'READY') return empty(422);
      const body = parseBody(req, printConfigSchema);
      if (!body.ok) return body.reply;
      const parsed = parsePrintConfig(body.value);
      if (!parsed.ok) return printConfigError(parsed);
      const inline = bool(req.query, 'returnFile');
      if (hasOption(s.data, 'CONSOLIDATE')) {
        s.status = 'PRINTED';
        const reply = await addToConsolidated(ctx, req, s.data, parsed.targets, inline, s.id);
        if (reply.status !== 201) s.status = 'READY';
        return reply;
      }
      const outcome = validateAndCommit(ctx, s.data, {
        route: 'stored',
        storedId: s.id,
        shipmentNo: s.shipmentNo,
      });
      if (!outcome.ok) {
        s.statuses = outcome.errors;
        s.status = 'INVALID';
        return empty(422);
      }
      s.status = 'PRINTED';
      s.changed = ctx.clock.now();
      s.shipmentIds = outcome.shipments.map((x) => x.id);
      await printShipments(ctx, outcome.shipments, parsed.targets);
      return json(
        201,
        outcome.shipments.map((x) => shipmentResultJson(ctx, x, inline)),
      );
    },
    { licenses: ['REST API Print'], booking: true },
  );
}
