/**
 * docs/nshift-api.md 1.7: the nShift Print Client — clients, printers and print jobs. A job is QUEUED, then SENT,
 * then DONE as sim time passes (`printJobMs`); FAILED when its printer or client is offline.
 */
import type { SimContext } from '../context';
import { liveDocument, ownerPath } from '../documents';
import { formatTimestamp, parseQueryDate } from '../format';
import {
  apiError,
  json,
  notFound,
  paginate,
  parseBody,
  unprocessable,
  validationItem,
  type RequestCtx,
  type Router,
} from '../http';
import { serve } from '../operations';
import { printJobBodySchema } from '../schemas';
import type { DocumentOwner, SimPrintJob, SimState } from '../state';
import { nextId } from '../state';

export const BENCH_PRINT_CLIENT_ID = 1;
export const BENCH_ZPL_PRINTER_ID = 11;
export const BENCH_PDF_PRINTER_ID = 12;

/** The account's print client: "Packbench bench PC", connected, with a ZPL and a PDF printer. */
export function seedPrintClients(state: SimState, now: number): void {
  state.printClients.set(BENCH_PRINT_CLIENT_ID, {
    id: BENCH_PRINT_CLIENT_ID,
    name: 'Packbench bench PC',
    inet: '127.0.0.1',
    hostname: 'bench-pc',
    version: '3.2.1',
    createTimestamp: now,
    state: 'connected',
  });
  state.printers.set(BENCH_ZPL_PRINTER_ID, {
    id: BENCH_ZPL_PRINTER_ID,
    name: 'Zebra ZD421 (ZPL)',
    clientId: BENCH_PRINT_CLIENT_ID,
    state: 'online',
    formats: ['raw'],
  });
  state.printers.set(BENCH_PDF_PRINTER_ID, {
    id: BENCH_PDF_PRINTER_ID,
    name: 'Office laser A4 (PDF)',
    clientId: BENCH_PRINT_CLIENT_ID,
    state: 'online',
    formats: ['pdf'],
  });
}

function jobStatus(ctx: SimContext, job: SimPrintJob): 'QUEUED' | 'SENT' | 'DONE' | 'FAILED' {
  if (job.failed) return 'FAILED';
  const elapsed = ctx.clock.now() - job.created;
  if (elapsed >= ctx.printJobMs) return 'DONE';
  return elapsed >= ctx.printJobMs / 2 ? 'SENT' : 'QUEUED';
}

function jobJson(ctx: SimContext, job: SimPrintJob): Record<string, unknown> {
  const printer = ctx.state.printers.get(job.printerId);
  return {
    id: job.id,
    printerId: job.printerId,
    clientId: printer?.clientId ?? null,
    contentType: job.contentType,
    status: jobStatus(ctx, job),
    created: formatTimestamp(job.created),
    printId: job.documentId,
    documentHref: `${ctx.hrefBase}${ownerPath(job.owner)}/prints/${job.documentId}`,
    ...(job.owner.kind === 'shipment' ? { shipmentId: job.owner.id } : {}),
  };
}

function createJob(
  ctx: SimContext,
  req: RequestCtx,
  owner: DocumentOwner | undefined,
  alsoIds: string[] = [],
) {
  if (!owner) return notFound();
  const doc = liveDocument(ctx, owner, req.params.printId ?? '', alsoIds);
  if (!doc) return notFound();
  const body = parseBody(req, printJobBodySchema);
  if (!body.ok) return body.reply;
  const printer = ctx.state.printers.get(body.value.printerId);
  if (!printer)
    return unprocessable([validationItem(`Unknown printer ${body.value.printerId}`, 'Printer', 'printerId')]);
  const wantsPdf = doc.format === 'pdf';
  const contentType = body.value.contentType ?? (wantsPdf ? 'pdf_uri' : 'raw_uri');
  if (contentType.startsWith('pdf') !== wantsPdf)
    return unprocessable([
      validationItem(
        `Content type ${contentType} does not fit a ${doc.format} document`,
        'ContentType',
        'contentType',
      ),
    ]);
  if (!printer.formats.includes(wantsPdf ? 'pdf' : 'raw'))
    return unprocessable([
      validationItem(`Printer ${printer.name} does not take ${doc.format}`, 'Printer', 'printerId'),
    ]);
  const client = ctx.state.printClients.get(printer.clientId);
  const job: SimPrintJob = {
    id: nextId(ctx.state, 'printJob'),
    printerId: printer.id,
    contentType,
    documentId: doc.id,
    owner: doc.owner,
    created: ctx.clock.now(),
    failed: printer.state !== 'online' || client?.state !== 'connected',
  };
  ctx.state.printJobs.set(job.id, job);
  return json(201, jobJson(ctx, job));
}

