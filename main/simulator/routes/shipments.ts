/** docs/nshift-api.md 1.3: create and print, printed-shipments feed, cancel, document copy/list/fetch (+ /pdfs). */
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
import { serve } from '../operations';
import { asPdfTargets, parsePrintConfig, type ParsedPrintConfig } from '../print-config';
import { createShipmentBodySchema, printConfigSchema } from '../schemas';
import type { DocumentOwner, SimShipment } from '../state';
import { hasOption } from '../validation';
import { serveFeed } from '../feeds';
import { addToConsolidated } from './consolidated';
import { releaseOrderParcels } from './orders';

export function printConfigError(parsed: Extract<ParsedPrintConfig, { ok: false }>): Reply {
  return unprocessable([validationItem(parsed.message, 'PrintConfig', parsed.field, 'printConfig')]);
}

function findShipment(ctx: SimContext, id: string | undefined): SimShipment | undefined {
  return id === undefined ? undefined : ctx.state.shipments.get(id);
}

async function copyDocuments(ctx: SimContext, req: RequestCtx, pdfOnly: boolean): Promise<Reply> {
  const shipment = findShipment(ctx, req.params.shipmentId);
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
  const shipment = findShipment(ctx, req.params.shipmentId);
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
  // `printId` on the prints routes, `pdfId` on the legacy PDF routes (route-table names).
  const doc = liveDocument(ctx, owner, req.params.printId ?? req.params.pdfId ?? '', alsoIds);
  if (!doc || (pdfOnly && doc.format !== 'pdf')) return notFound();
  return {
    status: 200,
    body: doc.bytes,
    contentType: doc.format === 'pdf' ? 'application/pdf' : 'application/octet-stream',
  };
}

export function registerShipmentRoutes(router: Router, ctx: SimContext): void {
  serve(
    router,
    'shipments.create',
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

  serve(
    router,
    'shipments.printedFeed',
    (req) =>
      serveFeed(
        ctx,
        req,
        'shipments',
        ctx.state.feed,
        (s) => s.feedSeq,
        (page) => ({
          shipments: page.map((s) => shipmentResultJson(ctx, s, false)),
        }),
      ),
    { licenses: ['REST API TrackBack'] },
  );

  serve(
    router,
    'shipments.cancel',
    (req) => {
      const shipment = findShipment(ctx, req.params.shipmentId);
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

  const print = { licenses: ['REST API Print' as const] };
  for (const [pdfOnly, copy, list, fetch] of [
    [false, 'shipments.copyPrints', 'shipments.listPrints', 'shipments.fetchPrint'],
    [true, 'shipments.copyPdfs', 'shipments.listPdfs', 'shipments.fetchPdf'],
  ] as const) {
    serve(router, copy, (req) => copyDocuments(ctx, req, pdfOnly), print);
    serve(router, list, (req) => listDocuments(ctx, req, pdfOnly), print);
    serve(
      router,
      fetch,
      (req) =>
        findShipment(ctx, req.params.shipmentId)
          ? fetchDocument(ctx, req, { kind: 'shipment', id: req.params.shipmentId ?? '' }, pdfOnly)
          : empty(404),
      print,
    );
  }
}
