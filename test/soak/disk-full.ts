import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureDemoAccount } from '../../main/simulator/demo';
import { createSimulator } from '../../main/simulator/server';
import { createVirtualOfficePrinter } from '../../main/simulator/virtual-office-printer';
import { createVirtualZebra } from '../../main/simulator/virtual-zebra';
import { seedCustomsOrders } from '../support/customs-orders';
import { accountForPaper, type ToldEvent } from '../support/paper-account';
import { HeadlessChild } from './headless-child';
import { grepSecrets } from './verify';

/**
 * The soak's disk-full phase (issue 28): a station whose data folder is a small tmpfs that fills up in the middle
 * of the work. Orders each with a label and an A4 customs declaration are scanned into the headless host; the disk
 * fills up; it gets room, and the host is started again on the same folder with nothing to read (it finishes what
 * it owes); then the packer scans again what the station said failed before booking it. Checked against the
 * simulator's bookings and both printers' bytes: every booked shipment's every document printed once or its job
 * reported failed, never `printed` with one missing; a job reported failed before any booking is booked only by
 * its own second scan; nothing booked or printed twice. Needs root to mount the tmpfs: skipped, with the reason,
 * where mounting is refused.
 */

export interface DiskFullOptions {
  /** How many orders to scan into the full disk (0: no phase). */
  orders: number;
  /** The tmpfs's size while it fills up (mount's `size=`, e.g. `280k`). */
  size: string;
  headlessEntry: string;
  logDir: string;
  log: (line: string) => void;
}

export interface DiskFullFigures {
  /** Why the phase did not run (no root, not Linux, turned off), when it did not. */
  skipped?: string;
  orders: number;
  /** Scans the station said it could not save (`cannot_save`), before any booking and after one. */
  cannotSave: number;
  bookingNotSaved: number;
  /** Booked shipments whose documents all printed once, with `printed` said, after the disk had room. */
  printedWhole: number;
  /** Booked shipments whose job said `failed` or `held`, nothing of them printed twice. */
  reportedFailed: number;
  /** Scans failed before any booking that nobody booked until the packer scanned them again. */
  failedUnbooked: number;
  /** Orders scanned again by the packer after their `cannot_save`, and how many of them then booked once. */
  rescanned: number;
  bookedOnRescan: number;
  problems: string[];
}

const none = (skipped: string, orders = 0): DiskFullFigures => ({
  skipped,
  orders,
  cannotSave: 0,
  bookingNotSaved: 0,
  printedWhole: 0,
  reportedFailed: 0,
  failedUnbooked: 0,
  rescanned: 0,
  bookedOnRescan: 0,
  problems: [],
});

