import { mkdir, open, readdir, readFile, type FileHandle } from 'node:fs/promises';
import { writeFileAtomic } from '../files/atomic';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { z } from 'zod';

/**
 * The station's append-only journal: the record that makes booking exactly-once.
 *
 * One file per day (`journal-YYYY-MM-DD.jsonl`), one entry per line as `<crc32 hex> <json>`. An entry is
 * on disk (fsync) before `append` resolves, so an intent written before a booking call survives a crash or
 * power cut. Appends that arrive while a write is in flight share the next write and fsync (group commit):
 * a burst of scans costs one fsync, not one each.
 *
 * A torn or corrupt tail (a crash mid-write) is cut off on open and kept aside in a `.corrupt-*` file; every
 * entry before it is kept. A corrupt line in the middle (disk damage) is skipped and reported the same way.
 */

const failureSchema = z.object({
  reason: z.string(),
  code: z.string(),
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  detail: z.string().optional(),
});

const documentRefSchema = z.object({
  documentId: z.string(),
  kind: z.string(),
  format: z.enum(['zpl', 'pdf']),
  charset: z.enum(['cp850', 'UTF8']).optional(),
  description: z.string().optional(),
  bytes: z.number(),
});

/** What a booking targets: its key is stable across restarts, so an intent can be matched to its outcome. */
const bookingTargetSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('order'),
    orderId: z.string(),
    internalReference: z.string(),
    parcelIds: z.array(z.string()).optional(),
  }),
  z.object({ type: z.literal('stored'), storedId: z.string(), orderNo: z.string().optional() }),
]);
export type BookingTarget = z.infer<typeof bookingTargetSchema>;

export function bookingTargetKey(target: BookingTarget): string {
  return target.type === 'order' ? `order:${target.orderId}` : `stored:${target.storedId}`;
}

const entryBodySchema = z.discriminatedUnion('type', [
  /** A job started: written before any network call. `reprintOf`: the job whose shipments a reprint prints again. */
  z.object({
    type: z.literal('job'),
    jobId: z.string(),
    kind: z.string(),
    scan: z.string(),
    reprintOf: z.string().optional(),
  }),
  z.object({
    type: z.literal('resolved'),
    jobId: z.string(),
    source: z.string(),
    orderNo: z.string().optional(),
    targets: z.array(bookingTargetSchema),
  }),
  /** About to call nShift to book this target: from here on the outcome may be unknown. */
  z.object({ type: z.literal('book_intent'), jobId: z.string(), target: bookingTargetSchema }),
  z.object({
    type: z.literal('booked'),
    jobId: z.string(),
    targetKey: z.string(),
    shipmentId: z.string(),
    shipmentNo: z.string().optional(),
    orderNo: z.string().optional(),
    parcelNos: z.array(z.string()),
    receiverName: z.string().optional(),
    serviceId: z.string().optional(),
    documents: z.array(documentRefSchema),
    /** Found by reconciliation after an unknown outcome rather than from the booking response. */
    reconciled: z.boolean().optional(),
  }),
  /** The booking call's outcome is unknown: the next step is reconciliation, never a blind retry. */
  z.object({ type: z.literal('book_unknown'), jobId: z.string(), targetKey: z.string(), detail: z.string() }),
  z.object({
    type: z.literal('print_state'),
    jobId: z.string(),
    shipmentId: z.string().optional(),
    documentId: z.string(),
    state: z.enum(['printed', 'held', 'failed', 'cancelled']),
    printerId: z.string().optional(),
    printerName: z.string().optional(),
    spoolJobId: z.string().optional(),
    bytes: z.number(),
  }),
  /** A shipment known before this job (duplicate, reprint, cancel target). */
  z.object({
    type: z.literal('shipment_ref'),
    jobId: z.string(),
    shipmentId: z.string(),
    shipmentNo: z.string().optional(),
    parcelNos: z.array(z.string()),
    receiverName: z.string().optional(),
    documents: z.array(documentRefSchema),
  }),
  /** Documents a job prints without booking anything (reprint, manifest, waybill), held by `ownerId`. */
  z.object({
    type: z.literal('documents'),
    jobId: z.string(),
    ownerId: z.string(),
    shipmentNo: z.string().optional(),
    parcelNos: z.array(z.string()).optional(),
    documents: z.array(documentRefSchema),
  }),
  /**
   * Details of a booked shipment learned after the booking (an order's booking answer carries only ids), or
   * what a reprint knows of the shipment it prints again (so it reads as the same shipment, by its numbers).
   */
  z.object({
    type: z.literal('shipment_info'),
    jobId: z.string(),
    shipmentId: z.string(),
    shipmentNo: z.string().optional(),
    orderNo: z.string().optional(),
    parcelNos: z.array(z.string()).optional(),
    receiverName: z.string().optional(),
    serviceId: z.string().optional(),
  }),
  z.object({ type: z.literal('cancelled'), jobId: z.string(), shipmentId: z.string() }),
  z.object({
    type: z.literal('failed'),
    jobId: z.string(),
    failure: failureSchema,
    duplicateOf: z.string().optional(),
  }),
  z.object({ type: z.literal('finished'), jobId: z.string() }),
]);

export type JournalEntryBody = z.infer<typeof entryBodySchema>;
export type JournalEntry = JournalEntryBody & { seq: number; at: string };
export type DocumentRef = z.infer<typeof documentRefSchema>;

const entrySchema = z.intersection(entryBodySchema, z.object({ seq: z.number().int(), at: z.string() }));

