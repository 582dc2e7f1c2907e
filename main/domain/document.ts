import * as z from '../zod';

/** What a document is for: the router maps kind × format × carrier/service to a printer. */
export const documentKindSchema = z.enum([
  'label',
  'return_label',
  'waybill',
  'customs',
  'manifest',
  'other',
]);
export type DocumentKind = z.infer<typeof documentKindSchema>;

export const documentFormatSchema = z.enum(['zpl', 'pdf']);
export type DocumentFormat = z.infer<typeof documentFormatSchema>;

/** The charset a ZPL document was asked in (nShift's target option `charset`); cp850 is nShift's default. */
export const zplCharsetSchema = z.enum(['cp850', 'UTF8']);
export type ZplCharset = z.infer<typeof zplCharsetSchema>;

/** A document as the journal names it (its bytes are the label cache's): what a job's documents are made of. */
export const documentRefSchema = z.object({
  documentId: z.string(),
  kind: documentKindSchema,
  format: documentFormatSchema,
  charset: z.optional(zplCharsetSchema),
  description: z.optional(z.string()),
  bytes: z.number(),
});
export type DocumentRef = z.infer<typeof documentRefSchema>;
