/**
 * The spool on disk: `<dir>/<jobId>.json` (the job's state) and `<dir>/<jobId>.bin` (the document's bytes).
 * Every write is atomic with fsync. A job's bytes and its first state are written at once; a queued state whose
 * bytes are not (all) there is dropped at start as never having been a job.
 *
 * A job that reaches a final state (printed, cancelled) moves to `<dir>/done/<stationJobId>~<jobId>.json`: the
 * final state is written there first (fsync), then the job's files go (their removal needs no folder fsync: a
 * record found beside its done file is finished). So the spool folder holds only unfinished jobs and a start
 * reads those, however many labels the day printed. A crash between the two steps leaves both; `loadAll` then
 * sees the done file and finishes the move. Bytes found without a record are removed by `loadAll`: they belong
 * to a job that was never recorded. A label of a booking keeps its bytes in the station's label cache
 * (`ownerKeepsBytes`): its record has no `.bin` beside it until the job must wait.
 */
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import * as z from '../zod';
import {
  fsyncDirectory,
  readFileIfExists,
  removeFileDurable,
  safeFileName,
  writeFileAtomic,
} from '../files/atomic';
import { heldReasonSchema, printerErrorCodeSchema, spoolJobStateSchema } from '../domain';
import { documentMetaSchema } from '../labels/document';

export const spoolRecordSchema = z.object({
  version: z.literal(1),
  id: z.string().check(z.minLength(1)),
  /** Order of arrival: a printer's jobs go out in this order. */
  seq: z.int().check(z.nonnegative()),
  printerId: z.string(),
  printerName: z.string(),
  document: documentMetaSchema,
  bytes: z.int().check(z.nonnegative()),
  state: spoolJobStateSchema,
  attempts: z.int().check(z.nonnegative()),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Epoch ms the TTL counts from: creation, or the packer's last release. */
  ttlFrom: z.number(),
  /** Epoch ms before which a queued job is not tried again (backoff). */
  nextAttemptAt: z.number(),
  heldReason: z.optional(heldReasonSchema),
  lastError: z.optional(z.string()),
  lastErrorCode: z.optional(printerErrorCodeSchema),
  shipmentId: z.optional(z.string()),
  stationJobId: z.optional(z.string()),
  /**
   * The bytes are the owner's to keep (the station's label cache, written before its journal's `booked`), not in
   * `<jobId>.bin`: a label on its way from a booking to the printer. Once the job must wait (a retry, held,
   * failed) its bytes are written here and this goes.
   */
  ownerKeepsBytes: z.optional(z.literal(true)),
});
export type SpoolRecord = z.infer<typeof spoolRecordSchema>;
export type SpoolDocumentMeta = z.infer<typeof documentMetaSchema>;

export interface SpoolStore {
  readonly dir: string;
  /**
   * The unfinished jobs. `finished` are records found in a final state in the spool folder (written by an
   * older version, or a move cut short by a crash): the caller moves them with `finish` when it likes.
   * `heldUnread`: records of a shape this version does not know (a newer Packbench's) whose job could still be
   * read, loaded held (see `heldFromUnknown`); `unreadable`: records not even that could be read (a power cut's
   * zeros), left where they are. Both by file name, for the start's warning.
   */
  loadAll(): Promise<{
    records: SpoolRecord[];
    unreadable: string[];
    heldUnread: string[];
    finished: SpoolRecord[];
  }>;
  saveRecord(record: SpoolRecord): Promise<void>;
  /** A final state: written to `done/`, then the job's files leave the spool folder. */
  finish(record: SpoolRecord): Promise<void>;
  /** The finished jobs of a station job, from `done/` (for resuming that job after a crash). */
  finishedOf(stationJobId: string): Promise<SpoolRecord[]>;
  /**
   * Removes finished jobs (`done/`) last changed before `cutoffMs`; returns how many went. Unfinished jobs
   * (queued, sending, held, failed) are never touched: they are work a packer still has to see to.
   */
  pruneFinished(cutoffMs: number): Promise<number>;
  saveBytes(jobId: string, bytes: Buffer): Promise<void>;
  readBytes(jobId: string): Promise<Buffer | undefined>;
  removeBytes(jobId: string): Promise<void>;
  removeJob(jobId: string): Promise<void>;
}

