import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createSimulator } from '../../main/simulator/server';
import { seedOrders, seedStoredShipments } from '../../main/simulator/demo';
import { createVirtualZebra } from '../../main/simulator/virtual-zebra';
import type { FaultStats } from '../../main/simulator/faults';
import { runDiskFullPhase, type DiskFullFigures } from './disk-full';
import { HeadlessChild, type HeadlessEvent } from './headless-child';
import type { SoakOptions } from './options';
import { makePlan, ORDER_PREFIX, STORED_PREFIX, type PlannedScan } from './plan';
import {
  checkBookings,
  checkLabels,
  grepSecrets,
  readJournal,
  type BookingFigures,
  type JournalFigures,
  type LabelFigures,
  type SecretFigures,
} from './verify';

/**
 * A simulated day at a packing station: the headless host as a child process, the nShift simulator and the
 * virtual Zebra in this process (so they outlive every kill), a packer who scans, rescans what failed, and
 * a fault schedule drawn from the seed. Afterwards everything is checked against the simulator's records and
 * the printer's bytes.
 */

export interface ScanFigures {
  planned: number;
  sent: number;
  /** Scans of an order again after the station said it failed (what a packer does). */
  rescansAfterFailure: number;
  /** `:reprint CODE` given because the station said "booked, but the label did not come down: reprint it". */
  reprintsRequested: number;
  /** Lines written to a station that was killed before it read them: the packer saw nothing and scanned again. */
  resentAfterKill: number;
  journalled: number;
  /** Lines the station read but the journal does not show (or shows more often than they were read). */
  unaccounted: { scan: string; sent: number; notTaken: number; journalled: number }[];
  badInput: number;
  byKind: Record<string, number>;
  failedEvents: Record<string, number>;
}

export interface FaultFigures {
  sim: FaultStats;
  tokenExpiries: number;
  printerOutages: number;
  printerOfflineMs: number;
  kills: number;
  stalls: number;
}

export interface SoakReport {
  options: Omit<SoakOptions, 'log' | 'setUpSimulator'>;
  dataDir: string;
  logDir: string;
  durationMs: number;
  scans: ScanFigures;
  bookings: BookingFigures;
  labels: LabelFigures;
  journal: Omit<JournalFigures, 'jobsByScan' | 'jobIds'>;
  secrets: SecretFigures;
  faults: FaultFigures;
  /** The disk-full phase after the day (test/soak/disk-full.ts). */
  diskFull: DiskFullFigures;
  contractViolations: string[];
  startupWarnings: string[];
  deadlineHit: boolean;
  sweeps: number;
  problems: string[];
  ok: boolean;
}

const SWEEP_ROUNDS = 3;

