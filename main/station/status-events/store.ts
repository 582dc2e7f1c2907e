/**
 * The status events the station has read from nShift's feed, and where in the feed it is, in the data
 * directory (`status-events/`, beside `journal/` and `labels/`):
 *
 * - `feed.json`: the fetchId to continue from, when the last call left (so a restart keeps the call-rate
 *   rule) and when the feed was last read to the end.
 * - `events.json`: the events, oldest first.
 *
 * Both are written atomically (temp file, fsync, rename, fsync of the folder). The events are written before
 * the fetchId that follows them: a crash in between reads those pages again, and events are deduplicated,
 * so none is lost and none doubled. The events are bounded (`maxEvents`, oldest dropped first) and pruned by
 * age (`prune`). A file that cannot be read is set aside as `*.corrupt-<time>` with a warning, like the
 * journal's torn tail; the station carries on.
 */
import { rename } from 'node:fs/promises';
import { join } from 'node:path';
import * as z from '../../zod';
import { readFileIfExists, writeFileAtomic } from '../../files/atomic';

export interface StoredStatusEvent {
  /** nShift's `alertCode`, e.g. `STATUS_DELIVERED`. */
  code: string;
  /** When it happened (ISO). */
  at: string;
  shipmentNo?: string;
  orderNo?: string;
  parcelNos: string[];
}

const eventSchema = z.object({
  code: z.string(),
  at: z.string(),
  shipmentNo: z.optional(z.string()),
  orderNo: z.optional(z.string()),
  parcelNos: z.array(z.string()),
});
const eventsFileSchema = z.object({ version: z.literal(1), events: z.array(eventSchema) });

const feedFileSchema = z.object({
  version: z.literal(1),
  fetchId: z.optional(z.int()),
  /** Epoch ms of the last feed call that counted against the call-rate rule. */
  lastCallAt: z.optional(z.number()),
  /** ISO time the feed was last read to its end. */
  readAt: z.optional(z.string()),
  /** Epoch ms: nShift said "too soon" (another station on the account had just called); try again then. */
  retryAt: z.optional(z.number()),
});
export type FeedPosition = Omit<z.infer<typeof feedFileSchema>, 'version'>;

/** Enough for a day of events of a busy account with room to spare (about 200 bytes each on disk). */
export const DEFAULT_MAX_EVENTS = 50_000;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface StatusEventStore {
  /** Messages from opening the files (one set aside as corrupt). */
  readonly warnings: readonly string[];
  position(): FeedPosition;
  /** Adds the events not already kept; returns how many were new. Kept in memory until `save`. */
  add(events: readonly StoredStatusEvent[]): number;
  /** Writes the events (when they changed), then the feed position. */
  save(position: FeedPosition): Promise<void>;
  /** Events of a shipment, by its shipment number or any of its parcel numbers, oldest first. */
  eventsFor(shipment: { shipmentNo?: string; parcelNos?: readonly string[] }): StoredStatusEvent[];
  /** Removes events that happened more than `olderThanDays` days ago and saves; returns how many went. */
  prune(olderThanDays: number): Promise<number>;
  size(): number;
}

export interface StatusEventStoreOptions {
  now?: () => number;
  maxEvents?: number;
}

