import { appendFile, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checksumLine } from '../../../main/files/line-log';
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

  it('keeps a whole entry of a newer version in its place when it cuts a torn tail, and numbers on after it', async () => {
    const d = await dir();
    const { journal } = await Journal.open(d, { now: fixedDay });
    await journal.append({ type: 'job', jobId: 'j1', kind: 'scan', scan: 'ORD-1' });
    await journal.close();
    const path = join(d, 'journal-2026-11-21.jsonl');
    const newer = checksumLine(
      JSON.stringify({ type: 'weighed', jobId: 'j1', grams: 1200, seq: 7, at: 'x' }),
    );
    await appendFile(path, `${newer}1a2b3c4d {"type":"job","jobId":"j2","ki`);

    const reopened = await Journal.open(d, { now: fixedDay });
    expect(reopened.journal.entries().map((e) => e.jobId)).toEqual(['j1']);
    expect([...reopened.journal.unreadableJobs()]).toEqual(['j1']);
    expect(reopened.recoveries.map((r) => r.message).join(' ')).toMatch(/newer Packbench/);
    expect(reopened.recoveries.find((r) => /set aside/.test(r.message))?.badLines).toBe(1);
    const next = await reopened.journal.append({ type: 'finished', jobId: 'j1' });
    expect(next.seq).toBe(8);
    await reopened.journal.close();
    const lines = (await readFile(path, 'utf8')).split('\n').filter((l) => l !== '');
    expect(lines).toHaveLength(3);
    expect(`${lines[1]}\n`).toBe(newer);
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
