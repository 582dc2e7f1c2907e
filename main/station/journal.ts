import { access, constants, open, readdir, readFile, rm, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import * as z from '../zod';
import {
  documentRefSchema,
  failureSchema,
  heldReasonSchema,
  jobKindSchema,
  printStateSchema,
  resolvedSourceSchema,
  shipmentFactsSchema,
  type DocumentRef,
} from '../domain';
import { fsyncDirectory, isErrnoException, readFileIfExists, writeFileAtomic } from '../files/atomic';
import { checksumLine, GroupCommitLog, parseLines, verifiedJson } from '../files/line-log';
import { makePrivateDir, PRIVATE_FILE_MODE } from '../files/private';

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
 * A whole line (its checksum holds) of a shape this version does not know was written by a newer Packbench
 * (a downgrade): it stays in the file, in its place, for that version, and its job is named (`unreadableJobs`)
 * so that the start fails it for the packer rather than carry on a job it cannot see whole.
 */

/** What a booking targets: its key is stable across restarts, so an intent can be matched to its outcome. */
export const bookingTargetSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('order'),
    orderId: z.string(),
    internalReference: z.string(),
    parcelIds: z.optional(z.array(z.string())),
  }),
  z.object({ type: z.literal('stored'), storedId: z.string(), orderNo: z.optional(z.string()) }),
  /** A Checkout partial shipment's prepared shipment in Delivery (workflows/checkout-lookup.ts). */
  z.object({ type: z.literal('prepared'), prepareId: z.string(), orderNo: z.optional(z.string()) }),
]);
export type BookingTarget = z.infer<typeof bookingTargetSchema>;

export function bookingTargetKey(target: BookingTarget): string {
  switch (target.type) {
    case 'order':
      return `order:${target.orderId}`;
    case 'stored':
      return `stored:${target.storedId}`;
    case 'prepared':
      return `prepared:${target.prepareId}`;
  }
}

const entryBodySchema = z.discriminatedUnion('type', [
  /**
   * A job started: written before any network call. `reprintOf`: the job whose shipments a reprint prints again.
   * `consolidationKey`: the key a consolidated close's shipment is known by (its `scan` is the id nShift needs);
   * absent in journals written before it was recorded, and when nShift did not list one.
   */
  z.object({
    type: z.literal('job'),
    jobId: z.string(),
    kind: jobKindSchema,
    scan: z.string(),
    reprintOf: z.optional(z.string()),
    consolidationKey: z.optional(z.string()),
  }),
  z.object({
    type: z.literal('resolved'),
    jobId: z.string(),
    source: resolvedSourceSchema,
    orderNo: z.optional(z.string()),
    targets: z.array(bookingTargetSchema),
  }),
  /** About to call nShift to book this target: from here on the outcome may be unknown. */
  z.object({ type: z.literal('book_intent'), jobId: z.string(), target: bookingTargetSchema }),
  z.object({
    type: z.literal('booked'),
    jobId: z.string(),
    targetKey: z.string(),
    ...shipmentFactsSchema.shape,
    documents: z.array(documentRefSchema),
    /**
     * Every shipment the target's booking answer named, when it named several (a return shipment beside the
     * outbound one): one whose own `booked` never came is still the job's, and a restart prints its label.
     */
    targetShipmentIds: z.optional(z.array(z.string())),
    /** Found by reconciliation after an unknown outcome rather than from the booking response. */
    reconciled: z.optional(z.boolean()),
    /**
     * The documents (its labels) that went to their printers the moment this entry and the label cache's record
     * of their bytes were both on disk, the spool writing nothing of them before their first byte: this entry is
     * their `sending`. A restart that finds one unprinted, not spooled, and in the label cache holds it (it may
     * have printed); one the cache lacks never went out (its first byte waited for the cache) and prints.
     */
    sending: z.optional(z.array(z.string())),
  }),
  /** The booking call's outcome is unknown: the next step is reconciliation, never a blind retry. */
  z.object({ type: z.literal('book_unknown'), jobId: z.string(), targetKey: z.string(), detail: z.string() }),
  z.object({
    type: z.literal('print_state'),
    jobId: z.string(),
    shipmentId: z.optional(z.string()),
    documentId: z.string(),
    state: printStateSchema,
    printerId: z.optional(z.string()),
    printerName: z.optional(z.string()),
    spoolJobId: z.optional(z.string()),
    bytes: z.number(),
    /** A `held` document's reason (added later: older entries have none). */
    heldReason: z.optional(heldReasonSchema),
  }),
  /** A shipment known before this job (duplicate, reprint, cancel target). */
  z.object({
    type: z.literal('shipment_ref'),
    jobId: z.string(),
    shipmentId: z.string(),
    shipmentNo: z.optional(z.string()),
    parcelNos: z.array(z.string()),
    receiverName: z.optional(z.string()),
    documents: z.array(documentRefSchema),
  }),
  /** Documents a job prints without booking anything (reprint, manifest, waybill), held by `ownerId`. */
  z.object({
    type: z.literal('documents'),
    jobId: z.string(),
    ownerId: z.string(),
    shipmentNo: z.optional(z.string()),
    parcelNos: z.optional(z.array(z.string())),
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
    shipmentNo: z.optional(z.string()),
    orderNo: z.optional(z.string()),
    parcelNos: z.optional(z.array(z.string())),
    receiverName: z.optional(z.string()),
    serviceId: z.optional(z.string()),
  }),
  z.object({ type: z.literal('cancelled'), jobId: z.string(), shipmentId: z.string() }),
  z.object({
    type: z.literal('failed'),
    jobId: z.string(),
    failure: failureSchema,
    duplicateOf: z.optional(z.string()),
  }),
  z.object({ type: z.literal('finished'), jobId: z.string() }),
]);

