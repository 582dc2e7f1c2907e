import type { ManifestView, MethodInput, MethodOutput, ShipmentSummary } from '../../../preload/api';
import type { Manifest, Print } from '../../nshift/delivery';
import { StationError } from '../station-error';
import { documentRef, fail, printDocuments, record, type StationContext } from '../context';
import { codeFailure, failureFromDelivery } from '../failures';
import type { StartJob } from './types';
import { toShipmentView, wasCancelledHere } from './shipment-lookup';
import { CANCELLED_STATUS, isCancelledStatus } from '../../domain';
import { refusedAsNothingNew } from './manifest-pending';
import { stationDay, stationDayBounds } from '../station-day';

export function toManifestView(m: Manifest): ManifestView {
  return {
    manifestType: m.manifestType,
    manifestId: m.manifestId,
    created: m.created ?? '',
    shipmentCount: m.shipmentCount ?? 0,
  };
}

/** Manifests are PDFs: they go to the document printer, never to the label printer. */
async function printManifest(
  ctx: StationContext,
  jobId: string,
  manifestType: string,
  manifestId: string,
  prints: Print[],
): Promise<void> {
  const documents = await ctx
    .client()
    .documents.fromPrints(
      prints,
      { idPrefix: `manifest-${manifestType}-${manifestId}` },
      { target1Media: 'laser-a4', target1Type: 'pdf' },
    );
  if (!documents.ok) return fail(ctx, jobId, failureFromDelivery(documents.error));
  // Each document names its manifest, which a Print Client printer needs to ask nShift for a print job.
  const manifests = documents.value.map((d) => ({
    ...d,
    kind: 'manifest' as const,
    manifest: { manifestType, manifestId },
  }));
  await ctx.labelCache.putAll(manifests);
  await record(ctx, { type: 'documents', jobId, ownerId: manifestId, documents: manifests.map(documentRef) });
  const problem = await printDocuments(ctx, jobId, manifestId, manifests);
  if (problem) await fail(ctx, jobId, problem);
  else await record(ctx, { type: 'finished', jobId });
}

/**
 * The end-of-day manifest for today's shipments of one type (and carrier, where the type needs one) that no earlier
 * manifest holds: nShift lists the available shipments, so making it again after late bookings takes just those,
 * and an earlier list goes to the carrier again by reprint, never by a new manifest. Only the station's own manifest
 * types (settings `manifest.types`) are made: a mistyped type is refused before anything is created in nShift,
 * naming the valid ones.
 */
export async function startCreateManifest(
  ctx: StationContext,
  startJob: StartJob,
  input: { manifestType: string; carrierId?: string },
): Promise<{ jobId: string }> {
  const types = ctx.settings().manifest.types;
  if (!types.includes(input.manifestType)) {
    throw StationError.failed(
      codeFailure(
        'unknown_manifest_type',
        `"${input.manifestType}" is not a manifest type of this station; its types are: ${types.join(', ') || 'none'}.`,
        { params: { manifestType: input.manifestType, types: types.join(', ') } },
      ),
    );
  }
  const jobId = await startJob('manifest', input.manifestType, async (id) => {
    const today = stationDay(ctx.now());
    if (await refusedAsNothingNew(ctx, id, input, today, listUnmanifested)) return;
    const created = await ctx.client().manifests.create(
      {
        manifestType: input.manifestType,
        dateFrom: today,
        dateTo: today,
        ...(input.carrierId ? { carrierId: input.carrierId } : {}),
      },
      { returnFile: true },
    );
    if (!created.ok) return fail(ctx, id, failureFromDelivery(created.error));
    const { manifestType, manifestId, shipmentCount, prints } = created.value;
    // nShift lists only shipments no manifest holds yet: asked again with none left, it makes an empty list, which
    // is no use to a driver and reads like a lost day. Not printed; the packer is told where the day's list is.
    if (shipmentCount === 0)
      return fail(
        ctx,
        id,
        codeFailure(
          'manifest_empty',
          `Manifest ${manifestType} ${manifestId} holds no shipment: every shipment of today is in an earlier manifest already, so nothing was printed. If the carrier needs the day's list again, reprint the earlier manifest.`,
          { params: { manifestType, manifestId } },
        ),
      );
    await printManifest(ctx, id, manifestType, manifestId, prints);
  });
  return { jobId };
}

/**
 * The manifests of the station's types in a period: nShift keeps shipment lists under their type, so each of the
 * station's types (settings `manifest.types`) is asked in turn.
 */
async function manifestsOfStation(
  ctx: StationContext,
  filter: { dateFrom?: string; dateTo?: string },
): Promise<Manifest[]> {
  const all: Manifest[] = [];
  for (const manifestType of ctx.settings().manifest.types) {
    const result = await ctx.client().manifests.list(manifestType, filter);
    if (!result.ok) throw StationError.failed(failureFromDelivery(result.error));
    all.push(...result.value);
  }
  return all;
}