export interface JournalRecovery {
  file: string;
  /** Where the unreadable bytes were kept. */
  keptAs: string;
  badLines: number;
  message: string;
}

export interface JournalOptions {
  now?: () => Date;
  /** How many earlier days are read back on open (unfinished jobs older than this are not resumed). */
  daysToLoad?: number;
}

export class Journal {
  private handle: FileHandle | undefined;
  private handleDay = '';
  private seq = 0;
  private pending: { line: string; resolve: () => void; reject: (e: unknown) => void }[] = [];
  private flushing: Promise<void> | undefined;
  private readonly loaded: JournalEntry[] = [];
  private readonly now: () => Date;

  private constructor(
    private readonly dir: string,
    options: JournalOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  static async open(
    dir: string,
    options: JournalOptions = {},
  ): Promise<{ journal: Journal; recoveries: JournalRecovery[] }> {
    await mkdir(dir, { recursive: true });
    const journal = new Journal(dir, options);
    const recoveries = await journal.load(options.daysToLoad ?? 2);
    return { journal, recoveries };
  }

  /** Every entry read at open and appended since, oldest first. */
  entries(): readonly JournalEntry[] {
    return this.loaded;
  }

  /** Appends an entry; resolves once it is on disk. */
  async append(body: JournalEntryBody): Promise<JournalEntry> {
    const entry = { ...body, seq: ++this.seq, at: this.now().toISOString() } as JournalEntry;
    const json = JSON.stringify(entry);
    const line = `${crc32(json).toString(16).padStart(8, '0')} ${json}\n`;
    this.loaded.push(entry);
    await new Promise<void>((resolve, reject) => {
      this.pending.push({ line, resolve, reject });
      // Wait one turn of the event loop before writing: appends made in the same turn (a `resolved` and the
      // `book_intent` right after it) share one write and one fsync.
      this.flushing ??= new Promise<void>((r) => setImmediate(r)).then(() => this.flush());
    });
    return entry;
  }

  async close(): Promise<void> {
    while (this.flushing) await this.flushing;
    await this.handle?.close();
    this.handle = undefined;
  }

  private async flush(): Promise<void> {
    try {
      while (this.pending.length > 0) {
        const batch = this.pending.splice(0);
        try {
          const handle = await this.fileForToday();
          await handle.write(batch.map((p) => p.line).join(''));
          await handle.sync();
          for (const p of batch) p.resolve();
        } catch (error) {
          for (const p of batch) p.reject(error);
        }
      }
    } finally {
      this.flushing = undefined;
    }
  }

  private async fileForToday(): Promise<FileHandle> {
    const day = this.now().toISOString().slice(0, 10);
    if (this.handle && this.handleDay === day) return this.handle;
    await this.handle?.close();
    this.handle = await open(join(this.dir, `journal-${day}.jsonl`), 'a');
    this.handleDay = day;
    return this.handle;
  }

  private async load(daysToLoad: number): Promise<JournalRecovery[]> {
    const files = (await readdir(this.dir))
      .filter((f) => /^journal-\d{4}-\d{2}-\d{2}\.jsonl$/.test(f))
      .sort()
      .slice(-(daysToLoad + 1));
    const recoveries: JournalRecovery[] = [];
    for (const file of files) {
      const path = join(this.dir, file);
      const { entries, goodBytes, badChunks } = parseJournal(await readFile(path));
      for (const e of entries) {
        this.loaded.push(e);
        this.seq = Math.max(this.seq, e.seq);
      }
      if (badChunks.length > 0) {
        const keptAs = `${path}.corrupt-${Date.now()}`;
        await writeFileAtomic(keptAs, Buffer.concat(badChunks));
        // Rewrite the file with only the good lines: append-only resumes from a clean tail.
        await writeFileAtomic(path, goodBytes);
        recoveries.push({
          file: path,
          keptAs,
          badLines: badChunks.length,
          message: `The journal ${file} had ${badChunks.length} unreadable entr${badChunks.length === 1 ? 'y' : 'ies'} (likely a crash mid-write); they were set aside in ${keptAs} and every other entry was kept.`,
        });
      }
    }
    return recoveries;
  }
}

/** Splits a journal file into verified entries and the bytes of lines that fail their checksum or schema. */
export function parseJournal(bytes: Buffer): {
  entries: JournalEntry[];
  goodBytes: Buffer;
  badChunks: Buffer[];
} {
  const entries: JournalEntry[] = [];
  const good: Buffer[] = [];
  const bad: Buffer[] = [];
  let start = 0;
  while (start < bytes.length) {
    const nl = bytes.indexOf(0x0a, start);
    const end = nl === -1 ? bytes.length : nl + 1;
    const raw = bytes.subarray(start, end);
    start = end;
    const entry = nl === -1 ? undefined : parseLine(raw.subarray(0, raw.length - 1).toString('utf8'));
    if (entry) {
      entries.push(entry);
      good.push(raw);
    } else if (raw.toString('utf8').trim() !== '') {
      bad.push(raw);
    }
  }
  return { entries, goodBytes: Buffer.concat(good), badChunks: bad };
}

function parseLine(line: string): JournalEntry | undefined {
  const space = line.indexOf(' ');
  if (space !== 8) return undefined;
  const json = line.slice(space + 1);
  if (crc32(json).toString(16).padStart(8, '0') !== line.slice(0, space)) return undefined;
  try {
    const parsed = entrySchema.safeParse(JSON.parse(json));
    return parsed.success ? (parsed.data as JournalEntry) : undefined;
  } catch {
    return undefined;
  }
}
