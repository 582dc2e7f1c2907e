import type { SpoolJobView } from '../../../preload/api';
import type { PrintableDocument } from '../../labels/document';
import { documentRef, failForSpoolJob, recordPrintState, type StationContext } from '../context';
import type { DocumentRef } from '../journal';
import { counted } from '../english-count';

/**
 * After a crash, what the spool already holds of a shipment whose booking the journal never saw answered.
 *
 * The spool writes a label's records alongside the journal's `booked` (both before the first byte, neither
 * waiting for the other), so a restart can find a label spooled (queued, or held because it was about to be
 * sent) for a booking it must reconcile with nShift. Those documents are the spool's to finish: printing them
 * again would be a second label.
 */
export interface SpooledShare {
  /** Documents of the shipment still to hand to the spool. */
  toPrint: PrintableDocument[];
  /** What the journal's `booked` lists for the shipment: the documents fetched and those the spool holds. */
  refs: DocumentRef[];
  /** The spool's jobs for the shipment, whose states the journal adopts once `booked` is written. */
  spooled: SpoolJobView[];
}

export function shareWithSpool(
  ctx: StationContext,
  jobId: string,
  shipmentId: string,
  fetched: readonly PrintableDocument[],
  spoolJobsOfJob: readonly SpoolJobView[],
): SpooledShare {
  const spooled = spoolJobsOfJob.filter((s) => s.shipmentId === shipmentId);
  if (spooled.length === 0) return { toPrint: [...fetched], refs: fetched.map(documentRef), spooled };
  const spooledIds = new Set(spooled.map((s) => s.documentId));
  const fetchedIds = new Set(fetched.map((d) => d.id));
  // Within nShift's hour the documents come back with the ids they were spooled under. After it they are
  // copies with new ids: nothing tells which copy is which label, so none is printed.
  const sameDocuments = fetched.some((d) => spooledIds.has(d.id));
  if (!sameDocuments)
    ctx.log(
      `job ${jobId}: shipment ${shipmentId} already has ${counted(spooled.length, 'document', 'documents')} in the spool; nothing more is printed for it`,
    );
  const fromSpool: DocumentRef[] = spooled
    .filter((s) => !fetchedIds.has(s.documentId))
    .map((s) => ({ documentId: s.documentId, kind: s.documentKind, format: s.format, bytes: s.bytes }));
  return {
    toPrint: sameDocuments ? fetched.filter((d) => !spooledIds.has(d.id)) : [],
    refs: [...(sameDocuments ? fetched.map(documentRef) : []), ...fromSpool],
    spooled,
  };
}

/**
 * Journals the spool's answer for each adopted job that has one, once the journal lists its document. The spool
 * is asked again here, not trusted from when it was first read: a label it printed in between had its event
 * passed over (its document was not yet the job's), and the job would wait for it for ever. A later answer
 * arrives as a spool event. One that failed fails the job with what its printer said: no print call waits for it,
 * so none would.
 */
export async function adoptSpoolStates(
  ctx: StationContext,
  jobId: string,
  spooled: readonly SpoolJobView[],
): Promise<void> {
  if (spooled.length === 0) return;
  const now = new Map((await ctx.printService.jobsOf(jobId)).map((job) => [job.id, job]));
  for (const adopted of spooled) {
    const job = now.get(adopted.id) ?? adopted;
    if (job.state === 'queued' || job.state === 'sending') continue;
    await recordPrintState(ctx, jobId, job.shipmentId, job.documentId, {
      state: job.state,
      printerId: job.printerId,
      spoolJobId: job.id,
      bytes: job.bytes,
      ...(job.heldReason ? { heldReason: job.heldReason } : {}),
    });
    await failForSpoolJob(ctx, jobId, job);
  }
}