export const SPOOL_DONE_DIR = 'done';
const FINAL_STATES = new Set<SpoolRecord['state']>(['printed', 'cancelled']);

export function createSpoolStore(dir: string): SpoolStore {
  const file = (jobId: string, ext: 'json' | 'bin'): string =>
    path.join(dir, `${safeFileName(jobId)}.${ext}`);
  const doneDir = path.join(dir, SPOOL_DONE_DIR);
  const donePrefix = (stationJobId: string | undefined): string => `${safeFileName(stationJobId ?? '_')}~`;
  const doneFile = (record: Pick<SpoolRecord, 'id' | 'stationJobId'>): string =>
    path.join(doneDir, `${donePrefix(record.stationJobId)}${safeFileName(record.id)}.json`);

  async function readRecord(
    file: string,
    options: { holdUnknown?: boolean } = {},
  ): Promise<SpoolRecord | 'unreadable' | { held: SpoolRecord } | undefined> {
    const raw = await readFileIfExists(file);
    if (raw === undefined) return undefined;
    try {
      const value: unknown = JSON.parse(raw.toString('utf8'));
      const parsed = spoolRecordSchema.safeParse(value);
      if (parsed.success) return parsed.data;
      const held = options.holdUnknown ? heldFromUnknown(value) : undefined;
      return held ? { held } : 'unreadable';
    } catch {
      return 'unreadable';
    }
  }
  const known = (record: Awaited<ReturnType<typeof readRecord>>): SpoolRecord | undefined =>
    record && record !== 'unreadable' && !('held' in record) ? record : undefined;
  // One write chain per job: two state changes of the same job land on disk in the order they were made.
  const chains = new Map<string, Promise<void>>();
  const chained = (key: string, work: () => Promise<void>): Promise<void> => {
    const next = (chains.get(key) ?? Promise.resolve()).then(work, work);
    chains.set(key, next);
    void next
      .finally(() => {
        if (chains.get(key) === next) chains.delete(key);
      })
      .catch(() => undefined);
    return next;
  };

  return {
    dir,
    async loadAll() {
      let names: string[];
      try {
        names = await readdir(dir);
      } catch {
        return { records: [], unreadable: [], heldUnread: [], finished: [] };
      }
      const records: SpoolRecord[] = [];
      const finished: SpoolRecord[] = [];
      const unreadable: string[] = [];
      const heldUnread: string[] = [];
      // Bytes without a record: a job that was never recorded (a crash before its first state), never a job.
      const recorded = new Set(names.filter((n) => n.endsWith('.json')).map((n) => n.slice(0, -5)));
      for (const name of names.filter((n) => n.endsWith('.bin') && !recorded.has(n.slice(0, -4))))
        await removeFileQuietly(path.join(dir, name));
      for (const name of names.filter((n) => n.endsWith('.json') && !n.startsWith('.'))) {
        const record = await readRecord(path.join(dir, name), { holdUnknown: true });
        if (record === undefined) continue;
        if (record === 'unreadable') unreadable.push(name);
        else if ('held' in record) {
          heldUnread.push(name);
          records.push(record.held);
        } else if (FINAL_STATES.has(record.state)) finished.push(record);
        else if (await exists(doneFile(record))) {
          // Finished, but the crash came before its files left the spool folder: finish the move.
          finished.push(known(await readRecord(doneFile(record))) ?? record);
        } else records.push(record);
      }
      records.sort((a, b) => a.seq - b.seq);
      return { records, unreadable, heldUnread, finished };
    },
    saveRecord(record) {
      const snapshot = JSON.stringify(record);
      return chained(record.id, () => writeFileAtomic(file(record.id, 'json'), snapshot));
    },
    saveBytes(jobId, bytes) {
      // The bytes have a chain of their own: they may be written while the job's first state is (enqueue).
      return chained(`${jobId}.bin`, () => writeFileAtomic(file(jobId, 'bin'), bytes));
    },
    async finish(record) {
      const snapshot = JSON.stringify(record);
      await chained(record.id, async () => {
        await writeFileAtomic(doneFile(record), snapshot);
        await removeFileQuietly(file(record.id, 'json'));
      });
      await chained(`${record.id}.bin`, () => removeFileQuietly(file(record.id, 'bin')));
    },
    async finishedOf(stationJobId) {
      const names = await readdir(doneDir).catch(() => [] as string[]);
      const prefix = donePrefix(stationJobId);
      const records: SpoolRecord[] = [];
      for (const name of names.filter((n) => n.startsWith(prefix) && n.endsWith('.json'))) {
        const record = known(await readRecord(path.join(doneDir, name)));
        if (record) records.push(record);
      }
      return records;
    },
    async pruneFinished(cutoffMs) {
      const names = await readdir(doneDir).catch(() => [] as string[]);
      let removed = 0;
      for (const name of names.filter((n) => n.endsWith('.json'))) {
        const target = path.join(doneDir, name);
        const record = known(await readRecord(target));
        const changed = record
          ? Date.parse(record.updatedAt)
          : await stat(target).then(
              (s) => s.mtimeMs,
              () => Number.POSITIVE_INFINITY,
            );
        if (!(changed < cutoffMs)) continue;
        await removeFileQuietly(target);
        removed++;
      }
      if (removed > 0) await fsyncDirectory(doneDir).catch(() => undefined);
      return removed;
    },
    readBytes(jobId) {
      return readFileIfExists(file(jobId, 'bin'));
    },
    removeBytes(jobId) {
      return chained(`${jobId}.bin`, () => removeFileDurable(file(jobId, 'bin')));
    },
    async removeJob(jobId) {
      await chained(jobId, () => removeFileDurable(file(jobId, 'json')));
      await chained(`${jobId}.bin`, () => removeFileDurable(file(jobId, 'bin')));
    },
  };
}

