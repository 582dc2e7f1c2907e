import type {
  HistoryShipment,
  JobKind,
  MethodInput,
  PrintedDocumentView,
  ShipmentSummary as ShipmentView,
  ShipmentTimeline,
} from '../../../preload/api';
import type { DeliveryError, ShipmentSummary } from '../../nshift/delivery';
import type { Result } from '../../result';
import { err, ok } from '../../result';
import { StationError } from '../station-error';
import type { StationContext } from '../context';
import { failureFromDelivery } from '../failures';
import { handedOverByEvents } from '../status-events/timeline';
import { toShipmentView, wasCancelledHere } from './shipment-lookup';
import { CANCELLED_STATUS } from '../../domain';
import { JOURNAL_DAYS } from '../job-journal';
import type { JournalEntry } from '../journal';
import { stationDayOf } from '../station-day';

type SearchInput = MethodInput<'searchHistory'>;
type SearchField = NonNullable<SearchInput['searchField']>;

/** A number without a field is tried as each of these. */
const ANY_FIELD: readonly SearchField[] = ['shipmentNo', 'parcelNo', 'orderNo'];

/**
 * The History search: nShift's shipment history (newest first, 50 a page, at most six months back), with
 * what only this station knows added to each shipment: where and when it printed its documents (the
 * journal) and the carrier's status events it has read. When nShift cannot be asked, today's shipments come
 * from the journal instead, each marked with why, so the packer is never left with nothing.
 */
export async function searchHistory(ctx: StationContext, input: SearchInput): Promise<HistoryShipment[]> {
  const found = await searchNshift(ctx, input);
  if (found.ok) {
    return addStationKnowledge(
      ctx,
      found.value.map((s) => ({
        ...toShipmentView(s),
        ...(s.carrierId ? { carrierId: String(s.carrierId) } : {}),
        source: 'nshift' as const,
      })),
    );
  }
  const offline = failureFromDelivery(found.error);
  const fromJournal = journalShipments(ctx, input);
  if (fromJournal.length === 0) throw StationError.failed(offline);
  return addStationKnowledge(
    ctx,
    fromJournal.map((s) => ({ ...s, source: 'journal' as const, offline })),
  );
}

/** One shipment's tracking from the events the station keeps: no call to nShift, no waiting. */
export async function getShipmentTimeline(ctx: StationContext, code: string): Promise<ShipmentTimeline> {
  const wanted = code.trim();
  const [events, status] = await Promise.all([
    ctx.statusEvents.timeline({ shipmentNo: wanted, parcelNos: [wanted] }),
    ctx.statusEvents.status(),
  ]);
  return { events, ...status };
}

/** The same view with the carrier's events: `handedOver` also when only the events know it yet. */
export async function withTracking<T extends ShipmentView>(
  ctx: StationContext,
  view: T,
): Promise<T & { timeline: HistoryShipment['timeline'] }> {
  const timeline = await ctx.statusEvents.timeline({
    ...(view.shipmentNo ? { shipmentNo: view.shipmentNo } : {}),
    parcelNos: view.parcelNos,
  });
  return { ...view, timeline, handedOver: view.handedOver || handedOverByEvents(timeline) };
}

async function searchNshift(
  ctx: StationContext,
  input: SearchInput,
): Promise<Result<ShipmentSummary[], DeliveryError>> {
  const common = {
    ...(input.dateFrom ? { dateFrom: input.dateFrom } : {}),
    ...(input.dateTo ? { dateTo: input.dateTo } : {}),
    ...(input.page ? { page: input.page } : {}),
  };
  const value = input.searchValue?.trim();
  const fields = value ? (input.searchField ? [input.searchField] : ANY_FIELD) : [undefined];
  const answers = await Promise.all(
    fields.map((searchField) =>
      ctx.client().history.search(searchField ? { ...common, searchField, searchValue: value } : common),
    ),
  );
  const byId = new Map<string, ShipmentSummary>();
  for (const answer of answers) {
    if (!answer.ok) {
      if (answer.error.kind === 'not_found') continue;
      return err(answer.error);
    }
    for (const s of answer.value) if (!byId.has(s.id)) byId.set(s.id, s);
  }
  return ok([...byId.values()].sort(newestFirst));
}

async function addStationKnowledge<T extends ShipmentView & { source: HistoryShipment['source'] }>(
  ctx: StationContext,
  shipments: T[],
): Promise<HistoryShipment[]> {
  const printed = await printedDocuments(ctx, new Set(shipments.map((s) => s.shipmentId)));
  return Promise.all(
    shipments.map(async (s) => ({
      ...(await withTracking(ctx, s)),
      documents: printed.get(s.shipmentId) ?? [],
    })),
  );
}

/**
 * Every document the journal shows this station printed (or tried to) for these shipments: the last state
 * of each print, the printer, and when. The journal is not held in memory (a start reads a checkpoint and the
 * tail), so the days a start reads back are read from disk, only the lines that name one of the shipments.
 */
