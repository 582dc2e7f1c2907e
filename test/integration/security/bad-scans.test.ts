import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEY_ENV, runHeadless, stationFlags } from '../../support/headless-process';
import { startBench, type Bench } from '../../support/station-harness';

/**
 * Hostile scans on the headless host's stdin, as a broken scanner or a script sends them: control characters,
 * 10,000 characters, binary garbage, invalid UTF-8, and a command line smuggled into a scan. Each is one clear
 * `failed` line (never a crash, never a booking), and the real scan after them prints.
 */

let bench: Bench;
let dataDir: string;

beforeAll(async () => {
  bench = await startBench();
  dataDir = await mkdtemp(join(tmpdir(), 'packbench-bad-scans-'));
});
afterAll(async () => {
  await bench?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const garbage = Buffer.from(
  Array.from({ length: 300 }, (_, i) =>
    [0x0a, 0x0d, 0xe2].includes((i * 37) % 256) ? 0x01 : (i * 37) % 256,
  ),
);
const LINES: Buffer[] = [
  Buffer.from('ORD-\u001b[2J\u0007100\u0000'),
  Buffer.from('7'.repeat(10_000)),
  Buffer.concat([Buffer.from([0xc3]), garbage]),
  Buffer.from([0x4f, 0x52, 0x44, 0x2d, 0x80, 0xff, 0xfe, 0xe2, 0x82]),
  Buffer.from("ORD-1001';DROP TABLE orders;--"),
  Buffer.from('ORD-1001\u0000:cancel ORD-1001'),
];

describe('hostile scans on stdin', () => {
  it('each gets one failed line with a clear message, nothing is booked or cancelled, and the next real scan prints', async () => {
    const input = Buffer.concat([...LINES.flatMap((l) => [l, Buffer.from('\n')]), Buffer.from('ORD-1002\n')]);
    const recordsBefore = bench.sim.records().length;
    const run = await runHeadless(
      stationFlags(bench.deliveryUrl, bench.zebra.port, dataDir),
      input,
      DEMO_KEY_ENV,
    );
    expect(run.code).toBe(0);
    expect(run.events.filter((e) => e.event === '<not json>')).toEqual([]);
    const failed = run.events.filter((e) => e.event === 'failed');
    expect(failed).toHaveLength(LINES.length);
    for (const f of failed) {
      expect(f).toMatchObject({ reason: 'not_found', code: 'invalid_scan' });
      expect(String(f.message).length).toBeGreaterThan(10);
      expect(String(f.scan).length).toBeLessThanOrEqual(64);
      // eslint-disable-next-line no-control-regex -- looking for control characters is the point
      expect(String(f.scan)).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
    }
    expect(run.events.some((e) => e.event === 'printed' && e.scan === 'ORD-1002')).toBe(true);
    expect(run.events.some((e) => e.event === 'cancelled')).toBe(false);
    expect(bench.sim.records().length).toBe(recordsBefore + 1);
    // stderr carries no raw control characters that could rewrite an operator's terminal.
    expect(run.stderr).not.toContain('\u001b[');
  });
});

/** The peak resident memory of a process so far (Linux), in bytes: what it ever held, whenever that was. */
async function peakMemory(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? NaN) * 1024;
}

describe('a line that never ends on stdin', () => {
  it.runIf(process.platform === 'linux')(
    '600 MB without a newline: refused with one failed line, memory stays flat, and the lines around it print',
    async () => {
      const child = spawn(
        process.execPath,
        ['dist/main/headless.js', ...stationFlags(bench.deliveryUrl, bench.zebra.port, dataDir)],
        { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, ...DEMO_KEY_ENV } },
      );
      const events: Record<string, unknown>[] = [];
      createInterface({ input: child.stdout }).on('line', (line) => {
        events.push(JSON.parse(line) as Record<string, unknown>);
      });
      child.stderr.resume();
      const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
      const write = (chunk: Buffer | string): Promise<void> =>
        new Promise((resolve, reject) =>
          child.stdin.write(chunk, (error) => (error ? reject(error) : resolve())),
        );

      await write('ORD-1001\n');
      const megabyte = Buffer.alloc(1024 * 1024, '7');
      // Each write waits for the pipe: the host has read all but the pipe's buffer when the last one returns.
      for (let i = 0; i < 600; i++) await write(megabyte);
      const peak = await peakMemory(child.pid!);
      await write('\nORD-1003\n');
      child.stdin.end();
      expect(await closed).toBe(0);

      // Nothing near the 600 MB it was sent: the line was dropped as it came, never held.
      expect(peak).toBeLessThan(300 * 1024 * 1024);
      const failed = events.filter((e) => e.event === 'failed');
      expect(failed, JSON.stringify(events)).toHaveLength(1);
      expect(failed[0]).toMatchObject({ reason: 'not_found', code: 'invalid_scan' });
      expect(String(failed[0]?.message)).toContain(`The scan is ${600 * 1024 * 1024} bytes long`);
      expect(String(failed[0]?.scan).length).toBeLessThanOrEqual(64);
      for (const code of ['ORD-1001', 'ORD-1003'])
        expect(events.some((e) => e.event === 'printed' && e.scan === code)).toBe(true);
    },
    120_000,
  );
});
