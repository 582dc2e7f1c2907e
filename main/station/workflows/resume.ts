import type { PrintableDocument } from '../../labels/document';
import type { Failure, JobDocument, JobKind, JobShipment, JobView, SpoolJobView } from '../../../preload/api';
import { fail, printConfigFromSettings, printDocuments, record, type StationContext } from '../context';
import { documentsOfShipment } from '../documents';
import { failureOf, labelNotDownloaded, noLabelListed } from '../failures';
import { awaitsItsLabel, BOOKING_KINDS } from '../jobs';
import { bookingTargetKey } from '../journal';
import { bookingsByOrderNo } from './resolve';
import { bookAndPrint, runScan } from './scan';
import { factsFromNShift, recordFacts } from './shipment-facts';
import { adoptSpoolStates, shareWithSpool, type SpooledShare } from './spooled-before-crash';
import { counted } from '../english-count';

/**
 * After a restart, every job the journal shows unfinished is carried on from where it stopped:
 * - no booking asked yet → a scan resolves and books afresh (nothing was sent to nShift);
 * - a booking asked but never answered → reconcile with nShift first, never book blindly;
 * - with entries a newer Packbench wrote that this version cannot read (a downgrade) → failed for the packer to
 *   check, never carried on: it may have printed or booked what this version does not see;
 * - booked but not printed → print from the label cache, unless the spool already holds the document
 *   (the spool resumes its own jobs and holds one that was mid-send; it is never sent twice unasked; one it
 *   finished, printed, held or failed, is journalled as it ended, its `print_state` having been cut off), or the
 *   journal's `booked` sent it at once and the label cache holds it: it may have printed, so it is held. A label
 *   the cache has lost (its folder emptied to free the disk, a data directory restored without it) is
 *   downloaded again, and one nShift no longer has fails the job for the packer: never finished unprinted.
 */
export async function resumeOpenJobs(ctx: StationContext): Promise<void> {
  const open = ctx.jobs.openJobs();
  if (open.length > 0)
    ctx.log(`resuming ${counted(open.length, 'unfinished job', 'unfinished jobs')} from the journal`);
  const unseen = ctx.journal.unreadableJobs();
  for (const job of open) {
    try {
      if (unseen.has(job.id)) {
        await fail(ctx, job.id, newerVersionWorkedOnIt());
        continue;
      }
      const targets = ctx.jobs.targetsOf(job.id);
      const cutOff = cutOffBeforeItsResult(job);
      if (targets) {
        // Any job that books (a scan, a booking from the Stored list): documents already booked print first,
        // in order, then the targets still open are booked or reconciled.
        // The targets still to book are taken before printing: a job that ends (printed, or failed) forgets
        // its booking state, and the booking below would ask nShift for a booked target again. For the same
        // reason a label that could not be printed is reported when the job ends, not here.
        const toBook = targets.filter((target) => !ctx.jobs.isBooked(job.id, bookingTargetKey(target)));
        const unanswered = new Set(ctx.jobs.unansweredIntents(job.id));
        const printProblem = await printWhatWasBooked(ctx, job.id);
        await bookAndPrint(ctx, job.id, job.scan, toBook, unanswered, printProblem);
      } else if (job.kind === 'scan') {
        await runScan(ctx, job.id, job.scan);
      } else if (job.kind === 'book_stored') {
        // Its intent is always journalled after its targets, so nothing was sent to nShift.
        await fail(
          ctx,
          job.id,
          failureOf(
            'stopped_before_booking',
            'Packbench stopped before this booking was sent to nShift: nothing was booked; book it again.',
            {},
          ),
        );
      } else if (cutOff) {
        await fail(ctx, job.id, cutOff);
      } else {
        const problem = (await printWhatWasBooked(ctx, job.id)) ?? cutOffMidway(ctx.jobs.get(job.id));
        if (problem) await fail(ctx, job.id, problem);
        else if (ctx.jobs.get(job.id)?.state !== 'printing')
          await record(ctx, { type: 'finished', jobId: job.id });
      }
    } catch (error) {
      ctx.log(`could not resume job ${job.id}: ${String(error)}`);
      await fail(
        ctx,
        job.id,
        failureOf(
          'unfinished_after_restart',
          'This job could not be finished after a restart: check in nShift what it did before trying again.',
          {},
        ),
      );
    }
  }
}

