import type { Failure } from '../../../preload/api';
import type { BookingTarget } from '../journal';
import { bookingTargetKey } from '../journal';
import { fail, finish, printDocuments, record, type StationContext } from '../context';
import { bookingNotSaved, codeFailure, isDiskRefusal, labelNotDownloaded, noLabelListed } from '../failures';
import { cancelledHere, cancelledInNShift, shipmentDetails, wasCancelledHere } from './shipment-lookup';
import { BookingNotKept, bookTarget, reconcileTarget, type BookOutcome } from './book';
import { resolveCode } from './resolve';
import { startOfStationDay } from '../station-day';

/**
 * The hot path: a scanned code → resolve → book each target exactly once → label cache → print.
 * The `job` entry is already journalled by the caller before this runs.
 */
export async function runScan(ctx: StationContext, jobId: string, code: string): Promise<void> {
  const earlier = bookedEarlierToday(ctx, jobId, code);
  if (earlier) {
    // Cancelled since at another station or in nShift's portal, it is no booking either: the order is booked anew.
    const elsewhere = await cancelledInNShift(ctx, earlier);
    const live = earlier.filter((s) => !elsewhere.has(s.shipmentId)).map((s) => s.shipmentId);
    if (live.length > 0) return reportDuplicate(ctx, jobId, code, live, 'this station', 'booked_here');
    ctx.log(
      `"${code}": its booking here was cancelled in nShift since (${[...elsewhere].join(', ')}): booked anew`,
    );
  }

  // Just after a start, the local index kept from the last run is still being read back: a moment's wait for
  // it saves the lookups (local-index.ts).
  await ctx.index?.whenLoaded();
  const resolution = await resolveCode(ctx, code, ctx.settings().resolve.sources);
  if (resolution.kind === 'failed') return fail(ctx, jobId, resolution.failure);
  if (resolution.kind === 'booked')
    return reportDuplicate(ctx, jobId, code, resolution.shipmentIds, 'nShift', 'booked_in_nshift');

  ctx.index?.consume(code);
  // Not awaited alone: the first booking's intent is appended in the same turn and shares its fsync. The
  // intent cannot be durable before this entry, since the journal writes in order.
  const resolved = record(ctx, {
    type: 'resolved',
    jobId,
    source: resolution.source,
    orderNo: resolution.orderNo,
    targets: resolution.targets,
  });
  await Promise.all([resolved, bookAndPrint(ctx, jobId, code, resolution.targets, new Set())]);
}

/** Books every target not yet booked, printing each shipment as it comes; used by scans and by restart. */
export async function bookAndPrint(
  ctx: StationContext,
  jobId: string,
  code: string,
  targets: readonly BookingTarget[],
  unanswered: ReadonlySet<string>,
  /** A problem met before (a restart's print of what was already booked): the job ends failed with it. */
  earlier?: Failure,
): Promise<void> {
  let firstProblem: Parameters<typeof fail>[2] | undefined = earlier;
  /** A booking the label cache or the journal could not keep: it outranks every other problem of the job. */
  let notSaved: Failure | undefined;
  /** A kept booking whose label the spool's disk refused (the journal stopped): next after `notSaved`. */
  let notSpooled: Failure | undefined;
  let duplicates: string[] = [];
  for (const target of targets) {
    // A booking this station could not keep, or a label the spool could not (here or before a restart), stopped
    // the journal: the next target's intent cannot be written, and the packer must hear about the booking that
    // was made, not about the one that could not be asked for.
    if (ctx.journal.refusesWrites()) break;
    const key = bookingTargetKey(target);
    if (ctx.jobs.isBooked(jobId, key)) continue;
    const outcome: BookOutcome = unanswered.has(key)
      ? await reconcileTarget(ctx, jobId, target)
      : await bookTarget(ctx, jobId, target);
    if (outcome.kind === 'duplicate') {
      duplicates = duplicates.concat(outcome.shipmentIds);
      continue;
    }
    if (outcome.kind === 'failed') {
      firstProblem ??= outcome.failure;
      continue; // the other shipments of a split order still go out
    }
    const { journalled, sendingJournalled } = outcome;
    for (const shipment of outcome.shipments) {
      if (shipment.documentsError) {
        firstProblem ??= labelNotDownloaded(shipment.shipmentId, shipment.documentsError);
        continue;
      }
      // Booked, and nShift listed nothing to print: never a job done without its label.
      if (shipment.documents.length === 0 && !shipment.spooled?.refs.length) {
        firstProblem ??= noLabelListed(shipment.shipmentId);
        continue;
      }
      // An order's booking answer carries only ids: the shipment number and receiver come from the history,
      // beside the job rather than in it, so neither the label nor the next scan waits for them, and in batches,
      // so a scan costs no request of its own for them (shipment-numbers.ts).
      if (!shipment.shipmentNo)
        ctx.shipmentNumbers.add({ jobId, shipmentId: shipment.shipmentId, code, journalled });
      // The first byte waits for the booking to be kept (`journalled`), and for the spool's `sending` when the
      // journal does not record it.
      const printProblem = await printDocuments(ctx, jobId, shipment.shipmentId, shipment.documents, {
        journalled,
        sendingJournalled,
      });
      // A problem met while the journal refuses writes is the station's own, and outranks the printer's. (A
      // booking not kept stops the journal too, and is reported below, with its own shipment, before this one.)
      if (printProblem && ctx.journal.refusesWrites()) notSpooled ??= printProblem;
      else firstProblem ??= printProblem;
      // Printed (it is booked either way), but the packer must know it travels on its own.
      if (shipment.notConsolidated) firstProblem ??= notConsolidated(shipment, shipment.notConsolidated);
    }
    const refused = await journalled.then(
      () => undefined,
      (error: unknown) => error,
    );
    if (refused !== undefined) {
      const notKept = refused instanceof BookingNotKept ? refused : undefined;
      const cause = notKept ? notKept.cause : refused;
      if (!isDiskRefusal(cause)) throw cause;
      // Booked in nShift, not kept here, so not printed: what the packer must hear first is never to rebook.
      notSaved ??= bookingNotSaved(notKept?.shipmentId ?? outcome.shipments[0]?.shipmentId ?? '', cause);
    }
  }
  const problem = notSaved ?? notSpooled ?? firstProblem;
  if (problem) return fail(ctx, jobId, problem);
  if (duplicates.length > 0 && (ctx.jobs.get(jobId)?.shipments.length ?? 0) === 0) {
    return reportDuplicate(ctx, jobId, code, duplicates, 'another station', 'booked_elsewhere');
  }
  await finish(ctx, jobId);
}