export async function listManifests(
  ctx: StationContext,
  input: { dateFrom?: string; dateTo?: string } | undefined,
): Promise<ManifestView[]> {
  const manifests = await manifestsOfStation(ctx, {
    ...(input?.dateFrom ? { dateFrom: input.dateFrom } : {}),
    ...(input?.dateTo ? { dateTo: input.dateTo } : {}),
  });
  return manifests.map(toManifestView);
}

/** A manifest printed again: its PDFs as nShift lists them (a copy when nShift's hour has passed). */
export async function startReprintManifest(
  ctx: StationContext,
  startJob: StartJob,
  input: { manifestType: string; manifestId: string },
): Promise<{ jobId: string }> {
  const jobId = await startJob('manifest', input.manifestType, async (id) => {
    const manifests = ctx.client().manifests;
    let prints = await manifests.listPrints(input.manifestType, input.manifestId, { returnFile: true });
    if (prints.ok && prints.value.every((p) => !p.pdf && !p.data))
      prints = await manifests.copy(input.manifestType, input.manifestId, { returnFile: true });
    if (!prints.ok) return fail(ctx, id, failureFromDelivery(prints.error));
    await printManifest(ctx, id, input.manifestType, input.manifestId, prints.value);
  });
  return { jobId };
}

/** The shipments a manifest holds, as nShift lists them, narrowed by the filters the packer chose. */
export async function listManifestShipments(
  ctx: StationContext,
  input: MethodInput<'listManifestShipments'>,
): Promise<ShipmentSummary[]> {
  const { manifestType, manifestId, searchField, searchValue, carrierId } = input;
  const result = await ctx.client().manifests.shipments(manifestType, manifestId, {
    ...(searchField && searchValue?.trim()
      ? { searchField, searchOp: 'contains', searchValue: searchValue.trim() }
      : {}),
    ...(carrierId ? { carrierId } : {}),
  });
  if (!result.ok) throw StationError.failed(failureFromDelivery(result.error));
  return result.value.map(toShipmentView);
}

/**
 * The classic end-of-day mistake, made visible: today's shipments that none of today's manifests holds (booked
 * after the manifest was printed, or of a type nobody printed). The day's shipments come from nShift's history
 * (every station of the account); without it (licence, network) from this station's journal, and the answer
 * says which.
 */
export async function listUnmanifested(
  ctx: StationContext,
  input: MethodInput<'listUnmanifested'>,
): Promise<MethodOutput<'listUnmanifested'>> {
  const date = input?.date ?? stationDay(ctx.now());
  const client = ctx.client();
  const manifests = await manifestsOfStation(ctx, { dateFrom: date, dateTo: date });
  const inManifest = new Set<string>();
  for (const m of manifests) {
    const held = await client.manifests.shipments(m.manifestType, m.manifestId);
    if (!held.ok) throw StationError.failed(failureFromDelivery(held.error));
    for (const s of held.value) inManifest.add(s.id);
  }
  const history = await client.history.searchAll({ dateFrom: date, dateTo: date });
  const day = history.ok ? history.value.map(toShipmentView) : bookedInJournal(ctx, date);
  return {
    date,
    manifests: manifests.length,
    source: history.ok ? 'nshift' : 'journal',
    shipments: day.filter((s) => !isCancelledStatus(s.status) && !inManifest.has(s.shipmentId)),
  };
}

/** This station's bookings of a day (the station's), from the journal, without those it cancelled since. */
function bookedInJournal(ctx: StationContext, date: string): ShipmentSummary[] {
  const cancelled = new Set<string>();
  const booked = new Map<string, ShipmentSummary>();
  const { from, to } = stationDayBounds(date);
  for (const job of ctx.jobs.all(from)) {
    if (job.createdAt >= to) continue;
    for (const s of job.shipments) {
      if (!s.shipmentId) continue;
      if (wasCancelledHere(job, s)) cancelled.add(s.shipmentId);
      if (
        s.reference ||
        (job.kind !== 'scan' && job.kind !== 'book_stored' && job.kind !== 'consolidated_close')
      )
        continue;
      booked.set(s.shipmentId, {
        shipmentId: s.shipmentId,
        status: s.state === 'cancelled' ? CANCELLED_STATUS : 'PRINTED',
        parcelNos: s.parcelNos,
        handedOver: false,
        created: job.createdAt,
        ...(s.shipmentNo ? { shipmentNo: s.shipmentNo } : {}),
        ...((s.orderNo ?? job.orderNo) ? { orderNo: (s.orderNo ?? job.orderNo) as string } : {}),
        ...(s.receiverName ? { receiverName: s.receiverName } : {}),
        ...(s.serviceId ? { serviceId: s.serviceId } : {}),
      });
    }
  }
  return [...booked.values()].filter((s) => !cancelled.has(s.shipmentId)).reverse();
}
