/**
 * docs/nshift-api.md 1.5: consolidated shipments. Bookings with option CONSOLIDATE + key join the open
 * consolidated shipment of that key; only parcel labels print while it is open; closing prints the A4
 * waybill and produces the real shipment.
 */
import {
  bookAndPrint,
  commitShipment,
  expandParcels,
  newShipmentNo,
  resolveSender,
  shipmentResultJson,
} from '../booking';
import { findCarrier, findService } from '../catalogue';
import type { SimContext } from '../context';
import { buildLabelDocument, parcelLabels, printJson, storeDocument } from '../documents';
import { formatDate, formatTimestamp } from '../format';
import {
  bool,
  empty,
  forbidden,
  json,
  noContent,
  notFound,
  parseBody,
  unprocessable,
  validationItem,
  type Reply,
  type RequestCtx,
  type Router,
} from '../http';
import { serve } from '../operations';
import { buildWaybillPdf } from '../pdf';
import { parsePrintConfig, pickTarget, type PrintTarget } from '../print-config';
import { createShipmentBodySchema, printConfigSchema, type ShipmentInput } from '../schemas';
import type { SimConsolidated, SimShipment } from '../state';
import { nextId } from '../state';
import { hasErrors, hasOption, validateShipment } from '../validation';
import { fetchDocument } from './document-fetch';
import { printConfigError } from './print-config-error';
import { listFilter, textMatches } from './search';

function consolidationKey(data: ShipmentInput): string | undefined {
  const option = (data.options ?? []).find((o) => o.id.toUpperCase() === 'CONSOLIDATE');
  return option?.key ?? undefined;
}

/** A shipment-shaped view of (part of) a consolidated shipment, to reuse the result JSON. */
function asShipment(c: SimConsolidated, parcels = c.groups.flatMap((g) => g.parcels)): SimShipment {
  return {
    id: c.id,
    shipmentNo: c.shipmentNo,
    status: 'PRINTED',
    orderNo: c.data.orderNo ?? null,
    reference: c.data.senderReference ?? null,
    serviceId: c.serviceId,
    carrierId: c.carrierId,
    sender: c.sender,
    receiver: c.receiver,
    data: c.data,
    parcels,
    printIds: c.printIds,
    created: c.created,
    changed: c.changed,
    shipDate: c.created,
    returnShipment: false,
    consolidated: true,
    route: 'consolidated',
    feedSeq: 0,
  };
}

function consolidatedJson(ctx: SimContext, c: SimConsolidated): Record<string, unknown> {
  const base = shipmentResultJson(ctx, asShipment(c), false);
  return {
    ...base,
    href: `${ctx.hrefBase}/consolidated-shipments/${c.id}`,
    status: c.status,
    key: c.key,
    parcelGroups: c.groups.map((g) => ({
      partOrderNo: g.partOrderNo,
      created: formatTimestamp(g.created),
      parcels: g.parcels.map((p) => ({ parcelNo: p.parcelNo })),
    })),
  };
}

/** POST /shipments, /consolidated-shipments or a stored booking whose options hold CONSOLIDATE. */
export async function addToConsolidated(
  ctx: SimContext,
  req: RequestCtx,
  data: ShipmentInput,
  targets: PrintTarget[],
  inline: boolean,
  storedId?: string,
): Promise<Reply> {
  if (req.apiKey && !req.apiKey.licenses.has('Consolidation')) return forbidden('Consolidation');
  if (findService(data.service?.id ?? undefined)?.consolidates === false)
    return bookWithoutConsolidating(ctx, data, targets, inline, storedId);
  const key = consolidationKey(data);
  const sender = resolveSender(ctx, data);
  const errors = validateShipment(data, sender);
  if (!key)
    errors.push(
      validationItem('Option CONSOLIDATE needs a key', 'ConsolidationKey', 'Option_Key', 'options'),
    );
  if (hasErrors(errors) || !sender || !key) return unprocessable(errors);

  const now = ctx.clock.now();
  let c = [...ctx.state.consolidated.values()].find((x) => x.status === 'OPEN' && x.key === key);
  const joined = !!c;
  if (!c) {
    const service = findService(data.service?.id ?? undefined)!;
    c = {
      id: String(nextId(ctx.state, 'consolidated')),
      key,
      shipmentNo: newShipmentNo(ctx),
      status: 'OPEN',
      serviceId: service.id,
      carrierId: service.carrierId,
      sender,
      receiver: data.receiver ?? {},
      data,
      groups: [],
      printIds: [],
      created: now,
      changed: now,
    };
    ctx.state.consolidated.set(c.id, c);
  }
  const group = {
    partOrderNo: data.orderNo ?? `PART-${c.groups.length + 1}`,
    parcels: expandParcels(ctx, data),
    created: now,
  };
  c.groups.push(group);
  c.changed = now;
  ctx.state.records.push({
    seq: nextId(ctx.state, 'record'),
    route: 'consolidated',
    created: now,
    consolidated: c,
    group,
    storedId,
  });
  const stored = storedId ? ctx.state.stored.get(storedId) : undefined;
  if (stored) stored.shipmentIds = [c.id];

  // While open, only parcel labels print: the labels of the parcels just added.
  const view = asShipment(c, group.parcels);
  view.orderNo = data.orderNo ?? null;
  const label = await buildLabelDocument(parcelLabels(view), pickTarget(targets, 'parcel-label'));
  const doc = storeDocument(ctx, {
    ...label,
    owner: { kind: 'consolidated', id: c.id },
    description: 'Label',
  });
  c.printIds.push(doc.id);
  const result = {
    ...shipmentResultJson(ctx, view, inline, [doc.id]),
    href: `${ctx.hrefBase}/consolidated-shipments/${c.id}`,
    status: 'OPEN',
    consolidated: true,
    joined,
  };
  return json(201, [result]);
}

