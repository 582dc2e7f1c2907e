import type { Failure, JobView, SpoolJobView } from '../../preload/api';
import type { HeldReason, PrintState } from '../domain';
import type { PrintableDocument } from '../labels/document';
import type { Settings } from '../settings/schema';
import { JournalWriteError, type DocumentRef, type Journal, type JournalEntryBody } from './journal';
import { BOOKING_KINDS, isOpen, type JobBook } from './jobs';
import type { DeliveryClient, PrintConfig } from '../nshift/delivery';
import type { CheckoutClient } from '../nshift/checkout';
import type { PrintService } from '../printers/print-service';
import type { PrinterError, PrintOutcome } from '../printers/types';
import type { LabelCache } from '../labels/label-cache';
import type { LocalIndex } from './local-index';
import type { StatusEvents } from './status-events/follower';
import {
  bookingNotSaved,
  cannotSave,
  failureFromPrinter,
  isDiskRefusal,
  printerNoLongerSetUp,
} from './failures';
import { toNshiftPrintConfig } from './print-config';

/** What every workflow needs: the journal, the job book, the nShift client, printing, and the settings. */
export interface StationContext {
  readonly journal: Journal;
  readonly jobs: JobBook;
  readonly printService: PrintService;
  readonly labelCache: LabelCache;
  /** Open orders and READY stored shipments known locally; absent when background sync is off. */
  readonly index?: LocalIndex;
  /** The carrier status events read from nShift's feed in the background (tracking, handed-over state). */
  readonly statusEvents: StatusEvents;
  /**
   * The keys of the open consolidated shipments by id, as nShift last listed them: a close asked for by id is
   * journalled with the key the packer knows, without asking nShift again.
   */
  readonly consolidationKeys: Map<string, string>;
  client(): DeliveryClient;
  /** The Checkout client, only when Checkout client credentials are set up (else no Checkout request is made). */
  checkout?(): CheckoutClient | undefined;
  settings(): Settings;
  now(): Date;
  log(line: string): void;
  newId(prefix: string): string;
  /** Work that need not hold up the job queue (details fetched after a label printed); awaited on close. */
  defer(task: () => Promise<void>): void;
  /** Bookings whose answer carried no shipment number: looked up in nShift's history in batches. */
  readonly shipmentNumbers: ShipmentNumberLookups;
}

/**
 * What the workflows hand a booking whose answer carried no shipment number to (`ShipmentNumbers` in
 * workflows/shipment-numbers.ts does the looking up): declared here, so that the context does not import the
 * workflow that imports it.
 */
export interface ShipmentNumberLookups {
  add(booking: BookingWithoutNumber): void;
}

export interface BookingWithoutNumber {
  jobId: string;
  shipmentId: string;
  /** The code the packer scanned: the order number a single look-up searches by. */
  code: string;
  /** The journal's `booked`: the number is recorded after it, and not at all when it failed. */
  journalled: Promise<void>;
}

/** Journal first, then the view: a state the packer sees is a state that survives a crash. */
export async function record(ctx: StationContext, body: JournalEntryBody): Promise<JobView | undefined> {
  const entry = await ctx.journal.append(body);
  const job = ctx.jobs.apply(entry);
  if (job || body.type === 'job') return job;
  // An older job a restart left on disk only (a held label released hours later): read it back, entry included.
  return (await ctx.jobs.ensure(body.jobId)) ? ctx.jobs.get(body.jobId) : undefined;
}

/**
 * Ends a job done. A job whose documents all reached their end (printed, held, failed) has ended already: its
 * `finished` would change nothing, so none is written. That is one durable write fewer per scan, and a disk that
 * fills up just then cannot turn a job the packer saw printed into a failed one.
 */
export async function finish(ctx: StationContext, jobId: string): Promise<void> {
  const job = ctx.jobs.get(jobId);
  if (job && !isOpen(job)) return;
  await record(ctx, { type: 'finished', jobId });
}

/**
 * Ends a job failed. When the journal refuses even that (its disk full or failing), the packer must still see
 * what became of the scan: the view takes the failure without the journal (a restart does not show it, and
 * resumes the job from what the journal did keep), and the failure says the station cannot save its work.
 */
