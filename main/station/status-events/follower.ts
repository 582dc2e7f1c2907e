/**
 * Follows nShift's status-event feed in the background, so a shipment's tracking timeline is there without
 * waiting and the cancel screen knows whether the carrier already has it.
 *
 * The feed's rules (seed, fetch in batches): start at -1 or the stored fetchId, keep calling while `done` is
 * false (those calls are exempt), and otherwise call "below one call per five minutes". The client's guard
 * (nshift/delivery/feed-rate.ts) refuses any call that would break the rule; the follower schedules itself so
 * it never asks for one: every `stationsOnAccount` × 5 minutes (plus a margin), counted from the last call
 * that left, which is on disk before the call leaves, so a restart keeps the pace too.
 *
 * The schedule runs on `now()`, not on timers: a cheap timer only asks "is it time?" every `checkEveryMs`.
 * Tests and demo mode give it the simulator's clock and move time instead of waiting minutes.
 */
import { join } from 'node:path';
import type { Failure, TrackingEvent } from '../../../preload/api';
import {
  createFeedRateGuard,
  FEED_MIN_INTERVAL_MS,
  describeDeliveryError,
  type FetchIdStore,
  type DeliveryClient,
  type FeedRateGuard,
  type DeliveryError,
} from '../../nshift/delivery';
import type { Settings } from '../../settings/schema';
import { failureFromDelivery } from '../failures';
import { openStatusEventStore, type StatusEventStore } from './store';
import { fromAlert, toTrackingEvent } from './timeline';

/** Added to the interval: a call that reaches nShift a little late must still be five minutes after the last. */
const MARGIN_MS = 5_000;
/** Events that happened longer ago than this are dropped (the journal and label cache keep days, not months). */
export const STATUS_EVENT_RETENTION_DAYS = 30;
/** A long catch-up saves its progress every this many pages, not only at the end. */
const PAGES_PER_SAVE = 10;
const FEED = 'alerts';

export interface StatusEventsOptions {
  dataDir: string;
  client: () => DeliveryClient;
  settings: () => Settings['statusEvents'];
  log: (line: string) => void;
  /** Epoch ms; the simulator's clock in tests and demo mode. */
  now?: () => number;
  /** How often the timer asks whether a read is due (default 15 s). */
  checkEveryMs?: number;
}

export interface StatusEventStatus {
  following: boolean;
  readAt?: string;
  failure?: Failure;
}

export interface StatusEvents {
  /** The call-rate guard the station's Delivery client must use for the feeds. */
  readonly guard: FeedRateGuard;
  /** Starts the background timer (and the first read, when one is due). */
  start(): void;
  /** Reads the feed now if following and due; the timer calls this. Resolves when that read is done. */
  tick(): Promise<void>;
  /** A shipment's events the station keeps, oldest first. */
  timeline(shipment: { shipmentNo?: string; parcelNos?: readonly string[] }): Promise<TrackingEvent[]>;
  status(): Promise<StatusEventStatus>;
  /** Drops events that happened more than `olderThanDays` days ago; returns how many went. */
  prune(olderThanDays: number): Promise<number>;
  /** Messages from opening the store (a file set aside as corrupt). */
  warnings(): Promise<readonly string[]>;
  close(): Promise<void>;
}

/** How long a station waits between reads of the feed when `stations` stations share the account. */
export function statusEventInterval(stations: number): number {
  return Math.max(1, stations) * FEED_MIN_INTERVAL_MS + MARGIN_MS;
}

export function createStatusEvents(options: StatusEventsOptions): StatusEvents {
  const now = options.now ?? Date.now;
  const guard = createFeedRateGuard({ now });
  let opened: Promise<StatusEventStore> | undefined;
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<void> | undefined;
  let lastFailure: Failure | undefined;
  let closed = false;

  function store(): Promise<StatusEventStore> {
    opened ??= openStatusEventStore(join(options.dataDir, 'status-events'), { now }).then((s) => {
      const lastCallAt = s.position().lastCallAt;
      // The last call of a previous run still counts against the rule.
      if (lastCallAt !== undefined) guard.restore(FEED, { lastCountedAt: lastCallAt, open: false });
      for (const warning of s.warnings) options.log(warning);
      return s;
    });
    return opened;
  }

  function due(s: StatusEventStore): boolean {
    const config = options.settings();
    if (!config.follow || closed) return false;
    const { lastCallAt, retryAt } = s.position();
    const dueAt =
      retryAt ?? (lastCallAt === undefined ? 0 : lastCallAt + statusEventInterval(config.stationsOnAccount));
    return now() >= dueAt && guard.waitMs(FEED) === 0;
  }

  async function read(s: StatusEventStore): Promise<void> {
    const startedAt = now();
    // On disk before the call leaves: a station restarted right after it still waits out the five minutes.
    await s.save({ ...s.position(), lastCallAt: startedAt });
    const from = s.position().fetchId ?? -1;
    let fetchId = from;
    let pages = 0;
    let error: DeliveryError | undefined;
    let added = 0;
    const progress: FetchIdStore = {
      get: async () => from,
      set: async (_feed, next) => {
        fetchId = next;
        if (++pages % PAGES_PER_SAVE === 0) await s.save({ ...s.position(), fetchId });
      },
    };
    for await (const item of options.client().alerts.feed({ store: progress })) {
      if (!item.ok) {
        error = item.error;
        break;
      }
      const event = fromAlert(item.value);
      if (event) added += s.add([event]);
    }
    const { retryAt: _retryAt, ...position } = { ...s.position(), fetchId };
    // nShift answered with minDelay (another station on the account had just called): read again as soon as
    // it allows, rather than a whole interval later, which would meet that station again and again.
    const notBefore = guard.state(FEED).notBefore;
    if (notBefore !== undefined && notBefore > now()) Object.assign(position, { retryAt: notBefore });
    else if (!error) position.readAt = new Date(now()).toISOString();
    await s.save(position);
    // Held back by the rule (a clock or settings change): not a failure, the next tick tries again.
    if (error?.kind === 'rate_limited' && error.status === 0) return;
    lastFailure = error ? failureFromDelivery(error) : undefined;
    if (error) options.log(`status events: ${describeDeliveryError(error)}`);
    else if (added > 0) options.log(`status events: ${added} new (fetchId ${from} → ${fetchId})`);
    await s.prune(STATUS_EVENT_RETENTION_DAYS);
  }

  /** One read at a time: a tick while a read runs waits for that read. */
  function tick(): Promise<void> {
    running ??= (async () => {
      const s = await store();
      if (due(s)) await read(s);
    })()
      .catch((e: unknown) => options.log(`status events: ${e instanceof Error ? e.message : String(e)}`))
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  return {
    guard,
    start() {
      if (timer || closed) return;
      timer = setInterval(() => void tick(), options.checkEveryMs ?? 15_000);
      timer.unref();
      void tick();
    },
    tick,
    async timeline(shipment) {
      return (await store()).eventsFor(shipment).map(toTrackingEvent);
    },
    async status() {
      const { readAt } = (await store()).position();
      return {
        following: options.settings().follow,
        ...(readAt ? { readAt } : {}),
        ...(lastFailure ? { failure: lastFailure } : {}),
      };
    },
    async prune(olderThanDays) {
      return (await store()).prune(olderThanDays);
    },
    async warnings() {
      return (await store()).warnings;
    },
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
