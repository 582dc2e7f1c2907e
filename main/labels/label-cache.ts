/**
 * The label cache: every document the station prints is kept on disk, because nShift serves a document for one
 * hour only and a packer reprints long after that.
 *
 * On disk (`labels/`):
 * - `pack-<day>-<start>.log`: the documents, one record each (its description and its exact bytes, both
 *   checksummed: see label-pack.ts), appended with group commit (the documents of one booking share one write and
 *   one fsync) and never rewritten. Each start of Packbench appends to packs of its own, so nothing is ever written
 *   after a record a crash may have torn.
 * - `index.log`: one checksummed line per document, saying in which pack and where. Appended without fsync:
 *   the packs are the truth, and whatever a crash took from the index's end is found again by reading the packs
 *   past the last place it names (only what was written since, at the next start).
 * - `<id>.bin` + `<id>.json`: documents an older version kept, one pair each. Read in place: the first start of
 *   this version lists them once into the index, and they leave by age like the rest.
 *
 * A document is found by id or by shipment through the index held in memory, never by reading the folder, so a
 * reprint costs the same with 60,000 documents as with none. The index is read in the background after a start
 * (`open`); a put never waits for it.
 */
import { randomBytes } from 'node:crypto';
import { open as openFile, readdir, rm, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { fsyncDirectory, readFileIfExists, safeFileName, writeFileAtomic } from '../files/atomic';
import { checksumLine, forEachVerifiedLine, GroupCommitLog } from '../files/line-log';
import { makePrivateDir, PRIVATE_FILE_MODE } from '../files/private';
import type { PrintableDocument } from './document';
import {
  cachedMetaSchema,
  decodeRecord,
  encodeRecord,
  metaOf,
  scanRecords,
  type CachedDocumentMeta,
} from './label-pack';

export type { CachedDocumentMeta } from './label-pack';

export interface CachedDocument {
  document: PrintableDocument;
  meta: CachedDocumentMeta;
}

export interface LabelCache {
  /** Resolves once the document is on disk (fsync): whole, or refused with the file system's error. */
  put(document: PrintableDocument): Promise<CachedDocumentMeta>;
  /** Several documents (a booking's), in one write and one fsync: all on disk, or all refused. */
  putAll(documents: readonly PrintableDocument[]): Promise<CachedDocumentMeta[]>;
  get(documentId: string): Promise<CachedDocument | undefined>;
  /** What the cache holds of a shipment, oldest first. */
  listForShipment(shipmentId: string): Promise<CachedDocumentMeta[]>;
  /** The documents the cache holds of a shipment, oldest first. */
  documentsOf(shipmentId: string): Promise<CachedDocument[]>;
  /** Removes documents cached more than `olderThanDays` ago; returns how many went. */
  prune(olderThanDays: number): Promise<number>;
  /** Starts reading the index (every other call does too); resolves when it is in memory. */
  open(): Promise<void>;
  /** Waits for what is under way and lets go of the files. */
  close(): Promise<void>;
}

export const LABEL_INDEX_FILE = 'index.log';
const PACK_PATTERN = /^pack-(\d{4}-\d{2}-\d{2})-[a-z0-9]+\.log$/;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Files of an older version read at once while listing them: a bounded number, never one per document. */
const LEGACY_READS_AT_ONCE = 16;

/** Where a document is: a record in a pack, or an older version's pair of files (`file` undefined). */
interface Entry {
  file: string | undefined;
  offset: number;
  length: number;
  shipmentId: string | undefined;
  /** Epoch ms. */
  createdAt: number;
}

/** One line of the index: a record in a pack, or a document in an older version's files. */
interface IndexLine {
  id: string;
  file?: string;
  offset?: number;
  length?: number;
  legacy?: true;
  shipmentId?: string;
  createdAt: string;
}

/** The line that says an older version's documents were all listed (written after theirs). */
const LEGACY_LISTED = checksumLine(JSON.stringify({ listed: 'legacy' }));

/**
 * The index has tens of thousands of lines read at every start: each is checked by hand rather than through a
 * schema, which costs several times more per line. A line that fails is left out; the packs still hold it.
 */
function parseIndexLine(json: string): IndexLine | 'legacy listed' | undefined {
  const v = JSON.parse(json) as Record<string, unknown>;
  if (v.listed === 'legacy') return 'legacy listed';
  if (typeof v.id !== 'string' || v.id === '' || typeof v.createdAt !== 'string') return undefined;
  if (v.shipmentId !== undefined && typeof v.shipmentId !== 'string') return undefined;
  if (v.legacy === true) return v as unknown as IndexLine;
  if (typeof v.file !== 'string' || !PACK_PATTERN.test(v.file)) return undefined;
  if (!Number.isSafeInteger(v.offset) || !Number.isSafeInteger(v.length)) return undefined;
  return v as unknown as IndexLine;
}

function indexLine(id: string, entry: Entry): string {
  const line: IndexLine = {
    id,
    ...(entry.file === undefined
      ? { legacy: true }
      : { file: entry.file, offset: entry.offset, length: entry.length }),
    ...(entry.shipmentId !== undefined ? { shipmentId: entry.shipmentId } : {}),
    createdAt: new Date(entry.createdAt).toISOString(),
  };
  return checksumLine(JSON.stringify(line));
}

export function createLabelCache(dir: string, options: { now?: () => Date } = {}): LabelCache {
  const now = options.now ?? (() => new Date());
  const indexPath = path.join(dir, LABEL_INDEX_FILE);
  // Packs of this start only: see the header.
  const start = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const packFor = (at: Date): string => `pack-${at.toISOString().slice(0, 10)}-${start}.log`;
  const legacyFile = (id: string, ext: 'bin' | 'json'): string =>
    path.join(dir, `${safeFileName(id)}.${ext}`);

  const entries = new Map<string, Entry>();
  /** A shipment's documents: one id as a string, several in an array (most shipments have one or two). */
  const byShipment = new Map<string, string | string[]>();
  /** Documents of an older version's files that were put again since: their files go at the next prune. */
  const supersededLegacy = new Set<string>();
  /** Every pack known, and how far into each the index reaches. */
  const indexedEnd = new Map<string, number>();
  let folderMade: Promise<void> | undefined;
  const pack = new GroupCommitLog(() => path.join(dir, packFor(now())), undefined, { wholeWrites: true });

  let loading: Promise<void> | undefined;
  let loaded = false;
  /** Documents put before the index was read: theirs are newer than anything it holds. */
  const putEarly: [string, Entry][] = [];
  /** The index file's appends, one after the other; a rewrite (after pruning) waits in the same line. */
  let indexChain: Promise<void> = Promise.resolve();
  let indexHandle: FileHandle | undefined;

  function remember(id: string, entry: Entry): void {
    const known = entries.get(id);
    // The newest put of a document wins (a label downloaded again after a restart).
    if (known && known.createdAt > entry.createdAt) return;
    if (known && known.file === undefined && entry.file !== undefined) supersededLegacy.add(id);
    if (known?.shipmentId !== undefined) unlist(known.shipmentId, id);
    entries.set(id, entry);
    if (entry.shipmentId !== undefined) {
      const ids = byShipment.get(entry.shipmentId);
      if (ids === undefined) byShipment.set(entry.shipmentId, id);
      else if (typeof ids === 'string') byShipment.set(entry.shipmentId, ids === id ? id : [ids, id]);
      else if (!ids.includes(id)) ids.push(id);
    }
  }

  function forget(id: string): void {
    const known = entries.get(id);
    if (!known) return;
    entries.delete(id);
    if (known.shipmentId !== undefined) unlist(known.shipmentId, id);
  }

  /** Takes a document off its shipment's list. */
  function unlist(shipmentId: string, id: string): void {
    const ids = byShipment.get(shipmentId);
    if (ids === id) byShipment.delete(shipmentId);
    else if (Array.isArray(ids)) {
      const left = ids.filter((other) => other !== id);
      byShipment.set(shipmentId, left.length === 1 ? left[0]! : left);
    }
  }

  /** The ids a shipment has in the cache. */
  function listed(shipmentId: string): string[] {
    const ids = byShipment.get(shipmentId);
    return ids === undefined ? [] : typeof ids === 'string' ? [ids] : [...ids];
  }

  /** One string per pack name: tens of thousands of entries name a few dozen packs. */
  const packNames = new Map<string, string>();
  function pooled(file: string): string {
    let name = packNames.get(file);
    if (name === undefined) packNames.set(file, (name = file));
    return name;
  }

  function reach(file: string, end: number): void {
    indexedEnd.set(file, Math.max(indexedEnd.get(file) ?? 0, end));
  }

  /**
   * Appends index lines (no fsync: see the header). After a failed append (a full disk, perhaps with half a line
   * written) nothing more is appended until the index is written anew: every document put since lies past the
   * index's last whole line in its pack, where the next start finds it.
   */
  let indexRefused = false;
  function appendIndex(lines: string[]): Promise<void> {
    if (lines.length === 0) return indexChain;
    indexChain = indexChain
      .then(async () => {
        if (indexRefused) return;
        indexHandle ??= await openFile(indexPath, 'a', PRIVATE_FILE_MODE);
        // writeFile writes all of it or fails; a write() may take part of it and say nothing.
        await indexHandle.writeFile(lines.join(''));
      })
      .catch(() => {
        indexRefused = true;
      });
    return indexChain;
  }

  /** Writes the index anew from what is in memory (after pruning, or when a crash left it torn). */
  function rewriteIndex(): Promise<void> {
    indexChain = indexChain
      .then(async () => {
        await indexHandle?.close();
        indexHandle = undefined;
        const lines = [...entries].map(([id, entry]) => indexLine(id, entry));
        await writeFileAtomic(indexPath, [...lines, LEGACY_LISTED].join(''));
        indexRefused = false;
      })
      .catch(() => undefined);
    return indexChain;
  }

  async function load(): Promise<void> {
    const raw = await readFileIfExists(indexPath).catch(() => undefined);
    let torn = false;
    /**
     * A line lost with whole lines after it: the index is appended without fsync, and a power cut may leave zeros
     * where one was (NTFS, ext4) and the later ones whole. What it named is then before the index's last place in
     * its pack, where reading past that place would not find it: every pack is read from its start instead.
     */
    let hole = false;
    let lost = false;
    let legacyListed = false;
    if (raw !== undefined) {
      // Line by line into the maps: the index is tens of thousands of lines, never all held as objects at once.
      let unusable = 0;
      const bad = forEachVerifiedLine(
        raw,
        (json) => {
          let line: ReturnType<typeof parseIndexLine>;
          try {
            line = parseIndexLine(json);
          } catch {
            line = undefined;
          }
          if (lost) hole = true;
          if (line === undefined) {
            unusable++;
            lost = true;
          } else if (line === 'legacy listed') legacyListed = true;
          else {
            const entry: Entry = {
              file: line.legacy ? undefined : pooled(line.file!),
              offset: line.offset ?? 0,
              length: line.length ?? 0,
              shipmentId: line.shipmentId,
              createdAt: Date.parse(line.createdAt),
            };
            if (entry.file !== undefined) reach(entry.file, entry.offset + entry.length);
            remember(line.id, entry);
          }
        },
        () => {
          lost = true;
        },
      );
      torn = bad + unusable > 0;
    }
    const names = await readdir(dir).catch(() => [] as string[]);
    const found: [string, Entry][] = [];
    // What the packs hold past the index's end: written since its last line reached the disk.
    for (const name of names.filter((n) => PACK_PATTERN.test(n))) {
      const from = hole ? 0 : (indexedEnd.get(name) ?? 0);
      const size = await stat(path.join(dir, name)).then(
        (s) => s.size,
        () => 0,
      );
      reach(name, 0);
      if (size <= from) continue;
      const tail = await readRange(path.join(dir, name), from, size - from).catch(() => undefined);
      for (const record of tail ? scanRecords(tail, from) : []) {
        const entry: Entry = {
          file: name,
          offset: record.offset,
          length: record.length,
          shipmentId: record.meta.shipmentId,
          createdAt: Date.parse(record.meta.createdAt),
        };
        reach(name, record.offset + record.length);
        found.push([record.meta.id, entry]);
      }
    }
    // The first start of this version on an older cache: its documents are listed once, in place (until the
    // index says all were, a start cut short lists them again).
    if (!legacyListed) found.push(...(await listLegacy(names)));
    for (const [id, entry] of found) remember(id, entry);
    for (const [id, entry] of putEarly.splice(0)) remember(id, entry);
    loaded = true;
    if (torn) await rewriteIndex();
    else
      await appendIndex([
        ...found.map(([id, entry]) => indexLine(id, entry)),
        ...(legacyListed ? [] : [LEGACY_LISTED]),
      ]);
  }

  async function listLegacy(names: string[]): Promise<[string, Entry][]> {
    const metas = names.filter((n) => n.endsWith('.json') && !n.startsWith('.'));
    const found: [string, Entry][] = [];
    for (let i = 0; i < metas.length; i += LEGACY_READS_AT_ONCE) {
      const batch = await Promise.all(
        metas.slice(i, i + LEGACY_READS_AT_ONCE).map(async (name) => {
          const meta = await readLegacyMeta(path.join(dir, name));
          if (!meta || `${safeFileName(meta.id)}.json` !== name) return undefined;
          const size = await stat(legacyFile(meta.id, 'bin')).then(
            (s) => s.size,
            () => -1,
          );
          // A meta without all its bytes (a crash between the two files) is no document.
          return size === meta.bytes ? meta : undefined;
        }),
      );
      for (const meta of batch)
        if (meta)
          found.push([
            meta.id,
            {
              file: undefined,
              offset: 0,
              length: 0,
              shipmentId: meta.shipmentId,
              createdAt: Date.parse(meta.createdAt),
            },
          ]);
    }
    return found;
  }

  function ensureOpen(): Promise<void> {
    loading ??= load();
    return loading;
  }

  async function readEntry(id: string, entry: Entry): Promise<CachedDocument | undefined> {
    if (entry.file === undefined) return readLegacy(id);
    const data = await readRange(path.join(dir, entry.file), entry.offset, entry.length).catch(
      () => undefined,
    );
    const record = data ? decodeRecord(data) : undefined;
    if (!record || record.meta.id !== id) return undefined;
    return cached(record.meta, Buffer.from(record.bytes));
  }

  async function readLegacy(id: string): Promise<CachedDocument | undefined> {
    const meta = await readLegacyMeta(legacyFile(id, 'json'));
    if (meta === undefined || meta.id !== id) return undefined;
    const bytes = await readFileIfExists(legacyFile(id, 'bin')).catch(() => undefined);
    if (bytes === undefined || bytes.length !== meta.bytes) return undefined;
    return cached(meta, bytes);
  }

  async function documentsOf(shipmentId: string): Promise<CachedDocument[]> {
    await ensureOpen();
    const ids = listed(shipmentId);
    const docs = await Promise.all(ids.map((id) => readEntry(id, entries.get(id)!)));
    return docs
      .filter((d): d is CachedDocument => d !== undefined)
      .sort((a, b) => a.meta.createdAt.localeCompare(b.meta.createdAt) || a.meta.id.localeCompare(b.meta.id));
  }

  async function putAll(documents: readonly PrintableDocument[]): Promise<CachedDocumentMeta[]> {
    if (documents.length === 0) return [];
    const createdAt = now().toISOString();
    const metas = documents.map((document) => metaOf(document, createdAt));
    const records = documents.map((document, i) => encodeRecord(metas[i]!, document.bytes));
    folderMade ??= makePrivateDir(dir);
    await folderMade;
    // One append, so one write and one fsync, started at once: a booking's label waits for it before its first
    // byte.
    const at = await pack.append(Buffer.concat(records), 0, true);
    const file = pooled(path.basename(at.path));
    let offset = at.offset;
    const placed = documents.map((document, i): [string, Entry] => {
      const entry: Entry = {
        file,
        offset,
        length: records[i]!.length,
        shipmentId: document.shipmentId,
        createdAt: Date.parse(createdAt),
      };
      offset += entry.length;
      return [document.id, entry];
    });
    reach(file, offset);
    const lines = () => placed.map(([id, entry]) => indexLine(id, entry));
    if (loaded) {
      for (const [id, entry] of placed) remember(id, entry);
      void appendIndex(lines());
    } else {
      putEarly.push(...placed);
      // Their index lines follow the index's reading (which may list older ones first): ordered by `createdAt`.
      void ensureOpen().then(() => appendIndex(lines()));
    }
    return metas;
  }

  return {
    async put(document) {
      const [meta] = await putAll([document]);
      return meta!;
    },

    putAll,

    async get(documentId) {
      await ensureOpen();
      const entry = entries.get(documentId);
      return entry ? readEntry(documentId, entry) : undefined;
    },

    async listForShipment(shipmentId) {
      return (await documentsOf(shipmentId)).map((d) => d.meta);
    },

    documentsOf,

    async prune(olderThanDays) {
      await ensureOpen();
      const cutoff = now().getTime() - olderThanDays * DAY_MS;
      let removed = 0;
      for (const [id, entry] of [...entries]) {
        if (entry.createdAt >= cutoff) continue;
        forget(id);
        removed++;
        // An older version's pair, one file at a time: meta first, so a crash leaves no meta without bytes.
        if (entry.file === undefined) {
          await rm(legacyFile(id, 'json'), { force: true }).catch(() => undefined);
          await rm(legacyFile(id, 'bin'), { force: true }).catch(() => undefined);
        }
      }
      for (const id of [...supersededLegacy]) {
        supersededLegacy.delete(id);
        if (entries.get(id)?.file === undefined) continue; // the older file is what is kept of it again
        await rm(legacyFile(id, 'json'), { force: true }).catch(() => undefined);
        await rm(legacyFile(id, 'bin'), { force: true }).catch(() => undefined);
      }
      // A pack goes once no document in it is kept (a day's pack may keep that day's older documents a day longer).
      const kept = new Set([...entries.values()].map((e) => e.file));
      const writing = packFor(now());
      let packsRemoved = 0;
      for (const file of [...indexedEnd.keys()]) {
        if (kept.has(file) || file === writing) continue;
        await rm(path.join(dir, file), { force: true }).catch(() => undefined);
        indexedEnd.delete(file);
        packsRemoved++;
      }
      if (removed > 0 || packsRemoved > 0) {
        await fsyncDirectory(dir).catch(() => undefined);
        await rewriteIndex();
      }
      return removed;
    },

    open: ensureOpen,

    async close() {
      await ensureOpen().catch(() => undefined);
      await indexChain;
      await indexHandle?.close().catch(() => undefined);
      indexHandle = undefined;
      await pack.close();
    },
  };
}

function cached(meta: CachedDocumentMeta, bytes: Buffer): CachedDocument {
  const { bytes: _size, createdAt: _createdAt, ...rest } = meta;
  return { meta, document: { ...rest, bytes } };
}

async function readLegacyMeta(file: string): Promise<CachedDocumentMeta | undefined> {
  const raw = await readFileIfExists(file).catch(() => undefined);
  if (raw === undefined) return undefined;
  try {
    const parsed = cachedMetaSchema.safeParse(JSON.parse(raw.toString('utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined; // a torn or foreign file is not a cached document
  }
}

/** `length` bytes of a file from `offset` (fewer at its end). */
async function readRange(file: string, offset: number, length: number): Promise<Buffer> {
  const handle = await openFile(file, 'r');
  try {
    const buffer = Buffer.alloc(length);
    let read = 0;
    while (read < length) {
      const { bytesRead } = await handle.read(buffer, read, length - read, offset + read);
      if (bytesRead === 0) break;
      read += bytesRead;
    }
    return buffer.subarray(0, read);
  } finally {
    await handle.close();
  }
}
