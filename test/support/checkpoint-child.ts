/**
 * A station's journal and job book in a child process, for the checkpoint crash test: it books scans one after
 * another (their journal entries), checkpointing eagerly, and says on stdout which scans are on disk. The test
 * kills it: at random moments, or (KILL_AT) by the child itself in the middle of its Nth checkpoint write:
 *   write  — half of the checkpoint's temp file written;
 *   rename — the temp file written and synced, not yet renamed over the checkpoint.
 *
 *   env DATA_DIR, DAY, FIRST_SCAN, KILL_AT (write | rename | none), KILL_ON_CHECKPOINT (N)
 */
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { join } from 'node:path';
import { openJobJournal } from '../../main/station/job-journal';
import { scanEntries } from './full-day';

const dataDir = process.env.DATA_DIR ?? '';
const day = process.env.DAY ?? '2026-11-21';
const first = Number(process.env.FIRST_SCAN ?? '1');
const killAt = process.env.KILL_AT ?? 'none';
const killOn = Number(process.env.KILL_ON_CHECKPOINT ?? '3');
const die = (): never => {
  process.kill(process.pid, 'SIGKILL');
  throw new Error('unreachable');
};

// The test's hook into the file system: the station's code is unchanged, only what it calls is watched.
type Handle = { writeFile(data: string | Buffer): Promise<void> };
const fsp = createRequire(__filename)('node:fs/promises') as {
  open: (path: string, ...rest: unknown[]) => Promise<Handle>;
  rename: (from: string, to: string) => Promise<void>;
};
let checkpointWrites = 0;
const isCheckpointTemp = (path: string): boolean => /\.checkpoint\.json\..*\.tmp$/.test(String(path));
const realOpen = fsp.open;
fsp.open = async (path, ...rest) => {
  const handle = await realOpen(path, ...rest);
  if (killAt === 'write' && isCheckpointTemp(path) && ++checkpointWrites === killOn) {
    const write = handle.writeFile.bind(handle);
    handle.writeFile = async (data) => {
      const bytes = Buffer.from(data);
      await write(bytes.subarray(0, Math.floor(bytes.length / 2)));
      die();
    };
  }
  return handle;
};
const realRename = fsp.rename;
fsp.rename = async (from, to) => {
  if (killAt === 'rename' && isCheckpointTemp(from) && ++checkpointWrites === killOn) die();
  return realRename(from, to);
};
syncBuiltinESMExports();

async function main(): Promise<void> {
  const { journal, jobs, checkpointer } = await openJobJournal({
    journalDir: join(dataDir, 'journal'),
    now: () => new Date(`${day}T12:00:00Z`),
    log: () => {},
    onChange: () => {},
    busy: () => false,
    checkpointEvery: { entries: 5, quietMs: 0 },
  });
  process.stdout.write(`${JSON.stringify({ started: true })}\n`);
  for (let n = first; ; n++) {
    const bodies = scanEntries(n, day);
    for (const body of bodies) {
      const entry = await journal.append(body);
      jobs.apply(entry);
      checkpointer.note();
    }
    process.stdout.write(`${JSON.stringify({ durable: bodies[0]!.jobId })}\n`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

void main();
