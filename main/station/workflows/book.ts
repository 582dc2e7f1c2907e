import type { Failure } from '../../../preload/api';
import type { PrintableDocument } from '../../labels/document';
import {
  consolidationKeyOf,
  type DeliveryError,
  type ShipmentResult,
  type ShipmentSummary,
  type Shipment,
} from '../../nshift/delivery';
import type { Result } from '../../result';
import { err, ok } from '../../result';
import { bookingTargetKey, type BookingTarget, type DocumentRef } from '../journal';
import { documentRef, printConfigFromSettings, record, type StationContext } from '../context';
import { bookingNotSaved, failureFromDelivery, failureOf, isDiskRefusal } from '../failures';
import { detailsOf, parcelNosOf, shipmentDetails, type ShipmentDetails } from './shipment-lookup';
import { documentsOfShipment, knownDocuments } from '../documents';
import { BOOKING_KINDS } from '../jobs';
import { bookingsByOrderNo, isReady, shipmentIdsOfOrder } from './resolve';
import { adoptSpoolStates, shareWithSpool, type SpooledShare } from './spooled-before-crash';
import { storedMakesReturnShipment, wholeShipmentOf, withConsolidationKey } from '../shipment-rules';
import type { ShipmentFacts } from './types';

/** A shipment that exists in nShift, with its documents in hand (in the label cache once `journalled` resolves). */
export interface BookedShipment extends ShipmentFacts {
  documents: PrintableDocument[];
  /** Booked, but its documents could not be downloaded: the packer reprints once nShift answers again. */
  documentsError?: DeliveryError;
  /**
   * The consolidation key the booking asked for, when nShift's answer shows it booked a normal shipment
   * instead (`consolidated` false): the parcels will not travel with the consolidated shipment.
   */
  notConsolidated?: string;
  /** Reconciled after a crash: what the spool already held of it (`documents` are only those still to print). */
  spooled?: SpooledShare;
}

export type BookOutcome =
  | {
      kind: 'booked';
      shipments: BookedShipment[];
      /**
       * The label cache's record and the journal's `booked`: under way when a live booking returns; the first
       * label byte waits for it. Awaiting it reports a failure to keep the booking.
       */
      journalled: Promise<void>;
      /** The documents whose `sending` the `booked` records: the spool writes nothing of them before their first byte. */
      sendingJournalled: ReadonlySet<string>;
    }
  /** nShift says this target was booked before we asked (another station, an earlier run). */
  | { kind: 'duplicate'; shipmentIds: string[] }
  | { kind: 'failed'; failure: Failure };

/**
 * Books one target exactly once. The intent is journalled (fsync) before the call. When the answer is lost,
 * nShift is asked what it has (the order's status, the stored shipment's status, the history) before anything
 * else: an existing shipment is taken over; only a target nShift still shows as unbooked is booked anew.
 */
export async function bookTarget(
  ctx: StationContext,
  jobId: string,
  target: BookingTarget,
): Promise<BookOutcome> {
  const key = bookingTargetKey(target);
  await record(ctx, { type: 'book_intent', jobId, target });
  // Open the label printer's connection while nShift books, so that the label goes out the moment it arrives:
  // once the request has left (the next turn of the event loop), since its work would otherwise delay it.
  setImmediate(() => void ctx.printService.prepare({ kind: 'label', format: 'zpl' }));
  const attempt = await callBooking(ctx, target);
  if (attempt.ok) return finishBooking(ctx, jobId, key, attempt.value, false);
  if (attempt.error.kind === 'declined') return { kind: 'failed', failure: attempt.error.failure };
  if (isRefusal(target, attempt.error)) return refusedBooking(ctx, target, attempt.error);
  if (attempt.error.kind !== 'outcome_unknown')
    return { kind: 'failed', failure: failureFromDelivery(attempt.error) };

  await record(ctx, { type: 'book_unknown', jobId, targetKey: key, detail: attempt.error.cause });
  ctx.log(
    `booking ${key} for job ${jobId}: outcome unknown (${attempt.error.cause}); reconciling with nShift`,
  );
  return reconcileTarget(ctx, jobId, target);
}

