/**
 * The label cache's records on disk: a pack file is a run of records, each a checksummed line saying what the
 * document is, then its bytes exactly as nShift sent them, then a newline:
 *
 *   <crc32 hex> {"id":…,"kind":…,"bytes":1644,"crc":"<crc32 hex of the bytes>","createdAt":…}\n<1644 bytes>\n
 *
 * A record is whole or absent: its line and its bytes each carry a checksum, and one that fails either (a crash
 * mid-append, disk damage) is not a document. Packs are only ever appended to, so a record never moves.
 */
import { crc32 } from 'node:zlib';
import * as z from '../zod';
import { checksumLine, verifiedJson } from '../files/line-log';
import { documentMetaSchema, type PrintableDocument } from './document';

export const cachedMetaSchema = z.extend(documentMetaSchema, {
  bytes: z.int().check(z.nonnegative()),
  createdAt: z.string(),
});
export type CachedDocumentMeta = z.infer<typeof cachedMetaSchema>;

const headerSchema = z.extend(cachedMetaSchema, { crc: z.string() });

const NEWLINE = 0x0a;

function crcOf(bytes: Buffer): string {
  return crc32(bytes).toString(16).padStart(8, '0');
}

export function metaOf(document: PrintableDocument, createdAt: string): CachedDocumentMeta {
  return {
    id: document.id,
    kind: document.kind,
    format: document.format,
    charset: document.charset,
    media: document.media,
    description: document.description,
    shipmentId: document.shipmentId,
    printId: document.printId,
    carrierId: document.carrierId,
    serviceId: document.serviceId,
    manifest: document.manifest,
    bytes: document.bytes.length,
    createdAt,
  };
}

export function encodeRecord(meta: CachedDocumentMeta, bytes: Buffer): Buffer {
  const line = checksumLine(JSON.stringify({ ...meta, crc: crcOf(bytes) }));
  return Buffer.concat([Buffer.from(line, 'utf8'), bytes, Buffer.from([NEWLINE])]);
}

export interface DecodedRecord {
  meta: CachedDocumentMeta;
  bytes: Buffer;
  /** The record's whole length in the pack. */
  length: number;
}

/** The record at the start of `data`, or undefined when it is torn, damaged or not a record at all. */
export function decodeRecord(data: Buffer): DecodedRecord | undefined {
  const eol = data.indexOf(NEWLINE);
  if (eol < 0) return undefined;
  const json = verifiedJson(data.subarray(0, eol));
  if (json === undefined) return undefined;
  let header: z.infer<typeof headerSchema>;
  try {
    const parsed = headerSchema.safeParse(JSON.parse(json));
    if (!parsed.success) return undefined;
    header = parsed.data;
  } catch {
    return undefined;
  }
  const start = eol + 1;
  const end = start + header.bytes;
  if (data.length < end + 1 || data[end] !== NEWLINE) return undefined;
  const bytes = data.subarray(start, end);
  if (crcOf(bytes) !== header.crc) return undefined;
  const { crc: _crc, ...meta } = header;
  return { meta, bytes, length: end + 1 };
}

/**
 * The whole records of a pack's bytes from its start, each with its offset (`base` plus its place in `data`),
 * up to the first that is not whole: after a crash only the last append can be torn, and a pack is never
 * appended to after its station stopped.
 */
export function scanRecords(
  data: Buffer,
  base: number,
): { meta: CachedDocumentMeta; offset: number; length: number }[] {
  const found: { meta: CachedDocumentMeta; offset: number; length: number }[] = [];
  let at = 0;
  while (at < data.length) {
    const record = decodeRecord(data.subarray(at));
    if (!record) break;
    found.push({ meta: record.meta, offset: base + at, length: record.length });
    at += record.length;
  }
  return found;
}