async function printedDocuments(
  ctx: StationContext,
  shipmentIds: ReadonlySet<string>,
): Promise<Map<string, PrintedDocumentView[]>> {
  const jobKinds = new Map<string, JobKind>();
  for (const job of ctx.jobs.all()) jobKinds.set(job.id, job.kind);
  const bySeq = new Map<number, JournalEntry>();
  for (const day of await ctx.journal.days(JOURNAL_DAYS))
    for (const id of shipmentIds)
      for (const entry of await ctx.journal.readDay(day, id)) bySeq.set(entry.seq, entry);
  const entries = [...bySeq.values()].sort((a, b) => a.seq - b.seq);
  const documents = new Map<
    string,
    { kind: PrintedDocumentView['kind']; format: PrintedDocumentView['format'] }
  >();
  const prints = new Map<string, PrintedDocumentView & { shipmentId: string }>();
  const printerNames = new Map(ctx.settings().printers.map((p) => [p.id, p.name]));
  for (const entry of entries) {
    switch (entry.type) {
      case 'booked':
      case 'documents':
        for (const d of entry.documents)
          documents.set(d.documentId, { kind: d.kind as PrintedDocumentView['kind'], format: d.format });
        break;
      case 'print_state': {
        if (!entry.shipmentId || !shipmentIds.has(entry.shipmentId)) break;
        const doc = documents.get(entry.documentId);
        const printerName =
          entry.printerName ?? (entry.printerId ? printerNames.get(entry.printerId) : undefined);
        prints.set(`${entry.jobId}|${entry.documentId}`, {
          shipmentId: entry.shipmentId,
          documentId: entry.documentId,
          kind: doc?.kind ?? 'other',
          format: doc?.format ?? 'zpl',
          state: entry.state,
          at: entry.at,
          jobId: entry.jobId,
          jobKind: jobKinds.get(entry.jobId) ?? 'scan',
          ...(entry.printerId ? { printerId: entry.printerId } : {}),
          ...(printerName ? { printerName } : {}),
        });
        break;
      }
    }
  }
  const byShipment = new Map<string, PrintedDocumentView[]>();
  for (const { shipmentId, ...view } of prints.values()) {
    const list = byShipment.get(shipmentId);
    if (list) list.push(view);
    else byShipment.set(shipmentId, [view]);
  }
  for (const list of byShipment.values()) list.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  return byShipment;
}

/**
 * The shipments this station booked, as its journal knows them (the last days it keeps open), filtered the
 * way nShift would have been asked. Their state is the journal's: booked, or cancelled here.
 */
function journalShipments(ctx: StationContext, input: SearchInput): ShipmentView[] {
  const value = input.searchValue?.trim();
  const fields = input.searchField ? [input.searchField] : ANY_FIELD;
  const booked = new Map<string, ShipmentView>();
  const cancelled = new Set<string>();
  for (const job of ctx.jobs.all()) {
    for (const s of job.shipments) {
      if (!s.shipmentId) continue;
      if (wasCancelledHere(job, s)) cancelled.add(s.shipmentId);
      if ((job.kind !== 'scan' && job.kind !== 'book_stored') || s.reference || s.state === 'booking')
        continue;
      const orderNo = s.orderNo ?? job.orderNo;
      const candidates: Record<SearchField, readonly (string | undefined)[]> = {
        shipmentNo: [s.shipmentNo, s.shipmentId],
        parcelNo: s.parcelNos,
        orderNo: [orderNo, job.scan],
      };
      if (value && !fields.some((f) => candidates[f].some((c) => c?.toLowerCase() === value.toLowerCase())))
        continue;
      const day = stationDayOf(job.createdAt); // the days the packer typed are the station's
      if ((input.dateFrom && day < input.dateFrom) || (input.dateTo && day > input.dateTo)) continue;
      booked.set(s.shipmentId, {
        shipmentId: s.shipmentId,
        status: 'PRINTED',
        parcelNos: s.parcelNos,
        handedOver: false,
        created: job.createdAt,
        ...(s.shipmentNo ? { shipmentNo: s.shipmentNo } : {}),
        ...(orderNo ? { orderNo } : {}),
        ...(s.receiverName ? { receiverName: s.receiverName } : {}),
        ...(s.serviceId ? { serviceId: s.serviceId } : {}),
      });
    }
  }
  for (const id of cancelled) {
    const s = booked.get(id);
    if (s) s.status = CANCELLED_STATUS;
  }
  return [...booked.values()].sort((a, b) => ((a.created ?? '') < (b.created ?? '') ? 1 : -1));
}

function newestFirst(a: ShipmentSummary, b: ShipmentSummary): number {
  const x = a.created ?? '';
  const y = b.created ?? '';
  return x < y ? 1 : x > y ? -1 : 0;
}