/** What the packer scanned for a target: the order's reference, or the stored or prepared shipment's order number. */
function codeOf(target: BookingTarget): string {
  switch (target.type) {
    case 'order':
      return target.internalReference;
    case 'stored':
      return target.orderNo ?? target.storedId;
    case 'prepared':
      return target.orderNo ?? target.prepareId;
  }
}

/**
 * nShift refusing to book this target: a 422 (field errors, or the target booked already), or for a prepared
 * shipment a 404 (booking consumes it: another station, or the shop's own system, booked it first).
 */
function isRefusal(
  target: BookingTarget,
  error: DeliveryError,
): error is Extract<DeliveryError, { kind: 'validation' | 'not_found' }> {
  return error.kind === 'validation' || (target.type === 'prepared' && error.kind === 'not_found');
}

/** After a crash or a lost answer: find what nShift has for the target, then continue from there. */
export async function reconcileTarget(
  ctx: StationContext,
  jobId: string,
  target: BookingTarget,
): Promise<BookOutcome> {
  const key = bookingTargetKey(target);
  const found = await lookUpBooking(ctx, jobId, target);
  if (!found.ok) return { kind: 'failed', failure: found.error };
  if (found.value.length > 0) {
    const shipments = await fetchShipments(
      ctx,
      jobId,
      found.value.map((f) => f.shipmentId),
    );
    if (!shipments.ok) return { kind: 'failed', failure: shipments.error };
    // nShift's answer was lost, so only the ids are known: the numbers and parcels come from the history before
    // `booked` is written, and every reader of it (the UI, the headless `booked` line) has them. A stored
    // shipment's look-up read them there already; an order's asks for them.
    const details = new Map<string, ShipmentDetails>();
    for (const f of found.value) if (f.listed) details.set(f.shipmentId, detailsOf(f.listed));
    const unlisted = found.value.filter((f) => !f.listed).map((f) => f.shipmentId);
    if (unlisted.length > 0)
      for (const [id, known] of await shipmentDetails(ctx, codeOf(target), unlisted)) details.set(id, known);
    for (const shipment of shipments.value) {
      const known = details.get(shipment.shipmentId);
      if (!known) continue;
      shipment.parcelNos = known.parcelNos;
      if (known.shipmentNo) shipment.shipmentNo = known.shipmentNo;
      if (known.receiverName) shipment.receiverName = known.receiverName;
      if (known.serviceId) shipment.serviceId = known.serviceId;
    }
    const outcome = finishBooking(ctx, jobId, key, shipments.value, true);
    // A refused `booked` is the caller's to report, as for a live booking (it awaits the same write): it names
    // the shipment the station could not keep. Nothing is adopted into a journal that took no `booked`.
    const saved = await outcome.journalled.then(
      () => true,
      () => false,
    );
    if (saved)
      for (const shipment of shipments.value)
        if (shipment.spooled) await adoptSpoolStates(ctx, jobId, shipment.spooled.spooled);
    return outcome;
  }
  // nShift has nothing: the booking never happened, so booking now is the first booking, not a second one.
  await record(ctx, { type: 'book_intent', jobId, target });
  const retry = await callBooking(ctx, target);
  if (retry.ok) return finishBooking(ctx, jobId, key, retry.value, false);
  if (retry.error.kind === 'declined') return { kind: 'failed', failure: retry.error.failure };
  if (isRefusal(target, retry.error)) return refusedBooking(ctx, target, retry.error);
  if (retry.error.kind === 'outcome_unknown')
    await record(ctx, { type: 'book_unknown', jobId, targetKey: key, detail: retry.error.cause });
  return { kind: 'failed', failure: failureFromDelivery(retry.error) };
}

/** The station not sending a booking it cannot make as asked: nothing reached nShift's booking. */
interface Declined {
  kind: 'declined';
  failure: Failure;
}

