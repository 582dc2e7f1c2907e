import type { DeliveryClient, Order, StoredShipment } from '../nshift/delivery';
import type { RequestRate } from '../nshift/shared';
import type { IndexFile, IndexToSave } from './local-index-file';

/**
 * A local index of open orders (by internalReference) and READY stored shipments (by orderNo), refreshed in
 * the background so that most scans resolve without a network round trip.
 *
 * The index only ever saves a lookup; it never decides a booking on its own authority. A stale entry (an
 * order another station just shipped) leads to a booking that nShift refuses as already booked, which the
 * station reports as `duplicate`, exactly as a live lookup would have. Codes not in the index fall back to a
 * live lookup.
 *
 * Scale: a station's account may hold tens of thousands of open orders and READY stored shipments. Entries
 * keep only what a booking needs (ids and parcels, not receivers), and refreshes are of two kinds:
 *  - a full sweep, at start and then every `fullEveryMs` (default an hour): every page of orders (50 a page),
 *    and the READY stored shipments in windows of creation date, each window narrowed until it holds fewer
 *    than the 50 a list returns (halved when full, widened when sparse), an order page and a window in turn;
 *  - an incremental refresh in between (every `intervalMs`): only the order pages from where the last read
 *    ended, and the stored shipments created since — usually one request each.
 * Incremental refreshes assume the order list is in creation order, oldest first **(assumed)**; if it is not,
 * new orders wait for the next full sweep and scans look them up live meanwhile, so nothing goes wrong.
 *
 * Warm from the first scan: what a sweep reads is usable at once (at 17 requests a second, a first sweep of
 * 100,000 entries takes minutes), and the index is kept in the data folder between starts (local-index-file.ts)
 * with where its reads go on from: a start reads it back (a scan meanwhile waits for that, up to `loadWaitMs`),
 * then refreshes incrementally, or sweeps when the last full sweep is older than `fullEveryMs`. A sweep writes
 * through to the entries in use and keeps a fresh copy of what it read; at its end the fresh copy replaces them,
 * so what nShift no longer lists leaves. One guard while a sweep is under way: the stored shipments of one order
 * (a split order) are booked together, and a window read may hold one of them while the next window holds
 * another, so an order number the index did not know before is used only once the windows read are
 * `SPLIT_MARGIN_MS` past its creation; before that it is looked up live.
 *
 * Rate rules: nShift documents no limit for these list calls (the five-minute rule is for the fetch-in-batches
 * feeds). The index still asks one request at a time, at most one every `minGapMs` (default 60 ms, so at most 17
 * a second), and none while the station's requests of the last second, every client's, number 18: the token,
 * the status feed or a packer's scans take their share first and the whole stays under the assumed 20 a second
 * that `npm run bench` checks. A 429 or 503 is waited out as its Retry-After says (the transport does that); a
 * refresh that still fails keeps what it read and tries again at the next interval.
 */
export interface LocalIndexOptions {
  client: () => DeliveryClient;
  /** Between refreshes (incremental, or full when one is due). 0 turns the index off. */
  intervalMs: number;
  /** Between full sweeps (default one hour). */
  fullEveryMs?: number;
  /** At least this long between the starts of two index requests (default 60 ms). */
  minGapMs?: number;
  /**
   * The station's requests on its account, every client's (request-rate.ts). While the last second holds
   * ACCOUNT_BUDGET_PER_SECOND of them, the index waits: a scan, the token or a feed never has to.
   */
  requestRate?: Pick<RequestRate, 'msUntilBelow'>;
  /** How far back READY stored shipments are looked for, by creation date (default 30 days). */
  storedHorizonMs?: number;
  now?: () => number;
  log?: (line: string) => void;
  /** Orders are listed in pages of 50; a sweep reads at most this many pages (default 2,000: 100,000 orders). */
  maxOrderPages?: number;
  /** Where the index is kept between starts; none: every start sweeps from nothing. */
  file?: IndexFile;
  /** How long a scan waits for the saved index to be read back at start (default 1 s); then it looks up live. */
  loadWaitMs?: number;
}

/** What a booking from the index needs of an order. */
export interface IndexedOrder {
  id: string;
  parcels: { id: string; shipmentId?: string }[];
}

/** What a booking from the index needs of a stored shipment. */
export interface IndexedStored {
  id: string;
}

