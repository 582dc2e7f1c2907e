/**
 * Shipment documents as bytes for the printers. base64 goes straight to a Buffer; a print without inline
 * data is downloaded through its `href` exactly as given. ZPL is never decoded to a string here: it carries
 * the charset that was ASKED for in the printConfig (cp850 unless the zpl target says UTF8), so a preview
 * can decode it correctly later and the printer gets the bytes nShift produced.
 */
import type { DocumentFormat, PrintableDocument, ZplCharset } from '../../labels/document';
import { detectFormat, documentKindFromDescription } from '../../labels/document';
import type { Result } from '../../result';
import { ok, err } from '../../result';
import type { DeliveryError } from './errors';
import type { Print, ShipmentResult } from './schemas';
import type { DocumentAccept, PrintConfig, PrintTargetOption } from './types';

export interface PrintTarget {
  index: 1 | 2 | 3 | 4;
  media: string | undefined;
  type: string | undefined;
  options: PrintTargetOption[];
}

export interface DocumentContext {
  /** The printConfig the documents were made with: decides charset, and media when unambiguous. */
  printConfig?: PrintConfig;
  /** Downloads a print by its href (client.shipments.fetchPrint(href, undefined, accept)). */
  fetchByHref: (href: string, accept: DocumentAccept) => Promise<Result<Buffer, DeliveryError>>;
  carrierId?: string;
}

/** The targets of a printConfig in order (target1 … target4), skipping empty slots. */
export function printTargets(printConfig: PrintConfig | undefined): PrintTarget[] {
  if (!printConfig) return [];
  const targets: PrintTarget[] = [];
  for (const index of [1, 2, 3, 4] as const) {
    const media = printConfig[`target${index}Media`];
    const type = printConfig[`target${index}Type`];
    if (media === undefined && type === undefined) continue;
    const options = printConfig[`target${index}Options`];
    targets.push({
      index,
      media: typeof media === 'string' ? media : undefined,
      type: typeof type === 'string' ? type.toLowerCase() : undefined,
      options: Array.isArray(options) ? (options as PrintTargetOption[]) : [],
    });
  }
  return targets;
}

/** The charset ZPL was asked in: the `charset` option of the (first) zpl target; nShift's default is cp850. */
export function zplCharsetOf(printConfig: PrintConfig | undefined): ZplCharset {
  const zpl = printTargets(printConfig).find((t) => t.type === 'zpl');
  const value = zpl?.options.find((o) => o.key?.toLowerCase() === 'charset')?.value;
  return typeof value === 'string' && /^utf-?8$/i.test(value.trim()) ? 'UTF8' : 'cp850';
}

/**
 * The charset a ZPL document from nShift is in: what it announces to the printer (`^CI28` UTF-8, `^CI13` cp850),
 * else what it was asked in. Two ZPL targets may ask for two charsets, and only the document says which one made
 * it; the label cache and the preview decode it by this (the printer gets the bytes untouched either way).
 */
export function zplCharsetOfDocument(bytes: Buffer, printConfig: PrintConfig | undefined): ZplCharset {
  const announced = /\^CI(\d{1,2})\b/.exec(bytes.subarray(0, 4096).toString('latin1'))?.[1];
  if (announced === '28') return 'UTF8';
  if (announced === '13') return 'cp850';
  return zplCharsetOf(printConfig);
}

/** Which Accept to send for a download: PDF only when every target is PDF (ZPL is application/octet-stream). */
export function acceptFor(printConfig: PrintConfig | undefined): DocumentAccept {
  const types = printTargets(printConfig).map((t) => t.type);
  return types.length > 0 && types.every((t) => t === 'pdf') ? 'application/pdf' : 'application/octet-stream';
}

function formatFromConfig(printConfig: PrintConfig | undefined): DocumentFormat | undefined {
  const types = new Set(printTargets(printConfig).map((t) => t.type));
  if (types.size !== 1) return undefined;
  const [only] = [...types];
  return only === 'pdf' || only === 'zpl' ? only : undefined;
}

