/**
 * docs/nshift-api.md 1.6: end-of-day manifests ("shipment lists") under `/shipment-manifests/{manifestType}/manifests`,
 * a PDF listing the day's shipments that are not cancelled and that no earlier manifest holds. Documents are
 * inline in `prints[].data` with `returnFile`; the legacy PDF list keeps `inlinePdf` and `pdf`. nShift makes a shipment list "with available shipments" and serves earlier lists by
 * fetch and copy, so a manifest made again takes only what came after: a parcel is never on two manifests.
 */
import { shipmentResultJson } from '../booking';
import type { SimContext } from '../context';
import { printJson, storeDocument } from '../documents';
import { formatDate, formatTimestamp, parseQueryDate, startOfDay, startOfNextDay } from '../format';
import { bool, json, notFound, parseBody, unprocessable, validationItem, type Router } from '../http';
import { serve } from '../operations';
import { buildManifestPdf } from '../pdf';
import { manifestBodySchema } from '../schemas';
import type { SimManifest } from '../state';
import { nextId } from '../state';
import { fetchDocument } from './document-fetch';
import { listFilter, shipmentSearchValues, textMatches } from './search';

function manifestKey(type: string, id: string): string {
  return `${type}/${id}`;
}

async function printManifest(ctx: SimContext, m: SimManifest): Promise<string> {
  const rows = m.shipmentIds.flatMap((id) => {
    const s = ctx.state.shipments.get(id);
    return s
      ? [
          {
            shipmentNo: s.shipmentNo,
            receiver: [s.receiver.name, s.receiver.city].filter(Boolean).join(', '),
            parcels: s.parcels.length,
            serviceId: s.serviceId,
            orderNo: s.orderNo,
          },
        ]
      : [];
  });
  const bytes = await buildManifestPdf({
    manifestType: m.manifestType,
    manifestId: m.manifestId,
    date: formatDate(m.created),
    rows,
  });
  return storeDocument(ctx, {
    owner: { kind: 'manifest', id: manifestKey(m.manifestType, m.manifestId) },
    description: 'Manifest',
    format: 'pdf',
    media: 'laser-a4',
    bytes,
  }).id;
}

function manifestJson(ctx: SimContext, m: SimManifest, inline: boolean): Record<string, unknown> {
  return {
    manifestType: m.manifestType,
    manifestId: m.manifestId,
    created: formatTimestamp(m.created),
    shipmentCount: m.shipmentIds.length,
    carrierId: m.carrierId,
    prints: m.printIds.flatMap((id) => {
      const doc = ctx.state.documents.get(id);
      return doc ? [printJson(ctx, doc, inline)] : [];
    }),
  };
}

