/**
 * The call-rate rule for the fetch-in-batches feeds (printed shipments, price history, status events;
 * docs/nshift-api.md, "Fetch in batches"): keep below one call per five minutes; calls again while `done` is
 * false are exempt; when calls come too fast, `minDelay` gives the wait in milliseconds.
 *
 * The client holds the rule itself rather than trusting every caller to: before a feed call leaves, the
 * guard either lets it go (and counts it, unless the previous answer said `done: false`) or refuses it with
 * the wait, which the client returns as a `rate_limited` value without sending anything. A `minDelay` in an
 * answer pushes the next counted call back by that much. A call that failed still counts: nShift may have
 * seen it.
 *
 * The guard lives outside any one client (a station replaces its client when the key or URL changes) and
 * its state can be read and restored, so a restart does not reset the clock of the rule.
 */
import type { FeedName } from './batches';

export const FEED_MIN_INTERVAL_MS = 5 * 60 * 1000;

export interface FeedRateState {
  /** When the last call that counted against the rule left. */
  lastCountedAt?: number;
  /** The last answer said `done: false`: the next call is exempt. */
  open: boolean;
  /** nShift's `minDelay`: no counted call before this. */
  notBefore?: number;
}

export type FeedSlot = { ok: true; exempt: boolean } | { ok: false; waitMs: number };

export interface FeedRateGuard {
  /** Asks to call `feed` now: the slot is taken (counted unless exempt), or refused with the wait. */
  reserve(feed: FeedName): FeedSlot;
  /** What the answer said; `undefined` when the call failed (the next one is not exempt). */
  answered(feed: FeedName, page: { done: boolean; minDelayMs: number } | undefined): void;
  /** Milliseconds until a call on `feed` would be let through (0 = now). */
  waitMs(feed: FeedName): number;
  state(feed: FeedName): FeedRateState;
  /** Takes over what a previous run left (its last call); only ever makes the rule stricter. */
  restore(feed: FeedName, previous: FeedRateState): void;
}

export interface FeedRateGuardOptions {
  now?: () => number;
  /** Default five minutes (docs/nshift-api.md, "Fetch in batches"). */
  minIntervalMs?: number;
}

export function createFeedRateGuard(options: FeedRateGuardOptions = {}): FeedRateGuard {
  const now = options.now ?? Date.now;
  const minIntervalMs = options.minIntervalMs ?? FEED_MIN_INTERVAL_MS;
  const feeds = new Map<FeedName, FeedRateState>();
  const stateOf = (feed: FeedName): FeedRateState => {
    let state = feeds.get(feed);
    if (!state) feeds.set(feed, (state = { open: false }));
    return state;
  };
  const waitMs = (feed: FeedName): number => {
    const state = stateOf(feed);
    if (state.open) return 0;
    const at = now();
    const byRule = state.lastCountedAt === undefined ? 0 : state.lastCountedAt + minIntervalMs - at;
    const byServer = state.notBefore === undefined ? 0 : state.notBefore - at;
    return Math.max(0, byRule, byServer);
  };
  return {
    reserve(feed) {
      const state = stateOf(feed);
      const wait = waitMs(feed);
      if (wait > 0) return { ok: false, waitMs: wait };
      const exempt = state.open;
      // Only one exempt call per `done: false` answer; the answer to this one decides the next.
      state.open = false;
      if (!exempt) state.lastCountedAt = now();
      return { ok: true, exempt };
    },
    answered(feed, page) {
      const state = stateOf(feed);
      state.open = page !== undefined && !page.done;
      if (page && page.minDelayMs > 0) state.notBefore = now() + page.minDelayMs;
    },
    waitMs,
    state: (feed) => ({ ...stateOf(feed) }),
    restore(feed, previous) {
      const state = stateOf(feed);
      const latest = (a?: number, b?: number) => (a === undefined ? b : b === undefined ? a : Math.max(a, b));
      const lastCountedAt = latest(state.lastCountedAt, previous.lastCountedAt);
      const notBefore = latest(state.notBefore, previous.notBefore);
      if (lastCountedAt !== undefined) state.lastCountedAt = lastCountedAt;
      if (notBefore !== undefined) state.notBefore = notBefore;
    },
  };
}
