import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../main/simulator/demo';
import { createSimulator, type Simulator } from '../../../main/simulator/server';
import { createVirtualZebra, type VirtualZebra } from '../../../main/simulator/virtual-zebra';
import { DEMO_KEY_ENV, runHeadless, stationFlags } from '../../support/headless-process';
import { until } from '../../support/eventually';
import { journalEntries } from '../../support/journal-files';

/**
 * SIGINT/SIGTERM with scans queued: docs/headless.md says the host stops reading and gives the job in hand a few
 * seconds. A scan read and journalled but not started must not start after the signal (it used to be booked
 * seconds later with no stdout line), must get a `failed` line saying nothing was booked, and must not be booked
 * by the next start on the same data folder either.
 */

const KEY = DEMO_KEY_ENV;

let sim: Simulator | undefined;
let zebra: VirtualZebra | undefined;
let dataDir: string | undefined;
/** What a failed test leaves: the host process, and nShift requests waiting at the gate. */
let leftover = (): void => {};
afterEach(async () => {
  leftover();
  await zebra?.close();
  await sim?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  sim = zebra = dataDir = undefined;
});

describe('packbench-headless stopped by a signal with scans queued', () => {
  // SIGHUP: the terminal or SSH session the host was started from closes; it used to end the host mid-job.
  it.each(['SIGINT', 'SIGTERM', 'SIGHUP'] as const)(
    '%s: the job in hand finishes, every queued scan and command fails without reaching nShift, and a restart books none of them',
    async (signal) => {
      // Every nShift request waits at this gate until it opens: the first scan is in hand, the others queued.
      let open = (): void => {};
      const gate = new Promise<void>((resolve) => (open = resolve));
      sim = createSimulator({ latencyMs: 1, sleep: () => gate });
      seedDemoData(sim);
      const { deliveryBaseUrl } = await sim.start();
      zebra = await createVirtualZebra();
      dataDir = await mkdtemp(join(tmpdir(), 'packbench-headless-stop-'));
      const args = stationFlags(deliveryBaseUrl, zebra.port, dataDir);
      const child = spawn(process.execPath, ['dist/main/headless.js', ...args], {
        stdio: ['pipe', 'pipe', 'pipe'],
        env: {
          ...process.env,
          ...KEY,
          PACKBENCH_CHECKOUT_CLIENT_ID: '',
          PACKBENCH_CHECKOUT_CLIENT_SECRET: '',
        },
      });
      const events: Record<string, unknown>[] = [];
      let stderr = '';
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      const ready = new Promise<void>((resolve) =>
        createInterface({ input: child.stdout }).on('line', (line) => {
          events.push(JSON.parse(line) as Record<string, unknown>);
          resolve();
        }),
      );
      leftover = () => {
        open();
        child.kill('SIGKILL');
      };
      const closed = new Promise<number | null>((resolve) => child.once('close', resolve));
      await ready;
      // stdin stays open: a conveyor line's pipe does not end.
      child.stdin.write('ORD-1005\nORD-1006\nSO-2001\n:reprint ORD-1005\n');
      // The three scans are journalled; the command waits for them to finish, as the input order says.
      await until(async () => (await journalEntries(dataDir!)).filter((e) => e.type === 'job').length === 3);
      child.kill(signal);
      await new Promise((resolve) => setTimeout(resolve, 300));
      open(); // nShift answers again: the job in hand books and prints
      expect(await closed).toBe({ SIGINT: 130, SIGTERM: 143, SIGHUP: 129 }[signal]);

      const booked = (ref: string) =>
        sim!.records().filter((r) => r.internalReference === ref || r.orderNo === ref);
      expect(booked('ORD-1005')).toHaveLength(1);
      expect(booked('ORD-1006')).toEqual([]);
      expect(booked('SO-2001')).toEqual([]);

      // The queued command is refused at once; the job in hand's lines come when nShift answers.
      const of = (scan: string) => events.filter((e) => e.scan === scan && e.event !== 'failed');
      expect(of('ORD-1005').map((e) => e.event)).toEqual(['booked', 'printed']);
      const failed = events.filter((e) => e.event === 'failed');
      const failedFor = (scan: string) => failed.find((e) => e.scan === scan)!;
      expect(failed.map((e) => e.scan).sort()).toEqual(['ORD-1005', 'ORD-1006', 'SO-2001']);
      for (const line of failed) {
        expect(line).toMatchObject({ reason: 'network', code: 'internal', jobId: expect.any(String) });
        expect(line.message).toMatch(/^Packbench stopped before this job started: nothing was/);
      }
      expect(failedFor('ORD-1006').message).toContain('nothing was looked up or booked in nShift');
      expect(failedFor('ORD-1006').message).toContain('Send "ORD-1006" again');
      expect(failedFor('SO-2001').message).toContain('Send "SO-2001" again');
      expect(failedFor('ORD-1005').message).toContain('Send ":reprint ORD-1005" again');
      // The journal shows them failed: the reason a restart leaves them alone. The reprint was no booking, and its
      // failure does not speak of one.
      const journal = await journalEntries(dataDir);
      for (const line of failed)
        expect(journal).toContainEqual(
          expect.objectContaining({
            type: 'failed',
            jobId: line.jobId,
            failure: expect.objectContaining({
              detail: line === failedFor('ORD-1005') ? 'stopped_before_start' : 'stopped_before_booking',
            }),
          }),
        );

      const again = await runHeadless(args, '', KEY);
      expect(again.code).toBe(0);
      expect(again.events.filter((e) => e.event === 'booked')).toEqual([]);
      expect(booked('ORD-1006')).toEqual([]);
      expect(booked('SO-2001')).toEqual([]);
      expect(zebra.labels()).toHaveLength(1);
      expect(stderr).toContain(`${signal}: stopping`);
    },
    60_000,
  );
});

