import type { DeliveryClient } from '../nshift/delivery/client';
import type { Order, StoredShipment } from '../nshift/delivery/schemas';
import type { RequestRate } from '../nshift/shared/request-rate';

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
 *    than the 50 a list returns (halved when full, widened when sparse);
 *  - an incremental refresh in between (every `intervalMs`): only the order pages from where the last read
 *    ended, and the stored shipments created since — usually one request each.
 * Incremental refreshes assume the order list is in creation order, oldest first **(assumed)**; if it is not,
 * new orders wait for the next full sweep and scans look them up live meanwhile, so nothing goes wrong.
 *
 * Rate rules: nShift documents no limit for these list calls (the five-minute rule is for the fetch-in-batches
 * feeds). The index still asks one request at a time, at most one every `minGapMs` (default 60 ms, so at most 17
 * a second), and none while the station's requests of the last second, every client's, number 18: the token,
 * the status feed or a packer's scans take their share first and the whole stays under the assumed 20 a second
 * that `npm run bench` checks. A 429 or 503 is waited out as its Retry-After says (the transport does that); a
 * refresh that still fails keeps the index it had and tries again at the next interval.
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
  lastFull?: { at: string; requests: number; ms: number };
  lastIncremental?: { at: string; requests: number; ms: number; newOrders: number; newStored: number };
}

const PAGE = 50;
/** Under the 20 requests a second assumed for an account, with room for a scan's own calls. */
const ACCOUNT_BUDGET_PER_SECOND = 18;
const BOOKABLE_ORDER = new Set(['OPEN', 'PARTIALLY_SHIPPED']);
const READY_STORED = new Set(['READY', 'WARNED']);
const DAY_MS = 24 * 60 * 60 * 1000;

class RefreshFailed extends Error {}

/**
 * Entries are kept as one short string each (ids joined by a separator): a Map of strings costs a third of a
 * Map of small objects, which at 100,000 entries is the difference between about 10 and 30 MB of heap.
 */
const SEP = '\u0001';
const PARCEL = '\u0002';

export class LocalIndex {
  /** internalReference → `orderId SEP parcelId[PARCEL shipmentId] SEP …` */
  private orders = new Map<string, string>();
  /** orderNo → `storedId SEP storedId …` */
  private stored = new Map<string, string>();
  private storedComplete = false;
  /** How many orders the list held at the end of the last read: an incremental read starts at that page. */
  private ordersListed = 0;
  /** Stored shipments created up to this time (ms) are in the index. */
  private storedUntil = 0;
  private lastFullAt: number | undefined;
  /** Codes booked since the refresh that loaded the index, with the refresh generation they were booked in. */
  private readonly consumed = new Map<string, number>();
  private generation = 0;
  private timer: NodeJS.Timeout | undefined;
  private refreshing: Promise<void> | undefined;
  private stopped = false;
  private lastRefresh: Date | undefined;
  private lastRequestAt = 0;
  private requests = 0;
  private figures: Pick<IndexFigures, 'lastFull' | 'lastIncremental'> = {};
  private readonly now: () => number;

  constructor(private readonly options: LocalIndexOptions) {
    this.now = options.now ?? Date.now;
  }

