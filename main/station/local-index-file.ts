/**
 * The local index kept between starts (`local-index.tsv` in the data folder), so that a station restarted on an
 * account of tens of thousands of open orders and READY stored shipments resolves its first scans from it
 * instead of waiting minutes for a sweep (docs/architecture.md, "The local index kept between starts").
 *
 * It is trusted no further than the index in memory: an entry only saves a lookup, a stale one ends in nShift
 * refusing the booking (`duplicate`), and the first refresh after a start corrects it. So the file has to be
 * whole and this account's, nothing more:
 *  - one checksummed header line (`<crc32> <json>`: version, the account it came from, the sweep's positions,
 *    how many entries follow and the checksum and length of the lines that follow), then one line per entry,
 *    `o<TAB>internalReference<TAB>ids` or `s<TAB>orderNo<TAB>ids`: ids and parcels, never a receiver;
 *  - the account is a SHA-256 of the Delivery URL and the API key's id: another key or URL, and the file is not
 *    used (and overwritten by the next save);
 *  - written atomically (temp file, fsync, rename, folder fsync), mode 0600, at most `MAX_BYTES`;
 *  - anything wrong (torn, a checksum, a count, another version, too large) means a full sweep as on a first
 *    start, with a log line: the file is only ever a head start.
 */
import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { crc32 } from 'node:zlib';
import { readFileIfExists, writeFileAtomic } from '../files/atomic';
import { checksumLine, verifiedJson } from '../files/line-log';
import * as z from '../zod';

export const INDEX_FILE = 'local-index.tsv';
const VERSION = 1;
/** 100,000 orders with a few parcels each and as many stored shipments take about 10 MB. */
const MAX_BYTES = 32 * 1024 * 1024;
/** Lines written or read between two turns of the event loop: a scan never waits long behind the file. */
const LINES_PER_TURN = 5_000;

/** What the index holds and where its reads go on from; the entries as the index keeps them in memory. */
export interface IndexState<Entries> {
  /** When the last full sweep began (ms since the epoch), if one ever ended. */
  lastFullAt?: number;
  /** How many orders the list held at the end of the last read: an incremental read starts at that page. */
  ordersListed: number;
  /** Stored shipments created up to this time (ms) are in the index. */
  storedUntil: number;
  /** Every window of creation dates read into the stored part held fewer than a list's 50. */
  storedComplete: boolean;
  /** internalReference → the order's compact entry (local-index.ts). */
  orders: Entries;
  /** orderNo → its READY stored shipments' ids (local-index.ts). */
  stored: Entries;
}
export type SavedIndex = IndexState<Map<string, string>>;
export type IndexToSave = IndexState<Iterable<readonly [string, string]>>;

export interface IndexFile {
  /** The saved index, when there is one of this account that is whole; otherwise undefined (and why, logged). */
  read(): Promise<SavedIndex | undefined>;
  /** Saves the index (atomically); an index larger than the file may be is not saved, with a log line. */
  write(index: IndexToSave): Promise<void>;
}

const headerSchema = z.object({
  format: z.literal('packbench-local-index'),
  version: z.number(),
  account: z.string(),
  savedAt: z.string(),
  lastFullAt: z.optional(z.number()),
  ordersListed: z.number().check(z.nonnegative()),
  storedUntil: z.number().check(z.nonnegative()),
  storedComplete: z.boolean(),
  orders: z.int().check(z.nonnegative()),
  stored: z.int().check(z.nonnegative()),
  bodyBytes: z.int().check(z.nonnegative()),
  bodyCrc: z.int(),
});

/** Which account a saved index belongs to: the Delivery URL and the API key's id (never its secret), hashed. */
export function indexAccount(deliveryUrl: string, keyId: string): string {
  return createHash('sha256').update(`${deliveryUrl}\n${keyId}`).digest('hex');
}