async function callBooking(
  ctx: StationContext,
  target: BookingTarget,
): Promise<Result<BookedShipment[], DeliveryError | Declined>> {
  const printConfig = printConfigFromSettings(ctx.settings());
  const client = ctx.client();
  if (target.type === 'prepared') {
    // Booked as the web shop's checkout made it: no consolidation key is added (a prepared shipment cannot be
    // replaced before booking, as a stored one is), so it books as a shipment of its own, like an order.
    const booked = await client.preparedShipments.book(target.prepareId, printConfig, { returnFile: true });
    if (!booked.ok) return booked;
    return ok(await Promise.all(booked.value.map((result) => fromShipmentResult(ctx, result))));
  }
  if (target.type === 'stored') {
    // Without a consolidation key there is nothing to look up: the request leaves without a turn of waiting.
    const wanted = ctx.settings().consolidation.key;
    const keyed = wanted
      ? await ensureConsolidationKey(ctx, target.storedId, wanted, codeOf(target))
      : ok(undefined);
    if (!keyed.ok) return keyed;
    const booked = await client.storedShipments.book(target.storedId, printConfig, { returnFile: true });
    if (!booked.ok) return booked;
    const shipments = await Promise.all(booked.value.map((result) => fromShipmentResult(ctx, result)));
    // nShift's answer says whether the parcels joined the consolidated shipment: never assume they did.
    const key = keyed.value;
    return ok(
      key
        ? shipments.map((shipment, i) =>
            booked.value[i]?.consolidated ? shipment : { ...shipment, notConsolidated: key },
          )
        : shipments,
    );
  }
  const booked = await client.orders.createShipment({
    orderId: target.orderId,
    ...(target.parcelIds ? { parcelIds: target.parcelIds } : {}),
    printConfig,
  });
  if (!booked.ok) return booked;
  // From here the order IS booked: a failed download must not read as a failed booking.
  const documents = await documentsOfShipment(client, booked.value.shipmentId, printConfig);
  return ok([
    {
      shipmentId: booked.value.shipmentId,
      orderNo: target.internalReference,
      parcelNos: booked.value.trackingNumbers,
      documents: documents.ok ? documents.value : [],
      ...(documents.ok ? {} : { documentsError: documents.error }),
    },
  ]);
}

async function fromShipmentResult(ctx: StationContext, result: ShipmentResult): Promise<BookedShipment> {
  const printConfig = printConfigFromSettings(ctx.settings());
  const documents = await ctx.client().documents.fromShipmentResult(result, printConfig);
  return {
    shipmentId: result.id,
    parcelNos: parcelNosOf(result),
    documents: documents.ok ? documents.value : [],
    ...(documents.ok ? {} : { documentsError: documents.error }),
    ...(result.shipmentNo ? { shipmentNo: result.shipmentNo } : {}),
    ...(result.orderNo ? { orderNo: result.orderNo } : {}),
    ...(result.rcvName ? { receiverName: result.rcvName } : {}),
    ...(result.serviceId ? { serviceId: result.serviceId } : {}),
  };
}

/** Starts the journal's `booked` for each shipment and returns at once (see BookOutcome's `journalled`). */
function finishBooking(
  ctx: StationContext,
  jobId: string,
  targetKey: string,
  shipments: BookedShipment[],
  reconciled: boolean,
): Extract<BookOutcome, { kind: 'booked' }> {
  const sendingJournalled = new Set(
    shipments.length === 1 ? shipments[0]!.documents.filter(isLabel).map((d) => d.id) : [],
  );
  const journalled = journalBooked(ctx, jobId, targetKey, shipments, reconciled, sendingJournalled);
  // Whoever awaits it sees a failure; until then it must not count as unhandled.
  journalled.catch(() => undefined);
  return { kind: 'booked', shipments, journalled, sendingJournalled };
}

/**
 * One shipment (nearly every booking): the label cache's record of its documents and the journal's `booked`,
 * which records its labels' `sending`, are written side by side, one fsync each at once, and the label's first
 * byte waits for both and for nothing else (the spool writes nothing before it). Whatever a crash leaves is told
 * apart at the next start: no `booked`, nothing went out (nShift is asked, the cache has the label); a `booked`
 * whose label the cache lacks, nothing went out either (it prints, from nShift); both, it may have printed (it is
 * held). Its other documents (a customs declaration for the office printer) are not what the packer waits for:
 * the spool records their `sending` itself, on their own printer's queue, right before their first byte, which
 * holds after a crash only what truly may have printed.
 *
 * Several shipments in one answer (a return shipment beside the outbound one): each kept in turn, label cache
 * first, then its `booked`, and the spool records every `sending` itself: the first byte of any of them waits
 * for all, and no one entry could say that all were kept.
 */
