/** A document's own bytes, fetched by the shipment, consolidated, manifest and waybill routes alike. */
import type { SimContext } from '../context';
import { liveDocument } from '../documents';
import { apiError, notFound, type Reply, type RequestCtx } from '../http';
import type { DocumentOwner } from '../state';

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