export interface IndexFigures {
  orders: number;
  storedOrderNos: number;
  /** Every window of the last stored-shipment sweep held fewer than 50 (else the stored part is not used). */
  storedComplete: boolean;
  /** Read back from the data folder at start: how many entries, in how long. */
  loaded?: { orders: number; stored: number; ms: number };
  /** When the index was last written to the data folder by this station. */
  savedAt?: string;
  /** A full sweep under way: what it has read so far (usable already). */
  sweeping?: { orders: number; stored: number; requests: number };
  lastFull?: { at: string; requests: number; ms: number };
  lastIncremental?: { at: string; requests: number; ms: number; newOrders: number; newStored: number };
}

const PAGE = 50;
/** Under the 20 requests a second assumed for an account, with room for a scan's own calls. */
const ACCOUNT_BUDGET_PER_SECOND = 18;
const BOOKABLE_ORDER = new Set(['OPEN', 'PARTIALLY_SHIPPED']);
const READY_STORED = new Set(['READY', 'WARNED']);
const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * A split order's stored shipments are made together (a checkout's partial shipments, an ERP's split): an order
 * number first read in a sweep is used once the windows read are this far past its creation.
 */
const SPLIT_MARGIN_MS = 10 * 60 * 1000;
/**
 * The index on disk is rewritten at most this often while the station runs (and at its close): at 100,000
 * entries a save is about 10 MB, and a start reads the sweep positions saved with it, so what it misses of the
 * last hours comes with its first incremental refresh.
 */
const SAVE_EVERY_MS = 2 * 60 * 60 * 1000;
/** While a first sweep runs with nothing saved yet, what it has read is saved this often. */
const FIRST_SWEEP_SAVE_EVERY_MS = 60 * 1000;

class RefreshFailed extends Error {}

/**
 * Entries are kept as one short string each (ids joined by a separator): a Map of strings costs a third of a
 * Map of small objects, which at 100,000 entries is the difference between about 10 and 30 MB of heap.
 */
const SEP = '\u0001';
const PARCEL = '\u0002';

/** A full sweep under way: what it has read (written through to the entries in use too) and where it is. */
interface Sweep {
  startedAt: number;
  requestsBefore: number;
  /** Nothing was on disk when it began (a first start, another account): it saves as it goes. */
  first: boolean;
  orders: Map<string, string>;
  nextOrderPage: number;
  /** Set once the order pages are read: how many orders the list held. */
  ordersListed?: number;
  stored: Map<string, string>;
  window: StoredWindows;
}

/** Windows of creation date from `start` to `to`, narrowed while a window comes back full. */
interface StoredWindows {
  start: number;
  to: number;
  width: number;
  /** Every window read held fewer than 50. */
  complete: boolean;
}

export class LocalIndex {
  /** internalReference → `orderId SEP parcelId[PARCEL shipmentId] SEP …` */
  private orders = new Map<string, string>();
  /** orderNo → `storedId SEP storedId …` */
  private stored = new Map<string, string>();
  private storedComplete = true;
  /** How many orders the list held at the end of the last read: an incremental read starts at that page. */
  private ordersListed = 0;
  /** Stored shipments created up to this time (ms) are in the index. */
  private storedUntil = 0;
  private lastFullAt: number | undefined;
  private sweeping: Sweep | undefined;
  /** Order numbers a sweep read first too recently to be sure of all their stored shipments, by creation. */
  private unsettled = new Map<string, number>();
  /** The same, oldest first, to let go of as the sweep's windows pass them. */
  private recent: { orderNo: string; created: number }[] = [];
  /** Codes booked since the refresh that loaded the index, with the refresh generation they were booked in. */
  private readonly consumed = new Map<string, number>();
  private generation = 0;
  /** A new account (key or Delivery URL) starts a new epoch: a refresh of the last one stops at its next request. */
  private epoch = 0;
  private timer: NodeJS.Timeout | undefined;
  private refreshing: Promise<void> | undefined;
  private loading: Promise<void> | undefined;
  private started = false;
  private stopped = false;
  private lastRefresh: Date | undefined;
  /** When the last index request went, on the monotonic clock: a PC clock set back must not stretch the gap. */
  private lastRequestAt = Number.NEGATIVE_INFINITY;
  private requests = 0;
  /** Changes since the last save, and when that was (undefined: none this run, and none read back). */
  private changes = 0;
  private savedChanges = 0;
  private savedAt: number | undefined;
  private saving: Promise<void> = Promise.resolve();
  private figures: Pick<IndexFigures, 'lastFull' | 'lastIncremental' | 'loaded' | 'savedAt'> = {};
  private readonly now: () => number;

