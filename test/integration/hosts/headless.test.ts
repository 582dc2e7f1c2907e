import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../../../main/simulator/server';
import { DEMO_API_KEY_SECRET, seedDemoData } from '../../../main/simulator/demo';
import { createVirtualZebra, type VirtualZebra } from '../../../main/simulator/virtual-zebra';
import { DEMO_KEY_ENV, runHeadless, stationFlags } from '../../support/headless-process';
import { accepts, demoPorts, printedDataDir } from '../../support/listening';

const byEvent = (events: Record<string, unknown>[], name: string) => events.filter((e) => e.event === name);

describe('packbench-headless --demo', () => {
  it('answers ready first, then booked and printed for each sample order, and exits 0 at end of input', async () => {
    const run = await runHeadless(['--demo'], 'ORD-1001\nSO-2001\n');
    expect(run.code).toBe(0);
    expect(run.events[0]).toMatchObject({ event: 'ready' });
    const booked = byEvent(run.events, 'booked');
    const printed = byEvent(run.events, 'printed');
    expect(booked.map((e) => e.scan)).toEqual(['ORD-1001', 'SO-2001']);
    expect(printed.map((e) => e.scan)).toEqual(['ORD-1001', 'SO-2001']);
    for (const e of booked) {
      expect(e.shipmentId).toEqual(expect.any(String));
      expect((e.parcelNos as string[]).length).toBeGreaterThan(0);
    }
    for (const e of printed) {
      expect(e).toMatchObject({ printer: 'label', bytes: expect.any(Number) });
      expect(e.bytes as number).toBeGreaterThan(0);
    }
    expect(run.stderr).toContain('ORD-1001'); // the samples are listed on stderr
  });

  it('a split order gives one booked and one printed line per sub-shipment', async () => {
    const run = await runHeadless(['--demo'], 'SPLIT-3001\n');
    expect(byEvent(run.events, 'booked')).toHaveLength(3);
    expect(byEvent(run.events, 'printed')).toHaveLength(3);
  });

  it('the demo’s checkout order SPLIT-3001 and the stored one SPLIT-3002: each sub-shipment booked and printed once; rescans are duplicates', async () => {
    const run = await runHeadless(['--demo'], 'SPLIT-3001\nSPLIT-3002\nSPLIT-3001\nSPLIT-3002\n');
    expect(run.code).toBe(0);
    const booked = byEvent(run.events, 'booked');
    expect(booked.map((e) => e.scan)).toEqual([
      ...Array(3).fill('SPLIT-3001'),
      ...Array(3).fill('SPLIT-3002'),
    ]);
    expect(new Set(booked.map((e) => e.shipmentId)).size).toBe(6);
    expect(byEvent(run.events, 'printed')).toHaveLength(6);
    expect(byEvent(run.events, 'failed').map((e) => [e.scan, e.reason, e.code])).toEqual([
      ['SPLIT-3001', 'duplicate', 'already_booked'],
      ['SPLIT-3002', 'duplicate', 'already_booked'],
    ]);
  });

  it('reports each failure as a failed line with its reason, and keeps going', async () => {
    const garbage = Buffer.concat([
      Buffer.from('ORD-1900\nNO-SUCH\nORD\x01X\n'),
      Buffer.from([0xff, 0xfe, 0x80, 0x0a]),
      Buffer.from(`${'9'.repeat(10_000)}\nORD-1001\n`),
    ]);
    const run = await runHeadless(['--demo'], garbage);
    expect(run.code).toBe(0);
    const failed = byEvent(run.events, 'failed');
    expect(failed[0]).toMatchObject({ scan: 'ORD-1900', reason: 'validation' });
    expect((failed[0]!.errors as { field: string }[])[0]?.field).toMatch(/zip/i);
    expect(failed[1]).toMatchObject({ scan: 'NO-SUCH', reason: 'not_found' });
    expect(failed.slice(2).map((f) => f.code)).toEqual(['invalid_scan', 'invalid_scan', 'invalid_scan']);
    expect(byEvent(run.events, 'printed').map((e) => e.scan)).toEqual(['ORD-1001']);
    // Logs never reach stdout: every stdout line parsed as JSON.
  });

  it('takes :reprint, :cancel and :manifest commands in input order', async () => {
    const run = await runHeadless(
      ['--demo'],
      'ORD-1002\n:reprint ORD-1002\n:cancel ORD-1002\n:cancel ORD-1002\n:manifest PNL\n:bogus\n',
    );
    const booked = byEvent(run.events, 'booked')[0]!;
    expect(byEvent(run.events, 'reprinted')[0]).toMatchObject({
      scan: 'ORD-1002',
      shipmentId: booked.shipmentId,
      printer: 'label',
    });
    expect(byEvent(run.events, 'cancelled')).toEqual([
      expect.objectContaining({ scan: 'ORD-1002', shipmentId: booked.shipmentId }),
    ]);
    const failed = byEvent(run.events, 'failed');
    expect(failed.map((f) => f.code)).toEqual(['already_cancelled', 'invalid_scan']);
    expect(byEvent(run.events, 'manifest')[0]).toMatchObject({
      manifestType: 'PNL',
      printer: 'documents',
      manifestId: expect.any(String),
    });
  });

  it(':cancel with an order number of several shipments cancels none and names each shipment to cancel', async () => {
    const run = await runHeadless(['--demo'], 'SPLIT-3002\n:cancel SPLIT-3002\n');
    expect(run.code).toBe(0);
    const booked = byEvent(run.events, 'booked');
    expect(booked).toHaveLength(3);
    expect(byEvent(run.events, 'cancelled')).toEqual([]);
    const [refused] = byEvent(run.events, 'failed');
    expect(refused).toMatchObject({ scan: 'SPLIT-3002', reason: 'not_found', code: 'invalid_scan' });
    const message = String(refused!.message);
    for (const shipment of booked)
      expect(message).toContain(String(shipment.shipmentNo ?? shipment.shipmentId));
    expect(message).toContain('nothing was cancelled');
    expect(message).toContain('":cancel NUMBER"');
  });

  it('a start that fails half way exits 1 and stops what it started: simulator and Zebra', async () => {
    // A data folder whose journal cannot open (a file stands where its folder goes) fails once the demo runs.
    const dataDir = await mkdtemp(join(tmpdir(), 'packbench-blocked-'));
    await writeFile(join(dataDir, 'journal'), '');
    try {
      const run = await runHeadless(['--demo', '--data-dir', dataDir], 'ORD-1001\n');
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/could not start: /);
      expect(run.events).toEqual([]);
      const ports = demoPorts(run.stderr);
      expect(await accepts(ports.simulator)).toBe(false);
      expect(await accepts(ports.zebra)).toBe(false);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it.each([
    ['--label-printer', 'lpr://printer', /--label-printer must be tcp:\/\/HOST:PORT/],
    ['--label-printer', 'http://x', /--label-printer must be tcp:\/\/HOST:PORT/],
    ['--label-printer', 'tcp://host:99999', /--label-printer: .*is not tcp:\/\/HOST:PORT/],
    ['--document-printer', '/tmp', /--document-printer: .*use tcp:\/\/HOST:PORT or file:DIR/],
    [
      '--delivery-url',
      'http://nshift.example.com/v1',
      /--delivery-url: plain http:\/\/ is only for this computer/,
    ],
    ['--checkout-auth-url', 'http://10.1.1.1/id', /--checkout-auth-url: plain http:\/\/ is only for this/],
  ])(
    '%s %s is a usage error like every other flag: exit 2, before any demo starts',
    async (flag, url, says) => {
      const run = await runHeadless(['--demo', flag, url], 'ORD-1001\n');
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(says);
      expect(run.stderr).not.toContain('demo: nShift simulator at');
      expect(run.events).toEqual([]);
    },
  );

  it.each([
    '--delivery-url',
    '--checkout-url',
    '--checkout-auth-url',
    '--label-printer',
    '--document-printer',
    '--media',
    '--charset',
    '--data-dir',
    '--hold-after',
    '--manifest-type',
  ])(
    '%s with an empty value is a usage error: exit 2 naming the flag, before any demo starts',
    async (flag) => {
      for (const args of [[flag, ''], [`${flag}=`], ['--manifest-type', 'PNL', flag, ' ']]) {
        const run = await runHeadless(['--demo', ...args], 'ORD-1001\n');
        expect(run.code).toBe(2);
        expect(run.stderr).toContain(`${flag} needs a value: it was given an empty one`);
        expect(run.stderr).not.toContain('demo: nShift simulator at');
        expect(run.events).toEqual([]);
      }
    },
  );

  it('prints its data folder at start and removes the demo folder at the end of input', async () => {
    const run = await runHeadless(['--demo'], 'ORD-1001\n');
    expect(run.code).toBe(0);
    const dataDir = printedDataDir(run.stderr);
    expect(run.events[0]).toMatchObject({ event: 'ready', dataDir, station: hostname() });
    expect(byEvent(run.events, 'printed')).toHaveLength(1); // the folder was in use
    expect(existsSync(dataDir)).toBe(false);
  });

  it("names the station in ready: its settings' name (issue 29, point 9)", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'packbench-named-'));
    await writeFile(
      join(dataDir, 'settings.json'),
      JSON.stringify({ station: { name: 'Bench 3 (returns)' } }),
    );
    try {
      const run = await runHeadless(['--demo', '--data-dir', dataDir], '');
      expect(run.code).toBe(0);
      expect(run.events[0]).toEqual({
        event: 'ready',
        version: expect.any(String),
        dataDir,
        station: 'Bench 3 (returns)',
      });
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('removes the demo folder on SIGTERM too, and exits 143', async () => {
    const child = spawn(process.execPath, ['dist/main/headless.js', '--demo'], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const closed = new Promise<number | null>((resolve) => child.once('close', resolve));
    const ready = await new Promise<Record<string, unknown>>((resolve) =>
      createInterface({ input: child.stdout }).once('line', (line) => resolve(JSON.parse(line))),
    );
    expect(existsSync(ready.dataDir as string)).toBe(true);
    child.kill('SIGTERM');
    expect(await closed).toBe(143);
    expect(printedDataDir(stderr)).toBe(ready.dataDir);
    expect(existsSync(ready.dataDir as string)).toBe(false);
  });

  it("keeps a --data-dir given with --demo: that folder is the operator's", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'packbench-own-'));
    try {
      const run = await runHeadless(['--demo', '--data-dir', dataDir], 'ORD-1001\n');
      expect(printedDataDir(run.stderr)).toBe(dataDir);
      expect(existsSync(join(dataDir, 'journal'))).toBe(true);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('a kept demo folder never mixes two runs: new shipment ids each run, and a reprint prints its own label', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'packbench-kept-demo-'));
    try {
      const first = await runHeadless(['--demo', '--data-dir', dataDir], 'ORD-1001\n');
      const [booked] = byEvent(first.events, 'booked');
      const [printed] = byEvent(first.events, 'printed');
      // The simulator starts empty again: without a block of its own it handed out 5666302 to ORD-1004 too, and
      // the label cache's copy of ORD-1001's label was overwritten with it.
      const second = await runHeadless(['--demo', '--data-dir', dataDir], 'ORD-1004\n:reprint ORD-1001\n');
      const [other] = byEvent(second.events, 'booked');
      expect(other!.shipmentId).not.toBe(booked!.shipmentId);
      const [reprinted] = byEvent(second.events, 'reprinted');
      expect(reprinted).toMatchObject({ shipmentId: booked!.shipmentId, bytes: printed!.bytes });
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it("the headless contract's example (docs/headless.md) is what the demo answers: the same lines, fields and codes", async () => {
    const readme = readFileSync('docs/headless.md', 'utf8');
    const block =
      /\$ printf 'ORD-1001\\nNO-SUCH\\n' \| npx packbench-headless --demo 2>\/dev\/null\n([^`]+)```/.exec(
        readme,
      );
    const documented = block![1]!
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const run = await runHeadless(['--demo'], 'ORD-1001\nNO-SUCH\n');
    expect(run.events.map((e) => Object.keys(e))).toEqual(documented.map((e) => Object.keys(e)));
    const fixed = (e: Record<string, unknown>) => [e.event, e.scan, e.code, e.reason, e.printer, e.bytes];
    expect(run.events.map(fixed)).toEqual(documented.map(fixed));
    const message = (documented[3]!.message as string).replace(' …', '');
    expect(run.events[3]!.message).toContain(message);
  });

  // The XDG folder is Linux's; macOS and Windows have their own (data-dir.ts).
  it.skipIf(process.platform !== 'linux').each([
    ['PACKBENCH_DATA_DIR', (dir: string) => ({ PACKBENCH_DATA_DIR: dir }), (dir: string) => dir],
    [
      'XDG_DATA_HOME',
      (dir: string) => ({ PACKBENCH_DATA_DIR: '', XDG_DATA_HOME: dir }),
      (dir: string) => join(dir, 'packbench'),
    ],
    [
      'an empty XDG_DATA_HOME (unset, as XDG says)',
      (dir: string) => ({ PACKBENCH_DATA_DIR: '', XDG_DATA_HOME: '', HOME: dir }),
      (dir: string) => join(dir, '.local', 'share', 'packbench'),
    ],
  ])('without --data-dir the data folder comes from %s', async (_name, env, expected) => {
    const dir = await mkdtemp(join(tmpdir(), 'packbench-env-dir-'));
    try {
      const run = await runHeadless([], '', env(dir));
      expect(run.code).toBe(0);
      expect(run.events).toEqual([expect.objectContaining({ event: 'ready', dataDir: expected(dir) })]);
      expect(printedDataDir(run.stderr)).toBe(expected(dir));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('skips blank lines without an event, and takes a command whatever its case', async () => {
    const run = await runHeadless(['--demo'], 'ORD-1001\n\n   \n\t\n:REPRINT ORD-1001\n:Cancel ORD-1001\n');
    expect(run.code).toBe(0);
    expect(run.events.map((e) => e.event)).toEqual(['ready', 'booked', 'printed', 'reprinted', 'cancelled']);
  });

  it('prints help and refuses unknown flags', async () => {
    expect((await runHeadless(['--help'], '')).stdout).toContain('PACKBENCH_API_KEY_ID');
    const bad = await runHeadless(['--colour'], '');
    expect(bad.code).toBe(2);
    expect((await runHeadless(['--help'], '')).stdout).toMatch(/usage error .*exits 2/);
    const short = await runHeadless(['-h'], '');
    expect(short.code).toBe(0);
    expect(short.stdout).toMatch(/packbench-headless -h\|--help/);
    expect(short.stdout).toContain('PACKBENCH_DATA_DIR');
    expect((await runHeadless(['-v'], '')).stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe('packbench-headless against another nShift-compatible server and printer', () => {
  let sim: Simulator | undefined;
  let zebra: VirtualZebra | undefined;
  afterEach(async () => {
    await zebra?.close();
    await sim?.stop();
  });

  it('works the same through --delivery-url, --label-printer and the key from the environment', async () => {
    sim = createSimulator();
    seedDemoData(sim);
    const { deliveryBaseUrl } = await sim.start();
    zebra = await createVirtualZebra();
    const env = DEMO_KEY_ENV;
    const dataDir = `/tmp/packbench-headless-${process.pid}-${Date.now()}`;
    const args = stationFlags(deliveryBaseUrl, zebra.port, dataDir, '--charset', 'UTF8');
    const run = await runHeadless(args, 'ORD-1001\n', env);
    expect(byEvent(run.events, 'printed')).toHaveLength(1);
    const label = Buffer.concat(zebra.labels()).toString('latin1');
    expect(label).toContain('^CI28');
    expect(label).toContain('_C3_85sa'); // "Åsa" with Å as UTF-8 hex escapes
    expect(run.stderr).not.toContain(DEMO_API_KEY_SECRET);
    expect(sim.records().filter((r) => r.internalReference === 'ORD-1001')).toHaveLength(1);
  });

  it('a label the printer does not take within --hold-after is held and reported failed (printer), and the next scan still books', async () => {
    sim = createSimulator();
    seedDemoData(sim);
    const { deliveryBaseUrl } = await sim.start();
    zebra = await createVirtualZebra();
    await zebra.offline();
    const env = DEMO_KEY_ENV;
    const dataDir = `/tmp/packbench-hold-${process.pid}-${Date.now()}`;
    const args = stationFlags(deliveryBaseUrl, zebra.port, dataDir, '--hold-after', '3');
    const run = await runHeadless(args, 'ORD-1001\nORD-1002\n', env);
    expect(run.code).toBe(0);
    const events = run.events.filter((e) => e.scan === 'ORD-1001').map((e) => e.event);
    expect(events).toEqual(['booked', 'held', 'failed']);
    expect(byEvent(run.events, 'failed')[0]).toMatchObject({
      reason: 'printer',
      code: 'label_held',
      shipmentId: expect.any(String),
    });
    expect(byEvent(run.events, 'booked').map((e) => e.scan)).toEqual(['ORD-1001', 'ORD-1002']);
    expect(zebra.labels()).toHaveLength(0);
  });

  it('with no label printer from a flag or the settings, a scan is refused (no_printer) before anything is booked', async () => {
    sim = createSimulator();
    seedDemoData(sim);
    const { deliveryBaseUrl } = await sim.start();
    const dataDir = await mkdtemp(join(tmpdir(), 'packbench-no-label-printer-'));
    try {
      const run = await runHeadless(
        ['--delivery-url', deliveryBaseUrl, '--data-dir', dataDir],
        'ORD-1001\n',
        DEMO_KEY_ENV,
      );
      expect(run.code).toBe(0);
      expect(run.events.map((e) => e.event)).toEqual(['ready', 'failed']);
      expect(run.events[1]).toMatchObject({
        scan: 'ORD-1001',
        reason: 'printer',
        code: 'no_printer',
        jobId: expect.any(String),
      });
      expect(run.events[1]!.message).toMatch(/nothing was booked.*--label-printer/);
      expect(sim.records().filter((r) => r.internalReference === 'ORD-1001')).toHaveLength(0);
      const documents = join(dataDir, 'documents');
      expect(existsSync(documents) ? readdirSync(documents) : []).toEqual([]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('--label-printer file:DIR writes the labels to that folder (relative to the data folder), as asked', async () => {
    sim = createSimulator();
    seedDemoData(sim);
    const { deliveryBaseUrl } = await sim.start();
    const dataDir = await mkdtemp(join(tmpdir(), 'packbench-file-labels-'));
    try {
      const args = [
        '--delivery-url',
        deliveryBaseUrl,
        '--data-dir',
        dataDir,
        '--label-printer',
        'file:paper',
      ];
      const run = await runHeadless(args, 'ORD-1001\n', DEMO_KEY_ENV);
      expect(run.code).toBe(0);
      expect(run.events.map((e) => e.event)).toEqual(['ready', 'booked', 'printed']);
      expect(run.events[2]).toMatchObject({
        printer: 'label',
        documents: [{ kind: 'label', printer: 'label', bytes: expect.any(Number) }],
      });
      const written = readdirSync(join(dataDir, 'paper'));
      expect(written).toHaveLength(1);
      expect(readFileSync(join(dataDir, 'paper', written[0]!), 'latin1')).toContain('^XA');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('without a key in the environment every scan fails with reason auth', async () => {
    sim = createSimulator();
    seedDemoData(sim);
    const { deliveryBaseUrl } = await sim.start();
    zebra = await createVirtualZebra();
    const run = await runHeadless(
      stationFlags(deliveryBaseUrl, zebra.port, `/tmp/packbench-nokey-${Date.now()}`),
      'ORD-1001\n',
    );
    expect(byEvent(run.events, 'failed')[0]).toMatchObject({ reason: 'auth', code: 'auth_missing_key' });
  });
});
