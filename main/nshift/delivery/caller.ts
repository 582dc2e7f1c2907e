/**
 * What the Delivery client's resource groups are built on: the caller they are each a small factory over
 * (shared/call.ts; client.ts makes it, with the answer schemas loaded on the first call) and the pieces several
 * groups share: the `returnFile` and `inlinePdf` defaults, PDF lists and bytes, and lists read page by page.
 */
import type { Result } from '../../result';
import { ok } from '../../result';
import type { Caller } from '../shared/call';
import type { DeliveryError } from './errors';
import type { OperationName } from './routes';
import type * as DeliverySchemas from './schemas';
import type { Print } from './schemas';
import type { InlinePdfOption, PageOptions, ReturnFileOption } from './types';

export type Schemas = typeof DeliverySchemas;
/** Every Delivery call: an operation of routes.ts, its answer's schema picked out of schemas.ts. */
export type DeliveryCaller = Caller<OperationName, Schemas>;
export type R<T> = Promise<Result<T, DeliveryError>>;

/** How many pages a "list everything" call follows at most (50 × 200 = 10,000 printers). */
export const MAX_PAGES = 200;
export const PAGE_SIZE = 50;

export const bytesOnly = async (result: Promise<Result<{ bytes: Buffer }, DeliveryError>>): R<Buffer> => {
  const r = await result;
  return r.ok ? ok(r.value.bytes) : r;
};
export const returnFile = (o?: ReturnFileOption) => ({ returnFile: o?.returnFile ?? true });
export const inlinePdf = (o?: InlinePdfOption) => ({ inlinePdf: o?.inlinePdf ?? true });
type Params = Record<string, string>;
/** A list of PDFs (shipments', consolidated, manifests'): each inline with `inlinePdf`, default true. */
export const pdfList = (
  call: DeliveryCaller,
  operation: OperationName,
  params: Params,
  o?: InlinePdfOption,
): R<Print[]> => call.json({ operation, params, query: inlinePdf(o) }, (s) => s.printListSchema);
/** One PDF's bytes. */
export const pdfBytes = (call: DeliveryCaller, operation: OperationName, params: Params): R<Buffer> =>
  bytesOnly(call.bytes({ operation, params, accept: 'application/pdf', document: true }));

/**
 * A paginated list (`page` from 0, `size` at most 50): the one page asked for, or every page until a short
 * or empty one. A server that ignores `page` (the same items again) ends the walk instead of looping.
 */
export async function pages<T extends { id?: number | string }>(
  options: PageOptions | undefined,
  fetchPage: (query: { page: number; size: number }) => R<T[]>,
): R<T[]> {
  const size = Math.min(PAGE_SIZE, Math.max(1, options?.size ?? PAGE_SIZE));
  if (options?.page !== undefined) return fetchPage({ page: options.page, size });
  const all: T[] = [];
  const seen = new Set<string>();
  for (let page = 0; page < MAX_PAGES; page++) {
    const got = await fetchPage({ page, size });
    if (!got.ok) return got;
    const fresh = got.value.filter((item) => item.id === undefined || !seen.has(String(item.id)));
    for (const item of fresh) if (item.id !== undefined) seen.add(String(item.id));
    all.push(...fresh);
    if (got.value.length < size || fresh.length === 0) break;
  }
  return ok(all);
}
