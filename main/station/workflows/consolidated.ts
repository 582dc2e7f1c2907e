import type { ConsolidatedView, MethodOutput } from '../../../preload/api';
import type { ConsolidatedShipment } from '../../nshift/delivery';
import { StationError } from '../station-error';
import {
  documentRef,
  fail,
  printConfigFromSettings,
  printDocuments,
  record,
  type StationContext,
} from '../context';
import { failureFromDelivery, failureOf } from '../failures';
import type { StartJob } from './types';
import { recordFacts } from './shipment-facts';
import { toShipmentView } from './shipment-lookup';

function asRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

/** nShift lists open consolidated shipments with their parcel groups (one per part order number). */
export function toConsolidatedView(c: ConsolidatedShipment): ConsolidatedView {
  const raw = asRecord(c);
  const groups = Array.isArray(raw.parcelGroups) ? raw.parcelGroups : [];
  const key = typeof raw.key === 'string' ? raw.key : undefined;
  const receiverName = typeof raw.rcvName === 'string' ? raw.rcvName : undefined;
  const created = typeof raw.created === 'string' ? raw.created : undefined;
  return {
    consolidatedId: c.id,
    status: (c.status ?? 'OPEN').toUpperCase(),
    parcelGroups: groups.map((g) => {
      const group = asRecord(g);
      return {
        partOrderNo: String(group.partOrderNo ?? ''),
        parcelCount: Array.isArray(group.parcels) ? group.parcels.length : 0,
      };
    }),
    ...(key ? { key } : {}),
    ...(receiverName ? { receiverName } : {}),
    ...(created ? { created } : {}),
  };
}

export async function listConsolidated(ctx: StationContext): Promise<ConsolidatedView[]> {
  const result = await ctx.client().consolidated.listOpen();
  if (!result.ok) throw StationError.failed(failureFromDelivery(result.error));
  return rememberKeys(ctx, result.value.map(toConsolidatedView));
}

/** Keeps the keys of the open consolidated shipments nShift just listed (the list is all of them: no others stay). */
export function rememberKeys(ctx: StationContext, open: ConsolidatedView[]): ConsolidatedView[] {
  ctx.consolidationKeys.clear();
  for (const c of open) if (c.key) ctx.consolidationKeys.set(c.consolidatedId, c.key);
  return open;
}

/**
 * nShift's open consolidated shipments, their keys remembered, for a question that can go without them (a key to
 * show, a scan that matched nothing): undefined when nShift refuses the list.
 */
export async function openConsolidatedIfListed(ctx: StationContext): Promise<ConsolidatedView[] | undefined> {
  const open = await ctx.client().consolidated.listOpen();
  return open.ok ? rememberKeys(ctx, open.value.map(toConsolidatedView)) : undefined;
}

/**
 * The key the packer knows a consolidated shipment by: from the list the screen showed, else (a close asked for
 * without one, or after a restart) from nShift's list of open ones. A list nShift refuses names none: the close
 * goes ahead under the id.
 */
async function keyOf(ctx: StationContext, consolidatedId: string): Promise<string | undefined> {
  const known = ctx.consolidationKeys.get(consolidatedId);
  if (known) return known;
  return (await openConsolidatedIfListed(ctx))?.find((c) => c.consolidatedId === consolidatedId)?.key;
}

/**
 * Closing prints the shipment-level documents (the waybill): they go where the router sends A4 PDFs. The job's
 * code is the id nShift closes by; its key, journalled with it, is what the screens show.
 */
export async function startCloseConsolidated(
  ctx: StationContext,
  startJob: StartJob,
  consolidatedId: string,
): Promise<{ jobId: string }> {
  const consolidationKey = await keyOf(ctx, consolidatedId);
  const start = consolidationKey ? { consolidationKey } : {};
  const close = async (id: string): Promise<void> => {
    const printConfig = printConfigFromSettings(ctx.settings());
    const closed = await ctx.client().consolidated.close(consolidatedId, printConfig, { returnFile: true });
    if (!closed.ok) return fail(ctx, id, failureFromDelivery(closed.error));
    // Every result is in the job before the first waybill prints, as for a reprint: the job reads printed only
    // once each has, and a restart finds the ones that never printed. (A single result cannot read printed early.)
    if (closed.value.length > 1)
      await Promise.all(
        closed.value.map((result) =>
          recordFacts(ctx, id, {
            shipmentId: result.id,
            parcelNos: [],
            ...(result.shipmentNo ? { shipmentNo: result.shipmentNo } : {}),
          }),
        ),
      );
    let problem;
    for (const result of closed.value) {
      const documents = await ctx.client().documents.fromShipmentResult(result, printConfig);
      if (!documents.ok) {
        problem ??= failureFromDelivery(documents.error);
        continue;
      }
      await ctx.labelCache.putAll(documents.value);
      await record(ctx, {
        type: 'documents',
        jobId: id,
        ownerId: result.id,
        documents: documents.value.map(documentRef),
        ...(result.shipmentNo ? { shipmentNo: result.shipmentNo } : {}),
      });
      problem ??= await printDocuments(ctx, id, result.id, documents.value);
    }
    if (problem) await fail(ctx, id, problem);
    else await record(ctx, { type: 'finished', jobId: id });
  };
  const jobId = await startJob('consolidated_close', consolidatedId, close, start);
  return { jobId };
}

/**
 * Deletes an open consolidated shipment. nShift keeps the documents printed earlier as a cancelled shipment
 * (seed): the answer names it, so the packer knows which labels are void.
 */
export async function deleteConsolidated(
  ctx: StationContext,
  consolidatedId: string,
): Promise<MethodOutput<'deleteConsolidated'>> {
  const result = await ctx.client().consolidated.delete(consolidatedId);
  if (!result.ok)
    throw StationError.failed(
      result.error.kind === 'not_found'
        ? failureOf('consolidated_gone', `There is no open consolidated shipment ${consolidatedId}.`, {
            id: consolidatedId,
          })
        : failureFromDelivery(result.error),
    );
  const { cancelled } = result.value;
  return { deleted: true, ...(cancelled ? { cancelled: toShipmentView(cancelled) } : {}) };
}

export async function deleteParcelGroup(
  ctx: StationContext,
  consolidatedId: string,
  partOrderNo: string,
): Promise<{ deleted: true }> {
  const result = await ctx.client().consolidated.deleteParcelGroup(consolidatedId, partOrderNo);
  if (!result.ok)
    throw StationError.failed(
      result.error.kind === 'not_found'
        ? failureOf('parcel_group_gone', `There is no parcel group ${partOrderNo} in ${consolidatedId}.`, {
            partOrderNo,
            id: consolidatedId,
          })
        : failureFromDelivery(result.error),
    );
  return { deleted: true };
}
