/**
 * What the simulator's accounts ask of it: requests per account per second, in total and per endpoint, and
 * calls to the fetch-in-batches feeds that came sooner than five minutes after a `done` call (the call rate of
 * docs/nshift-api.md; calls while `done` is false are exempt). Benchmarks read it to show a station, or a warehouse of
 * stations on one account, keeps inside nShift's rules. Optionally an account is limited to a number of
 * requests per second, answered `429` with `Retry-After` beyond it, as an API gateway would: nShift documents no
 * such limit, so it is off unless a test or benchmark sets one **(assumed)**.
 */

export interface RequestStatsJson {
  /** Per API key id (`unknown` for requests without a usable key). */
  accounts: Record<string, AccountStatsJson>;
}

export interface AccountStatsJson {
  requests: number;
  /** Requests in the busiest wall-clock second, and the mean over the seconds from the first to the last. */
  peakPerSecond: number;
  meanPerSecond: number;
  seconds: number;
  /** `429` answers given by the rate limit. */
  limited: number;
  byEndpoint: Record<string, { requests: number; peakPerSecond: number }>;
  feeds: { calls: number; tooSoon: number };
  /** Requests per second from the first second on (for plots; at most the last hour). */
  perSecond: number[];
}

interface Account {
  requests: number;
  limited: number;
  perSecond: Map<number, number>;
  byEndpoint: Map<string, { requests: number; perSecond: Map<number, number> }>;
  feedCalls: number;
  feedTooSoon: number;
  /** The rate limit's bucket: requests left in the current second. */
  bucket: { second: number; used: number };
}

const FEED_MIN_MS = 5 * 60 * 1000;

export class RequestStats {
  private accounts = new Map<string, Account>();
  private readonly feeds = new Map<string, { at: number; done: boolean }>();
  private limitPerSecond: number | undefined;

  constructor(private readonly wallNow: () => number = Date.now) {}

  /** Requests per second an account may make before `429` (undefined: no limit, as nShift documents none). */
  setLimit(perSecond: number | undefined): void {
    this.limitPerSecond = perSecond;
  }

  /**
   * Counts a request; returns the seconds to put in `Retry-After` when the account is over its limit (the
   * request is then answered `429` and not handled).
   */
  record(account: string, endpoint: string): number | undefined {
    const now = this.wallNow();
    const second = Math.floor(now / 1000);
    const a = this.account(account);
    a.requests++;
    bump(a.perSecond, second);
    let e = a.byEndpoint.get(endpoint);
    if (!e) a.byEndpoint.set(endpoint, (e = { requests: 0, perSecond: new Map() }));
    e.requests++;
    bump(e.perSecond, second);
    if (this.limitPerSecond === undefined) return undefined;
    if (a.bucket.second !== second) a.bucket = { second, used: 0 };
    if (a.bucket.used < this.limitPerSecond) {
      a.bucket.used++;
      return undefined;
    }
    a.limited++;
    return 1;
  }

  /** A call to a fetch-in-batches feed (`feed` names it) and whether its answer said `done`. */
  recordFeed(account: string, feed: string, done: boolean, nowMs: number): void {
    const a = this.account(account);
    const key = `${account}:${feed}`;
    const previous = this.feeds.get(key);
    a.feedCalls++;
    if (previous?.done && nowMs - previous.at < FEED_MIN_MS) a.feedTooSoon++;
    this.feeds.set(key, { at: nowMs, done });
  }

  reset(): void {
    this.accounts = new Map();
    this.feeds.clear();
  }

  toJSON(): RequestStatsJson {
    const accounts: Record<string, AccountStatsJson> = {};
    for (const [id, a] of this.accounts) {
      const seconds = [...a.perSecond.keys()];
      const first = Math.min(...seconds);
      const last = Math.max(...seconds);
      const span = seconds.length > 0 ? last - first + 1 : 0;
      const perSecond =
        span > 0
          ? Array.from({ length: Math.min(span, 3600) }, (_, i) => a.perSecond.get(first + i) ?? 0)
          : [];
      accounts[id] = {
        requests: a.requests,
        peakPerSecond: peak(a.perSecond),
        meanPerSecond: span > 0 ? a.requests / span : 0,
        seconds: span,
        limited: a.limited,
        byEndpoint: Object.fromEntries(
          [...a.byEndpoint].map(([name, e]) => [
            name,
            { requests: e.requests, peakPerSecond: peak(e.perSecond) },
          ]),
        ),
        feeds: { calls: a.feedCalls, tooSoon: a.feedTooSoon },
        perSecond,
      };
    }
    return { accounts };
  }

  private account(id: string): Account {
    let a = this.accounts.get(id);
    if (!a) {
      a = {
        requests: 0,
        limited: 0,
        perSecond: new Map(),
        byEndpoint: new Map(),
        feedCalls: 0,
        feedTooSoon: 0,
        bucket: { second: 0, used: 0 },
      };
      this.accounts.set(id, a);
    }
    return a;
  }
}

function bump(map: Map<number, number>, key: number): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

function peak(map: Map<number, number>): number {
  let max = 0;
  for (const v of map.values()) if (v > max) max = v;
  return max;
}
