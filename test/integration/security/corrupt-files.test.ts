import { appendFile, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEY_ENV, runHeadless, stationFlags } from '../../support/headless-process';
import { startBench, type Bench } from '../../support/station-harness';

/**
 * Files damaged between two runs of the headless host (a crash mid-write, a disk error, a hand edit): a torn
 * journal tail, a settings file that is not JSON, spool and label-cache files that are garbage. The host starts,
 * says what it set aside, forgets nothing else, and keeps booking exactly once.
 */

let bench: Bench;
let dataDir: string;

beforeAll(async () => {
  bench = await startBench();
  dataDir = await mkdtemp(join(tmpdir(), 'packbench-corrupt-'));
});
afterAll(async () => {
  await bench?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const env = DEMO_KEY_ENV;
const args = (): string[] => stationFlags(bench.deliveryUrl, bench.zebra.port, dataDir);
const bookings = (code: string) => bench.sim.records().filter((r) => r.internalReference === code);

describe('the headless host on a damaged data directory', () => {
  it('recovers a torn journal tail and a corrupt settings file with a warning each, and loses nothing else', async () => {
    const first = await runHeadless(args(), 'ORD-1001\n', env);
    expect(first.events.map((e) => e.event)).toEqual(['ready', 'booked', 'printed']);

    const journalDir = join(dataDir, 'journal');
    const [journalFile] = (await readdir(journalDir)).filter((n) => n.endsWith('.jsonl'));
    await appendFile(join(journalDir, journalFile!), '0badc0de {"type":"job","jobId":"scan-torn","ki');
    await writeFile(
      join(dataDir, 'settings.json'),
      '{"printers": [ {"kind": "zpl-tcp", \u0000\u00ff garbage',
    );
    await writeFile(join(dataDir, 'spool', 'sp-garbage.json'), '\u0000\u0001 not a spool job');
    await writeFile(join(dataDir, 'labels', 'garbage.json'), '{"id": 42, "kind": "nope"}');

    const second = await runHeadless(args(), 'ORD-1001\nORD-1002\n', env);
    expect(second.code).toBe(0);
    const warnings = second.events.filter((e) => e.event === 'warning').map((e) => String(e.message));
    expect(warnings.some((m) => /journal/i.test(m) && /set aside|kept/i.test(m))).toBe(true);
    expect(warnings.some((m) => /settings/i.test(m))).toBe(true);

    // The first run's booking survived the recovery: scanning it again is a duplicate, not a second booking.
    const again = second.events.find((e) => e.event === 'failed' && e.scan === 'ORD-1001');
    expect(again).toMatchObject({ reason: 'duplicate' });
    expect(second.events.some((e) => e.event === 'printed' && e.scan === 'ORD-1002')).toBe(true);
    expect(bookings('ORD-1001')).toHaveLength(1);
    expect(bookings('ORD-1002')).toHaveLength(1);

    // The damaged bytes were kept aside, not thrown away.
    const kept = (await readdir(journalDir)).filter((n) => n.includes('.corrupt-'));
    expect(kept).toHaveLength(1);
    expect(await readFile(join(journalDir, kept[0]!), 'utf8')).toContain('scan-torn');
    expect((await readdir(dataDir)).some((n) => n.startsWith('settings.json.corrupt-'))).toBe(true);
  });

  it('says ready first, then what the start set aside: the warnings come right after ready', async () => {
    const ownDir = await mkdtemp(join(tmpdir(), 'packbench-torn-'));
    try {
      const own = (): string[] => stationFlags(bench.deliveryUrl, bench.zebra.port, ownDir);
      await runHeadless(own(), 'ORD-1003\n', env);
      const journalDir = join(ownDir, 'journal');
      const [journalFile] = (await readdir(journalDir)).filter((n) => n.endsWith('.jsonl'));
      await appendFile(join(journalDir, journalFile!), '0badc0de {"type":"job","jobId":"scan-torn","ki');

      const restarted = await runHeadless(own(), '', env);
      expect(restarted.code).toBe(0);
      const [first, second] = restarted.events;
      expect(first).toMatchObject({ event: 'ready', dataDir: ownDir });
      expect(second).toMatchObject({ event: 'warning', message: expect.stringMatching(/journal/i) });
      expect(restarted.events.filter((e) => e.event === 'ready')).toHaveLength(1);
    } finally {
      await rm(ownDir, { recursive: true, force: true });
    }
  });
});
