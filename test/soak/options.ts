import { parseArgs } from 'node:util';
import type { Simulator } from '../../main/simulator/server';

/**
 * What a soak run does. The defaults are issue 6's "simulated day": 2,000 scans, 5 % server errors, 2 % of
 * bookings dropped after commit, 10 s latency spikes, every token expired twice, the label printer offline
 * for minutes at a time, and the station SIGKILLed three times.
 */
export interface SoakOptions {
  scans: number;
  seed: number;
  kills: number;
  /** How many times the label printer goes offline, and for how long each time (wall-clock ms). */
  outages: number;
  offlineMs: number;
  /** Latency spike length and the share of nShift calls that get one. */
  spikeMs: number;
  spikeRate: number;
  serverErrorRate: number;
  dropAfterCommitRate: number;
  tokenExpiries: number;
  /** Scans handed to the station before the first of them has come back (a scanner does not wait). */
  window: number;
  /** A packer scans an order again when the station said "failed, scan again"; at most this many times. */
  maxAttemptsPerCode: number;
  /** Where the station keeps its data; a fresh temporary folder when not given. */
  dataDir?: string;
  /** The built headless host to spawn. */
  headlessEntry: string;
  /** Hard stop for the whole run (wall-clock ms): the runner reports what it has and fails. */
  deadlineMs: number;
  /** No station event for this long (plus any printer outage) means the station is stuck. */
  stallMs: number;
  /** Progress lines on stderr. */
  log: (line: string) => void;
  /** Extra set-up of the simulator before the day starts (tests aim a fault at one step). */
  setUpSimulator?: (sim: Simulator) => void;
  /**
   * The disk-full phase after the day (test/soak/disk-full.ts): this many orders, each a label and a customs
   * declaration, into a data folder on a tmpfs of `diskFullSize` (0: no phase).
   */
  diskFullOrders: number;
  diskFullSize: string;
}

export const SOAK_DEFAULTS: Omit<SoakOptions, 'headlessEntry' | 'log' | 'setUpSimulator'> = {
  scans: 2000,
  seed: 6,
  kills: 3,
  outages: 3,
  offlineMs: 90_000,
  spikeMs: 10_000,
  spikeRate: 0.002,
  serverErrorRate: 0.05,
  dropAfterCommitRate: 0.02,
  tokenExpiries: 2,
  window: 3,
  maxAttemptsPerCode: 8,
  deadlineMs: 45 * 60_000,
  stallMs: 120_000,
  diskFullOrders: 50,
  diskFullSize: '280k',
};

export const SOAK_HELP = `packbench soak: a simulated day of scans through the headless host, with faults.

Usage: npm run soak -- [--scans N] [--seed S] [--kills K] [--outages N] [--offline-ms M]
                       [--spike-ms M] [--spike-rate R] [--server-error-rate R] [--drop-rate R]
                       [--window W] [--data-dir DIR] [--deadline-ms M]
                       [--disk-full-orders N] [--disk-full-size SIZE]

Defaults: ${SOAK_DEFAULTS.scans} scans, seed ${SOAK_DEFAULTS.seed}, ${SOAK_DEFAULTS.kills} SIGKILLs, ${SOAK_DEFAULTS.outages} printer outages of ${SOAK_DEFAULTS.offlineMs} ms,
${SOAK_DEFAULTS.spikeMs} ms spikes on ${SOAK_DEFAULTS.spikeRate * 100} % of calls, ${SOAK_DEFAULTS.serverErrorRate * 100} % server errors, ${SOAK_DEFAULTS.dropAfterCommitRate * 100} % of bookings dropped after
commit, every token expired ${SOAK_DEFAULTS.tokenExpiries} times. Then the disk-full phase: ${SOAK_DEFAULTS.diskFullOrders} orders (label and customs
declaration each) into a data folder on a ${SOAK_DEFAULTS.diskFullSize} tmpfs that fills up, room again, a restart, the failed ones
scanned again (needs root to mount the tmpfs; skipped, with the reason, otherwise; --disk-full-orders 0 turns it
off). Needs the built host: npm run build (or node scripts/build-main.mjs).
Exit code 0 only when nothing was lost, doubled, corrupt or leaked.`;

function num(value: string | undefined, name: string, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < min || n > max)
    throw new Error(`--${name} must be a number from ${min} to ${max}, not "${value}"`);
  return n;
}

/** A tmpfs size as mount takes it: a number of bytes with k, m or g. */
function size(value: string | undefined, fallback: string): string {
  if (value === undefined) return fallback;
  if (!/^\d{1,9}[kmg]?$/i.test(value))
    throw new Error(`--disk-full-size must be like 280k or 1m, not "${value}"`);
  return value;
}

export function parseSoakArgs(
  argv: string[],
): Omit<SoakOptions, 'headlessEntry' | 'log' | 'setUpSimulator'> | 'help' {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      scans: { type: 'string' },
      seed: { type: 'string' },
      kills: { type: 'string' },
      outages: { type: 'string' },
      'offline-ms': { type: 'string' },
      'spike-ms': { type: 'string' },
      'spike-rate': { type: 'string' },
      'server-error-rate': { type: 'string' },
      'drop-rate': { type: 'string' },
      window: { type: 'string' },
      'data-dir': { type: 'string' },
      'deadline-ms': { type: 'string' },
      'disk-full-orders': { type: 'string' },
      'disk-full-size': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return 'help';
  const d = SOAK_DEFAULTS;
  return {
    ...d,
    scans: Math.floor(num(values.scans, 'scans', d.scans, 1, 1_000_000)),
    seed: Math.floor(num(values.seed, 'seed', d.seed, 0, 2 ** 31)),
    kills: Math.floor(num(values.kills, 'kills', d.kills, 0, 100)),
    outages: Math.floor(num(values.outages, 'outages', d.outages, 0, 100)),
    offlineMs: num(values['offline-ms'], 'offline-ms', d.offlineMs, 0, 3_600_000),
    spikeMs: num(values['spike-ms'], 'spike-ms', d.spikeMs, 0, 60_000),
    spikeRate: num(values['spike-rate'], 'spike-rate', d.spikeRate, 0, 1),
    serverErrorRate: num(values['server-error-rate'], 'server-error-rate', d.serverErrorRate, 0, 0.5),
    dropAfterCommitRate: num(values['drop-rate'], 'drop-rate', d.dropAfterCommitRate, 0, 0.5),
    window: Math.floor(num(values.window, 'window', d.window, 1, 50)),
    deadlineMs: num(values['deadline-ms'], 'deadline-ms', d.deadlineMs, 10_000, 24 * 3_600_000),
    diskFullOrders: Math.floor(
      num(values['disk-full-orders'], 'disk-full-orders', d.diskFullOrders, 0, 10_000),
    ),
    diskFullSize: size(values['disk-full-size'], d.diskFullSize),
    ...(values['data-dir'] ? { dataDir: values['data-dir'] } : {}),
  };
}
