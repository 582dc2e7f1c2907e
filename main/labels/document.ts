import * as z from '../zod';

/**
 * A printable document as it travels from nShift (or the station itself) to a printer.
 * The bytes are the document exactly as nShift sent them: ZPL is never turned into a string on the print path.
 */
export type DocumentFormat = 'zpl' | 'pdf';
/** The charset a ZPL document was asked in (nShift's target option `charset`); cp850 is nShift's default. */
export type ZplCharset = 'cp850' | 'UTF8';
/** What the document is for: the router maps kind × format × carrier/service to a printer. */
export type DocumentKind = 'label' | 'return_label' | 'waybill' | 'customs' | 'manifest' | 'other';

export interface PrintableDocument {
  /** Stable id within the station, e.g. `shp-5666306-print-10234441` or `manifest-…`. */
  id: string;
  kind: DocumentKind;
  format: DocumentFormat;
  /** Only for ZPL: the charset the bytes are in. */
  charset?: ZplCharset;
  /** Media the document was made for (`thermo-190`, `laser-a4`, …), when known. */
  media?: string;
  bytes: Buffer;
  description?: string;
  shipmentId?: string;
  printId?: string;
  carrierId?: string;
  serviceId?: string;
  /**
   * The manifest (shipment list) a manifest document belongs to. nShift keeps a manifest's documents under its type
   * and id, not under a shipment, so an nShift Print Client printer needs both to ask for a print job.
   */
  manifest?: ManifestOwner;
}

/** A manifest as nShift names it: `/shipment-manifests/{manifestType}/manifests/{manifestId}`. */
export interface ManifestOwner {
  manifestType: string;
  manifestId: string;
}

/** nShift print descriptions are free text ("Label", "Return label", "Waybill", "Customs declaration"). */
export function documentKindFromDescription(description: string | undefined): DocumentKind {
  const d = (description ?? '').toLowerCase();
  if (d.includes('return')) return 'return_label';
  if (d.includes('waybill') || d.includes('fraktsedel')) return 'waybill';
  if (d.includes('customs') || d.includes('proforma') || d.includes('invoice') || d.includes('cn2'))
    return 'customs';
  if (d.includes('manifest')) return 'manifest';
  if (d.includes('label') || d.includes('etikett') || d.includes('parcel')) return 'label';
  return 'other';
}

/** ZPL starts with `^XA` (possibly after whitespace or a `~` command); PDF with `%PDF-`. */
export function detectFormat(bytes: Buffer): DocumentFormat | undefined {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  const head = bytes.subarray(0, 64).toString('latin1').trimStart();
  if (head.startsWith('^XA') || head.startsWith('~') || head.startsWith('^')) return 'zpl';
  return undefined;
}

/** What a stored document is, without its bytes: the label cache and the spool keep this beside the bytes. */
export const documentMetaSchema = z.object({
  id: z.string().check(z.minLength(1)),
  kind: z.enum(['label', 'return_label', 'waybill', 'customs', 'manifest', 'other']),
  format: z.enum(['zpl', 'pdf']),
  charset: z.optional(z.enum(['cp850', 'UTF8'])),
  media: z.optional(z.string()),
  description: z.optional(z.string()),
  shipmentId: z.optional(z.string()),
  printId: z.optional(z.string()),
  carrierId: z.optional(z.string()),
  serviceId: z.optional(z.string()),
  manifest: z.optional(z.object({ manifestType: z.string(), manifestId: z.string() })),
});
export type DocumentMeta = z.infer<typeof documentMetaSchema>;