export async function openStatusEventStore(
  dir: string,
  options: StatusEventStoreOptions = {},
): Promise<StatusEventStore> {
  const now = options.now ?? Date.now;
  const maxEvents = options.maxEvents ?? DEFAULT_MAX_EVENTS;
  const eventsPath = join(dir, 'events.json');
  const feedPath = join(dir, 'feed.json');
  const warnings: string[] = [];

  const eventsFile = await readJson(eventsPath, eventsFileSchema, warnings);
  const events: StoredStatusEvent[] = eventsFile?.events.map(normalise) ?? [];
  const feedFile = await readJson(feedPath, feedFileSchema, warnings);
  let position: FeedPosition = feedFile ? withoutVersion(feedFile) : {};
  // Events lost to a corrupt file: read the feed again from its start, so whatever nShift still has comes back.
  if (warnings.some((w) => w.includes(eventsPath))) delete position.fetchId;

  const keys = new Set<string>();
  const byShipmentNo = new Map<string, StoredStatusEvent[]>();
  const byParcelNo = new Map<string, StoredStatusEvent[]>();
  let dirty = false;

  function index(event: StoredStatusEvent): void {
    keys.add(keyOf(event));
    if (event.shipmentNo) push(byShipmentNo, event.shipmentNo, event);
    for (const parcelNo of event.parcelNos) push(byParcelNo, parcelNo, event);
  }
  function reindex(): void {
    keys.clear();
    byShipmentNo.clear();
    byParcelNo.clear();
    for (const event of events) index(event);
  }
  reindex();

  /** Keeps the newest `maxEvents` (by when they happened). */
  function bound(): void {
    if (events.length <= maxEvents) return;
    events.sort(byTime);
    events.splice(0, events.length - maxEvents);
    reindex();
  }

  async function save(next: FeedPosition): Promise<void> {
    if (dirty) {
      await writeFileAtomic(eventsPath, JSON.stringify({ version: 1, events }));
      dirty = false;
    }
    position = { ...next };
    await writeFileAtomic(feedPath, JSON.stringify({ version: 1, ...position }));
  }

  return {
    warnings,
    position: () => ({ ...position }),
    add(incoming) {
      let added = 0;
      for (const raw of incoming) {
        const event = normalise(raw);
        if (keys.has(keyOf(event))) continue;
        events.push(event);
        index(event);
        added++;
      }
      if (added > 0) {
        dirty = true;
        bound();
      }
      return added;
    },
    save,
    eventsFor({ shipmentNo, parcelNos }) {
      const found = new Set<StoredStatusEvent>(shipmentNo ? (byShipmentNo.get(shipmentNo) ?? []) : []);
      for (const parcelNo of parcelNos ?? []) for (const e of byParcelNo.get(parcelNo) ?? []) found.add(e);
      return [...found].sort(byTime).map((e) => ({ ...e, parcelNos: [...e.parcelNos] }));
    },
    async prune(olderThanDays) {
      const cutoff = now() - olderThanDays * DAY_MS;
      const before = events.length;
      const kept = events.filter((e) => !(Date.parse(e.at) < cutoff));
      if (kept.length === before) return 0;
      events.splice(0, events.length, ...kept);
      reindex();
      dirty = true;
      await save(position);
      return before - kept.length;
    },
    size: () => events.length,
  };
}

/** nShift's timestamps (`2024-05-03T13:18:30.904+0000`) as ISO, so they sort and parse everywhere. */
export function isoTime(value: string): string {
  const parsed = Date.parse(value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  return Number.isNaN(parsed) ? value : new Date(parsed).toISOString();
}

function normalise(event: StoredStatusEvent): StoredStatusEvent {
  return {
    code: event.code.toUpperCase(),
    at: isoTime(event.at),
    ...(event.shipmentNo ? { shipmentNo: event.shipmentNo } : {}),
    ...(event.orderNo ? { orderNo: event.orderNo } : {}),
    parcelNos: [...event.parcelNos],
  };
}

function keyOf(event: StoredStatusEvent): string {
  return `${event.code}|${event.at}|${event.shipmentNo ?? ''}|${event.parcelNos.join(',')}`;
}

function byTime(a: StoredStatusEvent, b: StoredStatusEvent): number {
  return a.at < b.at ? -1 : a.at > b.at ? 1 : 0;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function withoutVersion<T extends { version: number }>(value: T): Omit<T, 'version'> {
  const { version: _version, ...rest } = value;
  return rest;
}

async function readJson<S extends z.ZodMiniType>(
  path: string,
  schema: S,
  warnings: string[],
): Promise<z.output<S> | undefined> {
  const raw = await readFileIfExists(path);
  if (raw === undefined) return undefined;
  try {
    const parsed = schema.safeParse(JSON.parse(raw.toString('utf8')));
    if (parsed.success) return parsed.data;
  } catch {
    // handled below: set aside
  }
  const keptAs = `${path}.corrupt-${Date.now()}`;
  await rename(path, keptAs);
  warnings.push(
    `The status-event file ${path} could not be read; it was set aside as ${keptAs}. Tracking timelines start again from what nShift sends next.`,
  );
  return undefined;
}
