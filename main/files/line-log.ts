/**
 * Append-only files of checksummed lines (`<crc32 hex> <json>\n`), written with group commit: appends that
 * arrive while a write is in flight share the next write and fsync, so a burst costs one fsync, not one each.
 * The journal is such a file; so are the label cache's packs, whose records carry raw bytes after their line.
 */
import { open, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { crc32 } from 'node:zlib';
import { fsyncDirectory, isErrnoException } from './atomic';
import { PRIVATE_FILE_MODE } from './private';

export function checksumLine(json: string): string {
  return `${checksumOf(json)} ${json}\n`;
}

/** crc32 in eight hex digits; a string is taken as its UTF-8 bytes, so both forms of one line agree. */
function checksumOf(data: string | Buffer): string {
  return crc32(data).toString(16).padStart(8, '0');
}

const SPACE = 0x20;

/**
 * The JSON of a checksummed line (its bytes, without the newline), or undefined when the line is torn or fails
 * its checksum. The checksum is taken over the bytes as read: a string would be encoded back to UTF-8 first,
 * which for the megabyte of a full day's checkpoint costs more than the checksum itself.
 */
export function verifiedJson(line: Buffer): string | undefined {
  if (line.length < 9 || line[8] !== SPACE) return undefined;
  const body = line.subarray(9);
  return checksumOf(body) === line.toString('latin1', 0, 8) ? body.toString('utf8') : undefined;
}

/**
 * Hands the JSON of each verified line to `visit`, in order, without keeping any of them: for files of tens of
 * thousands of lines read into memory structures of their own (the label cache's index). Returns how many lines
 * failed their checksum or were torn (a last line without its newline); `onBad` is called at each, in order.
 */
export function forEachVerifiedLine(
  bytes: Buffer,
  visit: (json: string) => void,
  onBad: () => void = () => {},
): number {
  let bad = 0;
  let start = 0;
  while (start < bytes.length) {
    const nl = bytes.indexOf(0x0a, start);
    const end = nl === -1 ? bytes.length : nl;
    const json = nl === -1 ? undefined : verifiedJson(bytes.subarray(start, end));
    if (json !== undefined) visit(json);
    else if (end > start) {
      bad++;
      onBad();
    }
    start = end + 1;
  }
  return bad;
}

/**
 * Splits bytes into verified values and the raw bytes of lines that fail their checksum or `parse` (a torn
 * last line has no newline and always fails). `goodBytes` is the file without the bad lines.
 *
 * With `keepWhole`, a line that passes its checksum but not `parse` is no bad line: it was written whole, by a
 * writer that knew more (a newer version's entry). Its JSON is in `whole` and its bytes stay in `goodBytes`, in
 * their place, so a rewrite that drops the torn lines keeps it for the writer that can read it.
 */
export function parseLines<T>(
  bytes: Buffer,
  parse: (json: string) => T | undefined,
  options: { keepWhole?: boolean } = {},
): { values: T[]; goodBytes: Buffer; badChunks: Buffer[]; whole: string[] } {
  const values: T[] = [];
  const good: Buffer[] = [];
  const bad: Buffer[] = [];
  const whole: string[] = [];
  let start = 0;
  while (start < bytes.length) {
    const nl = bytes.indexOf(0x0a, start);
    const end = nl === -1 ? bytes.length : nl + 1;
    const raw = bytes.subarray(start, end);
    start = end;
    const json = nl === -1 ? undefined : verifiedJson(raw.subarray(0, raw.length - 1));
    let value: T | undefined;
    if (json !== undefined) {
      try {
        value = parse(json);
      } catch {
        value = undefined;
      }
    }
    if (value !== undefined) {
      values.push(value);
      good.push(raw);
    } else if (json !== undefined && options.keepWhole) {
      whole.push(json);
      good.push(raw);
    } else if (raw.toString('utf8').trim() !== '') {
      bad.push(raw);
    }
  }
  return { values, goodBytes: Buffer.concat(good), badChunks: bad, whole };
}

interface Pending {
  data: Buffer;
  tag: number;
  resolve: (at: AppendedAt) => void;
  reject: (e: unknown) => void;
}

/** Where an append landed: its file and the byte offset its data starts at. */
export interface AppendedAt {
  path: string;
  offset: number;
}

export interface GroupCommitOptions {
  /**
   * Writes each batch with one `FileHandle.writeFile` (which writes the whole buffer, however many system calls
   * that takes) rather than a loop of `write` calls. Either way a batch is all on disk or refused.
   */
  wholeWrites?: boolean;
}

/** Where the durable part of each file ends, after the last completed write. */
export type FileSizes = ReadonlyMap<string, number>;

export class GroupCommitLog {
  private handle: FileHandle | undefined;
  private handlePath = '';
  /** A file this log created, whose name is durable only once its folder is synced after the first write. */
  private created: string | undefined;
  private pending: Pending[] = [];
  /** The write loop, while it runs: appends made meanwhile go into its next write. */
  private flushing: Promise<void> | undefined;
  /** A write scheduled for the end of the event loop's turn, not yet begun. */
  private waiting: NodeJS.Immediate | undefined;
  private readonly sizes = new Map<string, number>();
  /** Why a write was refused: from then on every append is refused with it. */
  private broken: { error: unknown } | undefined;

  /**
   * @param pathFor the file the next write goes to (e.g. today's file)
   * @param afterWrite called after each write's fsync, before its appends resolve, with the file's new size
   *   and the highest tag of the lines it wrote
   */
  constructor(
    private readonly pathFor: () => string,
    private readonly afterWrite: (path: string, size: number, lastTag: number) => void = () => {},
    private readonly options: GroupCommitOptions = {},
  ) {}

  /** The size a file is known to have (set once at open by whoever read it). */
  knowSize(path: string, size: number): void {
    this.sizes.set(path, size);
  }

  durableSizes(): FileSizes {
    return this.sizes;
  }

  /**
   * Resolves once the line (or record) is on disk, with where it landed. `tag` (e.g. a sequence number) is handed
   * back to `afterWrite`. Once a write has been refused, this and every later append is refused with the same
   * error.
   *
   * The write waits for the end of the event loop's turn, so that appends made in that turn share one fsync. An
   * `urgent` append (one the station waits on before it acts: a booking's intent before the request, a booking
   * and its label before the first byte) starts the write at once, with the appends made before it: the write
   * and its fsync then run while the rest of that turn's work does. What is appended after it in the same turn
   * goes into the next write, so whatever must share its fsync is appended before it (or with it, in one append).
   */
  append(line: string | Buffer, tag = 0, urgent = false): Promise<AppendedAt> {
    if (this.broken) return Promise.reject(this.broken.error);
    const data = typeof line === 'string' ? Buffer.from(line, 'utf8') : line;
    return new Promise<AppendedAt>((resolve, reject) => {
      this.pending.push({ data, tag, resolve, reject });
      if (this.flushing) return;
      if (urgent) this.startWriting();
      else this.waiting ??= setImmediate(() => this.startWriting());
    });
  }

  /** Starts the write loop now, unless it runs already (a write scheduled for later is then not needed). */
  private startWriting(): void {
    if (this.waiting) clearImmediate(this.waiting);
    this.waiting = undefined;
    // The loop writes at least once before it ends (and clears `flushing`), so it ends after this assignment.
    if (this.flushing || this.pending.length === 0 || this.broken) return;
    this.flushing = this.flush();
  }

  /**
   * Refuses every append from now on, with `error`, as after a refused write: the owner met a refusal of its own
   * (another file of the same folder) that makes writing on unsafe. Appends not yet written are refused too.
   */
  stop(error: unknown): void {
    this.broken ??= { error };
    if (this.waiting) clearImmediate(this.waiting);
    this.waiting = undefined;
    for (const p of this.pending.splice(0)) p.reject(this.broken.error);
  }

  /** True once a write was refused: every append since is refused too. */
  refusesWrites(): boolean {
    return this.broken !== undefined;
  }

  async close(): Promise<void> {
    if (this.waiting) this.startWriting();
    while (this.flushing) await this.flushing;
    await this.handle?.close();
    this.handle = undefined;
  }

  private async flush(): Promise<void> {
    try {
      while (this.pending.length > 0 && !this.broken) {
        const batch = this.pending.splice(0);
        const path = this.pathFor();
        try {
          // The open file at hand, without a turn of waiting: an urgent append's write leaves at once.
          const handle = this.handlePath === path && this.handle ? this.handle : await this.fileAt(path);
          const bytes = Buffer.concat(batch.map((p) => p.data));
          if (this.options.wholeWrites) await handle.writeFile(bytes);
          else await writeAll(handle, bytes);
          await handle.sync();
          if (this.created === path) {
            await fsyncDirectory(dirname(path));
            this.created = undefined;
          }
          const start = this.sizes.get(path) ?? 0;
          const size = start + bytes.length;
          this.sizes.set(path, size);
          this.afterWrite(
            path,
            size,
            batch.reduce((m, p) => Math.max(m, p.tag), 0),
          );
          let offset = start;
          for (const p of batch) {
            p.resolve({ path, offset });
            offset += p.data.length;
          }
        } catch (error) {
          // Stop here. The lines waiting behind this batch were appended trusting it (a booking's intent after
          // its job), and after a failed fsync the kernel may have dropped pages a later fsync would not report:
          // no line is written after a refused one. A restart reads the file again and sets any torn end aside.
          this.broken = { error };
          await this.cutBack(path);
          for (const p of [...batch, ...this.pending.splice(0)]) p.reject(error);
        }
      }
    } finally {
      this.flushing = undefined;
    }
  }

  /**
   * After a refused write, takes the file back to where its last durable write ended: part of the batch may be
   * in it (a disk that filled up half way, an fsync that failed), and its appends were refused, so a restart
   * must not read those lines back. If even that is refused, the torn end stays for the restart to set aside.
   */
  private async cutBack(path: string): Promise<void> {
    const known = this.sizes.get(path);
    const handle = this.handlePath === path ? this.handle : undefined;
    if (known === undefined || handle === undefined) return;
    try {
      if ((await handle.stat()).size === known) return;
      await handle.truncate(known);
      await handle.sync();
    } catch {
      // The disk refuses this too: nothing more can be done from here.
    }
  }

  private async fileAt(path: string): Promise<FileHandle> {
    if (this.handle && this.handlePath === path) return this.handle;
    await this.handle?.close();
    this.handle = undefined;
    try {
      this.handle = await open(path, 'ax', PRIVATE_FILE_MODE);
      this.created = path;
    } catch (error) {
      if (!isErrnoException(error) || error.code !== 'EEXIST') throw error;
      this.handle = await open(path, 'a', PRIVATE_FILE_MODE);
    }
    this.handlePath = path;
    if (!this.sizes.has(path)) this.sizes.set(path, (await this.handle.stat()).size);
    return this.handle;
  }
}

/**
 * Writes every byte at the file's end. One write may take only part of them (a disk filling up answers with
 * what fitted, not with an error), so it goes on until all are written or the file system refuses.
 */
async function writeAll(handle: FileHandle, bytes: Buffer): Promise<void> {
  let offset = 0;
  while (offset < bytes.length) {
    const { bytesWritten } = await handle.write(bytes, offset, bytes.length - offset);
    if (bytesWritten <= 0) throw Object.assign(new Error('nothing could be written'), { code: 'ENOSPC' });
    offset += bytesWritten;
  }
}
