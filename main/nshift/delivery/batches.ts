/**
 * The fetch-in-batches rule (printed shipments, price history, status events): start at -1 or at the
 * persisted fetchId, follow `done`, optionally wait `minDelay` between calls, persist the next fetchId.
 *
 * The fetchId of a page is persisted only after the consumer has taken every item of that page (when it
 * asks for the next one, or the iteration ends normally): a crash mid-page replays the page — at least
 * once, never lost.
 */
import { mkdir, open, readFile, rename } from 'node:fs/promises';
import { dirname } from 'node:path';
import * as z from '../../zod';
import type { Result } from '../../result';
import { err } from '../../result';
import type { DeliveryError } from './errors';
import type { FeedPage } from './schemas';

export type FeedName = 'shipments' | 'priceHistory' | 'alerts' | (string & {});

/** Where the last fetchId of each feed survives a restart. */
export interface FetchIdStore {
  get(feed: FeedName): Promise<number | undefined>;
  set(feed: FeedName, fetchId: number): Promise<void>;
}

export interface BatchIteratorOptions<T> {
  feed: FeedName;
  fetchPage: (fetchId: number) => Promise<Result<FeedPage<T>, DeliveryError>>;
  store?: FetchIdStore;
  /** Start here instead of the persisted fetchId (or -1). */
  startFetchId?: number;
  /**
   * Wait the server's `minDelay` before each further call, and wait out a call the client's call-rate rule
   * held back (once) instead of ending with `rate_limited` (default false: calls while `done` is false are
   * exempt, and a held-back call ends the iteration with its wait).
   */
  honourMinDelay?: boolean;
  /** Stop after this many calls even when `done` is still false (default unlimited). */
  maxCalls?: number;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Yields every item as `ok(item)`; a failed call yields one `err(error)` and ends the iteration (the
 * stored fetchId stays at the last fully consumed page, so the next run resumes there).
 */
export async function* fetchInBatches<T>(
  options: BatchIteratorOptions<T>,
): AsyncGenerator<Result<T, DeliveryError>, void, void> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let fetchId = options.startFetchId ?? (await options.store?.get(options.feed)) ?? -1;
  for (let calls = 0; options.maxCalls === undefined || calls < options.maxCalls; calls++) {
    let page = await options.fetchPage(fetchId);
    if (
      !page.ok &&
      page.error.kind === 'rate_limited' &&
      options.honourMinDelay &&
      page.error.retryAfterMs !== undefined
    ) {
      await sleep(page.error.retryAfterMs);
      page = await options.fetchPage(fetchId);
    }
    if (!page.ok) {
      yield err(page.error);
      return;
    }
    for (const item of page.value.items) yield { ok: true, value: item };
    fetchId = page.value.fetchId;
    await options.store?.set(options.feed, fetchId);
    if (page.value.done) return;
    if (options.honourMinDelay && page.value.minDelayMs > 0) await sleep(page.value.minDelayMs);
  }
}

/** In memory: for tests and for hosts that do not need to resume. */
export function createMemoryFetchIdStore(
  initial: Record<string, number> = {},
): FetchIdStore & { snapshot(): Record<string, number> } {
  const values = new Map(Object.entries(initial));
  return {
    async get(feed) {
      return values.get(feed);
    },
    async set(feed, fetchId) {
      values.set(feed, fetchId);
    },
    snapshot: () => Object.fromEntries(values),
  };
}

const fileSchema = z.record(z.string(), z.int());

/**
 * One small JSON file `{feed: fetchId}`. Writes are atomic and durable: temp file, fsync, rename, fsync of
 * the folder, so a power cut leaves either the old or the new file, never half of one. Writes are
 * serialised so two feeds saving at once cannot lose each other's value.
 */
export function createFileFetchIdStore(path: string): FetchIdStore {
  let cache: Record<string, number> | undefined;
  let queue: Promise<void> = Promise.resolve();

  async function load(): Promise<Record<string, number>> {
    if (cache) return cache;
    try {
      const parsed = fileSchema.safeParse(JSON.parse(await readFile(path, 'utf8')));
      // An unreadable file restarts the feeds at -1 (nShift then hands out a fresh fetchId) rather than crash.
      cache = parsed.success ? parsed.data : {};
    } catch {
      cache = {};
    }
    return cache;
  }

  async function write(values: Record<string, number>): Promise<void> {
    await mkdir(dirname(path), { recursive: true });
    const temp = `${path}.${process.pid}.${Date.now()}.tmp`;
    const handle = await open(temp, 'w');
    try {
      await handle.writeFile(JSON.stringify(values, null, 2));
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, path);
    try {
      const dir = await open(dirname(path), 'r');
      try {
        await dir.sync();
      } finally {
        await dir.close();
      }
    } catch {
      // Some platforms (Windows) cannot fsync a directory; the rename is still atomic there.
    }
  }

  return {
    async get(feed) {
      return (await load())[feed];
    },
    set(feed, fetchId) {
      const next = queue.then(async () => {
        const values = { ...(await load()), [feed]: fetchId };
        await write(values);
        cache = values;
      });
      queue = next.catch(() => {});
      return next;
    },
  };
}