  start(): void {
    if (this.options.intervalMs <= 0) return;
    void this.refresh();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  /** When the index was last refreshed (for the status screen), if ever. */
  refreshedAt(): Date | undefined {
    return this.lastRefresh;
  }

  figuresNow(): IndexFigures {
    return {
      orders: this.orders.size,
      storedOrderNos: this.stored.size,
      storedComplete: this.storedComplete,
      ...this.figures,
    };
  }

  order(internalReference: string): IndexedOrder | undefined {
    if (this.consumed.has(internalReference)) return undefined;
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
    if (!this.storedComplete || this.consumed.has(orderNo)) return undefined;
    return this.stored
      .get(orderNo)
      ?.split(SEP)
      .map((id) => ({ id }));
  }

  /** A code was booked (or found booked): live lookups only, until the next refresh sees the new state. */
  consume(code: string): void {
    this.consumed.set(code, this.generation);
  }

  /** Refreshes now (a full sweep when one is due or asked for); a refresh in progress is joined. */
  refresh(options: { full?: boolean } = {}): Promise<void> {
    this.refreshing ??= this.load(options.full === true).finally(() => {
      this.refreshing = undefined;
      if (!this.stopped && this.options.intervalMs > 0) {
        if (this.timer) clearTimeout(this.timer);
        this.timer = setTimeout(() => void this.refresh(), this.options.intervalMs);
        this.timer.unref();
      }
    });
    return this.refreshing;
  }

  private async load(forceFull: boolean): Promise<void> {
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
  }

  /** Reads everything and swaps it in at once. */
  private async sweep(startedAt: number): Promise<void> {
    const orders = new Map<string, string>();
    const listed = await this.readOrders(0, orders);
    const stored = new Map<string, string>();
    const horizon = this.options.storedHorizonMs ?? 30 * DAY_MS;
    const complete = await this.readStored(startedAt - horizon, startedAt, stored);
    this.orders = orders;
    this.ordersListed = listed;
    this.stored = stored;
    this.storedComplete = complete;
    this.storedUntil = startedAt;
    this.lastFullAt = startedAt;
  }

  /**
   * Reads only what is new since the last read: the order pages after it, the stored shipments created since.
   * Entries are added in place (each is right on its own), so a refresh cut short keeps what it read.
   */
  private async increment(startedAt: number): Promise<{ newOrders: number; newStored: number }> {
    const ordersBefore = this.orders.size;
    const storedBefore = this.stored.size;
    this.ordersListed = await this.readOrders(Math.floor(this.ordersListed / PAGE), this.orders);
    // A second back: a stored shipment created in the last moment of the previous window is not missed.
    const complete = await this.readStored(this.storedUntil - 1000, startedAt, this.stored);
    this.storedComplete &&= complete;
    this.storedUntil = startedAt;
    return { newOrders: this.orders.size - ordersBefore, newStored: this.stored.size - storedBefore };
  }

  /** Pages of orders from `firstPage` to the first short one; returns how many orders the list held. */
  private async readOrders(firstPage: number, into: Map<string, string>): Promise<number> {
    const maxPages = this.options.maxOrderPages ?? 2000;
    for (let page = firstPage; page < maxPages; page++) {
      await this.pace();
      const result = await this.options.client().orders.list({ page, size: PAGE });
      if (!result.ok) throw new RefreshFailed(`orders not refreshed (${result.error.kind})`);
      for (const order of result.value) {
        if (!order.internalReference) continue;
        if (BOOKABLE_ORDER.has((order.status ?? '').toUpperCase()))
          into.set(order.internalReference, compactOrder(order));
        else into.delete(order.internalReference);
      }
      if (result.value.length < PAGE) return page * PAGE + result.value.length;
    }
    return maxPages * PAGE;
  }

  /**
   * READY stored shipments created in [from, to], window by window. A window that comes back full (50) is
   * halved and asked again; a sparse one makes the next wider. Returns false when a window could not be made
   * small enough (50 created in the same millisecond): the stored part of the index is then not trusted.
   */
  private async readStored(from: number, to: number, into: Map<string, string>): Promise<boolean> {
    let complete = true;
    let start = Math.max(0, from);
    let width = 60 * 60 * 1000;
    while (start <= to) {
      const end = Math.min(to, start + width - 1);
      await this.pace();
      const result = await this.options.client().storedShipments.list({
        status: 'ready',
        dateType: 'created',
        dateFrom: nshiftTime(start),
        dateTo: nshiftTime(end),
      });
      if (!result.ok) throw new RefreshFailed(`stored shipments not refreshed (${result.error.kind})`);
      if (result.value.length >= PAGE && end > start) {
        width = Math.max(1, Math.floor((end - start + 1) / 2));
        continue;
      }
      if (result.value.length >= PAGE) complete = false;
      for (const s of result.value) addStored(into, s);
      start = end + 1;
      if (result.value.length < PAGE / 4) width *= 2;
    }
    return complete;
  }

  /**
   * One index request at a time, at most one per `minGapMs`, and none while the station's other requests fill
   * the account's second; the wait also lets scans have the event loop.
   */
  private async pace(): Promise<void> {
    const gap = this.options.minGapMs ?? 60;
    await pause(this.lastRequestAt + gap - this.now());
    const rate = this.options.requestRate;
    while (rate && !this.stopped) {
      const wait = rate.msUntilBelow(ACCOUNT_BUDGET_PER_SECOND);
      if (wait <= 0) break;
      await pause(wait);
    }
    if (this.stopped) throw new RefreshFailed('stopped');
    this.lastRequestAt = this.now();
    this.requests++;
  }
}

function pause(ms: number): Promise<void> {
  return new Promise<void>((resolve) => (ms > 0 ? setTimeout(resolve, ms) : setImmediate(resolve)));
}

function compactOrder(order: Order): string {
  return [
    order.id,
    ...order.parcels.map((p) => (p.shipmentId ? `${p.id}${PARCEL}${p.shipmentId}` : p.id)),
  ].join(SEP);
}

function addStored(into: Map<string, string>, s: StoredShipment): void {
  if (!s.orderNo || !READY_STORED.has((s.status ?? '').toUpperCase())) return;
  const known = into.get(s.orderNo);
  if (known === undefined) into.set(s.orderNo, s.id);
  else if (!known.split(SEP).includes(s.id)) into.set(s.orderNo, `${known}${SEP}${s.id}`);
}

/** nShift's timestamp form (`2024-05-03T13:18:30.904+0000`), to the millisecond. */
function nshiftTime(ms: number): string {
  return new Date(ms).toISOString().replace('Z', '+0000');
}
