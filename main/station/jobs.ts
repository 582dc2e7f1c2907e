import type {
  Failure,
  JobDocument,
  JobKind,
  JobShipment,
  JobState,
  JobView,
  ResolvedSource,
} from '../../preload/api';
import type { DocumentRef, JournalEntry } from './journal';

/**
 * The jobs the UI sees, folded from journal entries. Every state change of a job is a journal entry first,
 * and the view is derived from the entries: what the packer sees is what survives a crash.
 */
export class JobBook {
  private readonly jobs = new Map<string, JobView>();
  /** Which booking target keys a job has asked for, and which came back booked. */
  private readonly intents = new Map<string, Set<string>>();
  private readonly bookedTargets = new Map<string, Set<string>>();

  constructor(private readonly onChange: (job: JobView) => void = () => {}) {}

  apply(entry: JournalEntry, notify = true): JobView | undefined {
    const job = entry.type === 'job' ? this.create(entry) : this.jobs.get(entry.jobId);
    if (!job) return undefined;
    job.updatedAt = entry.at;
    switch (entry.type) {
      case 'job':
        break;
      case 'resolved':
        job.source = entry.source as ResolvedSource;
        if (entry.orderNo) job.orderNo = entry.orderNo;
        if (entry.targets.length > 1) job.progress = { done: 0, total: entry.targets.length };
        job.state = 'booking';
        break;
      case 'book_intent':
        setOf(this.intents, job.id).add(
          entry.target.type === 'order' ? `order:${entry.target.orderId}` : `stored:${entry.target.storedId}`,
        );
        job.state = 'booking';
        break;
      case 'booked':
      case 'shipment_ref': {
        if (entry.type === 'booked') setOf(this.bookedTargets, job.id).add(entry.targetKey);
        const shipment = upsertShipment(job, entry.shipmentId);
        if (entry.shipmentNo) shipment.shipmentNo = entry.shipmentNo;
        shipment.parcelNos = entry.parcelNos;
        if (entry.type === 'shipment_ref') {
          if (entry.receiverName) shipment.receiverName = entry.receiverName;
        } else {
          if (entry.orderNo) shipment.orderNo = entry.orderNo;
          if (entry.receiverName) shipment.receiverName = entry.receiverName;
          if (entry.serviceId) shipment.serviceId = entry.serviceId;
        }
        if (entry.type === 'shipment_ref') {
          shipment.reference = true;
          break;
        } // a shipment shown for reference (duplicate, cancel): nothing prints
        shipment.state = entry.documents.length > 0 ? 'printing' : 'booked';
        for (const doc of entry.documents) upsertDocument(shipment, doc);
        if (entry.documents.length > 0) job.state = 'printing';
        break;
      }
      case 'documents': {
        const holder = upsertShipment(job, entry.ownerId);
        if (entry.shipmentNo) holder.shipmentNo = entry.shipmentNo;
        if (entry.parcelNos) holder.parcelNos = entry.parcelNos;
        holder.state = 'printing';
        for (const doc of entry.documents) upsertDocument(holder, doc);
        job.state = 'printing';
        break;
      }
      case 'shipment_info': {
        const shipment = upsertShipment(job, entry.shipmentId);
        if (entry.shipmentNo) shipment.shipmentNo = entry.shipmentNo;
        if (entry.orderNo) shipment.orderNo = entry.orderNo;
        if (entry.parcelNos?.length) shipment.parcelNos = entry.parcelNos;
        if (entry.receiverName) shipment.receiverName = entry.receiverName;
        if (entry.serviceId) shipment.serviceId = entry.serviceId;
        break;
      }
      case 'book_unknown':
        break;
      case 'print_state': {
        const shipment = entry.shipmentId ? upsertShipment(job, entry.shipmentId) : undefined;
        const target = shipment ?? docHolder(job);
        const doc = target.documents.find((d) => d.documentId === entry.documentId);
        if (doc) {
          doc.state = entry.state;
          if (entry.printerId) doc.printerId = entry.printerId;
          if (entry.printerName) doc.printerName = entry.printerName;
          if (entry.spoolJobId) doc.spoolJobId = entry.spoolJobId;
        }
        if (shipment) shipment.state = shipmentPrintState(shipment);
        const stillToBook =
          job.progress && job.shipments.filter((s) => s.shipmentId).length < job.progress.total;
        job.state = stillToBook ? 'booking' : jobPrintState(job);
        break;
      }
      case 'cancelled': {
        const shipment = upsertShipment(job, entry.shipmentId);
        shipment.state = 'cancelled';
        job.state = 'done';
        break;
      }
      case 'failed':
        job.failure = entry.failure as Failure;
        if (entry.duplicateOf) {
          const dup = job.shipments.find((s) => s.shipmentId === entry.duplicateOf);
          job.duplicateOf = {
            shipmentId: entry.duplicateOf,
            ...(dup?.shipmentNo ? { shipmentNo: dup.shipmentNo } : {}),
          };
        }
        // A split order where some shipments printed keeps its printed parts visible; the job still failed.
        job.state = 'failed';
        break;
      case 'finished':
        if (job.state !== 'failed' && job.state !== 'held' && job.state !== 'printed') job.state = 'done';
        break;
    }
    if (job.progress) {
      job.progress.done = job.shipments.filter((s) => s.state === 'printed' || s.state === 'held').length;
    }
    if (notify) this.onChange(structuredClone(job));
    return job;
  }