export async function fail(
  ctx: StationContext,
  jobId: string,
  failure: Failure,
  duplicateOf?: string,
): Promise<void> {
  try {
    await record(ctx, { type: 'failed', jobId, failure, ...(duplicateOf ? { duplicateOf } : {}) });
  } catch (error) {
    if (!(error instanceof JournalWriteError) || error.entry.type !== 'failed') throw error;
    ctx.log(`job ${jobId}: ${failure.message} (not saved: ${error.message})`);
    const shown = failure.reason === 'station' ? failure : cannotSave(error.cause);
    // The packer is told its label prints after the restart: the journal's stop mark keeps that promise.
    if (shown.detail === 'booking_not_saved') ctx.journal.keepForRestart(jobId);
    const { duplicateOf: _notShown, ...entry } = error.entry;
    ctx.jobs.apply({ ...entry, failure: shown });
  }
}

export function printConfigFromSettings(settings: Settings): PrintConfig {
  return toNshiftPrintConfig(settings.printConfig.targets);
}

export function documentRef(doc: PrintableDocument): DocumentRef {
  return {
    documentId: doc.id,
    kind: doc.kind,
    format: doc.format,
    bytes: doc.bytes.length,
    ...(doc.charset ? { charset: doc.charset } : {}),
    ...(doc.description ? { description: doc.description } : {}),
  };
}

/**
 * Hands the documents to the print service in order and journals each outcome. The journal's `printed` is
 * written only after the printer accepted every byte; a document held for release is journalled as held.
 *
 * `journalled` is the durable write that keeps and lists these documents (a booking's `booked` beside the label
 * cache's record) when it is still under way: the first byte waits for it, and no outcome is journalled before the
 * documents it is about. `sendingJournalled`: the documents whose `sending` that `booked` records, of which the
 * spool writes nothing before their first byte. `heldAfterRestart`: documents such a `booked` sent when Packbench stopped, held.
 */
export async function printDocuments(
  ctx: StationContext,
  jobId: string,
  ownerId: string | undefined,
  documents: readonly PrintableDocument[],
  options: {
    journalled?: Promise<void>;
    sendingJournalled?: ReadonlySet<string>;
    releaseHeld?: boolean;
    heldAfterRestart?: boolean;
  } = {},
): Promise<Failure | undefined> {
  let firstFailure: Failure | undefined;
  let refused: JournalWriteError | undefined;
  /** A label the spool's disk refused: its shipment (when it has one) and the file system's error. */
  let notSpooled: { shipmentId: string | undefined; cause: unknown } | undefined;
  // Queue every document first, so the spool keeps their order; then wait for the outcomes.
  const outcomes = documents.map((document) => {
    const answered = awaitPrintCall(ctx, jobId, document.id);
    return ctx.printService
      .print({
        document,
        stationJobId: jobId,
        ...(document.shipmentId ? { shipmentId: document.shipmentId } : {}),
        ...(options.journalled ? { sendAfter: options.journalled } : {}),
        ...(options.releaseHeld ? { releaseHeld: true } : {}),
        ...(options.sendingJournalled?.has(document.id) ? { sendingRecordedByOwner: true } : {}),
        ...(options.heldAfterRestart ? { heldAfterRestart: true } : {}),
      })
      .then((outcome) => {
        // The spool's disk refused this document, so it was never sent: the journal stops at once, before the
        // spool's own event about it (already on its way to the journal) can record it as failed at the printer.
        // Failed, a restart would leave it out; not recorded, the restart prints it (see below).
        if (outcome.spoolRefused !== undefined && isDiskRefusal(outcome.spoolRefused))
          ctx.journal.refuseWrites(outcome.spoolRefused);
        return outcome;
      })
      .finally(answered);
  });
  // The journal's own failure is the caller's to report (it awaits the same write); here it only orders.
  await options.journalled?.catch(() => undefined);
  for (const [index, pending] of outcomes.entries()) {
    const document = documents[index]!;
    const outcome = await pending;
    // The spool's disk refused the label, so it was never sent: the station stops as for a booking it could not
    // keep. The journal takes no `failed` for it, so the restart on a disk that takes writes prints it, once.
    if (outcome.spoolRefused !== undefined && isDiskRefusal(outcome.spoolRefused)) {
      ctx.journal.refuseWrites(outcome.spoolRefused);
      // Named only for a booking: a manifest's or a waybill's owner is not a shipment the packer could rebook.
      const kind = ctx.jobs.get(jobId)?.kind;
      const booking = kind !== undefined && BOOKING_KINDS.has(kind);
      notSpooled ??= {
        shipmentId: booking ? (document.shipmentId ?? ownerId) : undefined,
        cause: outcome.spoolRefused,
      };
    }
    // A journal that refuses writes still lets every outcome be waited for; the job's failure then says why.
    await recordPrintOutcome(ctx, jobId, ownerId, document.id, outcome).catch((error: unknown) => {
      if (!(error instanceof JournalWriteError)) throw error;
      refused ??= error;
    });
    if (outcome.state === 'failed' && !firstFailure) {
      firstFailure = outcome.error
        ? printerFailure(ctx, outcome.error, outcome.printerId, outcome.printerName || outcome.printerId)
        : {
            reason: 'printer',
            code: 'no_printer',
            message: outcome.routeError
              ? `${outcome.routeError.message}.`
              : 'No printer is set up for this document.',
          };
    }
  }
  if (notSpooled)
    return notSpooled.shipmentId
      ? bookingNotSaved(notSpooled.shipmentId, notSpooled.cause)
      : cannotSave(notSpooled.cause);
  return refused ? cannotSave(refused.cause) : firstFailure;
}

