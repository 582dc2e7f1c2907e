/**
 * The call-rate rule for the fetch-in-batches feeds (printed shipments, price history, status events), in
 * docs/nshift-api.md: below one call per five minutes; calls while `done` is false are exempt. The simulator
 * enforces it per feed and API key, the way a client must expect nShift to: a call that comes too soon gets
 * no items, its own fetchId back, `done: true` and `minDelay` = the wait. Every call is logged, so tests can
 * count the calls a client made while the clock moved and prove it never came too soon.
 */
import type { SimContext } from './context';
import { json, type Reply, type RequestCtx } from './http';
import type { FeedCall, FeedLog } from './state';

/**
 * Fetch-in-batches (seed): -1 starts at the beginning; at most 100 per call; `done` when none remain.
 * `items` are in ascending `seq` order, so the start is found by binary search (soak runs poll often).
 */
export function feedPage<T>(
  items: readonly T[],
  seqOf: (item: T) => number,
  fetchIdParam: string | null,
  limit = 100,
): { page: T[]; fetchId: number; done: boolean } {
  const fetchId = Number.parseInt(fetchIdParam ?? '-1', 10);
  const after = Number.isNaN(fetchId) || fetchId < 0 ? 0 : fetchId;
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (seqOf(items[mid]!) <= after) lo = mid + 1;
    else hi = mid;
  }
  const page = items.slice(lo, lo + limit);
  const last = page[page.length - 1];
  return { page, fetchId: last ? seqOf(last) : after, done: lo + limit >= items.length };
}

export const FEED_MIN_INTERVAL_MS = 5 * 60 * 1000;

/** How many calls the log keeps (the oldest are dropped). */
const CALL_LOG_LIMIT = 10_000;

export type FeedName = 'shipments' | 'alerts' | 'prices';

/**
 * Serves one feed call under the rule. `render` names the items' field (`shipments`, `alerts`, …) and turns
 * the page's items into JSON.
 */
export function serveFeed<T>(
  ctx: SimContext,
  req: RequestCtx,
  feed: FeedName,
  items: readonly T[],
  seqOf: (item: T) => number,
  render: (page: T[]) => Record<string, unknown>,
): Reply {
  const apiKeyId = req.apiKey?.id ?? '';
  const key = `${feed}:${apiKeyId}`;
  const now = ctx.clock.now();
  const fetchIdParam = req.query.get('fetchId');
  const rate = ctx.state.feedRate.get(key) ?? { open: false };
  ctx.state.feedRate.set(key, rate);
  const exempt = rate.open;
  const wait =
    exempt || rate.lastCountedAt === undefined
      ? 0
      : Math.max(0, FEED_MIN_INTERVAL_MS - (now - rate.lastCountedAt));
  const log = (call: Omit<FeedCall, 'feed' | 'apiKeyId' | 'fetchId' | 'at' | 'exempt'>): void => {
    const calls = ctx.state.feedLog.calls;
    calls.push({ feed, apiKeyId, fetchId: fetchIdParam ?? '', at: now, exempt, ...call });
    if (calls.length > CALL_LOG_LIMIT) calls.splice(0, calls.length - CALL_LOG_LIMIT);
  };
  if (wait > 0) {
    ctx.requests.recordFeed(apiKeyId || 'unknown', feed, true, now);
    ctx.state.feedLog.refused++;
    log({ refused: true, minDelay: wait, items: 0 });
    const echoed = Number.parseInt(fetchIdParam ?? '-1', 10);
    return json(200, {
      fetchId: Number.isNaN(echoed) ? -1 : echoed,
      done: true,
      minDelay: wait,
      ...render([]),
    });
  }
  if (!exempt) rate.lastCountedAt = now;
  const { page, fetchId, done } = feedPage(items, seqOf, fetchIdParam);
  rate.open = !done;
  ctx.requests.recordFeed(apiKeyId || 'unknown', feed, done, now);
  log({ refused: false, minDelay: 0, items: page.length });
  return json(200, { fetchId, done, minDelay: 0, ...render(page) });
}

/** `GET /_sim/feeds`: the call log and the refusals (optionally of one feed only). */
export function feedLogJson(log: FeedLog, feed?: string | null): Record<string, unknown> {
  const calls = feed ? log.calls.filter((c) => c.feed === feed) : log.calls;
  return {
    calls,
    total: calls.length,
    refused: calls.filter((c) => c.refused).length,
    refusedEver: log.refused,
  };
}