async function journalBooked(
  ctx: StationContext,
  jobId: string,
  targetKey: string,
  shipments: readonly BookedShipment[],
  reconciled: boolean,
  sendingJournalled: ReadonlySet<string>,
): Promise<void> {
  const targetShipmentIds = shipments.length > 1 ? shipments.map((s) => s.shipmentId) : undefined;
  for (const shipment of shipments) {
    const cached = ctx.labelCache.putAll(shipment.documents).catch((error: unknown) => {
      stopIfRefused(ctx, error);
      throw new BookingNotKept(shipment.shipmentId, error);
    });
    if (sendingJournalled.size === 0) await cached;
    const documents: DocumentRef[] = shipment.spooled?.refs ?? shipment.documents.map(documentRef);
    const journalled = record(ctx, {
      type: 'booked',
      jobId,
      targetKey,
      shipmentId: shipment.shipmentId,
      parcelNos: shipment.parcelNos,
      documents,
      ...(targetShipmentIds ? { targetShipmentIds } : {}),
      ...(shipment.shipmentNo ? { shipmentNo: shipment.shipmentNo } : {}),
      ...(shipment.orderNo ? { orderNo: shipment.orderNo } : {}),
      ...(shipment.receiverName ? { receiverName: shipment.receiverName } : {}),
      ...(shipment.serviceId ? { serviceId: shipment.serviceId } : {}),
      ...(reconciled ? { reconciled: true } : {}),
      ...(sendingJournalled.size > 0 ? { sending: [...sendingJournalled] } : {}),
    }).catch((error: unknown) => {
      throw new BookingNotKept(shipment.shipmentId, error);
    });
    // Both are awaited, so neither rejection goes unhandled; the label cache's refusal is reported first.
    const [cache, journal] = await Promise.allSettled([cached, journalled]);
    if (cache.status === 'rejected') throw cache.reason;
    if (journal.status === 'rejected') throw journal.reason;
  }
}

/** What the packer waits for at the bench: a shipment's label, or its return label. */
function isLabel(document: PrintableDocument): boolean {
  return document.kind === 'label' || document.kind === 'return_label';
}

/** `journalled` rejects with this: the shipment nShift booked that the station could not keep, and why. */
export class BookingNotKept extends Error {
  constructor(
    readonly shipmentId: string,
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'BookingNotKept';
  }
}

/**
 * A 422 on a booking is either real field errors, or nShift refusing to book a target twice (the order's
 * parcels are booked, the stored shipment is no longer READY: another station won the race). Tell them apart.
 */
async function refusedBooking(
  ctx: StationContext,
  target: BookingTarget,
  error: Extract<DeliveryError, { kind: 'validation' | 'not_found' }>,
): Promise<BookOutcome> {
  const existing = await lookUpBooking(ctx, undefined, target);
  if (existing.ok && existing.value.length > 0)
    return { kind: 'duplicate', shipmentIds: existing.value.map((f) => f.shipmentId) };
  if (error.kind === 'not_found') return { kind: 'failed', failure: preparedGone(target) };
  if (error.errors.length === 0) {
    return {
      kind: 'failed',
      failure: failureOf(
        'booking_refused',
        'nShift refused to book this shipment: check it in nShift and scan again.',
        {},
      ),
    };
  }
  return { kind: 'failed', failure: failureFromDelivery(error) };
}

/** A shipment nShift has for a target, with its history entry when the look-up read one. */
interface FoundBooking {
  shipmentId: string;
  listed?: ShipmentSummary;
}