/**
 * A job with journal entries a newer Packbench wrote, which this version cannot read (a downgrade: see
 * `Journal.unreadableJobs`): what this version sees of it is not all it did. Its label may be on the printer
 * already (the entry it cannot read may say so) and a booking may have been made that it does not see: carried on,
 * it would print the label again or book again. It fails instead, for the packer to check.
 */
function newerVersionWorkedOnIt(): Failure {
  return failureOf(
    'unfinished_after_restart',
    'A newer Packbench worked on this job, and this version cannot read all it did: nothing more is done here. ' +
      'Check in nShift and at the printer what it did before doing it again.',
    {},
  );
}

/**
 * Prints the documents the journal shows booked and not yet printed; returns the first problem, which the caller
 * records when the job ends.
 */
async function printWhatWasBooked(ctx: StationContext, jobId: string): Promise<Failure | undefined> {
  const job = ctx.jobs.get(jobId);
  if (!job) return undefined;
  // Finished spool jobs count too: a label printed just before the crash, whose `printed` never reached the
  // journal, is not printed again; the journal learns what became of it (its `printed` refused by a full disk,
  // or cut off by the crash), so the job ends as it did on paper rather than waiting for it.
  const spoolJobs = await ctx.printService.jobsOf(jobId);
  const spooled = new Set(spoolJobs.map((s) => s.documentId));
  const unsettled = new Set(
    job.shipments.flatMap((s) =>
      s.documents.filter((d) => d.state === 'queued' || d.state === 'sending').map((d) => d.documentId),
    ),
  );
  await adoptSpoolStates(
    ctx,
    jobId,
    spoolJobs.filter((s) => unsettled.has(s.documentId)),
  );
  let problem: Failure | undefined;
  for (const shipment of job.shipments) {
    if (bookedWithoutDocuments(job, shipment)) {
      const listed = await documentsNeverJournalled(
        ctx,
        jobId,
        await withFactsFromHistory(ctx, job, shipment),
        spoolJobs,
      );
      problem ??= listed.failure;
      if (listed.refs.length === 0) continue;
      await record(ctx, { type: 'documents', jobId, ownerId: shipment.shipmentId, documents: listed.refs });
      await adoptSpoolStates(ctx, jobId, listed.spooled);
      if (listed.toPrint.length > 0)
        problem ??= await printDocuments(ctx, jobId, shipment.shipmentId, listed.toPrint);
      continue;
    }
    const pending = shipment.documents.filter(
      (d) => (d.state === 'queued' || d.state === 'sending') && !spooled.has(d.documentId),
    );
    if (pending.length === 0) continue;
    const mayHavePrinted = await sentBeforeTheStop(ctx, pending);
    const found = await documentsToResume(
      ctx,
      job,
      shipment,
      pending.filter((d) => !mayHavePrinted.has(d.documentId)).map((d) => d.documentId),
    );
    problem ??= found.failure;
    const ownerId = shipment.shipmentId || undefined;
    // In the journal's order: those that may have printed are held first, as their booking sent them first.
    if (mayHavePrinted.size > 0)
      problem ??= await printDocuments(ctx, jobId, ownerId, [...mayHavePrinted.values()], {
        heldAfterRestart: true,
      });
    if (found.documents.length > 0) problem ??= await printDocuments(ctx, jobId, ownerId, found.documents);
  }
  return problem;
}

/**
 * The documents a booking's `booked` sent at once (state `sending`: the spool wrote nothing of them before their
 * first byte) that the label cache holds: their first byte waited only for that `booked` and the cache's record,
 * so they may have printed, and are held for the packer as the spool holds a job it found `sending`. One the
 * cache lacks never went out and is printed as any other.
 */
async function sentBeforeTheStop(
  ctx: StationContext,
  pending: readonly JobDocument[],
): Promise<Map<string, PrintableDocument>> {
  const held = new Map<string, PrintableDocument>();
  for (const doc of pending) {
    if (doc.state !== 'sending') continue;
    const cached = await ctx.labelCache.get(doc.documentId);
    if (cached) held.set(doc.documentId, cached.document);
  }
  return held;
}

