/** nshift-api.md 1.3: create and print, printed-shipments feed, cancel, document copy/list/fetch (+ /pdfs). */
import { bookAndPrint, shipmentResultJson } from '../booking';
import type { SimContext } from '../context';
import { generateShipmentDocuments, liveDocument, printJson } from '../documents';
import {
  apiError,
  bool,
  empty,
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
import { asPdfTargets, parsePrintConfig, type ParsedPrintConfig } from '../print-config';
import { createShipmentBodySchema, printConfigSchema } from '../schemas';
import type { DocumentOwner, SimShipment } from '../state';
import { hasOption } from '../validation';
import { addToConsolidated } from './consolidated';
import { releaseOrderParcels } from './orders';

export function printConfigError(parsed: Extract<ParsedPrintConfig, { ok: false }>): Reply {
  return unprocessable([validationItem(parsed.message, 'PrintConfig', parsed.field, 'printConfig')]);
}

/**
 * Fetch-in-batches (seed): -1 starts at the beginning; at most 100 per call; `done` when none remain.
 * `items` are in ascending `seq` order, so the start is found by binary search (soak runs poll often).
 */
export function feedPage<T>(
  items: readonly T[],
  seqOf: (item: T) => number,
  fetchIdParam: string | null,
  limit = 100,
): { page: T[]; fetchId: number; done: boolean } {
  const fetchId = Number.parseInt(fetchIdParam ?? '-1', 10);
  const after = Number.isNaN(fetchId) || fetchId < 0 ? 0 : fetchId;
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (seqOf(items[mid]!) <= after) lo = mid + 1;
    else hi = mid;
  }
  const page = items.slice(lo, lo + limit);
  const last = page[page.length - 1];
  return { page, fetchId: last ? seqOf(last) : after, done: lo + limit >= items.length };
}

/** `minDelay`: while more pages wait, none; otherwise the rest of the recommended five minutes between polls. */
export function minDelay(ctx: SimContext, key: string, done: boolean): number {
  const [feed = key, account = 'unknown'] = key.split(':');
  ctx.requests.recordFeed(account, feed, done, ctx.clock.now());
  if (!done) return 0;
  const now = ctx.clock.now();
  const last = ctx.state.lastDoneFetch.get(key);
  ctx.state.lastDoneFetch.set(key, now);
  return last === undefined ? 0 : Math.max(0, 5 * 60 * 1000 - (now - last));
}

function findShipment(ctx: SimContext, id: string | undefined): SimShipment | undefined {
  return id === undefined ? undefined : ctx.state.shipments.get(id);
}

async function copyDocuments(ctx: SimContext, req: RequestCtx, pdfOnly: boolean): Promise<Reply> {
  const shipment = findShipment(ctx, req.params.id);
  if (!shipment) return notFound();
  if (shipment.status === 'CANCELLED')
    return unprocessable([validationItem('Shipment is cancelled', 'Cancelled', 'Shipment', '')]);
  const body = parseBody(req, printConfigSchema);
  if (!body.ok) return body.reply;
  const parsed = parsePrintConfig(body.value);
  if (!parsed.ok) return printConfigError(parsed);
  const ids = await generateShipmentDocuments(
    ctx,
    shipment,
    pdfOnly ? asPdfTargets(parsed.targets) : parsed.targets,
  );
  shipment.printIds = ids;
  shipment.changed = ctx.clock.now();
  const inline = pdfOnly ? bool(req.query, 'inlinePdf') : bool(req.query, 'returnFile');
  return json(
    201,
    ids.map((id) =>
      printJson(
        ctx,
        ctx.state.documents.get(id)!,
        inline,
        pdfOnly ? 'pdf' : 'data',
        pdfOnly ? 'pdfs' : 'prints',
      ),
    ),
  );
}

function listDocuments(ctx: SimContext, req: RequestCtx, pdfOnly: boolean): Reply {
  const shipment = findShipment(ctx, req.params.id);
  if (!shipment) return notFound();
  const inline = pdfOnly ? bool(req.query, 'inlinePdf') : bool(req.query, 'returnFile');
  const docs = shipment.printIds.flatMap((id) => {
    const doc = ctx.state.documents.get(id);
    return doc && (!pdfOnly || doc.format === 'pdf') ? [doc] : [];
  });
  return json(
    200,
    docs.map((d) => printJson(ctx, d, inline, pdfOnly ? 'pdf' : 'data', pdfOnly ? 'pdfs' : 'prints')),
  );
}

