import { createRandom, type Random } from '../../main/simulator/random';
import { displayScan, parseScanCode } from '../../main/station/scan-code';

/**
 * The day's scans and fault schedule, drawn from one seed: the same seed gives the same scans, the same
 * kill points and the same outages on every run (timing varies, the schedule does not).
 */

/** `reprint` is the `:reprint CODE` command a packer gives when the station says a booked label must be reprinted. */
export type ScanKind = 'order' | 'stored' | 'rescan' | 'unknown' | 'bad' | 'reprint';

export interface PlannedScan {
  kind: ScanKind;
  /** The bytes written to the host's stdin (without the newline). */
  line: Buffer;
  /** The `scan` the station journals and reports for this line (the cleaned code, or the shortened bad input). */
  key: string;
  /** For bookable codes: the order's internalReference or the stored shipment's orderNo. */
  code?: string;
}

export interface FaultSchedule {
  /** SIGKILL the station right after this many scans were sent, after `delayMs`. */
  /**
   * `whileOffline`: the kill waits for the printer outage that starts at `afterScans` and comes `delayMs` into
   * it, while labels wait in the spool.
   */
  kills: { afterScans: number; delayMs: number; whileOffline?: boolean }[];
  tokenExpiries: { afterScans: number }[];
  outages: { afterScans: number }[];
}

export interface SoakPlan {
  scans: PlannedScan[];
  ordersUsed: number;
  storedUsed: number;
  schedule: FaultSchedule;
}

export const ORDER_PREFIX = 'SOAK-';
export const STORED_PREFIX = 'STO-';

/** The `scan` field the station reports for what it read from one stdin line. */
export function scanKey(line: Buffer): string {
  const text = line.toString('utf8'); // what readline hands the host
  const parsed = parseScanCode(text);
  return parsed.ok ? parsed.value : displayScan(text);
}

function badInput(rng: Random, n: number): Buffer {
  switch (n % 5) {
    case 0: // control characters (ESC, BEL, NUL) around a real-looking code
      return Buffer.from(`ORD-\x1b[2J\x07${Math.floor(rng() * 1e6)}\x00`, 'latin1');
    case 1: // a 10,000-character scan (a stuck scanner)
      return Buffer.from('7'.repeat(10_000), 'latin1');
    case 2: {
      // binary garbage, without line breaks (each would be another scan)
      const bytes = Buffer.alloc(64 + Math.floor(rng() * 256));
      for (let i = 0; i < bytes.length; i++) {
        let b = Math.floor(rng() * 256);
        // \n and \r end a line; 0xe2 could start U+2028/U+2029, which readline also takes as a line end
        if (b === 0x0a || b === 0x0d || b === 0xe2) b = 0x01;
        bytes[i] = b;
      }
      bytes[0] = 0xc3; // never all whitespace: the host skips blank lines
      return bytes;
    }
    case 3: // invalid UTF-8: a lone continuation byte and a truncated sequence
      return Buffer.from([0x53, 0x4f, 0x2d, 0x80, 0xff, 0xfe, 0xe2, 0x82]);
    default: // characters no order number has
      return Buffer.from(`ORD-1001';DROP TABLE orders;--<script>`, 'utf8');
  }
}

/** Spreads `count` points over (0, total) with seeded jitter, never in the first or last 5 % of the day. */
function spread(rng: Random, count: number, total: number): number[] {
  const points: number[] = [];
  for (let i = 0; i < count; i++) {
    const slot = total / (count + 1);
    const jitter = (rng() - 0.5) * slot * 0.5;
    points.push(Math.max(1, Math.min(total - 1, Math.round(slot * (i + 1) + jitter))));
  }
  return points;
}

export function makePlan(options: {
  scans: number;
  seed: number;
  kills: number;
  outages: number;
  tokenExpiries: number;
}): SoakPlan {
  const rng = createRandom(options.seed);
  const scans: PlannedScan[] = [];
  const bookable: string[] = [];
  let orders = 0;
  let stored = 0;
  let bad = 0;
  let unknown = 0;
  for (let i = 0; i < options.scans; i++) {
    const r = rng();
    if (r < 0.8 || (r < 0.94 && r >= 0.88 && bookable.length === 0)) {
      const code = `${ORDER_PREFIX}${++orders}`;
      bookable.push(code);
      scans.push({ kind: 'order', line: Buffer.from(code), key: code, code });
    } else if (r < 0.88) {
      const code = `${STORED_PREFIX}${++stored}`;
      bookable.push(code);
      scans.push({ kind: 'stored', line: Buffer.from(code), key: code, code });
    } else if (r < 0.94) {
      const code = bookable[Math.floor(rng() * bookable.length)]!;
      scans.push({ kind: 'rescan', line: Buffer.from(code), key: code, code });
    } else if (r < 0.97) {
      const code = `NOPE-${++unknown}`;
      scans.push({ kind: 'unknown', line: Buffer.from(code), key: code });
    } else {
      const line = badInput(rng, bad++);
      scans.push({ kind: 'bad', line, key: scanKey(line) });
    }
  }
  const kills: FaultSchedule['kills'] = spread(rng, options.kills, options.scans).map((afterScans) => ({
    afterScans,
    delayMs: Math.floor(rng() * 400),
  }));
  const tokenExpiries = spread(rng, options.tokenExpiries, options.scans).map((afterScans) => ({
    afterScans,
  }));
  const outages = spread(rng, options.outages, options.scans).map((afterScans) => ({ afterScans }));
  // One kill lands while the printer is offline, with labels waiting in the spool: they must print once after
  // the restart, not twice and not never.
  const duringOutage = kills.length > 1 ? 1 : 0;
  if (kills[duringOutage] && outages[0])
    kills[duringOutage] = { afterScans: outages[0].afterScans, delayMs: 5000, whileOffline: true };
  kills.sort((a, b) => a.afterScans - b.afterScans);
  const schedule: FaultSchedule = { kills, tokenExpiries, outages };
  return { scans, ordersUsed: orders, storedUsed: stored, schedule };
}
