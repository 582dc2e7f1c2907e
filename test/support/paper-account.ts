/**
 * What reached paper against what nShift booked and what the station said, for runs where the disk fills up:
 * every booked shipment's every document printed once, or its job reported `failed`, never `printed` with one
 * missing; a job reported failed before anything was booked is never booked afterwards unless scanned again;
 * nothing booked twice. The simulator's records and the printers' bytes are the truth, the station's events
 * what the packer was told.
 */
import type { BookingRecordJson } from '../../main/simulator/records';
import { pdfText } from './pdf-text';

/** A headless event line, as far as this account needs it. */
export interface ToldEvent {
  event: string;
  scan?: string;
  jobId?: string;
  code?: string;
  shipmentId?: string;
  documents?: { kind: string }[];
}

/** The headless host's JSON lines as events (a line without an `event` is none). */
export function asTold(lines: readonly Record<string, unknown>[]): ToldEvent[] {
  return lines.filter((l): l is Record<string, unknown> & ToldEvent => typeof l.event === 'string');
}

export interface PaperAccount {
  /** Booked shipments whose documents all printed once and whose job said `printed`. */
  printedWhole: number;
  /** Booked shipments whose job said `failed` (label held back or lost), with nothing printed twice. */
  reportedFailed: number;
  /** Codes whose job failed `cannot_save` before anything was booked, and which nobody booked afterwards. */
  failedUnbooked: number;
  problems: string[];
}

/**
 * `told` is every event of every run in order; `rescanned` the codes the packer scanned again after their
 * failure (those may be booked). Documents are matched to shipments by the shipment number they print.
 */
export function accountForPaper(input: {
  codes: readonly string[];
  records: readonly BookingRecordJson[];
  told: readonly ToldEvent[];
  labels: readonly Buffer[];
  pdfs: readonly Buffer[];
  rescanned?: ReadonlySet<string>;
}): PaperAccount {
  const account: PaperAccount = { printedWhole: 0, reportedFailed: 0, failedUnbooked: 0, problems: [] };
  const labelTexts = input.labels.map((l) => l.toString('latin1'));
  const pdfTexts = input.pdfs.map((p) => pdfText(p));
  const lastWord = new Map<string, ToldEvent>();
  const firstFailure = new Map<string, ToldEvent>();
  for (const event of input.told) {
    if (!event.jobId || !['printed', 'failed', 'held'].includes(event.event)) continue;
    lastWord.set(event.jobId, event);
    if (event.event === 'failed' && event.scan && !firstFailure.has(event.scan))
      firstFailure.set(event.scan, event);
  }
  const wordOn = (code: string): ToldEvent | undefined =>
    [...lastWord.values()].filter((e) => e.scan === code).at(-1);
  // One outcome per job: a shipment once reported printed is never reported held or failed afterwards.
  const printedShipments = new Set<string>();
  for (const event of input.told) {
    if (!event.jobId || !event.shipmentId) continue;
    const key = `${event.jobId} ${event.shipmentId}`;
    if (event.event === 'printed') printedShipments.add(key);
    else if ((event.event === 'held' || event.event === 'failed') && printedShipments.has(key))
      account.problems.push(
        `${event.scan ?? event.jobId}: shipment ${event.shipmentId} reported printed, then ${event.event}${event.code ? ` (${event.code})` : ''}`,
      );
  }

  for (const code of input.codes) {
    const booked = input.records.filter((r) => !r.cancelled && (r.internalReference ?? r.orderNo) === code);
    if (booked.length > 1) account.problems.push(`${code} booked ${booked.length} times`);
    const failed = firstFailure.get(code);
    if (booked.length === 0) {
      if (failed?.code === 'cannot_save' && !failed.shipmentId) account.failedUnbooked++;
      continue;
    }
    if (failed?.code === 'cannot_save' && !failed.shipmentId && !input.rescanned?.has(code))
      account.problems.push(`${code} was reported failed before any booking, and was booked afterwards`);
    for (const record of booked) {
      const labels = labelTexts.filter((t) => t.includes(record.shipmentNo)).length;
      const pdfs = pdfTexts.filter((t) => t.includes(record.shipmentNo)).length;
      const word = wordOn(code);
      if (labels > 1 || pdfs > 1)
        account.problems.push(
          `${code} (${record.shipmentNo}): printed twice (${labels} labels, ${pdfs} PDFs)`,
        );
      if (word?.event === 'printed') {
        const kinds = (word.documents ?? []).map((d) => d.kind).sort();
        if (labels !== 1 || pdfs !== 1 || kinds.join() !== 'customs,label')
          account.problems.push(
            `${code} (${record.shipmentNo}) reported printed with ${labels} label(s) and ${pdfs} customs PDF(s) on paper, documents ${kinds.join('+')}`,
          );
        else account.printedWhole++;
      } else if (word?.event === 'failed' || word?.event === 'held') account.reportedFailed++;
      else account.problems.push(`${code} (${record.shipmentNo}) booked, and nothing was said of it`);
    }
  }
  return account;
}