/** The shipments nShift has for a target now (none when it is still unbooked). */
async function lookUpBooking(
  ctx: StationContext,
  jobId: string | undefined,
  target: BookingTarget,
): Promise<Result<FoundBooking[], Failure>> {
  const client = ctx.client();
  if (target.type === 'order') {
    const order = await client.orders.get(target.orderId);
    if (!order.ok) return err(failureFromDelivery(order.error));
    const wanted = target.parcelIds ? new Set(target.parcelIds) : undefined;
    const ids = wanted
      ? [
          ...new Set(
            order.value.parcels
              .filter((p) => wanted.has(p.id) && p.shipmentId)
              .map((p) => p.shipmentId as string),
          ),
        ]
      : shipmentIdsOfOrder(order.value);
    return ok(ids.map((shipmentId) => ({ shipmentId })));
  }
  const pending = await stillToBook(ctx, target);
  if (!pending.ok) return pending;
  if (pending.value === true) return ok([]);
  const { wantsReturn } = pending.value;
  const notListed = target.type === 'prepared' ? preparedNotListed : storedNotListed;
  // Booked (gone or no longer READY): find its shipment by order number, skipping those this job already holds.
  if (!target.orderNo) return err(notListed());
  // Nothing ties a stored or prepared shipment to the shipment it became but the order number, which the other
  // stored or prepared shipments of a split order share: one this job holds, or another job booked, is never this
  // booking's (the history may not list this one yet, and taking another would print its label twice and lose
  // this one).
  const known = new Set(jobId ? (ctx.jobs.get(jobId)?.shipments.map((s) => s.shipmentId) ?? []) : []);
  if (jobId) for (const id of shipmentsBookedByOtherJobs(ctx, jobId)) known.add(id);
  const candidates = (await bookingsByOrderNo(ctx, target.orderNo)).filter((s) => !known.has(s.id));
  if (candidates.length === 0) return err(notListed());
  const found = (listed: ShipmentSummary): FoundBooking => ({ shipmentId: listed.id, listed });
  if (!jobId) return ok(candidates.map(found));
  // This booking's shipments: its outbound one and, when the stored shipment asked for one, its return shipment
  // (nShift books both in one answer). No more: the order's other shipments may be another station's.
  const outbound = candidates.find((s) => !s.returnShipment) ?? candidates[0]!;
  const returned = wantsReturn ? candidates.find((s) => s.returnShipment && s.id !== outbound.id) : undefined;
  return ok(returned ? [found(outbound), found(returned)] : [found(outbound)]);
}

/**
 * Whether a stored or prepared target is still waiting in nShift (`true`: book it), or has been booked: a stored
 * shipment no longer READY or gone, a prepared shipment gone (booking consumes it). `wantsReturn`: the booking
 * made a return shipment too (known for a stored shipment, which nShift keeps; a prepared one is gone).
 */
async function stillToBook(
  ctx: StationContext,
  target: Exclude<BookingTarget, { type: 'order' }>,
): Promise<Result<true | { wantsReturn: boolean }, Failure>> {
  const client = ctx.client();
  if (target.type === 'prepared') {
    const prepared = await client.preparedShipments.get(target.prepareId);
    if (prepared.ok) return ok(true);
    if (prepared.error.kind !== 'not_found') return err(failureFromDelivery(prepared.error));
    return ok({ wantsReturn: false });
  }
  const stored = await client.storedShipments.get(target.storedId);
  if (stored.ok && isReady(stored.value)) return ok(true);
  if (!stored.ok && stored.error.kind !== 'not_found') return err(failureFromDelivery(stored.error));
  return ok({ wantsReturn: stored.ok && storedMakesReturnShipment(stored.value) });
}

const storedNotListed = (): Failure =>
  failureOf(
    'stored_booking_not_listed',
    'nShift shows the stored shipment as booked but its shipment is not in the history yet: scan again in a minute.',
    {},
  );
const preparedNotListed = (): Failure =>
  failureOf(
    'prepared_booking_not_listed',
    'nShift no longer holds the prepared shipment (it was booked) but its shipment is not in the history yet: scan again in a minute.',
    {},
  );

/**
 * A prepared shipment nShift no longer holds, and no shipment booked from it listed: the shop deleted it or turned
 * it into a stored shipment since the scan found it. Nothing was booked; the next scan finds what there is now.
 */
function preparedGone(target: BookingTarget): Failure {
  const code = codeOf(target);
  return failureOf(
    'no_match',
    `The prepared shipment of "${code}" is no longer in nShift: nothing was booked. Scan "${code}" again to book what nShift holds for it now.`,
    { code },
  );
}

/**
 * The shipments the station's other booking jobs of the loaded days booked themselves: not those a duplicate
 * shows for reference, nor those a reprint or a cancel names (a reprint by order number lists this booking's
 * own shipment too).
 */