  constructor(private readonly options: LocalIndexOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Reads the saved index back (once); scans wait for it (`whenLoaded`). Refreshing starts with `start`. */
  load(): Promise<void> {
    this.loading ??= this.readSaved();
    return this.loading;
  }

  /** Starts refreshing, after the saved index is read back. Once; `reset` starts it again. */
  start(): void {
    if (this.options.intervalMs <= 0 || this.started || this.stopped) return;
    this.started = true;
    void this.load().then(() => this.refresh());
  }

  /** Stops refreshing; a sweep under way stops at its next request. */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  /** Stops, and saves what the index holds when it changed since the last save. */
  async close(): Promise<void> {
    this.stop();
    await this.loading;
    await this.save();
  }

  /**
   * Another API key or Delivery URL: nothing of the old account's index may be used. Everything is dropped, a
   * refresh under way stops at its next request, and a started index sweeps the new account at once.
   */
  reset(): void {
    this.epoch++;
    this.orders = new Map();
    this.stored = new Map();
    this.storedComplete = true;
    this.ordersListed = 0;
    this.storedUntil = 0;
    this.lastFullAt = undefined;
    this.sweeping = undefined;
    this.unsettled = new Map();
    this.recent = [];
    this.consumed.clear();
    this.lastRefresh = undefined;
    this.savedAt = undefined;
    this.changes++;
    if (this.started && !this.stopped) void (this.refreshing ?? Promise.resolve()).then(() => this.refresh());
  }

  /** Resolves once the saved index is read back, or after `loadWaitMs`, whichever is first. */
  async whenLoaded(): Promise<void> {
    if (!this.loading) return;
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, this.options.loadWaitMs ?? 1000);
    });
    await Promise.race([this.loading, waited]);
    clearTimeout(timer);
  }

  /** When the index was last refreshed (for the status screen), if ever. */
  refreshedAt(): Date | undefined {
    return this.lastRefresh;
  }

  figuresNow(): IndexFigures {
    const sweep = this.sweeping;
    return {
      orders: this.orders.size,
      storedOrderNos: this.stored.size,
      storedComplete: this.storedComplete,
      ...this.figures,
      ...(sweep
        ? {
            sweeping: {
              orders: sweep.orders.size,
              stored: sweep.stored.size,
              requests: this.requests - sweep.requestsBefore,
            },
          }
        : {}),
    };
  }

  /**
   * A full sweep has ended (here, or before the saved index was written): a code the index does not hold is taken
   * as not in that source. Before that, only what it holds is known.
   */
  complete(): boolean {
    return this.lastFullAt !== undefined;
  }

  order(internalReference: string): IndexedOrder | undefined {
    // A code that is also a stored shipment's order number not settled yet: both are looked up, so the configured
    // order of the sources decides between them as it would without an index.
    if (this.consumed.has(internalReference) || this.unsettled.has(internalReference)) return undefined;
    const entry = this.orders.get(internalReference);
    if (entry === undefined) return undefined;
    const [id, ...parcels] = entry.split(SEP);
    return {
      id: id!,
      parcels: parcels.map((p) => {
        const [parcelId, shipmentId] = p.split(PARCEL);
        return shipmentId ? { id: parcelId!, shipmentId } : { id: parcelId! };
      }),
    };
  }

  storedShipments(orderNo: string): IndexedStored[] | undefined {
    if (!this.storedTrusted() || this.consumed.has(orderNo) || this.unsettled.has(orderNo)) return undefined;
    return this.stored
      .get(orderNo)
      ?.split(SEP)
      .map((id) => ({ id }));
  }

  /** A code was booked (or found booked): live lookups only, until the next refresh sees the new state. */
  consume(code: string): void {
    this.consumed.set(code, this.generation);
    this.changes++;
  }

  /** Refreshes now (a full sweep when one is due or asked for); a refresh in progress is joined. */
  refresh(options: { full?: boolean } = {}): Promise<void> {
    this.refreshing ??= this.load()
      .then(() => this.refreshOnce(options.full === true))
      .finally(() => {
        this.refreshing = undefined;
        if (!this.stopped && this.options.intervalMs > 0) {
          if (this.timer) clearTimeout(this.timer);
          this.timer = setTimeout(() => void this.refresh(), this.options.intervalMs);
          this.timer.unref();
        }
      });
    return this.refreshing;
  }

  /** The stored part is used only while every window read into it (and into the sweep under way) held < 50. */
  private storedTrusted(): boolean {
    return this.storedComplete && (this.sweeping?.window.complete ?? true);
  }

  private async refreshOnce(forceFull: boolean): Promise<void> {
    const fullEvery = this.options.fullEveryMs ?? 60 * 60 * 1000;
    const full = forceFull || this.lastFullAt === undefined || this.now() - this.lastFullAt >= fullEvery;
    const startedAt = this.now();
    const requestsBefore = this.requests;
    // A code booked while this refresh runs may come back in its (older) lists: it stays consumed.
    const generation = ++this.generation;
    let found = { newOrders: 0, newStored: 0 };
    try {
      if (full) await this.sweep(startedAt);
      else found = await this.increment(startedAt);
    } catch (error) {
      if (!(error instanceof RefreshFailed)) throw error;
      this.sweeping = undefined;
      if (this.stopped) return;
      this.options.log?.(`local index: ${error.message}; scans look codes up live until the next refresh`);
      return;
    }
    for (const [code, g] of this.consumed) if (g < generation) this.consumed.delete(code);
    this.lastRefresh = new Date(this.now());
    const done = {
      at: new Date(startedAt).toISOString(),
      requests: this.requests - requestsBefore,
      ms: this.now() - startedAt,
    };
    if (full) this.figures.lastFull = done;
    else this.figures.lastIncremental = { ...done, ...found };
    if (full && (this.savedAt === undefined || this.now() - this.savedAt >= SAVE_EVERY_MS)) void this.save();
  }

  /**
   * Reads everything, an order page and a stored-shipment window in turn. Each entry read is used at once (it is
   * right on its own); at the end, what was read replaces the entries in use, so what nShift no longer lists goes.
   */
  private async sweep(startedAt: number): Promise<void> {
    const horizon = this.options.storedHorizonMs ?? 30 * DAY_MS;
    const sweep: Sweep = {
      startedAt,
      requestsBefore: this.requests,
      first: this.savedAt === undefined,
      orders: new Map(),
      nextOrderPage: 0,
      stored: new Map(),
      window: {
        start: Math.max(0, startedAt - horizon),
        to: startedAt,
        width: 60 * 60 * 1000,
        complete: true,
      },
    };
    this.sweeping = sweep;
    const epoch = this.epoch;
    while (sweep.ordersListed === undefined || sweep.window.start <= sweep.window.to) {
      if (sweep.ordersListed === undefined) {
        const page = await this.readOrderPage(sweep.nextOrderPage, epoch, (order) =>
          this.sweptOrder(sweep, order),
        );
        if (page.last) sweep.ordersListed = page.listed;
        else sweep.nextOrderPage++;
      }
      if (sweep.window.start <= sweep.window.to) {
        await this.readStoredWindow(sweep.window, epoch, (s) => this.sweptStored(sweep, s));
        this.settleUpTo(sweep.window.start);
      }
      this.saveWhileFirstSweep(sweep);
    }
    this.orders = sweep.orders;
    this.ordersListed = sweep.ordersListed;
    this.stored = sweep.stored;
    this.storedComplete = sweep.window.complete;
    this.storedUntil = startedAt;
    this.lastFullAt = startedAt;
    this.sweeping = undefined;
    this.unsettled = new Map();
    this.recent = [];
    this.changes++;
  }

  private sweptOrder(sweep: Sweep, order: Order): void {
    const code = order.internalReference;
    if (!code) return;
    if (BOOKABLE_ORDER.has((order.status ?? '').toUpperCase())) {
      const entry = compactOrder(order);
      sweep.orders.set(code, entry);
      this.orders.set(code, entry);
    } else {
      sweep.orders.delete(code);
      this.orders.delete(code);
    }
    this.changes++;
  }

  private sweptStored(sweep: Sweep, s: StoredShipment): void {
    if (!s.orderNo || !isReady(s)) return;
    // An order number the index did not know: its other stored shipments may be in windows still to read. It is
    // settled once the windows are past its newest stored shipment read so far.
    const unsettled = this.unsettled.get(s.orderNo);
    if (unsettled !== undefined || !this.stored.has(s.orderNo)) {
      const created = Date.parse(s.created ?? '');
      const newest = Math.max(Number.isNaN(created) ? sweep.window.start : created, unsettled ?? 0);
      this.unsettled.set(s.orderNo, newest);
      this.recent.push({ orderNo: s.orderNo, created: newest });
    }
    addStored(sweep.stored, s);
    addStored(this.stored, s);
    this.changes++;
  }

  /** Every stored shipment created before `readTo` has been read: order numbers well before it are settled. */
  private settleUpTo(readTo: number): void {
    let settled = 0;
    while (settled < this.recent.length && this.recent[settled]!.created + SPLIT_MARGIN_MS < readTo) {
      const { orderNo, created } = this.recent[settled]!;
      if (this.unsettled.get(orderNo) === created) this.unsettled.delete(orderNo);
      settled++;
    }
    if (settled > 0) this.recent.splice(0, settled);
  }

  /**
   * Reads only what is new since the last read: the order pages after it, the stored shipments created since.
   * Entries are added in place (each is right on its own), so a refresh cut short keeps what it read.
   */
  private async increment(startedAt: number): Promise<{ newOrders: number; newStored: number }> {
    const epoch = this.epoch;
    const ordersBefore = this.orders.size;
    const storedBefore = this.stored.size;
    for (let page = Math.floor(this.ordersListed / PAGE); ; page++) {
      const read = await this.readOrderPage(page, epoch, (order) => this.readOrder(order));
      if (read.last) {
        this.ordersListed = read.listed;
        break;
      }
    }
    // A second back: a stored shipment created in the last moment of the previous window is not missed.
    const window: StoredWindows = {
      start: Math.max(0, this.storedUntil - 1000),
      to: startedAt,
      width: 60 * 60 * 1000,
      complete: true,
    };
    while (window.start <= window.to)
      await this.readStoredWindow(window, epoch, (s) => {
        if (s.orderNo && isReady(s)) addStored(this.stored, s);
      });
    this.storedComplete &&= window.complete;
    this.storedUntil = startedAt;
    const found = { newOrders: this.orders.size - ordersBefore, newStored: this.stored.size - storedBefore };
    if (found.newOrders + found.newStored > 0) this.changes++;
    return found;
  }

  private readOrder(order: Order): void {
    if (!order.internalReference) return;
    if (BOOKABLE_ORDER.has((order.status ?? '').toUpperCase()))
      this.orders.set(order.internalReference, compactOrder(order));
    else this.orders.delete(order.internalReference);
  }

  /** One page of orders; `last` when it is short (then `listed` is how many orders the list held). */
  private async readOrderPage(
    page: number,
    epoch: number,
    each: (order: Order) => void,
  ): Promise<{ last: boolean; listed: number }> {
    const maxPages = this.options.maxOrderPages ?? 2000;
    if (page >= maxPages) return { last: true, listed: maxPages * PAGE };
    await this.pace(epoch);
    const result = await this.options.client().orders.list({ page, size: PAGE });
    if (epoch !== this.epoch) throw new RefreshFailed('the account changed');
    if (!result.ok) throw new RefreshFailed(`orders not refreshed (${result.error.kind})`);
    for (const order of result.value) each(order);
    return { last: result.value.length < PAGE, listed: page * PAGE + result.value.length };
  }

  /**
   * READY stored shipments created in the next window of `windows`. A window that comes back full (50) is halved
   * and asked again; a sparse one makes the next wider. A window that could not be made small enough (50 created
   * in the same millisecond) leaves `complete` false: the stored part of the index is then not trusted.
   */
  private async readStoredWindow(
    windows: StoredWindows,
    epoch: number,
    each: (stored: StoredShipment) => void,
  ): Promise<void> {
    const { start, width } = windows;
    const end = Math.min(windows.to, start + width - 1);
    await this.pace(epoch);
    const result = await this.options.client().storedShipments.list({
      status: 'ready',
      dateType: 'created',
      dateFrom: nshiftTime(start),
      dateTo: nshiftTime(end),
    });
    if (epoch !== this.epoch) throw new RefreshFailed('the account changed');
    if (!result.ok) throw new RefreshFailed(`stored shipments not refreshed (${result.error.kind})`);
    if (result.value.length >= PAGE && end > start) {
      windows.width = Math.max(1, Math.floor((end - start + 1) / 2));
      return;
    }
    if (result.value.length >= PAGE) windows.complete = false;
    for (const s of result.value) each(s);
    windows.start = end + 1;
    if (result.value.length < PAGE / 4) windows.width *= 2;
  }

  /**
   * One index request at a time, at most one per `minGapMs`, and none while the station's other requests fill
   * the account's second; the wait also lets scans have the event loop.
   */
  private async pace(epoch: number): Promise<void> {
    const gap = this.options.minGapMs ?? 60;
    await pause(this.lastRequestAt + gap - performance.now());
    const rate = this.options.requestRate;
    while (rate && !this.stopped) {
      const wait = rate.msUntilBelow(ACCOUNT_BUDGET_PER_SECOND);
      if (wait <= 0) break;
      await pause(wait);
    }
    if (this.stopped) throw new RefreshFailed('stopped');
    if (epoch !== this.epoch) throw new RefreshFailed('the account changed');
    this.lastRequestAt = performance.now();
    this.requests++;
  }

  /** Reads the saved index back, unless a sweep or another account's reset came first. */
  private async readSaved(): Promise<void> {
    const file = this.options.file;
    if (!file) return;
    const startedAt = performance.now();
    const epoch = this.epoch;
    const saved = await file.read().catch((error: unknown) => {
      this.options.log?.(`local index: the saved index could not be read (${String(error)})`);
      return undefined;
    });
    if (!saved || epoch !== this.epoch || this.lastFullAt !== undefined) return;
    this.orders = saved.orders;
    this.stored = saved.stored;
    this.storedComplete = saved.storedComplete;
    this.ordersListed = saved.ordersListed;
    this.storedUntil = saved.storedUntil;
    this.lastFullAt = saved.lastFullAt;
    this.savedAt = this.now();
    this.figures.loaded = {
      orders: saved.orders.size,
      stored: saved.stored.size,
      ms: Math.round(performance.now() - startedAt),
    };
  }

  /** A first sweep with nothing on disk yet: what it has read is saved every minute, so a restart keeps it. */
  private saveWhileFirstSweep(sweep: Sweep): void {
    if (!sweep.first || this.now() - (this.savedAt ?? sweep.startedAt) < FIRST_SWEEP_SAVE_EVERY_MS) return;
    // Not waited for: the sweep goes on while the file is written (in slices, beside the scans).
    void this.save();
  }

  /** Saves what a lookup would be answered from now, when it changed since the last save; one save at a time. */
  private save(): Promise<void> {
    const file = this.options.file;
    if (!file || this.changes === this.savedChanges) return this.saving;
    this.saving = this.saving.then(async () => {
      const changes = this.changes;
      try {
        await file.write(this.toSave());
        this.savedChanges = changes;
        this.savedAt = this.now();
        this.figures.savedAt = new Date(this.savedAt).toISOString();
      } catch (error) {
        this.options.log?.(`local index: not saved (${String(error)}); the next start sweeps anew`);
      }
    });
    return this.saving;
  }

  /** The entries in use, less the codes booked since and the order numbers not settled yet. */
  private toSave(): IndexToSave {
    const orders = this.orders;
    const stored = this.stored;
    const consumed = new Set(this.consumed.keys());
    const unsettled = new Set(this.unsettled.keys());
    const trusted = this.storedTrusted();
    return {
      ...(this.lastFullAt !== undefined ? { lastFullAt: this.lastFullAt } : {}),
      ordersListed: this.ordersListed,
      storedUntil: this.storedUntil,
      storedComplete: trusted,
      orders: without(orders, consumed),
      stored: trusted ? without(stored, new Set([...consumed, ...unsettled])) : [],
    };
  }
}

