import type { ManifestView } from '../../../preload/api';
import type { Manifest, Print } from '../../nshift/delivery/schemas';
import { StationError } from '../station-error';
import { documentRef, fail, printDocuments, record, type StationContext } from '../context';
import { failure, failureFromDelivery } from '../failures';
import type { StartJob } from './types';

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
  const manifests = documents.value.map((d) => ({ ...d, kind: 'manifest' as const }));
  await Promise.all(manifests.map((doc) => ctx.labelCache.put(doc)));
  await record(ctx, { type: 'documents', jobId, ownerId: manifestId, documents: manifests.map(documentRef) });
  const problem = await printDocuments(ctx, jobId, manifestId, manifests);
  if (problem) await fail(ctx, jobId, problem);
  else await record(ctx, { type: 'finished', jobId });
}

/**
 * The end-of-day manifest for today's shipments of one type (and carrier, where the type needs one). Only the
 * station's own manifest types (settings `manifest.types`) are made: a mistyped type is refused before anything is
 * created in nShift, naming the valid ones.
 */
export async function startCreateManifest(
  ctx: StationContext,
  startJob: StartJob,
  input: { manifestType: string; carrierId?: string },
): Promise<{ jobId: string }> {
  const types = ctx.settings().manifest.types;
  if (!types.includes(input.manifestType)) {
    throw StationError.failed(
      failure(
        'validation',
        'unknown_manifest_type',
        `"${input.manifestType}" is not a manifest type of this station; its types are: ${types.join(', ') || 'none'}.`,
        { params: { manifestType: input.manifestType, types: types.join(', ') } },
      ),
    );
  }
  const jobId = await startJob('manifest', input.manifestType, async (id) => {
    const today = ctx.now().toISOString().slice(0, 10);
    const created = await ctx.client().manifests.create(
      {
        manifestType: input.manifestType,
        dateFrom: today,
        dateTo: today,
        ...(input.carrierId ? { carrierId: input.carrierId } : {}),
      },
      { inlinePdf: true },
    );
    if (!created.ok) return fail(ctx, id, failureFromDelivery(created.error));
    await printManifest(ctx, id, created.value.manifestType, created.value.manifestId, created.value.prints);
  });
  return { jobId };
}

export async function listManifests(
  ctx: StationContext,
  input: { dateFrom?: string; dateTo?: string } | undefined,
): Promise<ManifestView[]> {
  const result = await ctx.client().manifests.list({
    ...(input?.dateFrom ? { dateFrom: input.dateFrom } : {}),
    ...(input?.dateTo ? { dateTo: input.dateTo } : {}),
  });
  if (!result.ok) throw StationError.failed(failureFromDelivery(result.error));
  return result.value.map(toManifestView);
}

/** A manifest printed again: its PDFs as nShift lists them (a copy when nShift's hour has passed). */
export async function startReprintManifest(
  ctx: StationContext,
  startJob: StartJob,
  input: { manifestType: string; manifestId: string },
): Promise<{ jobId: string }> {
  const jobId = await startJob('manifest', input.manifestType, async (id) => {
    const manifests = ctx.client().manifests;
    let prints = await manifests.listPrints(input.manifestType, input.manifestId, { inlinePdf: true });
    if (prints.ok && prints.value.every((p) => !p.pdf && !p.data))
      prints = await manifests.copy(input.manifestType, input.manifestId, { inlinePdf: true });
    if (!prints.ok) return fail(ctx, id, failureFromDelivery(prints.error));
    await printManifest(ctx, id, input.manifestType, input.manifestId, prints.value);
  });
  return { jobId };
}
