/**
 * The batch feeds (printed shipments, price history, alerts): one page by fetchId, sent only when the feeds'
 * call-rate rule lets it go now (feed-rate.ts), and the feed that walks the pages and keeps its place
 * (batches.ts).
 */
import type * as z from 'zod';
import type { Result } from '../../result';
import { err } from '../../result';
import { fetchInBatches } from './batches';
import type { FeedName, FetchIdStore } from './batches';
import type { FeedRateGuard } from './feed-rate';
import type { DeliveryCaller, R, Schemas } from './caller';
import type { DeliveryError } from './errors';
import type { FeedPage } from './schemas';

export interface FeedOptions {
  /** Start at this fetchId instead of the stored one (or -1). */
  fetchId?: number;
  /** Wait `minDelay` between calls (default false). */
  honourMinDelay?: boolean;
  maxCalls?: number;
  /** Persist progress here instead of the client's `fetchIdStore`. */
  store?: FetchIdStore;
}

export type Feed<T> = AsyncGenerator<Result<T, DeliveryError>, void, void>;

export interface Feeds {
  /** One page of a batch feed, if the call-rate rule lets it go now; otherwise `rate_limited` and no call. */
  feedPageCall<S extends z.ZodType<FeedPage<unknown>>>(
    name: FeedName,
    operation: 'shipments.printedFeed' | 'prices.historyFeed' | 'alerts.feed',
    fetchId: number,
    schema: (schemas: Schemas) => S,
  ): R<z.output<S>>;
  feed<T>(name: FeedName, page: (fetchId: number) => R<FeedPage<T>>, o?: FeedOptions): Feed<T>;
}

export interface FeedDeps {
  call: DeliveryCaller;
  feedRate: FeedRateGuard;
  /** Where each feed's fetchId is kept, unless a feed is given its own `store`. */
  fetchIdStore?: FetchIdStore;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export function feedsOf({ call, feedRate, fetchIdStore, sleep }: FeedDeps): Feeds {
  return {
    async feedPageCall(name, operation, fetchId, schema) {
      const slot = feedRate.reserve(name);
      if (!slot.ok) {
        return err({
          kind: 'rate_limited',
          operation,
          status: 0,
          retryAfterMs: slot.waitMs,
          message: `not sent: the ${name} feed may be called again in ${Math.ceil(slot.waitMs / 1000)} s (at most one call per five minutes)`,
        });
      }
      const page = await call.json({ operation, query: { fetchId } }, schema);
      feedRate.answered(name, page.ok ? page.value : undefined);
      return page;
    },

    feed(name, page, o = {}) {
      return fetchInBatches({
        feed: name,
        fetchPage: page,
        store: o.store ?? fetchIdStore,
        startFetchId: o.fetchId,
        honourMinDelay: o.honourMinDelay,
        maxCalls: o.maxCalls,
        sleep,
      });
    },
  };
}