function shipmentsBookedByOtherJobs(ctx: StationContext, jobId: string): Set<string> {
  const ids = new Set<string>();
  for (const job of ctx.jobs.all()) {
    if (job.id === jobId || !BOOKING_KINDS.has(job.kind)) continue;
    for (const shipment of job.shipments)
      if (!shipment.reference && shipment.shipmentId) ids.add(shipment.shipmentId);
  }
  return ids;
}

/**
 * Documents of shipments that already exist: the label cache first, then nShift (a copy after its hour), less
 * those the spool already holds for this job (a crash between the spool's write and the journal's `booked`).
 */
async function fetchShipments(
  ctx: StationContext,
  jobId: string,
  shipmentIds: readonly string[],
): Promise<Result<BookedShipment[], Failure>> {
  const spoolJobs = await ctx.printService.jobsOf(jobId);
  const shipments: BookedShipment[] = [];
  for (const shipmentId of shipmentIds) {
    let documents: Awaited<ReturnType<typeof knownDocuments>>;
    try {
      documents = await knownDocuments(ctx, shipmentId);
    } catch (error) {
      if (!stopIfRefused(ctx, error)) throw error;
      return err(bookingNotSaved(shipmentId, error));
    }
    const share = shareWithSpool(ctx, jobId, shipmentId, documents.ok ? documents.value : [], spoolJobs);
    // The spool has the label: a failed download does not stop the journal from recording the booking. Without
    // it the booking is recorded all the same, and the job fails as a live booking whose label did not come down
    // (`label_not_downloaded`: reprint it, never book it again).
    const notDownloaded = !documents.ok && share.spooled.length === 0 ? documents.error : undefined;
    shipments.push({
      shipmentId,
      parcelNos: [],
      documents: share.toPrint,
      ...(share.spooled.length > 0 ? { spooled: share } : {}),
      ...(notDownloaded ? { documentsError: notDownloaded } : {}),
    });
  }
  return ok(shipments);
}

/**
 * Consolidated parcels: with a consolidation key in settings, a stored shipment is given the CONSOLIDATE option
 * (a full replacement, which is idempotent) before it is booked, so nShift adds its parcels to the open
 * consolidated shipment with that key. A stored shipment that already carries a key (from the order) keeps it.
 * Returns the key the booking asks for (the shipment's own, else `key`). Orders booked through
 * /orders/shipments cannot carry options; they book as normal shipments.
 *
 * The replacement is the shipment nShift sent back with the option added, so it is sent only when nShift's
 * answer carried the shipment whole: its documented answers are summaries, and a replacement made of a summary
 * would erase the receiver and the parcels. Without it nothing is booked, and the packer is told why.
 */
async function ensureConsolidationKey(
  ctx: StationContext,
  storedId: string,
  key: string,
  code: string,
): Promise<Result<string, DeliveryError | Declined>> {
  const client = ctx.client();
  const stored = await client.storedShipments.get(storedId);
  if (!stored.ok) return stored;
  // A key the stored shipment carries already (from the order) is kept, whatever else the answer holds.
  const existing = stored.value.shipment ? consolidationKeyOf(stored.value.shipment as Shipment) : undefined;
  if (existing) return ok(existing);
  const shipment = wholeShipmentOf(stored.value);
  if (!shipment) return err({ kind: 'declined', failure: consolidationKeyNotAdded(code, key) });
  const replaced = await client.storedShipments.replace(storedId, withConsolidationKey(shipment, key));
  return replaced.ok ? ok(key) : replaced;
}

function consolidationKeyNotAdded(code: string, key: string): Failure {
  return failureOf(
    'consolidation_key_not_added',
    `nShift did not send the stored shipment of "${code}" whole, so the station cannot add consolidation key ${key} to it without erasing its data: nothing was booked. Book it in nShift itself, or clear the station's consolidation key and scan again (it then books without consolidation).`,
    { code, key },
  );
}

/**
 * The station cannot keep labels: the journal stops before it would say `booked`, so nothing more is booked
 * until Packbench restarts on a disk that takes writes, and that restart finds this booking in nShift (its
 * intent is journalled, its outcome is not) and prints its label once. Returns whether it was such a refusal.
 */
function stopIfRefused(ctx: StationContext, error: unknown): boolean {
  const refused = isDiskRefusal(error);
  if (refused) ctx.journal.refuseWrites(error);
  return refused;
}
