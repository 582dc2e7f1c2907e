import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../main/simulator/demo';
import { createSimulator, type Simulator } from '../../../main/simulator/server';
import { createVirtualZebra, type VirtualZebra } from '../../../main/simulator/virtual-zebra';
import { DEMO_KEY_ENV, runHeadless, stationFlags } from '../../support/headless-process';
import { until } from '../../support/eventually';
import { journalEntries } from '../../support/journal-files';

/**
 * What a script or a PLC gateway pipes into the headless host's stdin (docs/headless.md, "Input: stdin"): a file
 * of thousands of lines at once, then maybe a stop. The host used to read the whole input at once, whatever the
 * station could take: a file grew its memory line by line, and a stop signal left thousands of lines it had read
 * with no line on stdout (its few seconds for the job in hand ran out refusing them one by one).
 */

const KEY = DEMO_KEY_ENV;
let sim: Simulator | undefined;
let zebra: VirtualZebra | undefined;
let dataDir: string | undefined;
let leftover = (): void => {};
afterEach(async () => {
  leftover();
  leftover = () => {};
  await zebra?.close();
  await sim?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  sim = zebra = dataDir = undefined;
});

/** The most lines the host takes ahead of the job in hand (docs/headless.md). */
const READ_AHEAD = 32;

describe('packbench-headless with thousands of lines piped at once', () => {
  it('books and answers each line once, in input order, and exits 0', async () => {
    sim = createSimulator();
    seedDemoData(sim);
    const { deliveryBaseUrl } = await sim.start();
    zebra = await createVirtualZebra();
    dataDir = await mkdtemp(join(tmpdir(), 'packbench-headless-in-'));
    // 3,000 lines keep the test short (each refused line is two journal writes); 10,000 behave the same.
    const lines = Array.from({ length: 3_000 }, (_, i) => `BAD\u0001${i}`);
    lines[0] = 'ORD-1005';
    lines[1_499] = 'ORD-1006';
    lines[2_999] = 'SO-2001';
    const run = await runHeadless(
      stationFlags(deliveryBaseUrl, zebra.port, dataDir),
      `${lines.join('\n')}\n`,
      KEY,
      180_000,
    );
    expect(run.code).toBe(0);
    // One answer per line: printed for the three orders, failed (invalid_scan) for the others, in input order.
    const answers = run.events.filter((e) => e.event === 'printed' || e.event === 'failed');
    expect(answers).toHaveLength(lines.length);
    expect(answers.map((e) => (e.event === 'printed' ? e.scan : 'failed'))).toEqual(
      lines.map((l) => (l.startsWith('BAD') ? 'failed' : l)),
    );
    expect(run.events.filter((e) => e.event === 'booked').map((e) => e.scan)).toEqual([
      'ORD-1005',
      'ORD-1006',
      'SO-2001',
    ]);
    for (const ref of ['ORD-1005', 'ORD-1006', 'SO-2001'])
      expect(sim.records().filter((r) => r.internalReference === ref || r.orderNo === ref)).toHaveLength(1);
  }, 200_000);

  it('while nShift does not answer it reads only a few lines ahead; stopped then, it answers every line it read', async () => {
    // Every nShift request waits at this gate until it opens: the first scan is in hand, the others wait.
    let open = (): void => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    sim = createSimulator({ latencyMs: 1, sleep: () => gate });
    seedDemoData(sim);
    const { deliveryBaseUrl } = await sim.start();
    zebra = await createVirtualZebra();
    dataDir = await mkdtemp(join(tmpdir(), 'packbench-headless-in-'));
    const child = spawn(
      process.execPath,
      ['dist/main/headless.js', ...stationFlags(deliveryBaseUrl, zebra.port, dataDir)],
      {
        env: {
          ...process.env,
          ...KEY,
          PACKBENCH_CHECKOUT_CLIENT_ID: '',
          PACKBENCH_CHECKOUT_CLIENT_SECRET: '',
        },
      },
    );
    leftover = () => {
      open();
      child.kill('SIGKILL');
    };
    child.stderr.on('data', () => {});
    child.stdin.on('error', () => {}); // the host stops reading: what it never read is not its to answer
    const events: Record<string, unknown>[] = [];
    createInterface({ input: child.stdout }).on('line', (line) => {
      events.push(JSON.parse(line) as Record<string, unknown>);
    });
    const closed = new Promise<number | null>((resolve) => child.once('close', resolve));
    const lines = Array.from({ length: 10_000 }, (_, i) => `NOPE-${i}`);
    child.stdin.write(`${lines.join('\n')}\n`);
    const jobs = async () => (await journalEntries(dataDir!)).filter((e) => e.type === 'job');
    await until(async () => (await jobs()).length >= READ_AHEAD + 1);
    child.kill('SIGTERM');
    open();
    expect(await closed).toBe(143);

    // The first scan was in hand and READ_AHEAD waited: those were read, and no more.
    const taken = await jobs();
    expect(taken.length).toBeLessThanOrEqual(READ_AHEAD + 1);
    expect(taken.map((e) => e.scan)).toEqual(lines.slice(0, taken.length));
    // Every line read has its one answer (the job in hand its own, the others "stopped before this job started").
    const failed = events.filter((e) => e.event === 'failed');
    expect(failed.map((e) => e.scan).sort()).toEqual(lines.slice(0, taken.length).sort());
    expect(failed.filter((e) => e.code !== 'internal').map((e) => e.scan)).toEqual(['NOPE-0']);
  }, 60_000);
});