/** A service that does not consolidate: the CONSOLIDATE option is ignored and a normal shipment is booked. */
async function bookWithoutConsolidating(
  ctx: SimContext,
  data: ShipmentInput,
  targets: PrintTarget[],
  inline: boolean,
  storedId: string | undefined,
): Promise<Reply> {
  const stored = storedId ? ctx.state.stored.get(storedId) : undefined;
  const outcome = await bookAndPrint(
    ctx,
    data,
    targets,
    stored ? { route: 'stored', storedId: stored.id, shipmentNo: stored.shipmentNo } : { route: 'shipments' },
  );
  if (!outcome.ok) return unprocessable(outcome.errors);
  if (stored) {
    stored.shipmentIds = outcome.shipments.map((s) => s.id);
    stored.changed = ctx.clock.now();
  }
  return json(
    201,
    outcome.shipments.map((s) => shipmentResultJson(ctx, s, inline)),
  );
}

export function registerConsolidatedRoutes(router: Router, ctx: SimContext): void {
  const { consolidated } = ctx.state;
  const print = { licenses: ['REST API Print' as const, 'Consolidation' as const] };
  const discard = { licenses: ['REST API Discard' as const, 'Consolidation' as const] };
  const open = (id: string | undefined) => {
    const c = consolidated.get(id ?? '');
    return c && c.status !== 'DELETED' ? c : undefined;
  };

  serve(
    router,
    'consolidated.create',
    async (req) => {
      const body = parseBody(req, createShipmentBodySchema);
      if (!body.ok) return body.reply;
      const parsed = parsePrintConfig(body.value.printConfig);
      if (!parsed.ok) return printConfigError(parsed);
      const inline = bool(req.query, 'returnFile');
      if (!hasOption(body.value.shipment, 'CONSOLIDATE')) {
        // Without CONSOLIDATE a normal shipment results (seed).
        const outcome = await bookAndPrint(ctx, body.value.shipment, parsed.targets, { route: 'shipments' });
        return outcome.ok
          ? json(
              201,
              outcome.shipments.map((s) => shipmentResultJson(ctx, s, inline)),
            )
          : unprocessable(outcome.errors);
      }
      return addToConsolidated(ctx, req, body.value.shipment, parsed.targets, inline);
    },
    { ...print, booking: true },
  );

  serve(
    router,
    'consolidated.listOpen',
    (req) => {
      const f = listFilter(req.query);
      const items = [...consolidated.values()].filter((c) => {
        if (c.status !== 'OPEN') return false;
        if (f.field && f.value !== null) {
          const values =
            f.field === 'orderNo'
              ? c.groups.map((g) => g.partOrderNo)
              : f.field === 'shipmentNo'
                ? [c.shipmentNo]
                : f.field === 'reference'
                  ? [c.data.senderReference ?? null]
                  : f.field === 'key'
                    ? [c.key]
                    : [];
          if (!values.some((v) => textMatches(v, f.op, f.value!))) return false;
        }
        if (f.from !== undefined && c.created < f.from) return false;
        if (f.to !== undefined && c.created > f.to) return false;
        return true;
      });
      return json(
        200,
        items.slice(0, 50).map((c) => consolidatedJson(ctx, c)),
      );
    },
    print,
  );

  serve(
    router,
    'consolidated.delete',
    (req) => {
      const c = open(req.params.consolidatedId);
      if (!c || c.status !== 'OPEN') return notFound();
      c.status = 'DELETED';
      c.changed = ctx.clock.now();
      // A cancelled shipment object represents the documents printed earlier (seed).
      const parcels = c.groups.flatMap((g) => g.parcels);
      if (parcels.length > 0) {
        const [s] = commitShipment(ctx, c.data, c.sender, {
          route: 'consolidated',
          consolidatedId: c.id,
          shipmentNo: c.shipmentNo,
          consolidated: true,
          parcels,
          record: false,
        });
        if (s) {
          s.status = 'CANCELLED';
          s.printIds = [...c.printIds];
        }
      }
      return noContent();
    },
    discard,
  );

  serve(
    router,
    'consolidated.deleteParcelGroup',
    (req) => {
      const c = open(req.params.consolidatedId);
      if (!c || c.status !== 'OPEN') return notFound();
      const index = c.groups.findIndex((g) => g.partOrderNo === req.params.partOrderNo);
      if (index < 0) return notFound();
      c.groups.splice(index, 1);
      c.changed = ctx.clock.now();
      return noContent();
    },
    discard,
  );

  serve(
    router,
    'consolidated.close',
    async (req) => {
      const c = open(req.params.consolidatedId);
      if (!c) return notFound();
      if (c.status !== 'OPEN') return empty(422);
      const body = parseBody(req, printConfigSchema);
      if (!body.ok) return body.reply;
      const parsed = parsePrintConfig(body.value);
      if (!parsed.ok) return printConfigError(parsed);
      const parcels = c.groups.flatMap((g) => g.parcels);
      if (parcels.length === 0)
        return unprocessable([
          validationItem('The consolidated shipment has no parcels', 'Parcels', 'Parcel'),
        ]);
      c.status = 'CLOSED';
      c.changed = ctx.clock.now();
      const [shipment] = commitShipment(ctx, c.data, c.sender, {
        route: 'consolidated-close',
        consolidatedId: c.id,
        shipmentNo: c.shipmentNo,
        consolidated: true,
        parcels,
      });
      if (!shipment) return empty(500);
      shipment.orderNo = c.groups[0]?.partOrderNo ?? shipment.orderNo;
      c.closedShipmentId = shipment.id;
      const a4 = pickTarget(parsed.targets, 'a4');
      const service = findService(c.serviceId);
      const bytes = await buildWaybillPdf({
        title: 'Waybill',
        shipmentNo: c.shipmentNo,
        carrierName: findCarrier(c.carrierId)?.name ?? c.carrierId,
        serviceName: service?.name ?? c.serviceId,
        sender: c.sender,
        receiver: c.receiver,
        shipDate: formatDate(ctx.clock.now()),
        parcels: c.groups.flatMap((g) =>
          g.parcels.map((p) => ({ parcelNo: p.parcelNo, weightKg: p.weight, reference: g.partOrderNo })),
        ),
        note: `Consolidation key: ${c.key}`,
      });
      const doc = storeDocument(ctx, {
        owner: { kind: 'shipment', id: shipment.id },
        description: 'Waybill',
        format: 'pdf',
        media: a4.media.id,
        bytes,
      });
      shipment.printIds = [doc.id];
      c.printIds.push(doc.id);
      return json(201, [shipmentResultJson(ctx, shipment, bool(req.query, 'returnFile'))]);
    },
    { ...print, booking: true },
  );

  for (const [segment, list, fetch] of [
    ['prints', 'consolidated.listPrints', 'consolidated.fetchPrint'],
    ['pdfs', 'consolidated.listPdfs', 'consolidated.fetchPdf'],
  ] as const) {
    serve(
      router,
      list,
      (req) => {
        const c = consolidated.get(req.params.consolidatedId ?? '');
        if (!c) return notFound();
        // Documents inline by the list's own switch: `returnFile` for prints, `inlinePdf` for the PDF list (seed).
        const inline = bool(req.query, segment === 'pdfs' ? 'inlinePdf' : 'returnFile');
        const docs = c.printIds.flatMap((id) => {
          const d = ctx.state.documents.get(id);
          return d && (segment === 'prints' || d.format === 'pdf') ? [d] : [];
        });
        return json(
          200,
          docs.map((d) => printJson(ctx, d, inline, segment === 'pdfs' ? 'pdf' : 'data', segment)),
        );
      },
      print,
    );
    serve(
      router,
      fetch,
      (req) => {
        const c = consolidated.get(req.params.consolidatedId ?? '');
        return c
          ? fetchDocument(ctx, req, { kind: 'consolidated', id: c.id }, segment === 'pdfs', c.printIds)
          : notFound();
      },
      print,
    );
  }
}
