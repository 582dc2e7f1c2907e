/**
 * kill -9 during a checkpoint write never loses a job: a child process books scans with eager checkpoints and
 * dies mid-checkpoint (half a temp file written; a whole temp file not yet renamed) or at random moments; a new
 * start on the same data directory has every job the journal holds, equal to a full replay, and every scan the
 * child had reported durable.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleChild } from '../../support/bundle-child';
import { JobBook } from '../../../main/station/jobs';
import { openJobJournal } from '../../../main/station/job-journal';
import { parseJournal } from '../../../main/station/journal';
import { writeDay } from '../../support/full-day';

const DAY = '2026-11-21';
let child: { script: string; remove: () => Promise<void> };
let script: string;

beforeAll(async () => {
  child = await bundleChild(new URL('../../support/checkpoint-child.ts', import.meta.url));
  script = child.script;
});
afterAll(async () => {
  await child.remove();
});

interface Run {
  durable: string[];
  signal: NodeJS.Signals | null;
}

/** Runs the child until it dies (by its own hand) or until `killAfter` scans are durable (then SIGKILL). */
function runChild(env: Record<string, string>, killAfter?: { scans: number; extraMs: number }): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const durable: string[] = [];
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    createInterface({ input: child.stdout }).on('line', (line) => {
      const event = JSON.parse(line) as { durable?: string };
      if (!event.durable) return;
      durable.push(event.durable);
      if (killAfter && durable.length === killAfter.scans)
        setTimeout(() => child.kill('SIGKILL'), killAfter.extraMs);
    });
    child.once('error', reject);
    child.once('exit', (_code, signal) => {
      clearTimeout(timer);
      resolve({ durable, signal });
    });
  });
}

async function replayAll(dir: string): Promise<JobBook> {
  const book = new JobBook();
  const journalDir = path.join(dir, 'journal');
  const files = (await readdir(journalDir)).filter((f) => f.endsWith('.jsonl')).sort();
  for (const f of files)
    for (const e of parseJournal(await readFile(path.join(journalDir, f))).entries) book.apply(e, false);
  return book;
}

/** A start after the crash: every job of the journal, equal to a full replay; every reported scan there. */
async function expectNothingLost(
  dir: string,
  durable: readonly string[],
): Promise<{ fromCheckpoint: boolean }> {
  const opened = await openJobJournal({
    journalDir: path.join(dir, 'journal'),
    now: () => new Date(`${DAY}T12:00:00Z`),
    log: () => {},
    onChange: () => {},
    busy: () => false,
  });
  try {
    const truth = await replayAll(dir);
    const ids = [...truth.all()].map((j) => j.id);
    expect([...opened.jobs.all()].map((j) => j.id)).toEqual(ids);
    for (const id of durable) expect(ids).toContain(id);
    for (const id of ids) {
      expect(await opened.jobs.ensure(id)).toBe(true);
      expect(opened.jobs.get(id)).toEqual(truth.get(id));
    }
    return { fromCheckpoint: opened.start.fromCheckpoint };
  } finally {
    await opened.journal.close();
  }
}

describe('kill -9 during a checkpoint write', () => {
  it.each([
    ['half-way through writing the checkpoint', 'write'],
    ['after writing the checkpoint, before renaming it into place', 'rename'],
  ])('%s: the previous checkpoint and the journal give every job back', async (_name, killAt) => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'packbench-cp-crash-'));
    try {
      await writeDay(dir, { scans: 400, day: DAY, tail: 3, files: false });
      const run = await runChild({
        DATA_DIR: dir,
        DAY,
        FIRST_SCAN: '401',
        KILL_AT: killAt,
        KILL_ON_CHECKPOINT: '4',
      });
      expect(run.signal).toBe('SIGKILL');
      // The checkpoint's temp file is what the kill left behind.
      expect((await readdir(path.join(dir, 'journal'))).some((f) => f.startsWith('.checkpoint.json.'))).toBe(
        true,
      );
      const { fromCheckpoint } = await expectNothingLost(dir, run.durable);
      expect(fromCheckpoint).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('killed at random moments, start after start on the same data directory: no job is ever lost', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'packbench-cp-crash-'));
    try {
      await writeDay(dir, { scans: 300, day: DAY, tail: 3, files: false });
      let first = 301;
      const durable: string[] = [];
      for (let round = 0; round < 5; round++) {
        const run = await runChild(
          { DATA_DIR: dir, DAY, FIRST_SCAN: String(first) },
          { scans: 3 + round * 4, extraMs: round * 3 },
        );
        expect(run.signal).toBe('SIGKILL');
        durable.push(...run.durable);
        await expectNothingLost(dir, durable);
        first += 1000;
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