/**
 * A job other than a booking that stopped before its result reached the journal: nShift may have done it (a
 * consolidated shipment closed, a manifest made, a shipment cancelled) and its documents never came. Finishing
 * it would show it done with nothing printed; the packer is told to look and redo what is missing.
 */
function cutOffBeforeItsResult(job: JobView): Failure | undefined {
  // A cancel that reached its `cancelled` entry is done, never resumed.
  if (job.kind !== 'cancel' && job.shipments.some((s) => s.documents.length > 0)) return undefined;
  return stoppedWhile(job);
}

/**
 * A reprint or a consolidated close of several shipments cut off after the first documents were sent: those
 * print (above), and the job fails for the ones whose documents it never reached, rather than waiting for them
 * for ever.
 */
function cutOffMidway(job: JobView | undefined): Failure | undefined {
  if (job?.kind !== 'reprint' && job?.kind !== 'consolidated_close') return undefined;
  return job.shipments.some(awaitsItsLabel) ? stoppedWhile(job) : undefined;
}

/** What the packer reads of a job that is not a booking and was cut off by a restart, and what to do about it. */
const STOPPED_WHILE: Partial<Record<JobKind, (scan: string, job: JobView) => string>> = {
  cancel: (scan) =>
    `Packbench stopped while cancelling ${scan}: check whether nShift cancelled it, and cancel it again if not.`,
  reprint: (scan) => `Packbench stopped before the reprint of ${scan} printed: reprint it again.`,
  manifest: () =>
    'Packbench stopped while making the manifest: see whether nShift made it, then print it from the manifest list or make it again.',
  // Named by its key, as the packer knows it (the id beside it), where the journal has the key.
  consolidated_close: (scan, { consolidationKey: key }) =>
    `Packbench stopped while closing consolidated shipment ${key ? `${key} (id ${scan})` : scan}: see whether nShift closed it, then reprint its waybill or close it again.`,
  test_print: () => 'Packbench stopped before the test label printed: print it again.',
};

function stoppedWhile(job: JobView): Failure | undefined {
  const message = STOPPED_WHILE[job.kind]?.(job.scan, job);
  return message ? failureOf('unfinished_after_restart', message, {}) : undefined;
}

/** The jobs whose documents belong to an nShift shipment (a manifest's or a test label's do not). */
const SHIPMENT_JOBS: ReadonlySet<JobKind> = new Set(['scan', 'book_stored', 'reprint', 'consolidated_close']);

/**
 * A shipment this job booked whose documents never reached the journal: its label download failed, or nShift
 * listed nothing, and the station stopped before the job said so. Its label has not printed.
 */
function bookedWithoutDocuments(job: JobView, shipment: JobShipment): boolean {
  return BOOKING_KINDS.has(job.kind) && awaitsItsLabel(shipment);
}

/**
 * A shipment the journal knows only by its id (a booking's second shipment, such as its return shipment, whose
 * own `booked` never came) gets its numbers, parcels and service from nShift's history before its label prints:
 * routing by service sends that label where the booking's would have gone, and the packer reads its numbers.
 * Without an answer it prints as it is.
 */
async function withFactsFromHistory(
  ctx: StationContext,
  job: JobView,
  shipment: JobShipment,
): Promise<JobShipment> {
  const orderNo = shipment.orderNo ?? job.orderNo;
  if ((shipment.serviceId && shipment.shipmentNo) || !orderNo) return shipment;
  const listed = (await bookingsByOrderNo(ctx, orderNo)).find((s) => s.id === shipment.shipmentId);
  if (!listed) return shipment;
  await recordFacts(ctx, job.id, factsFromNShift(listed));
  return ctx.jobs.get(job.id)?.shipments.find((s) => s.shipmentId === shipment.shipmentId) ?? shipment;
}

/**
 * A document downloaded again for a booked shipment, as booked (routing by service must send it where the
 * booking's label would have gone), kept in the label cache for the next reprint; it prints whether or not the
 * cache could keep it.
 */
