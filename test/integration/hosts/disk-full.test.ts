/**
 * The disk fills up under a working station (issue 28's scenario): 50 orders, each a ZPL label and an A4
 * customs PDF, piped to the built headless host whose data folder is a 280 kB tmpfs; then the disk gets room
 * and the host starts again on the same folder with no new input. A real small file system, real ENOSPC, the
 * simulator over HTTP, a virtual Zebra and a virtual office printer over TCP. Needs root to mount a tmpfs:
 * skipped, with the reason, where mounting is refused (as the CUPS tests are where cupsd is missing).
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../../../main/simulator/server';
import {
  createVirtualOfficePrinter,
  type VirtualOfficePrinter,
} from '../../../main/simulator/virtual-office-printer';
import { createVirtualZebra, type VirtualZebra } from '../../../main/simulator/virtual-zebra';
import { DEMO_KEY_ENV, runHeadless, stationFlags } from '../../support/headless-process';
import { seedCustomsOrders } from '../../support/customs-orders';
import { accountForPaper, asTold } from '../../support/paper-account';

let point = '';
let mountRefused: string | undefined;
beforeAll(async () => {
  point = await mkdtemp(join(tmpdir(), 'packbench-full-'));
  if (process.platform !== 'linux') {
    mountRefused = 'not Linux';
    return;
  }
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=280k', 'tmpfs', point], { stdio: 'pipe' });
  } catch (error) {
    mountRefused = `mount -t tmpfs refused: ${String((error as { stderr?: Buffer }).stderr ?? error).trim()}`;
  }
});
afterAll(async () => {
  if (!mountRefused) execFileSync('umount', [point], { stdio: 'ignore' });
  await rm(point, { recursive: true, force: true });
});

describe('a data folder on a 280 kB disk that fills up', () => {
  let sim: Simulator;
  let zebra: VirtualZebra;
  let office: VirtualOfficePrinter;
  beforeAll(async () => {
    sim = createSimulator();
    await sim.start({ host: '127.0.0.1' });
    zebra = await createVirtualZebra();
    office = await createVirtualOfficePrinter();
  });
  afterAll(async () => {
    await sim.stop();
    await zebra.close();
    await office.close();
  });

  it('loses no label and books no job it reported failed: every document once, or the job failed', async (context) => {
    if (mountRefused) context.skip(mountRefused);
    const codes = seedCustomsOrders(sim, 50, 'FULL-');
    const dataDir = join(point, 'data');
    await mkdir(dataDir);
    const flags = stationFlags(
      sim.deliveryBaseUrl!,
      zebra.port,
      dataDir,
      '--document-printer',
      `tcp://127.0.0.1:${office.port}`,
    );

    const full = await runHeadless(flags, codes.map((c) => `${c}\n`).join(''), DEMO_KEY_ENV, 120_000);
    expect(full.code).toBe(0);
    const told = asTold(full.events);
    // The disk did fill up: some scans were refused, in the station's own words.
    expect(told.some((e) => e.event === 'failed' && e.code === 'cannot_save')).toBe(true);

    // Room again, and the host started on the same folder with nothing to read: it finishes what it owes.
    execFileSync('mount', ['-o', 'remount,size=16m', point]);
    const again = await runHeadless(flags, '', DEMO_KEY_ENV, 120_000);
    expect(again.code).toBe(0);
    told.push(...asTold(again.events));

    const account = accountForPaper({
      codes,
      records: sim.records(),
      told,
      labels: zebra.labels(),
      pdfs: office.jobs(),
    });
    expect(account.problems).toEqual([]);
    // Some printed whole before the disk filled, and the scans queued behind the refusal stayed unbooked.
    expect(account.printedWhole).toBeGreaterThan(0);
    expect(account.failedUnbooked).toBeGreaterThan(0);
  });
});
