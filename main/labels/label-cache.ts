/**
 * The label cache: every document the station prints is kept on disk, because nShift serves a document for one
 * hour only and a packer reprints long after that. One `<id>.bin` (the exact bytes) and one `<id>.json` (what
 * the bytes are) per document, both written atomically with fsync.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import * as z from '../zod';
import { documentMetaSchema, type PrintableDocument } from './document';
import { readFileIfExists, removeFileDurable, safeFileName, writeFileAtomic } from '../files/atomic';

const metaSchema = z.extend(documentMetaSchema, {
  bytes: z.int().check(z.nonnegative()),
  createdAt: z.string(),
});
export type CachedDocumentMeta = z.infer<typeof metaSchema>;

export interface CachedDocument {
  document: PrintableDocument;
  meta: CachedDocumentMeta;
}

export interface LabelCache {
  put(document: PrintableDocument): Promise<CachedDocumentMeta>;
  get(documentId: string): Promise<CachedDocument | undefined>;
  listForShipment(shipmentId: string): Promise<CachedDocumentMeta[]>;
  /** Removes documents cached more than `olderThanDays` ago; returns how many went. */
  prune(olderThanDays: number): Promise<number>;
}

export function createLabelCache(dir: string, options: { now?: () => Date } = {}): LabelCache {
  const now = options.now ?? (() => new Date());
  const fileFor = (id: string, ext: 'bin' | 'json'): string => path.join(dir, `${safeFileName(id)}.${ext}`);

  async function readMeta(file: string): Promise<CachedDocumentMeta | undefined> {
    const raw = await readFileIfExists(file);
    if (raw === undefined) return undefined;
    try {
      const parsed = metaSchema.safeParse(JSON.parse(raw.toString('utf8')));
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined; // a torn or foreign file is not a cached document
    }
  }

  async function allMeta(): Promise<CachedDocumentMeta[]> {
    let names: string[];
    try {
      names = await readdir(dir);
    } catch {
      return [];
    }
    const metas = await Promise.all(
      names.filter((n) => n.endsWith('.json') && !n.startsWith('.')).map((n) => readMeta(path.join(dir, n))),
    );
    return metas.filter((m): m is CachedDocumentMeta => m !== undefined);
  }

  return {
    async put(document) {
      const meta: CachedDocumentMeta = {
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
        createdAt: now().toISOString(),
      };
      // Both files at once (this is on the way to the printer): each write is atomic, and `get` only trusts a
      // meta whose bytes are there in full, so a crash between the two leaves no half document behind.
      await Promise.all([
        writeFileAtomic(fileFor(document.id, 'bin'), document.bytes),
        writeFileAtomic(fileFor(document.id, 'json'), JSON.stringify(meta)),
      ]);
      return meta;
    },

    async get(documentId) {
      const meta = await readMeta(fileFor(documentId, 'json'));
      if (meta === undefined || meta.id !== documentId) return undefined;
      const bytes = await readFileIfExists(fileFor(documentId, 'bin'));
      if (bytes === undefined || bytes.length !== meta.bytes) return undefined;
      const { bytes: _size, createdAt: _createdAt, ...rest } = meta;
      return { meta, document: { ...rest, bytes } };
    },

    async listForShipment(shipmentId) {
      const metas = await allMeta();
      return metas
        .filter((m) => m.shipmentId === shipmentId)
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
    },

    async prune(olderThanDays) {
      const cutoff = now().getTime() - olderThanDays * 24 * 60 * 60 * 1000;
      let removed = 0;
      for (const meta of await allMeta()) {
        if (Date.parse(meta.createdAt) >= cutoff) continue;
        // Meta first: a crash in between leaves an orphan .bin, never a meta without bytes.
        await removeFileDurable(fileFor(meta.id, 'json'));
        await removeFileDurable(fileFor(meta.id, 'bin'));
        removed++;
      }
      return removed;
    },
  };
}