  get(jobId: string): JobView | undefined {
    const job = this.jobs.get(jobId);
    return job ? structuredClone(job) : undefined;
  }

  /**
   * Every job, oldest first, as read-only views without copies: for lookups on the hot path, where copying a
   * day's jobs on every scan would grow with the day.
   */
  *all(since?: string): Iterable<Readonly<JobView>> {
    for (const job of this.jobs.values()) if (!since || job.createdAt >= since) yield job;
  }

  /** Newest first. */
  list(limit = 500, since?: string): JobView[] {
    const all = [...this.jobs.values()].filter((j) => !since || j.createdAt >= since);
    return all
      .slice(-limit)
      .reverse()
      .map((j) => structuredClone(j));
  }

  /** Targets a job asked nShift to book whose answer never arrived. */
  unansweredIntents(jobId: string): string[] {
    const booked = this.bookedTargets.get(jobId) ?? new Set<string>();
    return [...(this.intents.get(jobId) ?? [])].filter((k) => !booked.has(k));
  }

  isBooked(jobId: string, targetKey: string): boolean {
    return this.bookedTargets.get(jobId)?.has(targetKey) ?? false;
  }

  /** A job is open when it has not reached a state the packer must act on or that ends it. */
  openJobs(): JobView[] {
    return [...this.jobs.values()].filter(
      (j) => j.state === 'resolving' || j.state === 'booking' || j.state === 'printing',
    );
  }

  private create(entry: Extract<JournalEntry, { type: 'job' }>): JobView {
    const job: JobView = {
      id: entry.jobId,
      kind: entry.kind as JobKind,
      scan: entry.scan,
      state: 'resolving',
      createdAt: entry.at,
      updatedAt: entry.at,
      shipments: [],
      ...(entry.reprintOf ? { reprintOf: entry.reprintOf } : {}),
    };
    this.jobs.set(job.id, job);
    return job;
  }
}

function setOf(map: Map<string, Set<string>>, key: string): Set<string> {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  return set;
}

function upsertShipment(job: JobView, shipmentId: string): JobShipment {
  let shipment = job.shipments.find((s) => s.shipmentId === shipmentId);
  if (!shipment) {
    shipment = { shipmentId, parcelNos: [], state: 'booked', documents: [] };
    job.shipments.push(shipment);
  }
  return shipment;
}

/** Documents that belong to no shipment (a manifest, a test label) hang on a pseudo-shipment with id ''. */
function docHolder(job: JobView): JobShipment {
  return upsertShipment(job, '');
}

function upsertDocument(shipment: JobShipment, ref: DocumentRef): void {
  if (shipment.documents.some((d) => d.documentId === ref.documentId)) return;
  const doc: JobDocument = {
    documentId: ref.documentId,
    kind: ref.kind as JobDocument['kind'],
    format: ref.format,
    bytes: ref.bytes,
    state: 'queued',
    ...(ref.charset ? { charset: ref.charset } : {}),
    ...(ref.description ? { description: ref.description } : {}),
  };
  shipment.documents.push(doc);
}

function shipmentPrintState(shipment: JobShipment): JobShipment['state'] {
  const states = shipment.documents.map((d) => d.state);
  if (states.some((s) => s === 'failed')) return 'failed';
  if (states.some((s) => s === 'held')) return 'held';
  if (states.length > 0 && states.every((s) => s === 'printed' || s === 'cancelled')) return 'printed';
  return 'printing';
}

function jobPrintState(job: JobView): JobState {
  const docs = job.shipments.flatMap((s) => s.documents);
  if (docs.length === 0) return job.state;
  if (docs.some((d) => d.state === 'queued' || d.state === 'sending')) return 'printing';
  if (docs.some((d) => d.state === 'failed')) return 'failed';
  if (docs.some((d) => d.state === 'held')) return 'held';
  return 'printed';
}