/**
 * The documents whose print call is waiting for the spool's answer, by job: that call's caller records the job's
 * failure, so the spool's event about the same answer does not (see `failForSpoolJob`). The spool tells its event
 * before it answers the call, so a document is still counted here while its event is handled.
 */
const printCalls = new WeakMap<StationContext, Map<string, number>>();

function printCallKey(jobId: string, documentId: string): string {
  return `${jobId}\u0000${documentId}`;
}

/** Counts a print call for the document until the returned function is called (when the spool has answered). */
function awaitPrintCall(ctx: StationContext, jobId: string, documentId: string): () => void {
  let calls = printCalls.get(ctx);
  if (!calls) printCalls.set(ctx, (calls = new Map()));
  const key = printCallKey(jobId, documentId);
  calls.set(key, (calls.get(key) ?? 0) + 1);
  let done = false;
  return () => {
    if (done) return;
    done = true;
    const left = (calls.get(key) ?? 1) - 1;
    if (left > 0) calls.set(key, left);
    else calls.delete(key);
  };
}

/** Is a print call of this job waiting for the spool's answer about this document? */
export function awaitsPrintCall(ctx: StationContext, jobId: string, documentId: string): boolean {
  return printCalls.get(ctx)?.has(printCallKey(jobId, documentId)) ?? false;
}

/**
 * What a document's failed print says to the packer: the printer's error in words (never the driver's text), or,
 * when the printer has been removed from the settings meanwhile, that no printer is chosen for it any more.
 */
export function printerFailure(
  ctx: StationContext,
  error: PrinterError,
  printerId: string,
  printerName: string,
): Failure {
  const setUp = printerId !== '' && ctx.settings().printers.some((p) => p.id === printerId);
  return setUp ? failureFromPrinter(error, printerName) : printerNoLongerSetUp(printerName);
}

/**
 * A spool job of this job that ended failed where no print call waited for it (a held label released, a failed
 * one retried on the Jobs screen, one a restart adopted): the job fails with what its printer said, so the packer
 * reads what happened and what to do. A job that failed for something other than a printer keeps that failure;
 * one that failed for a printer takes the newer one (a retry that failed for another reason).
 */