export function createIndexFile(options: {
  path: string;
  /** The account now in use (indexAccount); undefined: no API key, nothing is read or written. */
  account: () => string | undefined;
  log: (line: string) => void;
}): IndexFile {
  const { path, log } = options;
  const skip = (why: string): undefined => {
    log(`local index: the saved index (${path}) is not used: ${why}; a full sweep builds it anew`);
    return undefined;
  };

  return {
    async read() {
      const account = options.account();
      if (account === undefined) return undefined;
      let raw: Buffer | undefined;
      try {
        const size = (await stat(path).catch(() => undefined))?.size;
        if (size !== undefined && size > MAX_BYTES) return skip(`it is larger than ${MAX_BYTES} bytes`);
        raw = await readFileIfExists(path);
      } catch (error) {
        return skip(`it cannot be read (${String(error)})`);
      }
      if (raw === undefined) return undefined;
      const end = raw.indexOf(0x0a);
      const json = end < 0 ? undefined : verifiedJson(raw.subarray(0, end));
      if (json === undefined) return skip('its header is torn or fails its checksum');
      let header: z.infer<typeof headerSchema>;
      try {
        const parsed = headerSchema.safeParse(JSON.parse(json));
        if (!parsed.success) return skip('its header is not one this version writes');
        header = parsed.data;
      } catch {
        return skip('its header is not JSON');
      }
      if (header.version !== VERSION) return skip(`it is of version ${header.version}`);
      if (header.account !== account) return skip('it was saved for another API key or Delivery URL');
      const body = raw.subarray(end + 1);
      if (body.length !== header.bodyBytes || crc32(body) !== header.bodyCrc)
        return skip('its entries are torn or fail their checksum');
      const index: SavedIndex = {
        ordersListed: header.ordersListed,
        storedUntil: header.storedUntil,
        storedComplete: header.storedComplete,
        ...(header.lastFullAt !== undefined ? { lastFullAt: header.lastFullAt } : {}),
        orders: new Map(),
        stored: new Map(),
      };
      const text = body.toString('utf8');
      let at = 0;
      for (let line = 1; at < text.length; line++) {
        const next = text.indexOf('\n', at);
        if (next < 0) return skip('its last entry is torn');
        const [kind, code, entry, extra] = text.slice(at, next).split('\t');
        at = next + 1;
        const into = kind === 'o' ? index.orders : kind === 's' ? index.stored : undefined;
        if (!into || !code || !entry || extra !== undefined) return skip(`its entry ${line} is not one`);
        into.set(code, entry);
        if (line % LINES_PER_TURN === 0) await nextTurn();
      }
      if (index.orders.size !== header.orders || index.stored.size !== header.stored)
        return skip('it holds another number of entries than its header says');
      return index;
    },

    async write(index) {
      const account = options.account();
      if (account === undefined) return;
      const chunks: string[] = [];
      const counts = { o: 0, s: 0 };
      let lines: string[] = [];
      let bytes = 0;
      for (const [kind, entries] of [
        ['o', index.orders],
        ['s', index.stored],
      ] as const) {
        for (const [code, entry] of entries) {
          // A code or id with a tab or a line break cannot be a field of a line: it is looked up live instead.
          if (!code || !entry || UNSAFE.test(code) || UNSAFE.test(entry)) continue;
          const line = `${kind}\t${code}\t${entry}\n`;
          lines.push(line);
          bytes += line.length;
          counts[kind]++;
          if (lines.length === LINES_PER_TURN) {
            chunks.push(lines.join(''));
            lines = [];
            if (bytes > MAX_BYTES) {
              log(`local index: not saved, it would be larger than ${MAX_BYTES} bytes`);
              return;
            }
            await nextTurn();
          }
        }
      }
      chunks.push(lines.join(''));
      const body = Buffer.from(chunks.join(''), 'utf8');
      if (body.length > MAX_BYTES) {
        log(`local index: not saved, it would be larger than ${MAX_BYTES} bytes`);
        return;
      }
      const header: z.infer<typeof headerSchema> = {
        format: 'packbench-local-index',
        version: VERSION,
        account,
        savedAt: new Date().toISOString(),
        ...(index.lastFullAt !== undefined ? { lastFullAt: index.lastFullAt } : {}),
        ordersListed: index.ordersListed,
        storedUntil: index.storedUntil,
        storedComplete: index.storedComplete,
        orders: counts.o,
        stored: counts.s,
        bodyBytes: body.length,
        bodyCrc: crc32(body),
      };
      await writeFileAtomic(path, Buffer.concat([Buffer.from(checksumLine(JSON.stringify(header))), body]), {
        mode: 0o600,
      });
    },
  };
}

const UNSAFE = /[\t\n\r]/;

function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
