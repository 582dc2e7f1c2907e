/**
 * Checkpoints of the job book, so that a start reads a short file and the journal written after it instead of
 * replaying the whole day. The journal stays the truth: a checkpoint only says "the fold of the journal up to
 * sequence number N, whose entries end at these offsets", and anything wrong with it (missing, torn, a
 * checksum or version that does not match, offsets that no longer fit the files) means a full replay, never a
 * lost job.
 *
 * `journal/checkpoint.json` holds one line, `<crc32 hex> <json>`, written atomically (temp file, fsync,
 * rename, directory fsync): a crash mid-write leaves the previous checkpoint in place.
 */
import { join } from 'node:path';
import { readFileIfExists, writeFileAtomic } from '../files/atomic';
import { checksumLine, verifiedJson } from '../files/line-log';
import type { JobBook, JobBookSnapshot } from './jobs';
import type { Journal } from './journal';

export const CHECKPOINT_FILE = 'checkpoint.json';
const VERSION = 1;

export interface Checkpoint {
  version: typeof VERSION;
  /** Every journal entry up to this sequence number is in `book`. */
  seq: number;
  /** Journal file name → byte offset: every entry before it has a sequence number of at most `seq`. */
  files: Record<string, number>;
  writtenAt: string;
  book: JobBookSnapshot;
}

/** The checkpoint in `journalDir`, or why there is none to use (a full replay follows; nothing is lost). */
export async function readCheckpoint(
  journalDir: string,
): Promise<{ checkpoint: Checkpoint } | { problem: string | undefined }> {
  const raw = await readFileIfExists(join(journalDir, CHECKPOINT_FILE)).catch(() => undefined);
  if (raw === undefined) return { problem: undefined };
  const json = raw.at(-1) === 0x0a ? verifiedJson(raw.subarray(0, -1)) : undefined;
  if (json === undefined)
    return { problem: 'the journal checkpoint fails its checksum; replaying the journal' };
  try {
    const parsed = JSON.parse(json) as Partial<Checkpoint>;
    if (parsed.version !== VERSION || typeof parsed.seq !== 'number' || !parsed.files || !parsed.book)
      return { problem: 'the journal checkpoint is of another version; replaying the journal' };
    return { checkpoint: parsed as Checkpoint };
  } catch {
    return { problem: 'the journal checkpoint is unreadable; replaying the journal' };
  }
}

export async function writeCheckpoint(journalDir: string, checkpoint: Checkpoint): Promise<void> {
  await writeFileAtomic(join(journalDir, CHECKPOINT_FILE), checksumLine(JSON.stringify(checkpoint)));
}

export interface CheckpointerOptions {
  journalDir: string;
  journal: Journal;
  jobs: JobBook;
  /** True while jobs are running: a checkpoint then waits, unless many entries are not in one yet. */
  busy: () => boolean;
  now: () => Date;
  log: (line: string) => void;
  /** Entries after which a checkpoint is due (default 250, about 50 scans). */
  everyEntries?: number;
  /**
   * Also write one this long after the last entry, however few came (tests make checkpoints eager with 0).
   * Default: never; a checkpoint comes by amount only.
   */
  quietMs?: number;
}

/** A due checkpoint waiting for the jobs to stop running looks again this often. */
const BUSY_RECHECK_MS = 1000;
/** After a start that replayed entries, one is written this long after the last entry. */
const AFTER_START_MS = 2000;

/**
 * Writes checkpoints in the background, by amount: once enough entries are not in a checkpoint yet, at the next
 * moment no job runs (or at once when four times as many piled up), and a last one at close. Start-up then
 * replays at most a few hundred entries. Not by pause: a checkpoint holds the whole day's job summaries (about
 * 1 MB by evening), and writing one after every quiet moment rewrote it after every scan when scans came two
 * seconds or more apart, about 1 GB a day; by amount it is about 50 checkpoints a day.
 */
export class Checkpointer {
  private sinceLast = 0;
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> | undefined;
  private closed = false;
  private readonly everyEntries: number;
  private readonly quietMs: number | undefined;

  constructor(private readonly options: CheckpointerOptions) {
    this.everyEntries = options.everyEntries ?? 250;
    this.quietMs = options.quietMs;
  }

  /** An entry was folded into the job book. */
  note(): void {
    if (this.closed) return;
    this.sinceLast++;
    this.plan();
  }

  /** Write one soon even if few entries are not in one yet (a start that replayed entries). */
  soon(): void {
    if (this.closed || this.sinceLast === 0) return;
    this.schedule(AFTER_START_MS, 1);
  }

  private plan(): void {
    if (this.sinceLast >= this.everyEntries) {
      const now = !this.options.busy() || this.sinceLast >= this.everyEntries * 4;
      this.schedule(now ? 0 : BUSY_RECHECK_MS, this.everyEntries);
    } else if (this.quietMs !== undefined) this.schedule(this.quietMs, 1);
  }

  /** In `delayMs`, a checkpoint if at least `atLeast` entries are then not in one. */
  private schedule(delayMs: number, atLeast: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      // Still busy with a checkpoint due: look again later rather than write in the middle of a scan.
      if (atLeast > 1 && this.options.busy() && this.sinceLast < this.everyEntries * 4)
        this.schedule(BUSY_RECHECK_MS, atLeast);
      else void this.writeWhen(atLeast);
    }, delayMs);
    this.timer.unref();
  }

  /** Writes one now (if anything changed since the last) and waits for it. */
  write(): Promise<void> {
    return this.writeWhen(1);
  }

  /**
   * Writes one once the one under way is done, if at least `atLeast` entries are still not in a checkpoint then:
   * entries that came while one was written are in the next, by amount again.
   */
  private async writeWhen(atLeast: number): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    while (this.writing) await this.writing;
    if (this.sinceLast < atLeast) return;
    this.writing = this.writeOnce().finally(() => (this.writing = undefined));
    await this.writing;
  }

  /** A last checkpoint, so the next start replays nothing. */
  async close(): Promise<void> {
    await this.write();
    this.closed = true;
  }

  private async writeOnce(): Promise<void> {
    const { jobs, journal } = this.options;
    // The book then shows failures the journal could not keep: a checkpoint of it would bring them back.
    if (journal.refusesWrites()) return;
    const seq = jobs.foldedSeq();
    const position = journal.positionAtOrBefore(seq);
    if (!position) return;
    const pending = this.sinceLast;
    const checkpoint: Checkpoint = {
      version: VERSION,
      seq,
      files: position.files,
      writtenAt: this.options.now().toISOString(),
      book: jobs.snapshot(),
    };
    try {
      await writeCheckpoint(this.options.journalDir, checkpoint);
      this.sinceLast = Math.max(0, this.sinceLast - pending);
    } catch (error) {
      this.options.log(
        `could not write the journal checkpoint (the journal is unaffected): ${String(error)}`,
      );
    }
  }
}