describe('packbench-headless with a file made on another system', () => {
  it('a command behind a UTF-8 BOM (a file Notepad saved) or indented is a command, not a code nShift is asked about', async () => {
    const input = '\uFEFF:manifest PNL\r\nORD-1001\r\n\t :reprint ORD-1001\r\n';
    const run = await runHeadless(['--demo'], Buffer.from(input, 'utf8'));
    expect(run.code).toBe(0);
    expect(run.events.map((e) => [e.event, e.scan ?? e.manifestType, e.code])).toEqual([
      ['ready', undefined, undefined],
      ['manifest', 'PNL', undefined],
      ['booked', 'ORD-1001', undefined],
      ['printed', 'ORD-1001', undefined],
      ['reprinted', 'ORD-1001', undefined],
    ]);
  });
});

describe('packbench-headless whose stdin breaks', () => {
  it('a socket reset under a booking (stdin from inetd, socat): the booking finishes and prints, then exit 1 naming stdin', async () => {
    let open = (): void => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    sim = createSimulator({ latencyMs: 1, sleep: () => gate });
    seedDemoData(sim);
    const { deliveryBaseUrl } = await sim.start();
    zebra = await createVirtualZebra();
    dataDir = await mkdtemp(join(tmpdir(), 'packbench-headless-in-'));
    // The host's stdin is one end of a TCP connection on this computer; the test holds the other.
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const accepted = new Promise<Socket>((resolve) => server.once('connection', resolve));
    const client = connect((server.address() as AddressInfo).port, '127.0.0.1');
    await new Promise((resolve) => client.once('connect', resolve));
    const peer = await accepted;
    const child = spawn(
      process.execPath,
      ['dist/main/headless.js', ...stationFlags(deliveryBaseUrl, zebra.port, dataDir)],
      {
        env: {
          ...process.env,
          ...KEY,
          PACKBENCH_CHECKOUT_CLIENT_ID: '',
          PACKBENCH_CHECKOUT_CLIENT_SECRET: '',
        },
        stdio: [client, 'pipe', 'pipe'],
      },
    );
    leftover = () => {
      open();
      child.kill('SIGKILL');
      server.close();
    };
    let stderr = '';
    child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
    child.stdout!.on('data', () => {});
    const exit = new Promise<number | null>((resolve) => child.once('exit', resolve));
    client.destroy(); // the host has its own copy of the socket
    peer.write('ORD-1005\n');
    const jobs = async () => (await journalEntries(dataDir!)).filter((e) => e.type === 'job');
    await until(async () => (await jobs()).length === 1);
    peer.resetAndDestroy();
    await until(async () => /stdin/.test(stderr) || child.exitCode !== null);
    open();
    expect(await exit).toBe(1);
    expect(stderr).toMatch(/stdin cannot be read \(.*ECONNRESET.*\)/);
    expect(sim.records().filter((r) => r.internalReference === 'ORD-1005')).toHaveLength(1);
    expect(zebra.labels()).toHaveLength(1);
    server.close();
  }, 60_000);
});
