import type { JobView } from '../../../preload/api';
import type { PrintableDocument } from '../../labels/document';
import { StationError } from '../station-error';
import { documentRef, fail, finish, printDocuments, record, type StationContext } from '../context';
import { knownDocuments } from '../documents';
// The jobs that book are the rows of their own in the packer's list of scans.
import { BOOKING_KINDS } from '../jobs';
import { detailed, failure, failureFromDelivery, noSuchJob } from '../failures';
import { factsFromNShift, factsOf, recordFacts } from './shipment-facts';
import {
  cancelledHere,
  cancelledInNShift,
  findShipments,
  isCancelled,
  shipmentsInJournal,
} from './shipment-lookup';
import type { ShipmentFacts, StartJob } from './types';

/**
 * Reprint: the label cache first (exact bytes, no network, works after nShift's hour), then a document copy
 * through the API. Never a new booking. The reprint job carries the shipment's numbers, parcels and receiver
 * (from today's journal, else from nShift) and names the job it reprints, so the UI shows it as a reprint of
 * that row rather than as a second booking under an internal id.
 */
export async function startReprint(
  ctx: StationContext,
  startJob: StartJob,
  input: { code: string } | { jobId: string },
): Promise<{ jobId: string }> {
  let shipments: ShipmentFacts[];
  let label: string;
  let asked: Readonly<JobView> | undefined;
  // A cancelled shipment's label is void: printing it again could put it on a parcel.
  const voided = cancelledHere(ctx);
  let onlyCancelled = false;
  /** Shipments just read from nShift's history, whose status is known already. */
  const askedNShift = new Set<string>();
  const notVoided = <T extends { shipmentId: string }>(found: T[]): T[] => {
    const live = found.filter((s) => !voided.has(s.shipmentId));
    onlyCancelled = found.length > 0 && live.length === 0;
    return live;
  };
  if ('jobId' in input) {
    asked = ctx.jobs.get(input.jobId);
    if (!asked) throw noSuchJob(input.jobId);
    const job = asked;
    shipments = notVoided(job.shipments.filter((s) => s.shipmentId)).map((s) =>
      withJournalFacts(ctx, factsOf(s, job.orderNo)),
    );
    label = job.scan;
  } else {
    label = input.code.trim();
    shipments = notVoided(shipmentsInJournal(ctx, label)).map((s) =>
      withJournalFacts(ctx, { ...s, parcelNos: [] }),
    );
    if (shipments.length === 0 && !onlyCancelled) {
      const found = await findShipments(ctx, label);
      if ('error' in found) throw StationError.failed(failureFromDelivery(found.error));
      const live = found.filter((s) => !isCancelled(s));
      shipments = notVoided(live.map(factsFromNShift)).map((facts) => withJournalFacts(ctx, facts));
      for (const s of shipments) askedNShift.add(s.shipmentId);
      onlyCancelled ||= found.length > 0 && live.length === 0;
    }
  }
  // What the journal offers may have been cancelled at another station or in nShift's portal since.
  const fromJournal = shipments.filter((s) => !askedNShift.has(s.shipmentId));
  const elsewhere = fromJournal.length > 0 ? await cancelledInNShift(ctx, fromJournal) : new Set<string>();
  if (elsewhere.size > 0) {
    ctx.log(`reprint of "${label}": left out, cancelled in nShift: ${[...elsewhere].join(', ')}`);
    shipments = shipments.filter((s) => !elsewhere.has(s.shipmentId));
    onlyCancelled ||= shipments.length === 0;
  }
  if (shipments.length === 0 && onlyCancelled) {
    throw StationError.failed(
      failure(
        'not_found',
        'already_cancelled',
        `"${label}" names a cancelled shipment: its label is void, so it is not reprinted.`,
      ),
    );
  }
  if (shipments.length === 0) {
    throw StationError.failed(
      failure(
        'not_found',
        'unknown_code',
        `No booked shipment matches "${label}": nothing was reprinted. Check the code: a shipment or parcel number from the label, or the order number that was booked.`,
        detailed('no_match', { code: label }),
      ),
    );
  }
  const reprintOf =
    asked && BOOKING_KINDS.has(asked.kind) ? asked.id : rowJobOf(ctx, shipments[0]!.shipmentId);
  const run = async (id: string): Promise<void> => {
    // Every shipment is in the job before the first label prints: the job reads printed only once each one has,
    // and a restart finds the ones that never printed. Their entries share one sync.
    await Promise.all(shipments.map((shipment) => recordFacts(ctx, id, shipment)));
    let problem;
    for (const { shipmentId } of shipments) {
      const documents = await documentsFor(ctx, shipmentId, await bookedDocumentIds(ctx, shipmentId));
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
      // The label held in the spool (its printer was off) is the one the packer asks for: released, it prints once.
      problem ??= await printDocuments(ctx, id, shipmentId, documents.value, { releaseHeld: true });
    }
    if (problem) await fail(ctx, id, problem);
    else await finish(ctx, id);
  };
  // A reprint of a consolidated close reads as the consolidated shipment the packer knows, like its close did.
  const consolidationKey = asked?.consolidationKey;
  const jobId = await startJob('reprint', label, run, {
    ...(reprintOf ? { reprintOf } : {}),
    ...(consolidationKey ? { consolidationKey } : {}),
  });
  return { jobId };
}

/** Fills what `facts` lacks from every job today that knew this shipment (its booking first). */
function withJournalFacts(ctx: StationContext, facts: ShipmentFacts): ShipmentFacts {
  const merged: ShipmentFacts = { ...facts, parcelNos: [...facts.parcelNos] };
  const jobs = [...ctx.jobs.all()];
  const ordered = [
    ...jobs.filter((j) => BOOKING_KINDS.has(j.kind)),
    ...jobs.filter((j) => !BOOKING_KINDS.has(j.kind)),
  ];
  for (const job of ordered) {
    for (const shipment of job.shipments) {
      if (shipment.shipmentId !== facts.shipmentId) continue;
      const known = factsOf(shipment, job.orderNo);
      merged.shipmentNo ??= known.shipmentNo;
      merged.orderNo ??= known.orderNo;
      merged.receiverName ??= known.receiverName;
      merged.serviceId ??= known.serviceId;
      if (merged.parcelNos.length === 0) merged.parcelNos = known.parcelNos;
    }
  }
  return merged;
}

/** The row a person sees this shipment on today: its booking, else the latest scan that found it booked before. */
function rowJobOf(ctx: StationContext, shipmentId: string): string | undefined {
  let referenced: string | undefined;
  for (const job of ctx.jobs.all()) {
    if (!BOOKING_KINDS.has(job.kind)) continue;
    const shipment = job.shipments.find((s) => s.shipmentId === shipmentId);
    if (!shipment) continue;
    if (!shipment.reference) return job.id;
    referenced = job.id;
  }
  return referenced;
}

async function documentsFor(
  ctx: StationContext,
  shipmentId: string,
  booked: readonly string[],
): Promise<{ ok: true; value: PrintableDocument[] } | { ok: false; failure: ReturnType<typeof failure> }> {
  const known = await knownDocuments(ctx, shipmentId, booked);
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

/** The documents the shipment's booking journalled (its row's job, read back from the journal if need be). */
async function bookedDocumentIds(ctx: StationContext, shipmentId: string): Promise<string[]> {
  const rowId = rowJobOf(ctx, shipmentId);
  if (!rowId || !(await ctx.jobs.ensure(rowId))) return [];
  const shipment = ctx.jobs.get(rowId)?.shipments.find((s) => s.shipmentId === shipmentId);
  return shipment?.documents.map((d) => d.documentId) ?? [];
}