export async function failForSpoolJob(
  ctx: StationContext,
  jobId: string,
  spoolJob: Pick<SpoolJobView, 'state' | 'documentId' | 'printerId' | 'lastError' | 'lastErrorCode'>,
): Promise<void> {
  if (spoolJob.state !== 'failed') return;
  if (!(await ctx.jobs.ensure(jobId))) return;
  const job = ctx.jobs.get(jobId);
  const doc = job?.shipments.flatMap((s) => s.documents).find((d) => d.documentId === spoolJob.documentId);
  // The journal did not take the failed print (it refuses writes): it has nothing to fail the job for.
  if (!job || doc?.state !== 'failed') return;
  const printerName =
    ctx.printService.printerStates().find((p) => p.printerId === spoolJob.printerId)?.name ??
    doc.printerName ??
    spoolJob.printerId;
  const failure = printerFailure(
    ctx,
    {
      code: spoolJob.lastErrorCode ?? 'rejected',
      message: spoolJob.lastError ?? 'Failed',
      retryable: false,
    },
    spoolJob.printerId,
    printerName,
  );
  if (job.failure && (job.failure.reason !== 'printer' || sameFailure(job.failure, failure))) return;
  await fail(ctx, jobId, failure);
}

/** The same thing to tell the packer: code, situation and params (the English message may differ). */
function sameFailure(a: Failure, b: Failure): boolean {
  return a.code === b.code && a.detail === b.detail && JSON.stringify(a.params) === JSON.stringify(b.params);
}

/** Journals what the print service answered for one document. */
export function recordPrintOutcome(
  ctx: StationContext,
  jobId: string,
  ownerId: string | undefined,
  documentId: string,
  outcome: PrintOutcome,
): Promise<void> {
  return recordPrintState(ctx, jobId, ownerId, documentId, {
    state: outcome.state,
    printerId: outcome.printerId,
    printerName: outcome.printerName,
    spoolJobId: outcome.spoolJobId,
    bytes: outcome.bytes,
    ...(outcome.heldReason ? { heldReason: outcome.heldReason } : {}),
  });
}

/** The print states being journalled, so the spool's event and the print call's outcome share one entry. */
const recording = new WeakMap<StationContext, Map<string, Promise<void>>>();

/**
 * Idempotent: the spool's own events and the print call's outcome may both report the same state, at the same
 * moment (the spool tells both at once): the second waits for the first's entry rather than writing its own.
 */
export async function recordPrintState(
  ctx: StationContext,
  jobId: string,
  shipmentId: string | undefined,
  documentId: string,
  outcome: {
    state: PrintState;
    printerId?: string;
    printerName?: string;
    spoolJobId?: string;
    bytes: number;
    heldReason?: HeldReason;
  },
): Promise<void> {
  const job = ctx.jobs.get(jobId);
  const doc = job?.shipments.flatMap((s) => s.documents).find((d) => d.documentId === documentId);
  if (doc?.state === outcome.state) return;
  let inFlight = recording.get(ctx);
  if (!inFlight) recording.set(ctx, (inFlight = new Map()));
  const key = [jobId, shipmentId ?? '', documentId, outcome.state].join('\u0000');
  const pending = inFlight.get(key);
  if (pending) return pending;
  const written = writePrintState(ctx, jobId, shipmentId, documentId, outcome);
  inFlight.set(key, written);
  try {
    await written;
  } finally {
    inFlight.delete(key);
  }
}

async function writePrintState(
  ctx: StationContext,
  jobId: string,
  shipmentId: string | undefined,
  documentId: string,
  outcome: Parameters<typeof recordPrintState>[4],
): Promise<void> {
  await record(ctx, {
    type: 'print_state',
    jobId,
    documentId,
    state: outcome.state,
    bytes: outcome.bytes,
    ...(shipmentId ? { shipmentId } : {}),
    ...(outcome.printerId ? { printerId: outcome.printerId } : {}),
    ...(outcome.printerName ? { printerName: outcome.printerName } : {}),
    ...(outcome.spoolJobId ? { spoolJobId: outcome.spoolJobId } : {}),
    ...(outcome.state === 'held' && outcome.heldReason ? { heldReason: outcome.heldReason } : {}),
  });
}