export type JournalEntryBody = z.infer<typeof entryBodySchema>;
export type JournalEntry = JournalEntryBody & { seq: number; at: string };

/**
 * Entries the station waits on before it acts, written without waiting for the event loop's turn (see
 * GroupCommitLog.append): the intent before the booking request, `booked` before the label's first byte.
 */
const WAITED_ON: ReadonlySet<JournalEntry['type']> = new Set(['book_intent', 'booked']);

/**
 * The disk refused a journal write (full, read-only, failing). The journal then refuses every later entry too
 * (see GroupCommitLog): nothing more is booked until Packbench restarts on a disk that takes writes again.
 */
export class JournalWriteError extends Error {
  /** The errno code of the file system's refusal (`ENOSPC`, `EROFS`, …), when it had one. */
  readonly code: string | undefined;

  constructor(
    /** The entry that was refused, stamped as it would have been written. */
    readonly entry: JournalEntry,
    cause: unknown,
  ) {
    super(`The journal cannot be written: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
    this.name = 'JournalWriteError';
    this.code = isErrnoException(cause) ? cause.code : undefined;
  }
}
export type { DocumentRef };

/** The journal's stamp on every entry. */
const stampSchema = z.object({ seq: z.int(), at: z.string() });

export interface JournalRecovery {
  /** `damaged`: unreadable lines set aside in `keptAs`; `newer`: whole lines a newer Packbench wrote, kept in place. */
  kind: 'damaged' | 'newer';
  file: string;
  /** Where the unreadable bytes were kept. */
  keptAs: string;
  badLines: number;
  /** `newer`: how many jobs those lines belong to (none is carried on here). */
  jobs: number;
  message: string;
}

export interface JournalOptions {
  now?: () => Date;
  /** How many earlier days are read back on open (unfinished jobs older than this are not resumed). */
  daysToLoad?: number;
  /**
   * Where a checkpoint's fold of each day file ends (file name → byte offset) and the last sequence number it
   * holds: only what follows is read on open. Without it (or when it no longer fits the files) every day file
   * in the window is read whole.
   */
  from?: { seq: number; files: Readonly<Record<string, number>> };
}

/** Where the journal stood after a write: the last sequence number on disk and each file's durable size. */
export interface JournalPosition {
  seq: number;
  files: Record<string, number>;
}

/**
 * Written when the journal stops taking entries (its disk refused one): the last sequence number on disk, the
 * refusal, and the jobs the packer was told would be finished by the restart. Every other job still open then was
 * told it failed, and the journal could not say so; the next start reads this and journals those failures before
 * anything runs (see `openJobJournal`).
 */
export interface StopMark {
  seq: number;
  /** The file system's error code (`ENOSPC`, …) and message, for the failure the packer was shown. */
  code?: string;
  message: string;
  /**
   * Jobs shown `booking_not_saved`: nShift booked, the station could not keep it, and the packer was told the
   * restart prints the label. These resume as after a crash.
   */
  kept?: string[];
}

/**
 * The stop mark's file: made at open, full size, while the disk takes writes, so that the mark is written into
 * blocks the file already has when the disk is full (a full disk refuses new blocks, not these). On a file
 * system that copies on write even that can be refused: the start then resumes those jobs as after a crash.
 */
export const STOP_MARK_FILE = 'stopped.mark';
const STOP_MARK_BYTES = 4096;

const FILE_PATTERN = /^journal-(\d{4}-\d{2}-\d{2})\.jsonl$/;
/** A day file or what a recovery set aside from it. */
const PRUNABLE_PATTERN = /^journal-(\d{4}-\d{2}-\d{2})\.jsonl(?:\.corrupt-\d+)?$/;
const fileOfDay = (day: string): string => `journal-${day}.jsonl`;

export class Journal {
  private seq = 0;
  private tail: JournalEntry[] = [];
  private readWhole = true;
  private readonly now: () => Date;
  private readonly log: GroupCommitLog;
  /** Positions after recent writes, newest last: a checkpoint picks the newest one its fold has reached. */
  private readonly marks: JournalPosition[] = [];
  /** The last sequence number on disk. */
  private durableSeq = 0;
  /** Jobs with entries this version cannot read (a newer version's): see `unreadableJobs`. */
  private readonly foreignJobs = new Set<string>();
  /** The stop mark once the journal stopped, and its writes (in place, one after the other). */
  private stopMark: StopMark | undefined;
  private stopMarkWrites: Promise<void> = Promise.resolve();

  private constructor(
    private readonly dir: string,
    options: JournalOptions,
  ) {
    this.now = options.now ?? (() => new Date());
    this.log = new GroupCommitLog(
      () => join(this.dir, fileOfDay(this.today())),
      (_path, _size, lastSeq) => {
        this.durableSeq = Math.max(this.durableSeq, lastSeq);
        this.mark(lastSeq);
      },
    );
  }

  static async open(
    dir: string,
    options: JournalOptions = {},
  ): Promise<{ journal: Journal; recoveries: JournalRecovery[]; stoppedAt?: StopMark }> {
    await makePrivateDir(dir);
    // A journal this user may not write (a folder left by a start as root) would let the station say it is
    // ready and then refuse every scan: refused here, at the start, where the host names the folder.
    await access(dir, constants.W_OK);
    const journal = new Journal(dir, options);
    const recoveries = await journal.load(options.daysToLoad ?? 2, options.from);
    journal.durableSeq = journal.seq;
    const stoppedAt = await readStopMark(join(dir, STOP_MARK_FILE));
    if (!stoppedAt) await reserveStopMark(join(dir, STOP_MARK_FILE));
    return { journal, recoveries, ...(stoppedAt ? { stoppedAt } : {}) };
  }

  /**
   * The entries read at open, oldest first: the whole window, or with `from` only those after the checkpoint
   * (`replayedWhole()` says which). Appends made since are not kept here.
   */
  entries(): readonly JournalEntry[] {
    return this.tail;
  }

  /**
   * The jobs that have, in what open read, a whole entry this version cannot read: a newer Packbench wrote it
   * (a downgrade). What this version folds of such a job is not all that happened to it.
   */
  unreadableJobs(): ReadonlySet<string> {
    return this.foreignJobs;
  }

  /** False when open read only what followed a checkpoint. */
  replayedWhole(): boolean {
    return this.readWhole;
  }

  /** Lets go of the entries read at open once they are folded. */
  releaseEntries(): void {
    this.tail = [];
  }

  /** The newest position whose entries all have a sequence number of at most `seq`. */
  positionAtOrBefore(seq: number): JournalPosition | undefined {
    for (let i = this.marks.length - 1; i >= 0; i--) if (this.marks[i]!.seq <= seq) return this.marks[i];
    return undefined;
  }

  /** The day files of the last `days` days that exist, oldest first (day = YYYY-MM-DD). */
  async days(days: number): Promise<string[]> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    return names
      .map((n) => FILE_PATTERN.exec(n)?.[1])
      .filter((d): d is string => d !== undefined)
      .sort()
      .slice(-(days + 1));
  }

  /**
   * Removes the day files of days before `day` (and what recoveries set aside from them), never today's nor one
   * of the `keepDays` newest besides it: those are what a start reads back and resumes, so the exactly-once rule
   * (an intent without its outcome is reconciled before anything else) never loses an entry it needs. A job of a
   * removed day is no longer in this station's history; nShift's history still has its shipment. Returns the
   * names removed.
   */
  async pruneBefore(day: string, keepDays: number): Promise<string[]> {
    const kept = new Set([...(await this.days(keepDays)), this.today()]);
    const names = await readdir(this.dir).catch(() => [] as string[]);
    const removed: string[] = [];
    for (const name of names) {
      const fileDay = PRUNABLE_PATTERN.exec(name)?.[1];
      if (fileDay === undefined || fileDay >= day || kept.has(fileDay)) continue;
      await rm(join(this.dir, name), { force: true });
      removed.push(name);
    }
    if (removed.length > 0) await fsyncDirectory(this.dir).catch(() => undefined);
    return removed;
  }

  /** Every verified entry of one day's file (for loading older jobs on demand); empty if there is none. */
  async readDay(day: string, filter?: string): Promise<JournalEntry[]> {
    const bytes = await readFileIfExists(join(this.dir, fileOfDay(day)));
    if (!bytes) return [];
    return parseLines(bytes, (json) => (filter && !json.includes(filter) ? undefined : parseEntry(json)))
      .values;
  }

  /** Appends an entry; resolves once it is on disk, rejects with a JournalWriteError when the disk refused it. */
  async append(body: JournalEntryBody): Promise<JournalEntry> {
    const entry = { ...body, seq: ++this.seq, at: this.now().toISOString() } as JournalEntry;
    try {
      await this.log.append(checksumLine(JSON.stringify(entry)), entry.seq, WAITED_ON.has(entry.type));
    } catch (error) {
      this.markStopped(error);
      throw new JournalWriteError(entry, error);
    }
    return entry;
  }

  /**
   * Takes no entry from now on, as if the disk had refused one: another file of the data folder was refused
   * (the label cache), and what the journal would say next (`booked`) would claim what the disk does not hold.
   */
  refuseWrites(cause: unknown): void {
    this.log.stop(cause);
    this.markStopped(cause);
  }

  /**
   * The start journalled the failures the stop mark stood for: the mark goes (its blocks stay, for the next
   * time). Until then a crash leaves the mark, and the next start does the same again for the jobs still open.
   */
  async clearStopMark(): Promise<void> {
    await writeInPlace(join(this.dir, STOP_MARK_FILE), Buffer.alloc(STOP_MARK_BYTES));
  }

  /**
   * Once the journal stopped: the packer was told this job's booking, which the station could not keep, is
   * finished by the restart (`booking_not_saved`); the stop mark says so, so the restart resumes it.
   */
  keepForRestart(jobId: string): void {
    const mark = this.stopMark;
    if (!mark || mark.kept?.includes(jobId)) return;
    mark.kept = [...(mark.kept ?? []), jobId];
    this.writeStopMark();
  }

  /** Writes the stop mark once, in place (see STOP_MARK_FILE); a disk that refuses even that leaves none. */
  private markStopped(cause: unknown): void {
    if (this.stopMark) return;
    this.stopMark = {
      seq: this.durableSeq,
      ...(isErrnoException(cause) && cause.code ? { code: cause.code } : {}),
      message: cause instanceof Error ? cause.message : String(cause),
    };
    this.writeStopMark();
  }

  private writeStopMark(): void {
    const line = Buffer.from(checksumLine(JSON.stringify(this.stopMark)), 'utf8');
    // The whole reserved size each time: a shorter mark leaves nothing of a longer one behind it. A mark that
    // would not fit (hundreds of jobs kept) is not written again: the one before stands.
    if (line.length > STOP_MARK_BYTES) return;
    const bytes = Buffer.concat([line, Buffer.alloc(STOP_MARK_BYTES - line.length)]);
    this.stopMarkWrites = this.stopMarkWrites
      .then(() => writeInPlace(join(this.dir, STOP_MARK_FILE), bytes))
      .catch(() => undefined);
  }

  /** True once the disk refused a write: the journal takes no entry until Packbench restarts. */
  refusesWrites(): boolean {
    return this.log.refusesWrites();
  }

  async close(): Promise<void> {
    await this.log.close();
    await this.stopMarkWrites;
  }

  private today(): string {
    return this.now().toISOString().slice(0, 10);
  }

  /** After a write: every entry before these offsets has a sequence number of at most `seq`. */
  private mark(seq: number): void {
    const files: Record<string, number> = {};
    for (const [path, size] of this.log.durableSizes()) files[basename(path)] = size;
    this.marks.push({ seq, files });
    if (this.marks.length > 256) this.marks.splice(0, this.marks.length - 256);
  }

  private async load(daysToLoad: number, from: JournalOptions['from']): Promise<JournalRecovery[]> {
    const days = await this.days(daysToLoad);
    const recoveries: JournalRecovery[] = [];
    const usable = from !== undefined && (await this.checkpointFits(days, from.files));
    this.readWhole = !usable;
    if (usable) this.seq = from.seq;
    for (const day of days) {
      const file = fileOfDay(day);
      const path = join(this.dir, file);
      const offset = usable ? (from.files[file] ?? 0) : 0;
      const covered = usable && file in from.files;
      const { entries, size, recovery, foreign } = await this.readFrom(path, offset);
      if (recovery) recoveries.push(recovery);
      if (foreign.length > 0) recoveries.push(this.keepForeign(path, foreign));
      for (const e of entries) {
        this.seq = Math.max(this.seq, e.seq);
        // A covered file's entries up to the checkpoint's sequence number are already in its fold.
        if (!covered || e.seq > from.seq) this.tail.push(e);
      }
      this.log.knowSize(path, size);
    }
    this.mark(this.seq);
    return recoveries;
  }

  /** A checkpoint fits when every file it names in the window is at least as long and cut at a line end. */
  private async checkpointFits(days: string[], files: Readonly<Record<string, number>>): Promise<boolean> {
    for (const day of days) {
      const offset = files[fileOfDay(day)];
      if (offset === undefined || offset === 0) continue;
      const handle = await open(join(this.dir, fileOfDay(day)), 'r').catch(() => undefined);
      if (!handle) return false;
      try {
        const { size } = await handle.stat();
        if (size < offset) return false;
        const last = Buffer.alloc(1);
        await handle.read(last, 0, 1, offset - 1);
        if (last[0] !== 0x0a) return false;
      } finally {
        await handle.close();
      }
    }
    return true;
  }

  /**
   * Whole entries a newer version wrote: their sequence numbers are taken (what is appended now comes after
   * them, as it does in time) and their jobs named; the recovery says so, and that they were kept.
   */
  private keepForeign(path: string, foreign: string[]): JournalRecovery {
    const jobs = new Set<string>();
    for (const json of foreign) {
      const value = looseStamp(json);
      if (value.seq !== undefined) this.seq = Math.max(this.seq, value.seq);
      if (value.jobId !== undefined) jobs.add(value.jobId);
    }
    for (const jobId of jobs) this.foreignJobs.add(jobId);
    const n = foreign.length;
    const named = [...jobs].slice(0, 5).join(', ') + (jobs.size > 5 ? ` and ${jobs.size - 5} more` : '');
    return {
      kind: 'newer',
      file: path,
      keptAs: path,
      badLines: n,
      jobs: jobs.size,
      message:
        `The journal ${basename(path)} holds ${n} entr${n === 1 ? 'y' : 'ies'} a newer Packbench wrote, which this ` +
        'version cannot read: they were kept in the journal for that version' +
        (jobs.size > 0
          ? `, and no job they belong to (${named}) is carried on here: each one still open fails; check what those jobs printed, and reprint or scan again what is missing.`
          : '.'),
    };
  }

  /**
   * Reads a day file from `offset`. A torn or corrupt line (a crash mid-write, disk damage) is set aside in a
   * `.corrupt-*` file and the file rewritten with only its good lines, so appends resume from a clean tail. A
   * whole line this version cannot read stays (`foreign`: see `keepForeign`).
   */
  private async readFrom(
    path: string,
    offset: number,
  ): Promise<{ entries: JournalEntry[]; size: number; recovery?: JournalRecovery; foreign: string[] }> {
    const part = await readFileFrom(path, offset);
    if (part === undefined) return { entries: [], size: 0, foreign: [] };
    const parsed = parseLines(part, parseEntry, { keepWhole: true });
    const foreign = parsed.whole;
    if (parsed.badChunks.length === 0) return { entries: parsed.values, size: offset + part.length, foreign };
    // The rare path: the part before the offset is kept as it is and the file rewritten.
    const whole = await readFile(path);
    const keptAs = `${path}.corrupt-${Date.now()}`;
    const good = Buffer.concat([whole.subarray(0, offset), parsed.goodBytes]);
    await writeFileAtomic(keptAs, Buffer.concat(parsed.badChunks));
    await writeFileAtomic(path, good);
    const bad = parsed.badChunks.length;
    return {
      entries: parsed.values,
      size: good.length,
      foreign,
      recovery: {
        kind: 'damaged',
        file: path,
        keptAs,
        badLines: bad,
        jobs: 0,
        message: `The journal ${basename(path)} had ${bad} unreadable entr${bad === 1 ? 'y' : 'ies'} (likely a crash mid-write); they were set aside in ${keptAs} and every other entry was kept.`,
      },
    };
  }
}

/** The stop mark a stopped journal left, if any (a zeroed, torn or missing one is none). */
async function readStopMark(file: string): Promise<StopMark | undefined> {
  const raw = await readFileIfExists(file).catch(() => undefined);
  const end = raw?.indexOf(0x0a) ?? -1;
  const json = raw && end > 0 ? verifiedJson(raw.subarray(0, end)) : undefined;
  if (json === undefined) return undefined;
  try {
    const mark = JSON.parse(json) as Partial<StopMark>;
    if (typeof mark.seq !== 'number' || typeof mark.message !== 'string') return undefined;
    const kept = Array.isArray(mark.kept)
      ? mark.kept.filter((id): id is string => typeof id === 'string')
      : [];
    return {
      seq: mark.seq,
      message: mark.message,
      ...(typeof mark.code === 'string' ? { code: mark.code } : {}),
      ...(kept.length > 0 ? { kept } : {}),
    };
  } catch {
    return undefined;
  }
}

/** Makes the stop mark's file at its full size (zeros) when it is missing or short. */
async function reserveStopMark(file: string): Promise<void> {
  const size = await stat(file).then(
    (s) => s.size,
    () => -1,
  );
  if (size >= STOP_MARK_BYTES) return;
  await writeFileAtomic(file, Buffer.alloc(STOP_MARK_BYTES));
}

/** Overwrites the start of an existing file and syncs it: no new block is asked of the disk. */
async function writeInPlace(file: string, bytes: Buffer): Promise<void> {
  const handle = await open(file, 'r+', PRIVATE_FILE_MODE);
  try {
    await handle.write(bytes, 0, bytes.length, 0);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** A file's bytes from `offset` to its end, or undefined when it does not exist. */
async function readFileFrom(path: string, offset: number): Promise<Buffer | undefined> {
  if (offset === 0) return readFileIfExists(path);
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const bytes = Buffer.alloc(Math.max(0, size - offset));
    let read = 0;
    while (read < bytes.length) {
      const { bytesRead } = await handle.read(bytes, read, bytes.length - read, offset + read);
      if (bytesRead === 0) break;
      read += bytesRead;
    }
    return bytes.subarray(0, read);
  } finally {
    await handle.close();
  }
}

/** Splits a journal file into verified entries and the bytes of lines that fail their checksum or schema. */
export function parseJournal(bytes: Buffer): {
  entries: JournalEntry[];
  goodBytes: Buffer;
  badChunks: Buffer[];
} {
  const { values, goodBytes, badChunks } = parseLines(bytes, parseEntry);
  return { entries: values, goodBytes, badChunks };
}

/** The sequence number and job of an entry this version cannot read, where its JSON has them. */
function looseStamp(json: string): { seq?: number; jobId?: string } {
  try {
    const value = JSON.parse(json) as { seq?: unknown; jobId?: unknown };
    return {
      ...(Number.isSafeInteger(value.seq) ? { seq: value.seq as number } : {}),
      ...(typeof value.jobId === 'string' ? { jobId: value.jobId } : {}),
    };
  } catch {
    return {};
  }
}

/**
 * The body and the stamp are checked apart and joined: `z.intersection` parses the value twice over and merges
 * the two results deeply.
 */
function parseEntry(json: string): JournalEntry | undefined {
  const value: unknown = JSON.parse(json);
  const stamp = stampSchema.safeParse(value);
  if (!stamp.success) return undefined;
  const body = entryBodySchema.safeParse(value);
  return body.success ? { ...body.data, ...stamp.data } : undefined;
}
