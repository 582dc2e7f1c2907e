import type {
  DocumentKind,
  FailureReason,
  JobDocument,
  JobShipment,
  JobView,
  StartupWarningCode,
} from '../../../preload/api';
import { headlessMessage } from './advice';
import { isOpen } from '../../station/jobs';
import { codeFailure } from '../../station/failures';

/**
 * The headless host's public output contract (docs/headless.md). Scripts and conveyor lines parse
 * these lines: fields are only ever added, never renamed or dropped.
 */
export type HeadlessEvent =
  /** `station`: the station's name (its setting, else the computer's name), added for sites with many. */
  | { event: 'ready'; version: string; dataDir: string; station: string }
  | {
      event: 'booked';
      scan: string;
      shipmentId: string;
      parcelNos: string[];
      shipmentNo?: string;
      jobId: string;
    }
  | {
      event: 'printed';
      scan: string;
      shipmentId: string;
      printer: string;
      bytes: number;
      documents: PrintedDocument[];
      jobId: string;
    }
  | {
      event: 'held';
      scan: string;
      shipmentId: string;
      printer: string;
      reason: string;
      documents: PrintedDocument[];
      manifestId?: string;
      jobId: string;
    }
  | {
      event: 'failed';
      scan: string;
      reason: FailureReason;
      message: string;
      errors?: { field: string; message: string }[];
      code: string;
      shipmentId?: string;
      manifestId?: string;
      jobId: string;
    }
  | {
      event: 'reprinted';
      scan: string;
      shipmentId: string;
      printer: string;
      bytes: number;
      documents: PrintedDocument[];
      jobId: string;
    }
  | { event: 'cancelled'; scan: string; shipmentId: string; jobId: string }
  | {
      event: 'manifest';
      manifestId: string;
      manifestType: string;
      printer: string;
      bytes: number;
      documents: PrintedDocument[];
      jobId: string;
    }
  /** `code`: what the start found (main/domain/startup-warning.ts), added beside `message`, never instead of it. */
  | { event: 'warning'; message: string; code: StartupWarningCode };

/** One document of a `printed`, `reprinted`, `manifest` or `held` line: its kind, its printer's id, its size. */
export interface PrintedDocument {
  kind: DocumentKind;
  printer: string;
  bytes: number;
}

/**
 * Turns the stream of job snapshots into contract events, each exactly once: `booked` when a shipment is
 * booked, `printed` (or `held`) when all its documents reached that state, `failed` once per failed job.
 */
export class HeadlessEventMapper {
  private readonly emitted = new Set<string>();

  map(job: JobView): HeadlessEvent[] {
    const out: HeadlessEvent[] = [];
    for (const shipment of job.shipments) {
      if (shipment.reference) continue;
      this.forShipment(job, shipment, out);
    }
    if (job.state === 'failed' && job.failure && this.once(`${job.id}:failed`)) {
      const f = job.failure;
      out.push({
        event: 'failed',
        scan: job.scan,
        reason: f.reason,
        message: headlessMessage({ kind: job.kind, scan: job.scan, failure: f }),
        code: f.code,
        ...(f.errors ? { errors: f.errors } : {}),
        ...(shipmentOf(job) ? { shipmentId: shipmentOf(job) } : {}),
        jobId: job.id,
      });
    }
    return out;
  }

