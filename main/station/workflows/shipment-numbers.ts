import type { ShipmentSummary } from '../../nshift/delivery';
import type { StationContext } from '../context';
import { recordFacts } from './shipment-facts';
import { detailsOf, shipmentDetails } from './shipment-lookup';

/**
 * The shipment numbers of bookings whose answer carried none, taken from nShift's history in batches, beside the
 * jobs and never on the label's way.
 *
 * An order's booking (`POST /orders/shipments`) answers with the shipment's id and tracking numbers only, and
 * its documents listing (`GET /shipments/{id}/prints`) with the documents' ids, descriptions and bytes: the
 * shipment number a person reads on the label is in nShift's history alone (docs/workflows.md, "Booking").
 * Asking the history once per booking made a third request for every order scan. The bookings wait here
 * instead, and one listing of the account's newest shipments answers for all of them: at the latest `maxWaitMs`
 * after the first was booked, or at once when `batch` wait. Until then the job shows its order number, as it
 * does for a shipment whose number is not known (the UI never shows the internal id).
 *
 * A listing reads pages of 50, newest first, until every waiting shipment is found, a page is short, its last
 * shipment was created well before the oldest waiting booking, or `maxPages` were read. One not found (nShift's
 * history may list a new shipment a moment late) waits for the next listing; after that it is asked for by its
 * order number, as before, so a busy account's many pages never lose a number. Look-ups that fail leave the job
 * without its number (its order number stands in), as they always did.
 */
export interface ShipmentNumbersOptions {
  /** Look up as soon as this many bookings wait (default 40: one history page of 50 holds them). */
  batch?: number;
  /** ...and at the latest this long after the first of them was booked (default 10 s; 0: each at once). */
  maxWaitMs?: number;
  /** Pages of the history one listing reads at most (default 20: the account's 1,000 newest shipments). */
  maxPages?: number;
}

interface Waiting {
  jobId: string;
  shipmentId: string;
  /** The code the packer scanned: the order number a single look-up searches by. */
  code: string;
  bookedAt: number;
  /** The journal's `booked`: the number is recorded after it, and not at all when it failed. */
  journalled: Promise<void>;
  listings: number;
}

const PAGE = 50;
/** nShift's clock and the station's may differ: a page this much older than the oldest booking ends a listing. */
const CLOCK_SLACK_MS = 15 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export class ShipmentNumbers {
  private waiting: Waiting[] = [];
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();
  private readonly batch: number;
  private readonly maxWaitMs: number;
  private readonly maxPages: number;

  constructor(
    private readonly ctx: StationContext,
    options: ShipmentNumbersOptions = {},
  ) {
    this.batch = Math.max(1, options.batch ?? 40);
    this.maxWaitMs = Math.max(0, options.maxWaitMs ?? 10_000);
    this.maxPages = Math.max(1, options.maxPages ?? 20);
  }

  /** A booking whose shipment number nShift's answer did not carry: it is looked up with others. */
  add(booking: { jobId: string; shipmentId: string; code: string; journalled: Promise<void> }): void {
    this.waiting.push({ ...booking, bookedAt: this.ctx.now().getTime(), listings: 0 });
    if (this.waiting.length >= this.batch || this.maxWaitMs === 0) this.lookUpNow();
    else this.timer ??= setTimeout(() => this.lookUpNow(), this.maxWaitMs).unref();
  }

  /** Looks up what waits (the station is closing) and resolves when every look-up has ended. */
  async close(): Promise<void> {
    if (this.waiting.length > 0) this.lookUpNow();
    await this.running;
  }

  private lookUpNow(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const taken = this.waiting;
    this.waiting = [];
    // One look-up at a time: a listing still reading pages is not raced by the next.
    this.running = this.running
      .then(() => this.lookUp(taken))
      .catch((error: unknown) => this.ctx.log(`shipment numbers not looked up: ${String(error)}`));
  }

  private async lookUp(taken: readonly Waiting[]): Promise<void> {
    const kept = await keptBookings(taken);
    if (kept.length === 0) return;
    // One booking alone costs one search by its order number; a listing may need several pages.
    const first = kept[0]!;
    if (kept.length === 1 && first.listings === 0) return this.byOrderNumber(kept);
    const listed = await this.list(kept);
    const unlisted: Waiting[] = [];
    for (const booking of kept) {
      const found = listed.get(booking.shipmentId);
      if (found) await recordFacts(this.ctx, booking.jobId, { shipmentId: found.id, ...detailsOf(found) });
      else unlisted.push({ ...booking, listings: booking.listings + 1 });
    }
    const again = unlisted.filter((b) => b.listings < 2);
    if (again.length > 0) {
      this.waiting.push(...again);
      this.timer ??= setTimeout(() => this.lookUpNow(), this.maxWaitMs).unref();
    }
    await this.byOrderNumber(unlisted.filter((b) => b.listings >= 2));
  }

  /** The account's newest shipments, page by page, until the waiting ones are found or the pages are older. */
  private async list(bookings: readonly Waiting[]): Promise<Map<string, ShipmentSummary>> {
    const wanted = new Set(bookings.map((b) => b.shipmentId));
    const oldest = Math.min(...bookings.map((b) => b.bookedAt));
    // A day early: nShift may read the date in the account's time zone.
    const dateFrom = new Date(oldest - DAY_MS).toISOString().slice(0, 10);
    const found = new Map<string, ShipmentSummary>();
    for (let page = 0; page < this.maxPages && found.size < wanted.size; page++) {
      const result = await this.ctx.client().history.search({ dateFrom, page });
      if (!result.ok) break;
      for (const s of result.value) if (wanted.has(s.id)) found.set(s.id, s);
      const last = result.value.at(-1)?.created;
      if (result.value.length < PAGE || (last && Date.parse(last) < oldest - CLOCK_SLACK_MS)) break;
    }
    return found;
  }

  /** One search per booking by the code scanned (an order's number), as each order scan did before. */
  private async byOrderNumber(bookings: readonly Waiting[]): Promise<void> {
    for (const { jobId, shipmentId, code } of bookings) {
      const details = (await shipmentDetails(this.ctx, code, [shipmentId])).get(shipmentId);
      if (details) await recordFacts(this.ctx, jobId, { shipmentId, ...details });
    }
  }
}

/** The bookings whose `booked` the journal took: a number is never recorded for a booking it does not hold. */
async function keptBookings(taken: readonly Waiting[]): Promise<Waiting[]> {
  const saved = await Promise.all(
    taken.map((b) =>
      b.journalled.then(
        () => true,
        () => false,
      ),
    ),
  );
  return taken.filter((_, i) => saved[i]);
}
