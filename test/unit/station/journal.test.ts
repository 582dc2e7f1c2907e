import { appendFile, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Journal, parseJournal } from '../../../main/station/journal';

const fixedDay = () => new Date('2026-11-21T10:00:00Z');
const dir = () => mkdtemp(join(tmpdir(), 'packbench-journal-'));

describe('the journal', () => {
  it('keeps every appended entry across a reopen, in order, with increasing sequence numbers', async () => {
    const d = await dir();
    const { journal } = await Journal.open(d, { now: fixedDay });
    await journal.append({ type: 'job', jobId: 'j1', kind: 'scan', scan: 'ORD-1' });
    await journal.append({
      type: 'failed',
      jobId: 'j1',
      failure: { reason: 'not_found', code: 'unknown_code', message: 'no' },
    });
    await journal.close();
    const reopened = await Journal.open(d, { now: fixedDay });
    expect(reopened.recoveries).toEqual([]);
    expect(reopened.journal.entries().map((e) => [e.seq, e.type])).toEqual([
      [1, 'job'],
      [2, 'failed'],
    ]);
    await reopened.journal.close();
  });

  it('writes concurrent appends as whole lines (group commit) without losing or reordering any', async () => {
    const d = await dir();
    const { journal } = await Journal.open(d, { now: fixedDay });
    await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        journal.append({ type: 'job', jobId: `j${i}`, kind: 'scan', scan: `C${i}` }),
      ),
    );
    await journal.close();
    const file = await readFile(join(d, 'journal-2026-11-21.jsonl'));
    const { entries, badChunks } = parseJournal(file);
    expect(badChunks).toEqual([]);
    expect(entries.map((e) => e.seq)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
  });

  it('sets a torn tail aside on open, keeps everything before it, and appends cleanly after it', async () => {
    const d = await dir();
    const { journal } = await Journal.open(d, { now: fixedDay });
    await journal.append({ type: 'job', jobId: 'j1', kind: 'scan', scan: 'ORD-1' });
    await journal.append({ type: 'finished', jobId: 'j1' });
    await journal.close();
    const path = join(d, 'journal-2026-11-21.jsonl');
    await appendFile(path, '1a2b3c4d {"type":"job","jobId":"j2","ki'); // a crash mid-write

    const reopened = await Journal.open(d, { now: fixedDay });
    expect(reopened.journal.entries()).toHaveLength(2);
    expect(reopened.recoveries).toHaveLength(1);
    expect(reopened.recoveries[0]?.message).toMatch(/set aside/);
    expect((await readdir(d)).some((f) => f.includes('.corrupt-'))).toBe(true);
    await reopened.journal.append({ type: 'job', jobId: 'j3', kind: 'scan', scan: 'ORD-3' });
    await reopened.journal.close();
    const again = await Journal.open(d, { now: fixedDay });
    expect(again.recoveries).toEqual([]);
    expect(again.journal.entries().map((e) => e.jobId)).toEqual(['j1', 'j1', 'j3']);
    await again.journal.close();
  });

  it('skips a line whose checksum does not match instead of trusting it', async () => {
    const d = await dir();
    const { journal } = await Journal.open(d, { now: fixedDay });
    await journal.append({ type: 'job', jobId: 'j1', kind: 'scan', scan: 'ORD-1' });
    await journal.append({ type: 'job', jobId: 'j2', kind: 'scan', scan: 'ORD-2' });
    await journal.close();
    const path = join(d, 'journal-2026-11-21.jsonl');
    const text = await readFile(path, 'utf8');
    await writeFile(path, text.replace('ORD-1', 'ORD-9')); // bit rot in the first line
    const reopened = await Journal.open(d, { now: fixedDay });
    expect(reopened.journal.entries().map((e) => e.jobId)).toEqual(['j2']);
    expect(reopened.recoveries[0]?.badLines).toBe(1);
    await reopened.journal.close();
  });
});
