import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, openSync, closeSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCK_FILE } from '../../../main/hosts/shared/data-dir-lock';
import { seedDemoData } from '../../../main/simulator/demo';
import { createSimulator, type Simulator } from '../../../main/simulator/server';
import { createVirtualZebra, type VirtualZebra } from '../../../main/simulator/virtual-zebra';
import { DEMO_KEY_ENV, stationFlags } from '../../support/headless-process';
import { until } from '../../support/eventually';

/**
 * The headless host's stdout when its reader misbehaves (docs/headless.md, "Ending, stopping and exit codes"): a
 * PLC gateway that closes the pipe, a file on a disk that fills up, a reader too slow to keep up when the host is
 * stopped. The host used to die on the first line it could not write (an unhandled EPIPE or ENOSPC), between a
 * booking and its label; and a stop signal ended it with lines still in its buffer, the `printed` line among them.
 */

let sim: Simulator | undefined;
let zebra: VirtualZebra | undefined;
let dataDir: string | undefined;
let child: ChildProcess | undefined;
afterEach(async () => {
  child?.kill('SIGKILL');
  await zebra?.close();
  await sim?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  sim = zebra = dataDir = child = undefined;
});

async function world(): Promise<{ args: string[] }> {
  sim = createSimulator();
  seedDemoData(sim);
  const { deliveryBaseUrl } = await sim.start();
  zebra = await createVirtualZebra();
  dataDir = await mkdtemp(join(tmpdir(), 'packbench-headless-out-'));
  return { args: stationFlags(deliveryBaseUrl, zebra.port, dataDir) };
}

const ENV = {
  ...process.env,
  ...DEMO_KEY_ENV,
  PACKBENCH_CHECKOUT_CLIENT_ID: '',
  PACKBENCH_CHECKOUT_CLIENT_SECRET: '',
};
const bookedIn = (ref: string) => sim!.records().filter((r) => r.internalReference === ref);

/** Resolves with the exit code (or the signal that ended it) once the process has exited. */
function exited(proc: ChildProcess): Promise<number | string | null> {
  return new Promise((resolve) => proc.once('exit', (code, signal) => resolve(code ?? signal)));
}

/** Resolves with the first line the process writes on `stream`. */
function firstLine(stream: NodeJS.ReadableStream): Promise<string> {
  return new Promise((resolve) => {
    const lines = createInterface({ input: stream });
    lines.once('line', (line) => {
      lines.close();
      resolve(line);
    });
  });
}

describe('packbench-headless with a reader that closes stdout', () => {
  it.each([
    ['stdout alone', false],
    ['stdout and stderr on the same pipe (2>&1)', true],
  ])(
    '%s: stops as on SIGTERM (the label in hand prints, the queued scan is not booked), exits 141 and frees the data folder',
    async (_name, together) => {
      const { args } = await world();
      const command = ['dist/main/headless.js', ...args];
      const proc = together
        ? spawn('sh', ['-c', `exec "${process.execPath}" "$@" 2>&1`, 'sh', ...command], { env: ENV })
        : spawn(process.execPath, command, { env: ENV });
      child = proc;
      let stderr = '';
      proc.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
      const exit = exited(proc);
      const ready = together
        ? await new Promise<string>((resolve) => {
            const lines = createInterface({ input: proc.stdout! });
            lines.on('line', (line) => {
              stderr += `${line}\n`;
              if (line.startsWith('{"event":"ready"')) {
                lines.close();
                resolve(line);
              }
            });
          })
        : await firstLine(proc.stdout!);
      expect(JSON.parse(ready)).toMatchObject({ event: 'ready' });
      // The gateway goes away: its end of the pipe is closed. The host's next line (ORD-1005's `booked`) fails.
      proc.stdout!.destroy();
      proc.stdin!.write('ORD-1005\nORD-1006\n');

      expect(await exit).toBe(141);
      expect(bookedIn('ORD-1005')).toHaveLength(1);
      expect(zebra!.labels()).toHaveLength(1);
      expect(bookedIn('ORD-1006')).toEqual([]);
      if (!together) expect(stderr).toMatch(/stdout .*EPIPE.*stopping/);
      expect(existsSync(join(dataDir!, LOCK_FILE))).toBe(false);
    },
    60_000,
  );
});

describe.skipIf(!existsSync('/dev/full'))('packbench-headless with stdout on a disk that is full', () => {
  it('stops at the first line it cannot write, says so on stderr and exits 141; whatever it booked, it printed', async () => {
    const { args } = await world();
    const full = openSync('/dev/full', 'w');
    try {
      const proc = spawn(process.execPath, ['dist/main/headless.js', ...args], {
        env: ENV,
        stdio: ['pipe', full, 'pipe'],
      });
      child = proc;
      let stderr = '';
      proc.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
      const exit = exited(proc);
      proc.stdin!.write('ORD-1005\n'); // stdin stays open: only the stop ends the run
      expect(await exit).toBe(141);
      expect(stderr).toMatch(/stdout .*ENOSPC.*stopping/);
      expect(zebra!.labels()).toHaveLength(bookedIn('ORD-1005').length);
      expect(existsSync(join(dataDir!, LOCK_FILE))).toBe(false);
    } finally {
      closeSync(full);
    }
  }, 60_000);
});

describe('packbench-headless stopped while its reader is behind', () => {
  it('SIGTERM: every line the host wrote reaches the reader before it exits, the printed line of the job in hand too', async () => {
    const { args } = await world();
    const proc = spawn(process.execPath, ['dist/main/headless.js', ...args], { env: ENV });
    child = proc;
    let stderr = '';
    proc.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
    const lines: Record<string, unknown>[] = [];
    const reader = createInterface({ input: proc.stdout! });
    let ready = (): void => {};
    const isReady = new Promise<void>((resolve) => (ready = resolve));
    reader.on('line', (line) => {
      lines.push(JSON.parse(line) as Record<string, unknown>);
      ready();
    });
    const closed = new Promise<number | null>((resolve) => proc.once('close', resolve));
    const exit = exited(proc);
    await isReady;
    // The reader stops reading: what the host writes fills the pipe (64 kB) and then waits in the host.
    proc.stdout!.pause();
    const refused = 600;
    proc.stdin!.write(`${'BAD\u0001CODE\n'.repeat(refused)}ORD-1005\n`);
    await until(() => zebra!.labels().length === 1).catch((e: Error) => {
      throw new Error(`${e.message}: ${stderr.slice(-3000)}`);
    });
    // The label is out; its `printed` line is written (or about to be) behind 600 failed lines nobody read yet.
    proc.kill('SIGTERM');
    // The reader catches up once the host has exited, or once it says it is waiting for the reader.
    await Promise.race([exit, until(() => /waiting .*stdout/.test(stderr))]);
    proc.stdout!.resume();
    expect(await closed).toBe(143);
    expect(lines.filter((e) => e.event === 'failed')).toHaveLength(refused);
    expect(lines.filter((e) => e.scan === 'ORD-1005').map((e) => e.event)).toEqual(['booked', 'printed']);
  }, 60_000);
});