export function registerPrintRoutes(router: Router, ctx: SimContext): void {
  seedPrintClients(ctx.state, ctx.clock.now());
  const { printClients, printers, printJobs } = ctx.state;
  // Reading clients, printers and jobs needs no licence; sending a document to a printer is printing.
  const lic = { licenses: ['REST API Print' as const] };
  const open = {};
  const clientJson = (c: typeof printClients extends Map<number, infer V> ? V : never) => ({
    ...c,
    createTimestamp: formatTimestamp(c.createTimestamp),
  });

  // `page` is required here (nShift help centre, article 9466306501276); the other lists default it to 0.
  serve(
    router,
    'printClients.list',
    (req) =>
      /^\d+$/.test(req.query.get('page') ?? '')
        ? json(200, paginate([...printClients.values()], req.query).map(clientJson))
        : apiError(400, 'MISSING', 'Missing page argument'),
    open,
  );
  serve(
    router,
    'printClients.get',
    (req) => {
      const c = printClients.get(Number(req.params.clientId));
      return c ? json(200, clientJson(c)) : notFound();
    },
    open,
  );
  serve(
    router,
    'printClients.printers',
    (req) => {
      const id = Number(req.params.clientId);
      return printClients.has(id)
        ? json(
            200,
            paginate(
              [...printers.values()].filter((p) => p.clientId === id),
              req.query,
            ),
          )
        : notFound();
    },
    open,
  );
  serve(router, 'printers.list', (req) => json(200, paginate([...printers.values()], req.query)), open);
  serve(
    router,
    'printers.get',
    (req) => {
      const p = printers.get(Number(req.params.printerId));
      return p ? json(200, p) : notFound();
    },
    open,
  );
  serve(
    router,
    'printJobs.list',
    (req) => {
      const from = parseQueryDate(req.query.get('dateFrom'), 'from');
      const to = parseQueryDate(req.query.get('dateTo'), 'to');
      const status = req.query.get('status')?.toUpperCase();
      const items = [...printJobs.values()].filter(
        (j) =>
          (from === undefined || j.created >= from) &&
          (to === undefined || j.created <= to) &&
          (!status || jobStatus(ctx, j) === status),
      );
      return json(
        200,
        paginate(items, req.query).map((j) => jobJson(ctx, j)),
      );
    },
    open,
  );
  serve(
    router,
    'printJobs.get',
    (req) => {
      const j = printJobs.get(Number(req.params.printJobId));
      return j ? json(200, jobJson(ctx, j)) : notFound();
    },
    open,
  );

  serve(
    router,
    'printJobs.createForShipment',
    (req) =>
      createJob(
        ctx,
        req,
        ctx.state.shipments.has(req.params.shipmentId ?? '')
          ? { kind: 'shipment', id: req.params.shipmentId ?? '' }
          : undefined,
      ),
    lic,
  );
  serve(
    router,
    'printJobs.createForConsolidated',
    (req) => {
      const c = ctx.state.consolidated.get(req.params.consolidatedId ?? '');
      return createJob(ctx, req, c ? { kind: 'consolidated', id: c.id } : undefined, c?.printIds);
    },
    lic,
  );
  serve(
    router,
    'printJobs.createForManifest',
    (req) => {
      const m = ctx.state.manifests.get(`${req.params.manifestType}/${req.params.manifestId}`);
      return createJob(
        ctx,
        req,
        m ? { kind: 'manifest', id: `${m.manifestType}/${m.manifestId}` } : undefined,
      );
    },
    lic,
  );
}