/** Not empty, and not markup (`<`) or JSON (`{`, `[`), whatever a download's content type said. */
function couldBeADocument(bytes: Buffer): boolean {
  // A UTF-8 byte order mark, read as latin1, is skipped like white space.
  const head = bytes
    .subarray(0, 64)
    .toString('latin1')
    .replace(/^\xEF\xBB\xBF/, '')
    .trimStart();
  return head.length > 0 && !/^[<{[]/.test(head);
}

function mediaFor(printConfig: PrintConfig | undefined, format: DocumentFormat): string | undefined {
  const candidates = printTargets(printConfig).filter((t) => t.type === format);
  return candidates.length === 1 ? candidates[0]?.media : undefined;
}

async function download(href: string, ctx: DocumentContext): Promise<Result<Buffer, DeliveryError>> {
  const first = acceptFor(ctx.printConfig);
  const result = await ctx.fetchByHref(href, first);
  // A server strict about Accept answers 406 for the wrong one: try the other once.
  if (!result.ok && result.error.kind === 'server' && result.error.status === 406) {
    return ctx.fetchByHref(
      href,
      first === 'application/pdf' ? 'application/octet-stream' : 'application/pdf',
    );
  }
  return result;
}

export interface DocumentOwner {
  /** Prefix of the station-wide id, e.g. `shp-5666306`. */
  idPrefix: string;
  shipmentId?: string;
  serviceId?: string;
}

/** Turns `prints[]` into PrintableDocuments, downloading any print that came without inline data. */
export async function documentsFromPrints(
  prints: readonly Print[],
  owner: DocumentOwner,
  ctx: DocumentContext,
): Promise<Result<PrintableDocument[], DeliveryError>> {
  const documents: PrintableDocument[] = [];
  for (const print of prints) {
    const inline = print.data ?? print.pdf;
    let bytes: Buffer;
    if (inline) {
      bytes = Buffer.from(inline, 'base64');
    } else if (print.href) {
      const fetched = await download(print.href, ctx);
      if (!fetched.ok) return fetched;
      bytes = fetched.value;
    } else {
      return err({
        kind: 'malformed',
        operation: 'documents.fetchByHref',
        status: 200,
        issues: [`print ${print.id}: neither data nor href`],
        message: 'a print came without data and without href',
      });
    }
    // Bytes that say what they are (`%PDF-`, ZPL's `^`/`~`) decide; the print configuration only names the format
    // of bytes that could be a label, never of nothing, of a web page or of JSON, which would print as garbage.
    const format =
      detectFormat(bytes) ?? (couldBeADocument(bytes) ? formatFromConfig(ctx.printConfig) : undefined);
    if (!format) {
      return err({
        kind: 'malformed',
        operation: 'documents.fetchByHref',
        status: 200,
        issues: [`print ${print.id}: unrecognised document format`],
        message: 'a document is neither ZPL nor PDF',
      });
    }
    const description = print.description ?? undefined;
    const document: PrintableDocument = {
      id: `${owner.idPrefix}-print-${print.id}`,
      kind: documentKindFromDescription(description),
      format,
      bytes,
      printId: print.id,
    };
    if (format === 'zpl') document.charset = zplCharsetOfDocument(bytes, ctx.printConfig);
    const media = mediaFor(ctx.printConfig, format);
    if (media) document.media = media;
    if (description !== undefined) document.description = description;
    if (owner.shipmentId) document.shipmentId = owner.shipmentId;
    if (owner.serviceId) document.serviceId = owner.serviceId;
    if (ctx.carrierId) document.carrierId = ctx.carrierId;
    documents.push(document);
  }
  return ok(documents);
}

/** All documents of one booking result (a combined normal + return booking gives several results: call per result). */
export function documentsFromShipmentResult(
  result: ShipmentResult,
  ctx: DocumentContext,
): Promise<Result<PrintableDocument[], DeliveryError>> {
  return documentsFromPrints(
    result.prints,
    { idPrefix: `shp-${result.id}`, shipmentId: result.id, serviceId: result.serviceId ?? undefined },
    ctx,
  );
}
