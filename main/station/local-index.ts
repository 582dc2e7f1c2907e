import type { DeliveryClient } from '../nshift/delivery/client';
import type { Order, StoredShipment } from '../nshift/delivery/schemas';

/**
 * A local index of open orders (by internalReference) and READY stored shipments (by orderNo), refreshed in
 * the background so that most scans resolve without a network round trip.
 *
 * The index only ever saves a lookup; it never decides a booking on its own authority. A stale entry (an
 * order another station just shipped) leads to a booking that nShift refuses as already booked, which the
 * station reports as `duplicate`, exactly as a live lookup would have. Codes not in the index fall back to a
 * live lookup.
 *
 * Rate rules: nShift documents no limit for these list calls (the 5-minute rule is for the fetch-in-batches
 * feeds), so a refresh every minute — a few paged GETs — stays far inside what a station's own scans cost.
 */
export interface LocalIndexOptions {
  client: () => DeliveryClient;
  intervalMs: number;
  /** Orders are listed in pages of 50; the index keeps at most this many pages per refresh. */
  maxOrderPages?: number;
  log?: (line: string) => void;
}

const BOOKABLE_ORDER = new Set(['OPEN', 'PARTIALLY_SHIPPED']);
const READY_STORED = new Set(['READY', 'WARNED']);

export class LocalIndex {
  private orders = new Map<string, Order>();
  private stored = new Map<string, StoredShipment[]>();
  /** Codes booked since the refresh that loaded the index, with the refresh generation they were booked in. */
  private readonly consumed = new Map<string, number>();
  private generation = 0;
  private timer: NodeJS.Timeout | undefined;
  private refreshing: Promise<void> | undefined;
  private stopped = false;
  private lastRefresh: Date | undefined;

  constructor(private readonly options: LocalIndexOptions) {}

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

  order(internalReference: string): Order | undefined {
    return this.consumed.has(internalReference) ? undefined : this.orders.get(internalReference);
  }

  storedShipments(orderNo: string): StoredShipment[] | undefined {
    return this.consumed.has(orderNo) ? undefined : this.stored.get(orderNo);
  }

  /** A code was booked (or found booked): live lookups only, until the next refresh sees the new state. */
  consume(code: string): void {
    this.consumed.set(code, this.generation);
  }

  refresh(): Promise<void> {
    this.refreshing ??= this.load().finally(() => {
      this.refreshing = undefined;
      if (!this.stopped && this.options.intervalMs > 0) {
        this.timer = setTimeout(() => void this.refresh(), this.options.intervalMs);
        this.timer.unref();
      }
    });
    return this.refreshing;
  }

  private async load(): Promise<void> {
    // A code booked while this refresh runs may come back in its (older) lists: it stays consumed.
    const startedAt = ++this.generation;
    const client = this.options.client();
    const orders = new Map<string, Order>();
    const maxPages = this.options.maxOrderPages ?? 20;
    for (let page = 0; page < maxPages; page++) {
      const result = await client.orders.list({ page, size: 50 });
      if (!result.ok) {
        this.options.log?.(
          `local index: orders not refreshed (${result.error.kind}); scans look them up live`,
        );
        return;
      }
      for (const order of result.value) {
        if (order.internalReference && BOOKABLE_ORDER.has((order.status ?? '').toUpperCase()))
          orders.set(order.internalReference, order);
      }
      if (result.value.length < 50) break;
    }
    const ready = await client.storedShipments.list({ status: 'ready' });
    if (!ready.ok) {
      this.options.log?.(
        `local index: stored shipments not refreshed (${ready.error.kind}); scans look them up live`,
      );
      return;
    }
    const stored = new Map<string, StoredShipment[]>();
    // nShift returns at most 50: a full page may have cut a split order in half, so it is not used at all.
    for (const s of ready.value.length < 50 ? ready.value : []) {
      if (!s.orderNo || !READY_STORED.has((s.status ?? '').toUpperCase())) continue;
      stored.set(s.orderNo, [...(stored.get(s.orderNo) ?? []), s]);
    }
    this.orders = orders;
    this.stored = stored;
    for (const [code, generation] of this.consumed) if (generation < startedAt) this.consumed.delete(code);
    this.lastRefresh = new Date();
  }
}
