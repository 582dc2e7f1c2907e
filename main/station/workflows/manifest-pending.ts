import type { MethodInput, MethodOutput } from '../../../preload/api';
import { fail, type StationContext } from '../context';
import { failureOf } from '../failures';

/** How the day's shipments in no manifest are listed: `listUnmanifested` of `manifest.ts`, handed in by its caller. */
export type ListUnmanifested = (
  ctx: StationContext,
  input: MethodInput<'listUnmanifested'>,
) => Promise<MethodOutput<'listUnmanifested'>>;

/**
 * Whether a manifest made now would hold nothing: nShift puts on it only the day's shipments no earlier manifest
 * holds, and asked again with none left it makes an empty manifest all the same (a list no driver can use, that
 * reads like a lost day). So the day's shipments in no manifest are read first, the way the Manifest screen reads
 * them (nShift's shipment history minus the shipments of the day's manifests, cancelled ones left out), and
 * "nothing new" is said only when nShift's own lists say so: the journal knows this station's bookings only, not
 * another station's on the same account, and an answer that could not be had (a network failure) is no answer. In
 * every doubtful case the manifest is made, and an empty one is still caught after it (`manifest_empty`, naming
 * it). A manifest for one carrier is not judged here either: the day's list does not carry the carrier.
 * See docs/workflows.md, "Manifest".
 */
export async function nothingNewForManifest(
  ctx: StationContext,
  input: { manifestType: string; carrierId?: string },
  date: string,
  listUnmanifested: ListUnmanifested,
): Promise<boolean> {
  if (input.carrierId) return false;
  try {
    const day = await listUnmanifested(ctx, { date });
    return day.source === 'nshift' && day.shipments.length === 0;
  } catch (error) {
    ctx.log(
      `manifest ${input.manifestType}: the day's shipments in no manifest could not be read (${String(error)})`,
    );
    return false;
  }
}

/**
 * Fails the manifest job, before anything is made in nShift, when there is nothing new for it; true when it did.
 * The one call `startCreateManifest` makes before it asks nShift to create the manifest.
 */
export async function refusedAsNothingNew(
  ctx: StationContext,
  jobId: string,
  input: { manifestType: string; carrierId?: string },
  date: string,
  listUnmanifested: ListUnmanifested,
): Promise<boolean> {
  if (!(await nothingNewForManifest(ctx, input, date, listUnmanifested))) return false;
  await fail(
    ctx,
    jobId,
    failureOf(
      'manifest_nothing_new',
      `Nothing new for manifest ${input.manifestType}: every shipment booked today is in a manifest already, so no manifest was made in nShift and nothing was printed. If the carrier needs the day's list again, reprint the earlier manifest.`,
      { manifestType: input.manifestType },
    ),
  );
  return true;
}