/**
 * A record of a shape this version does not know (a newer Packbench's: a state, a held reason or an error code
 * added since; a downgrade), whose job can still be read: its printer, its document and its bytes. It is loaded
 * held, as after a restart mid-send: what the newer version did with it cannot be known here, and it may have
 * printed, so it is never sent unasked; the packer sees it and releases or cancels it. The file stays as the
 * newer version wrote it until this version changes the job.
 */
function heldFromUnknown(value: unknown): SpoolRecord | undefined {
  // The fields a job cannot be read without are the record's own; the rest falls back where a newer shape differs.
  const heldShape = z.extend(
    z.pick(spoolRecordSchema, {
      id: true,
      seq: true,
      printerId: true,
      printerName: true,
      document: true,
      bytes: true,
      createdAt: true,
    }),
    {
      attempts: z.catch(z.int().check(z.nonnegative()), 0),
      shipmentId: z.catch(z.optional(z.string()), undefined),
      stationJobId: z.catch(z.optional(z.string()), undefined),
      ownerKeepsBytes: z.catch(z.optional(z.literal(true)), undefined),
    },
  );
  const parsed = heldShape.safeParse(value);
  if (!parsed.success) return undefined;
  const { shipmentId, stationJobId, ownerKeepsBytes, ...job } = parsed.data;
  const now = Date.now();
  return {
    version: 1,
    ...job,
    state: 'held',
    heldReason: 'restart',
    updatedAt: new Date(now).toISOString(),
    ttlFrom: now,
    nextAttemptAt: now,
    lastError: 'kept by a newer Packbench in a form this version cannot read whole: it may have printed',
    ...(shipmentId !== undefined ? { shipmentId } : {}),
    ...(stationJobId !== undefined ? { stationJobId } : {}),
    ...(ownerKeepsBytes ? { ownerKeepsBytes } : {}),
  };
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/** Unlinks a file (a missing one is fine) without a directory fsync: the caller syncs the folder once. */
async function removeFileQuietly(file: string): Promise<void> {
  await rm(file, { force: true });
}