export function registerManifestRoutes(router: Router, ctx: SimContext): void {
  const { manifests } = ctx.state;
  const find = (type: string | undefined, id: string | undefined) =>
    manifests.get(manifestKey(type ?? '', id ?? ''));

  const print = { licenses: ['REST API Print' as const] };
  serve(
    router,
    'manifests.create',
    async (req) => {
      const body = parseBody(req, manifestBodySchema);
      if (!body.ok) return body.reply;
      if (body.value.manifestType && body.value.manifestType !== req.params.manifestType)
        return unprocessable([
          validationItem(
            'The body names another manifest type than the path',
            'ManifestType',
            'manifestType',
          ),
        ]);
      const now = ctx.clock.now();
      const from = parseQueryDate(body.value.dateFrom ?? null, 'from') ?? startOfDay(now);
      const to = parseQueryDate(body.value.dateTo ?? null, 'to') ?? startOfNextDay(now) - 1;
      const carrierId = body.value.carrierId ?? null;
      const manifested = new Set([...manifests.values()].flatMap((m) => m.shipmentIds));
      const shipments = [...ctx.state.shipments.values()].filter(
        (s) =>
          s.status !== 'CANCELLED' &&
          !manifested.has(s.id) &&
          s.created >= from &&
          s.created <= to &&
          (!carrierId || s.carrierId === carrierId) &&
          (!body.value.senderQuickId || String(s.sender.quickId ?? '1') === body.value.senderQuickId),
      );
      const m: SimManifest = {
        // The path names the type; a body naming it too (as the simulator took before) must agree.
        manifestType: req.params.manifestType ?? '',
        manifestId: String(nextId(ctx.state, 'manifest')),
        created: now,
        shipmentIds: shipments.map((s) => s.id),
        printIds: [],
        carrierId,
      };
      manifests.set(manifestKey(m.manifestType, m.manifestId), m);
      m.printIds.push(await printManifest(ctx, m));
      return json(201, manifestJson(ctx, m, bool(req.query, 'returnFile')));
    },
    print,
  );

  serve(router, 'manifests.list', (req) => {
    const type = req.params.manifestType;
    const from = parseQueryDate(req.query.get('dateFrom'), 'from');
    const to = parseQueryDate(req.query.get('dateTo'), 'to');
    const items = [...manifests.values()].filter(
      (m) =>
        (!type || m.manifestType === type) &&
        (from === undefined || m.created >= from) &&
        (to === undefined || m.created <= to),
    );
    return json(
      200,
      items.map((m) => manifestJson(ctx, m, false)),
    );
  });

  // The printed manifest (assumed path): the same object the creation answered.
  serve(router, 'manifests.get', (req) => {
    const m = find(req.params.manifestType, req.params.manifestId);
    return m ? json(200, manifestJson(ctx, m, bool(req.query, 'returnFile'))) : notFound();
  });

  // The shipments a manifest holds, with the filters of the stored-shipment list (assumed names).
  serve(router, 'manifests.shipments', (req) => {
    const m = find(req.params.manifestType, req.params.manifestId);
    if (!m) return notFound();
    const f = listFilter(req.query);
    const carrierId = req.query.get('carrierId');
    const serviceId = req.query.get('serviceId');
    const shipments = m.shipmentIds.flatMap((id) => {
      const s = ctx.state.shipments.get(id);
      return s ? [s] : [];
    });
    return json(
      200,
      shipments
        .filter(
          (s) =>
            (!carrierId || s.carrierId === carrierId) &&
            (!serviceId || s.serviceId.toUpperCase() === serviceId.toUpperCase()) &&
            (!f.status || s.status === f.status) &&
            (!f.field ||
              f.value === null ||
              shipmentSearchValues(s, f.field).some((v) => textMatches(v, f.op, f.value!))),
        )
        .map((s) => ({ ...shipmentResultJson(ctx, s, false, []), carrierId: s.carrierId })),
    );
  });

  for (const [segment, list, fetch] of [
    ['prints', 'manifests.listPrints', 'manifests.fetchPrint'],
    ['pdfs', 'manifests.listPdfs', 'manifests.fetchPdf'],
  ] as const) {
    serve(router, list, (req) => {
      const m = find(req.params.manifestType, req.params.manifestId);
      if (!m) return notFound();
      // Each list inlines by its own switch: `returnFile` into `data` for prints, `inlinePdf` into `pdf` (seed).
      const inline = bool(req.query, segment === 'pdfs' ? 'inlinePdf' : 'returnFile');
      return json(
        200,
        m.printIds.flatMap((id) => {
          const d = ctx.state.documents.get(id);
          return d ? [printJson(ctx, d, inline, segment === 'pdfs' ? 'pdf' : 'data', segment)] : [];
        }),
      );
    });
    serve(router, fetch, (req) => {
      const m = find(req.params.manifestType, req.params.manifestId);
      return m
        ? fetchDocument(ctx, req, { kind: 'manifest', id: manifestKey(m.manifestType, m.manifestId) })
        : notFound();
    });
  }
  serve(
    router,
    'manifests.copy',
    async (req) => {
      const m = find(req.params.manifestType, req.params.manifestId);
      if (!m) return notFound();
      const id = await printManifest(ctx, m);
      m.printIds = [id];
      return json(201, [printJson(ctx, ctx.state.documents.get(id)!, bool(req.query, 'returnFile'))]);
    },
    print,
  );
}