  private forShipment(job: JobView, shipment: JobShipment, out: HeadlessEvent[]): void {
    const key = `${job.id}:${shipment.shipmentId}`;
    const booked = job.kind === 'scan' || job.kind === 'book_stored';
    // A booking that made two shipments names the second before its own `booked` brings its parcels: its line
    // waits for them (or for its documents, or for the job's end, when they never come).
    const known = shipment.parcelNos.length > 0 || shipment.documents.length > 0 || !isOpen(job);
    if (booked && shipment.shipmentId && known && this.once(`${key}:booked`)) {
      out.push({
        event: 'booked',
        scan: job.scan,
        shipmentId: shipment.shipmentId,
        parcelNos: shipment.parcelNos,
        ...(shipment.shipmentNo ? { shipmentNo: shipment.shipmentNo } : {}),
        jobId: job.id,
      });
    }
    if (job.kind === 'cancel' && shipment.state === 'cancelled' && this.once(`${key}:cancelled`)) {
      out.push({ event: 'cancelled', scan: job.scan, shipmentId: shipment.shipmentId, jobId: job.id });
      return;
    }
    const docs = shipment.documents;
    // Documents still on their way: the shipment's lines wait until each has printed or is held (or failed).
    if (docs.length === 0 || docs.some((d) => d.state === 'queued' || d.state === 'sending')) return;
    // What printed and was not reported yet: all of it at first, a held document later once released.
    const printed = docs.filter((d) => d.state === 'printed' && this.once(`${key}:printed:${d.documentId}`));
    if (printed.length > 0) {
      // `printer` is where the first of them went (the label printer for a booking), `bytes` what went there;
      // `documents` lists each one, wherever it went.
      const printer = printerOf(printed[0]!);
      const line = {
        printer,
        bytes: printed.filter((d) => printerOf(d) === printer).reduce((n, d) => n + d.bytes, 0),
        documents: printed.map(described),
        jobId: job.id,
      };
      if (job.kind === 'manifest')
        out.push({ event: 'manifest', manifestId: shipment.shipmentId, manifestType: job.scan, ...line });
      else if (job.kind === 'reprint')
        out.push({ event: 'reprinted', scan: job.scan, shipmentId: shipment.shipmentId, ...line });
      else out.push({ event: 'printed', scan: job.scan, shipmentId: shipment.shipmentId, ...line });
    }
    // One held line per printer that holds documents of the shipment, naming them.
    const held = docs.filter((d) => d.state === 'held');
    const reasons: string[] = [];
    for (const printer of new Set(held.map(printerOf))) {
      const on = held.filter((d) => printerOf(d) === printer);
      const reason = heldReason(on);
      reasons.push(reason);
      if (!this.once(`${key}:held:${printer}`)) continue;
      out.push({
        event: 'held',
        scan: job.scan,
        shipmentId: shipment.shipmentId,
        printer,
        reason,
        documents: on.map(described),
        ...(job.kind === 'manifest' ? { manifestId: shipment.shipmentId } : {}),
        jobId: job.id,
      });
    }
    // A script that waits for "printed or failed" per scan gets its answer: these documents did not print.
    if (held.length > 0 && this.once(`${job.id}:failed`)) {
      const heldFailure = codeFailure('label_held', reasons.join(' '), {
        params: {
          kinds: [...new Set(held.map((d) => d.kind))].join(','),
          printers: [...new Set(held.map(printerOf))].join(','),
          // The number nShift's screens find it by; an order's comes later (batched), then the scan names it.
          ...(shipment.shipmentNo ? { shipment: shipment.shipmentNo } : {}),
          ...(mayHavePrinted(held) ? { mayHavePrinted: 'yes' } : {}),
        },
      });
      out.push({
        event: 'failed',
        scan: job.scan,
        reason: heldFailure.reason,
        code: heldFailure.code,
        message: headlessMessage({ kind: job.kind, scan: job.scan, failure: heldFailure }),
        shipmentId: shipment.shipmentId,
        ...(job.kind === 'manifest' ? { manifestId: shipment.shipmentId } : {}),
        jobId: job.id,
      });
    }
  }

  private once(key: string): boolean {
    if (this.emitted.has(key)) return false;
    this.emitted.add(key);
    return true;
  }
}

/** The shipment a failure is about: the existing one of a duplicate, or the booked one whose label is missing. */
function shipmentOf(job: JobView): string | undefined {
  if (job.duplicateOf) return job.duplicateOf.shipmentId;
  const id = job.failure?.params?.shipmentId;
  return typeof id === 'string' && id !== '' ? id : undefined;
}

/** The printer's id: stable for scripts ("label" and "documents" for the command-line printers). */
function printerOf(doc: JobDocument): string {
  return doc.printerId ?? '';
}

function described(doc: JobDocument): PrintedDocument {
  return { kind: doc.kind, printer: printerOf(doc), bytes: doc.bytes };
}

const KIND_NAMES: Record<DocumentKind, string> = {
  label: 'label',
  return_label: 'return label',
  waybill: 'waybill',
  customs: 'customs document',
  manifest: 'manifest',
  other: 'document',
};

/**
 * "The document printer did not take the customs document in time; …": the printer and what it holds. Documents
 * held because the station stopped while sending them are said so: they may have printed.
 */
function heldReason(docs: readonly JobDocument[]): string {
  const first = docs[0]!;
  const printer =
    first.printerId === 'label'
      ? 'The label printer'
      : first.printerId === 'documents'
        ? 'The document printer'
        : `The printer "${first.printerName ?? printerOf(first)}"`;
  const counts = new Map<string, number>();
  for (const d of docs) counts.set(KIND_NAMES[d.kind], (counts.get(KIND_NAMES[d.kind]) ?? 0) + 1);
  const what = [...counts].map(([name, n]) => (n === 1 ? `the ${name}` : `${n} ${name}s`)).join(' and ');
  const [it, held] =
    docs.length === 1
      ? ['it', 'it is held and never prints unasked']
      : ['they', 'they are held and never print unasked'];
  if (!mayHavePrinted(docs)) return `${printer} did not take ${what} in time; ${held}.`;
  return docs.every((d) => d.heldReason === 'restart')
    ? `${printer} was sending ${what} when the station stopped: ${it} may have printed, so ${held}.`
    : `${printer} was sent ${what} but did not confirm ${it}: ${it} may have printed, so ${held}.`;
}

/** Held because the station stopped while sending them, or sent whole and never confirmed: the paper may be there. */
function mayHavePrinted(docs: readonly JobDocument[]): boolean {
  return docs.every((d) => d.heldReason === 'restart' || d.heldReason === 'unconfirmed');
}