describe('packbench-headless restarted with a label still on its way', () => {
  it('prints the label the stopped run left queued, reports it, and only then ends at the end of input', async () => {
    sim = createSimulator();
    seedDemoData(sim);
    const { deliveryBaseUrl } = await sim.start();
    zebra = await createVirtualZebra();
    await zebra.offline();
    dataDir = await mkdtemp(join(tmpdir(), 'packbench-headless-resume-'));
    const args = stationFlags(deliveryBaseUrl, zebra.port, dataDir, '--hold-after', '60');
    const child = spawn(process.execPath, ['dist/main/headless.js', ...args], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, ...KEY, PACKBENCH_CHECKOUT_CLIENT_ID: '', PACKBENCH_CHECKOUT_CLIENT_SECRET: '' },
    });
    leftover = () => child.kill('SIGKILL');
    const events: Record<string, unknown>[] = [];
    let booked = (): void => {};
    const bookedLine = new Promise<void>((resolve) => (booked = resolve));
    createInterface({ input: child.stdout }).on('line', (line) => {
      const event = JSON.parse(line) as Record<string, unknown>;
      events.push(event);
      if (event.event === 'booked') booked();
    });
    const closed = new Promise<number | null>((resolve) => child.once('close', resolve));
    // The printer is off: the label waits in the spool when the run is stopped.
    child.stdin.write('ORD-1002\n');
    await bookedLine;
    child.kill('SIGTERM');
    expect(await closed).toBe(143);
    const jobId = events.find((e) => e.event === 'booked')!.jobId;
    expect(events.filter((e) => e.event === 'printed')).toEqual([]);
    expect(zebra.labels()).toHaveLength(0);

    await zebra.online();
    const again = await runHeadless(args, '', KEY);
    expect(again.code).toBe(0);
    expect(again.events.filter((e) => e.event === 'printed')).toEqual([
      expect.objectContaining({ jobId, scan: 'ORD-1002' }),
    ]);
    expect(zebra.labels()).toHaveLength(1);
    expect(sim.records().filter((r) => r.internalReference === 'ORD-1002')).toHaveLength(1);
  }, 60_000);
});

describe('packbench-headless stopped while the printer is taking a label', () => {
  it('SIGTERM: exits 143 once its few seconds are up, says on stderr the job in hand was left unfinished, and the restart holds the label and says so', async () => {
    sim = createSimulator();
    seedDemoData(sim);
    const { deliveryBaseUrl } = await sim.start();
    zebra = await createVirtualZebra();
    zebra.stall({ afterStatus: true }); // it answers ~HS, takes the label's bytes and never confirms them
    dataDir = await mkdtemp(join(tmpdir(), 'packbench-headless-midprint-'));
    const args = stationFlags(deliveryBaseUrl, zebra.port, dataDir);
    const child = spawn(process.execPath, ['dist/main/headless.js', ...args], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, ...KEY, PACKBENCH_CHECKOUT_CLIENT_ID: '', PACKBENCH_CHECKOUT_CLIENT_SECRET: '' },
    });
    leftover = () => child.kill('SIGKILL');
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const events: Record<string, unknown>[] = [];
    createInterface({ input: child.stdout }).on('line', (line) => {
      events.push(JSON.parse(line) as Record<string, unknown>);
    });
    const closed = new Promise<number | null>((resolve) => child.once('close', resolve));
    child.stdin.write('ORD-1005\n');
    // Booked, and the printer has answered the status query that comes right before the label's first byte.
    await until(async () => events.some((e) => e.event === 'booked') && zebra!.statusQueries() > 0);
    child.kill('SIGTERM');
    expect(await closed).toBe(143);
    expect(events.map((e) => e.event)).toEqual(['ready', 'booked']);
    expect(stderr).toMatch(/job in hand did not finish .*the next start .*reports it/);

    zebra.normal();
    const again = await runHeadless(args, '', KEY);
    expect(again.events.map((e) => [e.event, e.code])).toEqual([
      ['ready', undefined],
      ['booked', undefined],
      ['held', undefined],
      ['failed', 'label_held'],
    ]);
  }, 60_000);
});