export async function runDiskFullPhase(options: DiskFullOptions): Promise<DiskFullFigures> {
  if (options.orders <= 0) return none('turned off (--disk-full-orders 0)');
  if (process.platform !== 'linux') return none('not Linux: no tmpfs to fill up');
  const point = await mkdtemp(join(tmpdir(), 'packbench-soak-full-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${options.size}`, 'tmpfs', point], { stdio: 'pipe' });
  } catch (error) {
    await rm(point, { recursive: true, force: true });
    const why = String((error as { stderr?: Buffer }).stderr ?? error).trim();
    return none(`mount -t tmpfs refused (${why}): run as root to fill a real small disk`, options.orders);
  }
  try {
    return await fillUp(point, options);
  } finally {
    execFileSync('umount', [point], { stdio: 'ignore' });
    await rm(point, { recursive: true, force: true });
  }
}

async function fillUp(point: string, options: DiskFullOptions): Promise<DiskFullFigures> {
  const sim = createSimulator({ seed: 28 });
  const keyId = 'soak-full';
  const secret = `soak-full-${randomBytes(12).toString('hex')}`;
  ensureDemoAccount(sim);
  sim.addApiKey({ id: keyId, secret });
  // To Oslo, outside the EU: nShift makes a label and a customs declaration for each.
  const codes = seedCustomsOrders(sim, options.orders, 'FULL-');
  const { deliveryBaseUrl } = await sim.start({ host: '127.0.0.1' });
  const zebra = await createVirtualZebra({ host: '127.0.0.1' });
  const office = await createVirtualOfficePrinter();
  const dataDir = join(point, 'data');
  await mkdir(dataDir);
  const told: ToldEvent[] = [];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PACKBENCH_API_KEY_ID: keyId,
    PACKBENCH_API_KEY_SECRET: secret,
  };
  delete env.PACKBENCH_DATA_DIR;
  const args = [
    '--delivery-url',
    deliveryBaseUrl,
    '--label-printer',
    `tcp://127.0.0.1:${zebra.port}`,
    '--document-printer',
    `tcp://127.0.0.1:${office.port}`,
    '--data-dir',
    dataDir,
  ];
  let index = 100;
  /** One run of the host: these lines in, then the end of input; it finishes its work and exits. */
  const station = async (lines: readonly string[]): Promise<void> => {
    const child = await HeadlessChild.start({
      entry: options.headlessEntry,
      args,
      env,
      logDir: options.logDir,
      index: ++index,
      onEvent: (event) => told.push(event as ToldEvent),
      onContractViolation: () => undefined,
    });
    for (const line of lines) child.send(Buffer.from(line));
    const exit = await child.finish(120_000);
    if (exit !== 0) options.log(`[soak] disk-full phase: station ${index} ended with ${String(exit)}`);
  };
  try {
    options.log(`[soak] disk-full phase: ${codes.length} orders into a ${options.size} data folder`);
    await station(codes);
    execFileSync('mount', ['-o', 'remount,size=64m', point]);
    options.log('[soak] disk-full phase: the disk has room again; the station starts on the same folder');
    await station([]);
    const afterRestart = accountForPaper({
      codes,
      records: sim.records(),
      told,
      labels: zebra.labels(),
      pdfs: office.jobs(),
    });
    // The packer scans again what the station said it had not booked.
    const failedFirst = new Map<string, ToldEvent>();
    for (const e of told)
      if (e.event === 'failed' && e.scan && !failedFirst.has(e.scan)) failedFirst.set(e.scan, e);
    const again = codes.filter((c) => {
      const failure = failedFirst.get(c);
      return failure?.code === 'cannot_save' && !failure.shipmentId;
    });
    if (again.length > 0) await station(again);
    const final = accountForPaper({
      codes,
      records: sim.records(),
      told,
      labels: zebra.labels(),
      pdfs: office.jobs(),
      rescanned: new Set(again),
    });
    const booked = (code: string): number =>
      sim.records().filter((r) => !r.cancelled && r.internalReference === code).length;
    const secrets = await grepSecrets([dataDir], [{ label: 'the API secret', bytes: Buffer.from(secret) }]);
    const problems = [...new Set([...afterRestart.problems, ...final.problems])];
    for (const code of again)
      if (booked(code) !== 1)
        problems.push(`${code} scanned again after cannot_save: booked ${booked(code)} times`);
    if (secrets.hits.length > 0)
      problems.push(`the API secret in ${secrets.hits.length} file(s) of the full disk`);
    const cannotSave = told.filter((e) => e.event === 'failed' && e.code === 'cannot_save');
    if (cannotSave.length === 0)
      problems.push(`the ${options.size} disk never filled up: the phase tested nothing`);
    return {
      orders: codes.length,
      cannotSave: cannotSave.length,
      bookingNotSaved: cannotSave.filter((e) => e.shipmentId).length,
      printedWhole: final.printedWhole,
      reportedFailed: final.reportedFailed,
      failedUnbooked: afterRestart.failedUnbooked,
      rescanned: again.length,
      bookedOnRescan: again.filter((c) => booked(c) === 1).length,
      problems,
    };
  } finally {
    await sim.stop();
    await zebra.close();
    await office.close();
  }
}