async function asBookedAndKept(
  ctx: StationContext,
  shipment: JobShipment,
  listed: PrintableDocument,
): Promise<PrintableDocument> {
  const doc = shipment.serviceId && !listed.serviceId ? { ...listed, serviceId: shipment.serviceId } : listed;
  await ctx.labelCache.put(doc).catch((error: unknown) => ctx.log(`label cache: ${String(error)}`));
  return doc;
}

/**
 * Such a shipment's documents from nShift, shared with the spool: what it holds of the shipment (written before
 * the crash, beside the `booked` the journal never got) is its own to finish. After nShift's hour the documents
 * are copies under new ids, which cannot be told from the spooled label, so then none of them prints.
 */
async function documentsNeverJournalled(
  ctx: StationContext,
  jobId: string,
  shipment: JobShipment,
  spoolJobs: readonly SpoolJobView[],
): Promise<SpooledShare & { failure?: Failure }> {
  const { shipmentId } = shipment;
  ctx.log(`shipment ${shipmentId}: booked, its documents never journalled; downloading them`);
  // Nothing of it the spool does not hold was printed, so after nShift's hour a copy is as good as the original.
  const fetched = await documentsOfShipment(
    ctx.client(),
    shipmentId,
    printConfigFromSettings(ctx.settings()),
    { copyWhenExpired: true },
  );
  const share = shareWithSpool(ctx, jobId, shipmentId, fetched.ok ? fetched.value : [], spoolJobs);
  const toPrint: PrintableDocument[] = [];
  for (const listed of share.toPrint) toPrint.push(await asBookedAndKept(ctx, shipment, listed));
  const kept = { ...share, toPrint };
  // The spool has its label: a failed download does not leave it out of the job.
  if (share.spooled.length > 0) return kept;
  if (!fetched.ok)
    return {
      ...kept,
      failure:
        fetched.error.kind === 'not_found'
          ? noLabelListed(shipmentId)
          : labelNotDownloaded(shipmentId, fetched.error),
    };
  if (fetched.value.length === 0) return { ...kept, failure: noLabelListed(shipmentId) };
  return kept;
}

/**
 * A booked shipment's documents to print after a restart, in the journal's order: from the label cache, and
 * what it lacks from nShift under the same document ids. After nShift's hour only a copy is left, a new
 * document under another id: printing it is the packer's decision (a reprint), so it is reported, not printed.
 */
async function documentsToResume(
  ctx: StationContext,
  job: JobView,
  shipment: JobShipment,
  documentIds: readonly string[],
): Promise<{ documents: PrintableDocument[]; failure?: Failure }> {
  const found = new Map<string, PrintableDocument>();
  for (const id of documentIds) {
    const cached = await ctx.labelCache.get(id);
    if (cached) found.set(id, cached.document);
  }
  const missing = documentIds.filter((id) => !found.has(id));
  const { shipmentId } = shipment;
  let problem: Failure | undefined;
  if (missing.length > 0 && shipmentId && SHIPMENT_JOBS.has(job.kind)) {
    ctx.log(
      `shipment ${shipmentId}: ${counted(missing.length, 'label', 'labels')} not in the label cache; downloading them again`,
    );
    const fetched = await documentsOfShipment(
      ctx.client(),
      shipmentId,
      printConfigFromSettings(ctx.settings()),
    );
    if (fetched.ok) {
      for (const listed of fetched.value.filter((d) => missing.includes(d.id)))
        found.set(listed.id, await asBookedAndKept(ctx, shipment, listed));
    } else if (fetched.error.kind !== 'not_found') problem = labelNotDownloaded(shipmentId, fetched.error);
  }
  if (documentIds.some((id) => !found.has(id)))
    problem ??= SHIPMENT_JOBS.has(job.kind) && shipmentId ? noLabelListed(shipmentId) : documentGone();
  return {
    documents: documentIds.flatMap((id) => {
      const doc = found.get(id);
      return doc ? [doc] : [];
    }),
    ...(problem ? { failure: problem } : {}),
  };
}

/** A manifest or a test label lost from the label cache before it printed: made again, not downloaded. */
function documentGone(): Failure {
  // Its reason stays `not_found`, as it always was (the headless host's scripts read it), not the entry's `network`.
  return {
    ...failureOf(
      'unfinished_after_restart',
      'This document was lost from the label cache before it printed: print it again.',
      {},
    ),
    reason: 'not_found',
  };
}