function* without(
  entries: Map<string, string>,
  left: ReadonlySet<string>,
): Iterable<readonly [string, string]> {
  for (const entry of entries) if (!left.has(entry[0])) yield entry;
}

function pause(ms: number): Promise<void> {
  return new Promise<void>((resolve) => (ms > 0 ? setTimeout(resolve, ms) : setImmediate(resolve)));
}

function isReady(s: StoredShipment): boolean {
  return READY_STORED.has((s.status ?? '').toUpperCase());
}

function compactOrder(order: Order): string {
  return [
    order.id,
    ...order.parcels.map((p) => (p.shipmentId ? `${p.id}${PARCEL}${p.shipmentId}` : p.id)),
  ].join(SEP);
}

function addStored(into: Map<string, string>, s: StoredShipment): void {
  if (!s.orderNo) return;
  const known = into.get(s.orderNo);
  if (known === undefined) into.set(s.orderNo, s.id);
  else if (!known.split(SEP).includes(s.id)) into.set(s.orderNo, `${known}${SEP}${s.id}`);
}

/**
 * A list filter's time, to the millisecond the windows are cut at, with the offset written as nShift's stored
 * shipments page shows it ("ISO-8601 date format, for example, 2020-01-01T01:00:00+00:00"): not as nShift writes
 * its own timestamps (`…30.904+0000`), which a strict ISO-8601 reader refuses.
 */
function nshiftTime(ms: number): string {
  return new Date(ms).toISOString().replace('Z', '+00:00');
}
