import type { PrintableDocument } from '../../labels/document';
import { StationError } from '../station-error';
import { documentRef, fail, printDocuments, record, type StationContext } from '../context';
import { knownDocuments } from '../documents';
import { failure, failureFromDelivery } from '../failures';
import { findShipments, shipmentsInJournal } from './shipment-lookup';
import type { StartJob } from './types';

/**
 * Reprint: the label cache first (exact bytes, no network, works after nShift's hour), then a document copy
 * through the API. Never a new booking.
 */
export async function startReprint(
  ctx: StationContext,
  startJob: StartJob,
  input: { code: string } | { jobId: string },
): Promise<{ jobId: string }> {
  let shipmentIds: string[];
  let label: string;
  if ('jobId' in input) {
    const job = ctx.jobs.get(input.jobId);
    if (!job) throw StationError.notFound(`There is no job ${input.jobId}.`);
    shipmentIds = job.shipments.map((s) => s.shipmentId).filter(Boolean);
    label = job.scan;
  } else {
    label = input.code.trim();
    shipmentIds = shipmentsInJournal(ctx, label).map((s) => s.shipmentId);
    if (shipmentIds.length === 0) {
      const found = await findShipments(ctx, label);
      if ('error' in found) throw StationError.failed(failureFromDelivery(found.error));
      shipmentIds = found.filter((s) => (s.status ?? '').toUpperCase() !== 'CANCELLED').map((s) => s.id);
    }
  }
  if (shipmentIds.length === 0) {
    throw StationError.failed(
      failure('not_found', 'unknown_code', `No booked shipment matches "${label}": nothing to reprint.`),
    );
  }
  const jobId = await startJob('reprint', label, async (id) => {
    let problem;
    for (const shipmentId of shipmentIds) {
      const documents = await documentsFor(ctx, shipmentId);
      if (!documents.ok) {
        problem ??= documents.failure;
        continue;
      }
      await record(ctx, {
        type: 'documents',
        jobId: id,
        ownerId: shipmentId,
        documents: documents.value.map(documentRef),
      });
      problem ??= await printDocuments(ctx, id, shipmentId, documents.value);
    }
    if (problem) await fail(ctx, id, problem);
    else await record(ctx, { type: 'finished', jobId: id });
  });
  return { jobId };
}

async function documentsFor(
  ctx: StationContext,
  shipmentId: string,
): Promise<{ ok: true; value: PrintableDocument[] } | { ok: false; failure: ReturnType<typeof failure> }> {
  const known = await knownDocuments(ctx, shipmentId);
  if (!known.ok) {
    return {
      ok: false,
      failure:
        known.error.kind === 'not_found'
          ? failure(
              'not_found',
              'document_expired',
              'The label is no longer in the cache and nShift could not make a copy: reprint it from nShift.',
            )
          : failureFromDelivery(known.error),
    };
  }
  return known;
}
