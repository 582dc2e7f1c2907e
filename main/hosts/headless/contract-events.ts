import type { Failure, FailureReason, JobShipment, JobView } from '../../../preload/api';
import { headlessMessage } from './advice';
import { isOpen } from '../../station/jobs';

/**
 * The headless host's public output contract (README, "Headless host"). Scripts and conveyor lines parse
 * these lines: fields are only ever added, never renamed or dropped.
 */
export type HeadlessEvent =
  | { event: 'ready'; version: string; dataDir: string }
  | {
      event: 'booked';
      scan: string;
      shipmentId: string;
      parcelNos: string[];
      shipmentNo?: string;
      jobId: string;
    }
  | { event: 'printed'; scan: string; shipmentId: string; printer: string; bytes: number; jobId: string }
  | { event: 'held'; scan: string; shipmentId: string; printer: string; reason: string; jobId: string }
  | {
      event: 'failed';
      scan: string;
      reason: FailureReason;
      message: string;
      errors?: { field: string; message: string }[];
      code: string;
      shipmentId?: string;
      jobId: string;
    }
  | { event: 'reprinted'; scan: string; shipmentId: string; printer: string; bytes: number; jobId: string }
  | { event: 'cancelled'; scan: string; shipmentId: string; jobId: string }
  | {
      event: 'manifest';
      manifestId: string;
      manifestType: string;
      printer: string;
      bytes: number;
      jobId: string;
    }
  | { event: 'warning'; message: string };

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
    if (docs.length === 0) return;
    // The printer's id: stable for scripts ("label" and "documents" for the command-line printers).
    const printer = docs.map((d) => d.printerId).find(Boolean) ?? '';
    const bytes = docs.reduce((n, d) => n + d.bytes, 0);
    if (docs.every((d) => d.state === 'printed')) {
      if (!this.once(`${key}:printed`)) return;
      if (job.kind === 'manifest') {
        out.push({
          event: 'manifest',
          manifestId: shipment.shipmentId,
          manifestType: job.scan,
          printer,
          bytes,
          jobId: job.id,
        });
      } else if (job.kind === 'reprint') {
        out.push({
          event: 'reprinted',
          scan: job.scan,
          shipmentId: shipment.shipmentId,
          printer,
          bytes,
          jobId: job.id,
        });
      } else {
        out.push({
          event: 'printed',
          scan: job.scan,
          shipmentId: shipment.shipmentId,
          printer,
          bytes,
          jobId: job.id,
        });
      }
    } else if (
      docs.some((d) => d.state === 'held') &&
      docs.every((d) => d.state !== 'queued' && d.state !== 'sending')
    ) {
      if (this.once(`${key}:held`)) {
        const reason =
          'The label printer did not take the label in time; it is held and never prints unasked.';
        out.push({
          event: 'held',
          scan: job.scan,
          shipmentId: shipment.shipmentId,
          printer,
          reason,
          jobId: job.id,
        });
        // A script that waits for "printed or failed" per scan gets its answer: this label did not print.
        if (this.once(`${job.id}:failed`)) {
          const held: Failure = { reason: 'printer', code: 'label_held', message: reason };
          out.push({
            event: 'failed',
            scan: job.scan,
            reason: held.reason,
            code: held.code,
            message: headlessMessage({ kind: job.kind, scan: job.scan, failure: held }),
            shipmentId: shipment.shipmentId,
            jobId: job.id,
          });
        }
      }
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