/** The shipments an earlier job of the station's day booked for the same code, if any. */
function bookedEarlierToday(
  ctx: StationContext,
  jobId: string,
  code: string,
): { shipmentId: string; shipmentNo?: string; orderNo?: string }[] | undefined {
  const today = startOfStationDay(ctx.now());
  let cancelled: Set<string> | undefined;
  for (const job of ctx.jobs.withScan(code, today)) {
    if (job.id === jobId || job.kind !== 'scan' || job.duplicateOf) continue;
    // A shipment cancelled since is no booking: the packer scans the order again to book it anew.
    const voided = (cancelled ??= cancelledHere(ctx));
    const booked = job.shipments.filter(
      (s) => s.shipmentId && !wasCancelledHere(job, s) && !voided.has(s.shipmentId),
    );
    if (booked.length > 0)
      return booked.map((s) => ({
        shipmentId: s.shipmentId,
        ...(s.shipmentNo ? { shipmentNo: s.shipmentNo } : {}),
        ...(job.orderNo ? { orderNo: job.orderNo } : {}),
      }));
  }
  return undefined;
}

/**
 * A code that is already booked is never booked again: the job shows the existing shipment (its number and
 * receiver, so the packer recognises it) and ends as `duplicate`, with reprint one key away.
 */
async function reportDuplicate(
  ctx: StationContext,
  jobId: string,
  code: string,
  shipmentIds: string[],
  by: string,
  /** `by` for the UI, which translates it (`by` itself is English, for logs and the headless host). */
  detail: 'booked_here' | 'booked_in_nshift' | 'booked_elsewhere',
): Promise<void> {
  const details = await shipmentDetails(ctx, code, shipmentIds);
  for (const shipmentId of shipmentIds.slice(0, 5)) {
    const known = details.get(shipmentId);
    await record(ctx, {
      type: 'shipment_ref',
      jobId,
      shipmentId,
      parcelNos: known?.parcelNos ?? [],
      documents: [],
      ...(known?.shipmentNo ? { shipmentNo: known.shipmentNo } : {}),
      ...(known?.receiverName ? { receiverName: known.receiverName } : {}),
    });
  }
  const first = shipmentIds[0];
  const shown = (first && details.get(first)?.shipmentNo) || first || 'unknown';
  await fail(
    ctx,
    jobId,
    codeFailure(
      'already_booked',
      `"${code}" was already booked by ${by} (shipment ${shown}); it is not booked again.`,
      {
        detail,
        params: { shipmentId: first ?? '', shipmentNo: shown, by },
      },
    ),
    first,
  );
}

/** A consolidated booking that nShift booked as a normal shipment: booked and printed, never rebooked. */
function notConsolidated(shipment: { shipmentId: string; shipmentNo?: string }, key: string): Failure {
  const number = shipment.shipmentNo ?? shipment.shipmentId;
  return codeFailure(
    'not_consolidated',
    `nShift booked shipment ${number} as a shipment of its own, not into consolidated shipment ${key}: its parcels travel separately. Check that the carrier service takes consolidation; cancel it and book again if the parcels must travel together.`,
    { params: { key, shipmentNo: number, shipmentId: shipment.shipmentId } },
  );
}
