/**
 * The spool on disk: `<dir>/<jobId>.json` (the job's state) and `<dir>/<jobId>.bin` (the document's bytes).
 * Every write is atomic with fsync. A job's bytes and its first state are written at once; a queued state whose
 * bytes are not (all) there is dropped at start as never having been a job. The bytes are removed only after a
 * final state (printed, cancelled) is durable.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { readFileIfExists, removeFileDurable, safeFileName, writeFileAtomic } from '../files/atomic';
import { documentMetaSchema } from '../labels/document';

export const spoolRecordSchema = z.object({
  version: z.literal(1),
  id: z.string().min(1),
  /** Order of arrival: a printer's jobs go out in this order. */
  seq: z.number().int().nonnegative(),
  printerId: z.string(),
  printerName: z.string(),
  document: documentMetaSchema,
  bytes: z.number().int().nonnegative(),
  state: z.enum(['queued', 'sending', 'printed', 'failed', 'held', 'cancelled']),
  attempts: z.number().int().nonnegative(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Epoch ms the TTL counts from: creation, or the packer's last release. */
  ttlFrom: z.number(),
  /** Epoch ms before which a queued job is not tried again (backoff). */
  nextAttemptAt: z.number(),
  heldReason: z.enum(['ttl', 'offline', 'restart']).optional(),
  lastError: z.string().optional(),
  lastErrorCode: z
    .enum(['unreachable', 'timeout', 'rejected', 'unsupported_format', 'printer_problem', 'io'])
    .optional(),
  shipmentId: z.string().optional(),
  stationJobId: z.string().optional(),
});
export type SpoolRecord = z.infer<typeof spoolRecordSchema>;
export type SpoolDocumentMeta = z.infer<typeof documentMetaSchema>;

export interface SpoolStore {
  readonly dir: string;
  loadAll(): Promise<{ records: SpoolRecord[]; unreadable: string[] }>;
  saveRecord(record: SpoolRecord): Promise<void>;
  saveBytes(jobId: string, bytes: Buffer): Promise<void>;
  readBytes(jobId: string): Promise<Buffer | undefined>;
  removeBytes(jobId: string): Promise<void>;
  removeJob(jobId: string): Promise<void>;
}

export function createSpoolStore(dir: string): SpoolStore {
  const file = (jobId: string, ext: 'json' | 'bin'): string =>
    path.join(dir, `${safeFileName(jobId)}.${ext}`);
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
        return { records: [], unreadable: [] };
      }
      const records: SpoolRecord[] = [];
      const unreadable: string[] = [];
      for (const name of names.filter((n) => n.endsWith('.json') && !n.startsWith('.'))) {
        const raw = await readFileIfExists(path.join(dir, name));
        if (raw === undefined) continue;
        try {
          const parsed = spoolRecordSchema.safeParse(JSON.parse(raw.toString('utf8')));
          if (parsed.success) records.push(parsed.data);
          else unreadable.push(name);
        } catch {
          unreadable.push(name);
        }
      }
      records.sort((a, b) => a.seq - b.seq);
      return { records, unreadable };
    },
    saveRecord(record) {
      const snapshot = JSON.stringify(record);
      return chained(record.id, () => writeFileAtomic(file(record.id, 'json'), snapshot));
    },
    saveBytes(jobId, bytes) {
      // The bytes have a chain of their own: they may be written while the job's first state is (enqueue).
      return chained(`${jobId}.bin`, () => writeFileAtomic(file(jobId, 'bin'), bytes));
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
