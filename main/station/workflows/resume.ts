import type { PrintableDocument } from '../../labels/document';
import { fail, printDocuments, record, type StationContext } from '../context';
import { detailed, failure } from '../failures';
import { bookAndPrint, runScan } from './scan';

/**
 * After a restart, every job the journal shows unfinished is carried on from where it stopped:
 * - no booking asked yet → a scan resolves and books afresh (nothing was sent to nShift);
 * - a booking asked but never answered → reconcile with nShift first, never book blindly;
 * - booked but not printed → print from the label cache, unless the spool already holds the document
 *   (the spool resumes its own jobs and holds one that was mid-send; it is never sent twice unasked).
 */
export async function resumeOpenJobs(ctx: StationContext): Promise<void> {
  const open = ctx.jobs.openJobs();
  if (open.length > 0) ctx.log(`resuming ${open.length} unfinished job(s) from the journal`);
  for (const job of open) {
    try {
      const targets = ctx.jobs.targetsOf(job.id);
      if (targets) {
        // Any job that books (a scan, a booking from the Stored list): documents already booked print first,
        // in order, then the targets still open are booked or reconciled.
        await resumePrintsOnly(ctx, job.id, false);
        await bookAndPrint(ctx, job.id, job.scan, targets, new Set(ctx.jobs.unansweredIntents(job.id)));
      } else if (job.kind === 'scan') {
        await runScan(ctx, job.id, job.scan);
      } else if (job.kind === 'book_stored') {
        // Its intent is always journalled after its targets, so nothing was sent to nShift.
        await fail(
          ctx,
          job.id,
          failure(
            'network',
            'internal',
            'Packbench stopped before this booking was sent to nShift: nothing was booked; book it again.',
            detailed('stopped_before_booking', {}),
          ),
        );
      } else {
        await resumePrintsOnly(ctx, job.id);
      }
    } catch (error) {
      ctx.log(`could not resume job ${job.id}: ${String(error)}`);
      await fail(
        ctx,
        job.id,
        failure(
          'network',
          'internal',
          'This job could not be finished after a restart: check in nShift what it did before trying again.',
          detailed('unfinished_after_restart', {}),
        ),
      );
    }
  }
}

async function resumePrintsOnly(ctx: StationContext, jobId: string, finish = true): Promise<void> {
  const job = ctx.jobs.get(jobId);
  if (!job) return;
  // Finished spool jobs count too: a label printed just before the crash, whose `printed` never reached the
  // journal, is not printed again.
  const spooled = new Set((await ctx.printService.jobsOf(jobId)).map((s) => s.documentId));
  let problem;
  for (const shipment of job.shipments) {
    const pending = shipment.documents.filter(
      (d) => (d.state === 'queued' || d.state === 'sending') && !spooled.has(d.documentId),
    );
    const documents: PrintableDocument[] = [];
    for (const doc of pending) {
      const cached = await ctx.labelCache.get(doc.documentId);
      if (cached) documents.push(cached.document);
      else
        ctx.log(
          `job ${jobId}: document ${doc.documentId} is missing from the label cache; reprint its shipment`,
        );
    }
    if (documents.length > 0)
      problem ??= await printDocuments(ctx, jobId, shipment.shipmentId || undefined, documents);
  }
  if (problem) await fail(ctx, jobId, problem);
  else if (finish && ctx.jobs.get(jobId)?.state !== 'printing')
    await record(ctx, { type: 'finished', jobId });
}