const ACCEPTABLE = ['application/pdf', 'application/octet-stream', '*/*', 'application/*'];

/** Raw bytes of a live document; 404 once it is older than one hour. */
export function fetchDocument(
  ctx: SimContext,
  req: RequestCtx,
  owner: DocumentOwner,
  pdfOnly = false,
  alsoIds: string[] = [],
): Reply {
  const accept = req.headers.accept;
  if (accept && !ACCEPTABLE.some((a) => accept.includes(a)))
    return apiError(406, 'ILLEGAL', 'Accept must be application/pdf or application/octet-stream');
  const doc = liveDocument(ctx, owner, req.params.printId ?? '', alsoIds);
  if (!doc || (pdfOnly && doc.format !== 'pdf')) return notFound();
  return {
    status: 200,
    body: doc.bytes,
    contentType: doc.format === 'pdf' ? 'application/pdf' : 'application/octet-stream',
  };
}

export function registerShipmentRoutes(router: Router, ctx: SimContext): void {
  router.add(
    'POST',
    '/shipments',
    async (req) => {
      const body = parseBody(req, createShipmentBodySchema);
      if (!body.ok) return body.reply;
      const parsed = parsePrintConfig(body.value.printConfig);
      if (!parsed.ok) return printConfigError(parsed);
      const inline = bool(req.query, 'returnFile');
      // A body with option CONSOLIDATE creates (or joins) a consolidated shipment instead (seed).
      if (hasOption(body.value.shipment, 'CONSOLIDATE'))
        return addToConsolidated(ctx, req, body.value.shipment, parsed.targets, inline);
      const outcome = await bookAndPrint(ctx, body.value.shipment, parsed.targets, { route: 'shipments' });
      if (!outcome.ok) return unprocessable(outcome.errors);
      return json(
        201,
        outcome.shipments.map((s) => shipmentResultJson(ctx, s, inline)),
      );
    },
    { licenses: ['REST API Print'], booking: true },
  );

  router.add(
    'GET',
    '/shipments',
    (req) => {
      const { page, fetchId, done } = feedPage(ctx.state.feed, (s) => s.feedSeq, req.query.get('fetchId'));
      return json(200, {
        fetchId,
        done,
        minDelay: minDelay(ctx, `shipments:${req.apiKey?.id}`, done),
        shipments: page.map((s) => shipmentResultJson(ctx, s, false)),
      });
    },
    { licenses: ['REST API TrackBack'] },
  );

  router.add(
    'DELETE',
    '/shipments/:id',
    (req) => {
      const shipment = findShipment(ctx, req.params.id);
      if (!shipment) return notFound();
      if (shipment.status === 'DELIVERED')
        return unprocessable([
          validationItem('Shipment is delivered and cannot be cancelled', 'Delivered', 'Shipment', ''),
        ]);
      if (shipment.status !== 'CANCELLED') {
        shipment.status = 'CANCELLED';
        shipment.changed = ctx.clock.now();
        releaseOrderParcels(ctx, shipment);
      }
      return noContent();
    },
    { licenses: ['REST API Discard'] },
  );

  for (const [segment, pdfOnly] of [
    ['prints', false],
    ['pdfs', true],
  ] as const) {
    router.add('POST', `/shipments/:id/${segment}`, (req) => copyDocuments(ctx, req, pdfOnly), {
      licenses: ['REST API Print'],
    });
    router.add('GET', `/shipments/:id/${segment}`, (req) => listDocuments(ctx, req, pdfOnly), {
      licenses: ['REST API Print'],
    });
    router.add(
      'GET',
      `/shipments/:id/${segment}/:printId`,
      (req) =>
        findShipment(ctx, req.params.id)
          ? fetchDocument(ctx, req, { kind: 'shipment', id: req.params.id ?? '' }, pdfOnly)
          : empty(404),
      { licenses: ['REST API Print'] },
    );
  }
}