export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const started = Date.now();
  const log = options.log;
  const root = options.dataDir ? undefined : await mkdtemp(join(tmpdir(), 'packbench-soak-'));
  const dataDir = options.dataDir ?? join(root!, 'data');
  const logDir = options.dataDir ? `${options.dataDir.replace(/\/+$/, '')}-logs` : join(root!, 'logs');
  await mkdir(dataDir, { recursive: true });
  await mkdir(logDir, { recursive: true });

  const plan = makePlan(options);
  const keyId = 'soak-station';
  const secret = `soak-secret-${randomBytes(16).toString('hex')}`;

  const sim = createSimulator({ seed: options.seed });
  sim.addApiKey({ id: keyId, secret });
  // A few more than are scanned: nobody scans them, so nobody may book them.
  seedOrders(sim, plan.ordersUsed + 20, ORDER_PREFIX);
  seedStoredShipments(sim, plan.storedUsed + 5, STORED_PREFIX);
  options.setUpSimulator?.(sim);
  const { deliveryBaseUrl } = await sim.start({ host: '127.0.0.1' });
  const zebra = await createVirtualZebra({ host: '127.0.0.1' });
  sim.faults.random({
    seed: options.seed,
    serverErrorRate: options.serverErrorRate,
    dropAfterCommitRate: options.dropAfterCommitRate,
    spikeRate: options.spikeRate,
    spikeMs: options.spikeMs,
  });

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
    '--data-dir',
    dataDir,
  ];

  // --- the packer's side ---
  const queue: PlannedScan[] = [...plan.scans];
  const outstanding: PlannedScan[] = [];
  const sentByKey = new Map<string, number>();
  const notTakenByKey = new Map<string, number>();
  const takenByKey = new Map<string, number>();
  const attemptsByCode = new Map<string, number>();
  const scannedBookable = new Map<string, 'order' | 'stored'>();
  const countedJobs = new Set<string>();
  let oldJobIds = new Set<string>();
  const failedEvents: Record<string, number> = {};
  const byKind: Record<string, number> = {};
  const contractViolations: string[] = [];
  const startupWarnings: string[] = [];
  let sent = 0;
  let rescans = 0;
  let reprints = 0;
  let resent = 0;
  let lastActivity = Date.now();
  let wake: () => void = () => {};

  const inc = (map: Map<string, number>, key: string, by = 1): void => {
    map.set(key, (map.get(key) ?? 0) + by);
  };
  const kindOfCode = (code: string): 'order' | 'stored' =>
    code.startsWith(STORED_PREFIX) ? 'stored' : 'order';

  function rescan(code: string): void {
    if ((attemptsByCode.get(code) ?? 0) >= options.maxAttemptsPerCode) return;
    rescans++;
    // The packer puts the parcel back on the pile: it comes round again a few scans later.
    queue.splice(Math.min(queue.length, 3), 0, { kind: 'rescan', line: Buffer.from(code), key: code, code });
  }

  /** The station said the order is booked but its label must be reprinted: the packer does just that. */
  function reprint(code: string): void {
    reprints++;
    queue.unshift({ kind: 'reprint', line: Buffer.from(`:reprint ${code}`), key: `:reprint ${code}` });
  }

  function onEvent(event: HeadlessEvent): void {
    lastActivity = Date.now();
    if (event.event === 'warning' && event.message) startupWarnings.push(event.message);
    const terminal = event.event === 'printed' || event.event === 'held' || event.event === 'failed';
    if (terminal && event.event === 'failed')
      failedEvents[`${event.reason}/${event.code}`] =
        (failedEvents[`${event.reason}/${event.code}`] ?? 0) + 1;
    if (terminal && event.jobId && event.scan !== undefined && !countedJobs.has(event.jobId)) {
      countedJobs.add(event.jobId);
      if (!oldJobIds.has(event.jobId)) {
        const at = outstanding.findIndex((p) => p.key === event.scan);
        if (at >= 0) {
          outstanding.splice(at, 1);
          inc(takenByKey, event.scan);
        }
      }
      const code = event.scan;
      const bookable = code.startsWith(ORDER_PREFIX) || code.startsWith(STORED_PREFIX);
      // The contract's own code for "booked, but the label did not come down": reprint, never rescan.
      const saysReprint = event.code === 'label_not_downloaded';
      if (event.event === 'failed' && bookable && event.reason !== 'duplicate' && saysReprint) reprint(code);
      else if (
        event.event === 'failed' &&
        bookable &&
        (event.reason === 'network' || event.reason === 'auth')
      )
        rescan(code);
    }
    wake();
  }

  let childIndex = 0;
  const startChild = (): Promise<HeadlessChild> =>
    HeadlessChild.start({
      entry: options.headlessEntry,
      args,
      env,
      logDir,
      index: ++childIndex,
      onEvent,
      onContractViolation: (line) => contractViolations.push(line.slice(0, 200)),
    });

  const faults: FaultFigures = {
    sim: sim.faults.stats,
    tokenExpiries: 0,
    printerOutages: 0,
    printerOfflineMs: 0,
    kills: 0,
    stalls: 0,
  };
  let outageUntil = 0;
  let outageStartedAt = 0;
  let outageTimer: NodeJS.Timeout | undefined;
  let deadlineHit = false;
  let sweeps = 0;
  const pendingKills = [...plan.schedule.kills];
  const pendingExpiries = [...plan.schedule.tokenExpiries];
  const pendingOutages = [...plan.schedule.outages];

  const waitForActivity = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done(): void {
        clearTimeout(timer);
        wake = () => {};
        resolve();
      }
      wake = done;
    });

  async function handOver(child: HeadlessChild, why: string): Promise<HeadlessChild> {
    await child.kill();
    // The station is gone: what it journalled is all it took. The rest the packer scans again.
    const journal = await readJournal(dataDir);
    const lines = outstanding.splice(0);
    const again: PlannedScan[] = [];
    for (const line of lines) {
      if ((journal.jobsByScan.get(line.key) ?? 0) > (takenByKey.get(line.key) ?? 0))
        inc(takenByKey, line.key);
      else {
        inc(notTakenByKey, line.key);
        resent++;
        again.push(line);
      }
    }
    queue.unshift(...again);
    oldJobIds = journal.jobIds;
    log(
      `[soak] ${why}: station ${child.index} (pid ${child.pid}) gone; ${lines.length - again.length} scan(s) it journalled resume, ${again.length} scanned again`,
    );
    const next = await startChild();
    lastActivity = Date.now();
    return next;
  }

  function outageActive(): boolean {
    return Date.now() < outageUntil;
  }

  async function startOutage(): Promise<void> {
    faults.printerOutages++;
    faults.printerOfflineMs += options.offlineMs;
    outageStartedAt = Date.now();
    outageUntil = outageStartedAt + options.offlineMs;
    log(`[soak] label printer offline for ${Math.round(options.offlineMs / 1000)} s`);
    await zebra.offline();
    outageTimer = setTimeout(() => {
      void zebra.online().then(() => log('[soak] label printer back online'));
    }, options.offlineMs);
  }

  /** Sends the queue through the station, a window of scans at a time, firing the scheduled faults on the way. */
  async function drive(child: HeadlessChild): Promise<HeadlessChild> {
    let current = child;
    let lastProgress = 0;
    while (queue.length > 0 || outstanding.length > 0) {
      if (Date.now() - started > options.deadlineMs) {
        deadlineHit = true;
        log('[soak] deadline reached: stopping');
        break;
      }
      const kill = pendingKills[0];
      const killDue = kill?.whileOffline
        ? outageActive()
          ? Date.now() - outageStartedAt >= Math.min(kill.delayMs, options.offlineMs / 2)
          : sent > kill.afterScans && outageStartedAt > 0 // the outage came and went: kill now rather than never
        : kill !== undefined && sent >= kill.afterScans;
      if (kill && killDue) {
        pendingKills.shift();
        if (!kill.whileOffline && kill.delayMs > 0) await sleep(kill.delayMs);
        faults.kills++;
        current = await handOver(current, `SIGKILL ${faults.kills}`);
        continue;
      }
      if (pendingExpiries[0] && sent >= pendingExpiries[0].afterScans) {
        pendingExpiries.shift();
        faults.tokenExpiries++;
        sim.faults.expireAllTokens();
        log(`[soak] every nShift token expired (${faults.tokenExpiries})`);
      }
      if (pendingOutages[0] && sent >= pendingOutages[0].afterScans && !outageActive()) {
        pendingOutages.shift();
        await startOutage();
      }
      if (queue.length > 0 && outstanding.length < options.window) {
        const next = queue.shift()!;
        if (next.kind === 'reprint') {
          // A command, not a scan: no scan job in the journal, and its outcome is checked on the printer.
          byKind.reprint = (byKind.reprint ?? 0) + 1;
          current.send(next.line);
          continue;
        }
        if (next.code) {
          inc(attemptsByCode, next.code);
          scannedBookable.set(next.code, kindOfCode(next.code));
        }
        byKind[next.kind] = (byKind[next.kind] ?? 0) + 1;
        inc(sentByKey, next.key);
        outstanding.push(next);
        sent++;
        current.send(next.line);
        if (sent - lastProgress >= 100) {
          lastProgress = sent;
          log(
            `[soak] ${sent} scans sent, ${queue.length} to go, ${outstanding.length} in flight, ${sim.records().length} bookings`,
          );
        }
        continue;
      }
      await waitForActivity(1000);
      const quietFor = Date.now() - lastActivity;
      if (quietFor > options.stallMs + (outageActive() ? options.offlineMs : 0) + options.spikeMs) {
        faults.stalls++;
        current = await handOver(
          current,
          `no station event for ${Math.round(quietFor / 1000)} s (stall ${faults.stalls})`,
        );
      } else if (!current.running) {
        faults.stalls++;
        current = await handOver(current, 'the station exited by itself');
      }
    }
    return current;
  }

  let child = await startChild();
  try {
    for (;;) {
      child = await drive(child);
      const exit = await child.finish(Math.max(120_000, options.offlineMs + 60_000));
      if (exit !== 0) log(`[soak] station ${child.index} ended with ${String(exit)}`);
      if (deadlineHit) break;
      // End of the day: the packer looks for parcels that never got a label booked and scans them again.
      const booked = new Set(
        sim
          .records()
          .filter((r) => !r.cancelled)
          .map((r) => (r.route === 'stored' ? r.orderNo : r.internalReference)),
      );
      const missing = [...scannedBookable.keys()].filter(
        (c) => !booked.has(c) && (attemptsByCode.get(c) ?? 0) < options.maxAttemptsPerCode,
      );
      if (missing.length === 0 || sweeps >= SWEEP_ROUNDS) break;
      sweeps++;
      log(`[soak] end-of-day sweep ${sweeps}: ${missing.length} order(s) without a booking scanned again`);
      for (const code of missing) rescan(code);
      child = await startChild();
    }
  } finally {
    if (child.running) await child.kill();
    clearTimeout(outageTimer);
    await zebra.online().catch(() => undefined);
  }

  // --- the checks ---
  const records = sim.records();
  const bookings = checkBookings(records, { scanned: scannedBookable });
  const labels = await checkLabels(records, zebra.labels(), dataDir);
  const journal = await readJournal(dataDir);
  const unaccounted: ScanFigures['unaccounted'] = [];
  for (const [key, count] of sentByKey) {
    const notTaken = notTakenByKey.get(key) ?? 0;
    const journalled = journal.jobsByScan.get(key) ?? 0;
    if (count - notTaken !== journalled) unaccounted.push({ scan: key, sent: count, notTaken, journalled });
  }
  for (const [key, journalled] of journal.jobsByScan) {
    if (!sentByKey.has(key)) unaccounted.push({ scan: key, sent: 0, notTaken: 0, journalled });
  }
  await sim.stop();
  await zebra.close();

  const diskFull = await runDiskFullPhase({
    orders: options.diskFullOrders,
    size: options.diskFullSize,
    headlessEntry: options.headlessEntry,
    logDir,
    log,
  });
  if (diskFull.skipped) log(`[soak] disk-full phase skipped: ${diskFull.skipped}`);

  const secrets = await grepSecrets(
    [dataDir, logDir],
    [
      { label: 'the API secret', bytes: Buffer.from(secret) },
      {
        label: 'the Basic credentials (base64)',
        bytes: Buffer.from(Buffer.from(`${keyId}:${secret}`).toString('base64')),
      },
      { label: 'the API secret (base64)', bytes: Buffer.from(Buffer.from(secret).toString('base64')) },
    ],
  );

  const scans: ScanFigures = {
    planned: plan.scans.length,
    sent,
    rescansAfterFailure: rescans,
    reprintsRequested: reprints,
    resentAfterKill: resent,
    journalled: journal.scanJobs,
    unaccounted,
    badInput: byKind.bad ?? 0,
    byKind,
    failedEvents,
  };
  const problems: string[] = [];
  const need = (ok: boolean, message: string): void => {
    if (!ok) problems.push(message);
  };
  need(
    bookings.notBooked.length === 0,
    `${bookings.notBooked.length} scanned order(s) never booked: ${bookings.notBooked.slice(0, 10).join(', ')}`,
  );
  need(
    bookings.doubled.length === 0,
    `${bookings.doubled.length} order(s) booked more than once: ${JSON.stringify(bookings.doubled.slice(0, 5))}`,
  );
  need(
    bookings.phantom.length === 0,
    `${bookings.phantom.length} booking(s) of codes nobody scanned: ${bookings.phantom.slice(0, 10).join(', ')}`,
  );
  need(
    labels.lost.length === 0,
    `${labels.lost.length} booked label(s) neither printed nor held: ${JSON.stringify(labels.lost.slice(0, 5))}`,
  );
  need(
    labels.doubled.length === 0,
    `${labels.doubled.length} label(s) printed more than once: ${JSON.stringify(labels.doubled.slice(0, 5))}`,
  );
  need(labels.unknown === 0, `${labels.unknown} label(s) on the printer that match no booking`);
  need(
    labels.spoolUnfinished === 0,
    `${labels.spoolUnfinished} spool job(s) still queued or sending at the end`,
  );
  need(labels.spoolUnreadable === 0, `${labels.spoolUnreadable} unreadable spool file(s)`);
  need(journal.corruptNow === 0, `${journal.corruptNow} corrupt journal line(s)`);
  need(
    journal.openJobs.length === 0,
    `${journal.openJobs.length} job(s) never finished: ${JSON.stringify(journal.openJobs.slice(0, 5))}`,
  );
  need(
    unaccounted.length === 0,
    `${unaccounted.length} scan(s) not accounted for in the journal: ${JSON.stringify(unaccounted.slice(0, 5))}`,
  );
  need(
    secrets.hits.length === 0,
    `the API secret was found in ${secrets.hits.length} artifact(s): ${JSON.stringify(secrets.hits.slice(0, 5))}`,
  );
  need(
    contractViolations.length === 0,
    `${contractViolations.length} stdout line(s) that are not JSON events`,
  );
  need(faults.kills === options.kills, `only ${faults.kills} of ${options.kills} kills happened`);
  need(faults.stalls === 0, `the station stalled ${faults.stalls} time(s)`);
  need(!deadlineHit, 'the run hit its deadline');
  for (const problem of diskFull.problems) problems.push(`disk-full phase: ${problem}`);

  const { log: _log, setUpSimulator: _setUp, ...shownOptions } = options;
  const { jobsByScan: _byScan, jobIds: _ids, ...journalFigures } = journal;
  return {
    options: shownOptions,
    dataDir,
    logDir,
    durationMs: Date.now() - started,
    scans,
    bookings,
    labels,
    journal: journalFigures,
    secrets,
    faults,
    diskFull,
    contractViolations: contractViolations.slice(0, 20),
    startupWarnings,
    deadlineHit,
    sweeps,
    problems,
    ok: problems.length === 0,
  };
}
