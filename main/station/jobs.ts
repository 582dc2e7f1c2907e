import type { JobDocument, JobKind, JobShipment, JobState, JobView } from '../../preload/api';
import { jobShipmentSchema, jobViewSchema } from '../domain';
import * as z from '../zod';
import { bookingTargetKey, bookingTargetSchema } from './journal';
import type { BookingTarget, DocumentRef, JournalEntry } from './journal';

/** What lookups need of a job (duplicates, reprint by code, cancels): everything but its documents. */
export const jobSummarySchema = z.extend(
  z.pick(jobViewSchema, {
    id: true,
    kind: true,
    scan: true,
    state: true,
    createdAt: true,
    orderNo: true,
    duplicateOf: true,
  }),
  { shipments: z.array(z.omit(jobShipmentSchema, { documents: true, failure: true })) },
);
export type JobSummary = z.infer<typeof jobSummarySchema>;

/** The part of a job book a checkpoint keeps (see `JobBook.snapshot`). */
export const jobBookSnapshotSchema = z.object({
  /** Full views: open and held jobs, and the newest ones (what the UI lists first). */
  jobs: z.array(jobViewSchema),
  /** Every job of the loaded days, without documents. */
  summaries: z.array(jobSummarySchema),
  /** For the open jobs: booking targets, the targets asked for, and those that came back booked. */
  targets: z.array(z.tuple([z.string(), z.array(bookingTargetSchema)])),
  intents: z.array(z.tuple([z.string(), z.array(z.string())])),
  booked: z.array(z.tuple([z.string(), z.array(z.string())])),
  /** Days (YYYY-MM-DD) whose every job is in `jobs`. */
  completeDays: z.array(z.string()),
});
export type JobBookSnapshot = z.infer<typeof jobBookSnapshotSchema>;

/** Reads a job's entries back from the journal, for a job that is not in memory. */
export type JobLoader = (jobId: string) => Promise<readonly JournalEntry[]>;

/** The jobs that book shipments themselves: a scan, a booking from the Stored list. */
export const BOOKING_KINDS: ReadonlySet<JobKind> = new Set<JobKind>(['scan', 'book_stored']);

/** How many of the newest jobs a snapshot keeps in full: the UI's job list asks for 500 at most by default. */
export const RESIDENT_JOBS = 500;

/**
 * The jobs the UI sees, folded from journal entries. Every state change of a job is a journal entry first,
 * and the view is derived from the entries: what the packer sees is what survives a crash.
 *
 * After a restart from a checkpoint only some jobs are in memory in full (open and held jobs, the newest
 * ones); every job has a summary, which is what duplicate checks (by code, `withScan`) and lookups read. A job not in
 * memory is folded from its day's journal file when someone asks for it (`ensure`, `hydrate`).
 */
export class JobBook {
  private readonly jobs = new Map<string, JobView>();
  private readonly summaries = new Map<string, JobSummary>();
  /** The jobs of each scanned code, oldest first: a scan's duplicate check reads its code's, not the days' jobs. */
  private readonly byScan = new Map<string, Set<string>>();
  /** Which booking target keys a job has asked for, and which came back booked. */
  private readonly intents = new Map<string, Set<string>>();
  private readonly bookedTargets = new Map<string, Set<string>>();
  private readonly targets = new Map<string, BookingTarget[]>();
  private readonly completeDays = new Set<string>();
  /** Every entry up to this sequence number is folded (entries arrive in order, give or take a batch). */
  private folded = 0;
  private readonly foldedAhead = new Set<number>();

  constructor(
    private readonly onChange: (job: JobView) => void = () => {},
    private readonly loader?: JobLoader,
  ) {}

  /** Rebuilds a book from a checkpoint's snapshot; every later entry is applied on top. */
  static restore(
    snapshot: JobBookSnapshot,
    foldedSeq: number,
    onChange?: (job: JobView) => void,
    loader?: JobLoader,
  ): JobBook {
    const book = new JobBook(onChange, loader);
    for (const job of snapshot.jobs) book.jobs.set(job.id, job);
    for (const summary of snapshot.summaries) book.keepSummary(summary);
    for (const [id, targets] of snapshot.targets) book.targets.set(id, targets);
    for (const [id, keys] of snapshot.intents) book.intents.set(id, new Set(keys));
    for (const [id, keys] of snapshot.booked) book.bookedTargets.set(id, new Set(keys));
    for (const day of snapshot.completeDays) book.completeDays.add(day);
    book.folded = foldedSeq;
    return book;
  }

  /** Every entry up to this sequence number is in the book. */
  foldedSeq(): number {
    return this.folded;
  }

  /** Marks a replay that read whole day files: every job of those days is in memory. */
  markComplete(days: Iterable<string>): void {
    for (const day of days) this.completeDays.add(day);
  }

  apply(entry: JournalEntry, notify = true): JobView | undefined {
    this.noteFolded(entry.seq);
    if (entry.type === 'resolved') this.targets.set(entry.jobId, entry.targets);
    const job = entry.type === 'job' ? this.create(entry) : this.jobs.get(entry.jobId);
    if (!job) return undefined;
    job.updatedAt = entry.at;
    job.updatedSeq = entry.seq;
    switch (entry.type) {
      case 'job':
        break;
      case 'resolved':
        job.source = entry.source;
        if (entry.orderNo) job.orderNo = entry.orderNo;
        if (entry.targets.length > 1) job.progress = { done: 0, total: entry.targets.length };
        job.state = 'booking';
        break;
      case 'book_intent':
        setOf(this.intents, job.id).add(bookingTargetKey(entry.target));
        job.state = 'booking';
        break;
      case 'booked':
      case 'shipment_ref': {
        if (entry.type === 'booked') {
          setOf(this.bookedTargets, job.id).add(entry.targetKey);
          // The booking's other shipments are booked in nShift too: shown, and awaiting their labels, until their
          // own `booked` comes. A restart that finds one still without it downloads and prints its label, once.
          // A split order counts its progress in shipments: each one more than its target adds one to it.
          for (const other of entry.targetShipmentIds ?? []) {
            const known = job.shipments.some((s) => s.shipmentId === other);
            upsertShipment(job, other);
            if (!known && other !== entry.shipmentId && job.progress) job.progress.total++;
          }
        }
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
        for (const doc of entry.documents)
          upsertDocument(
            shipment,
            doc,
            entry.type === 'booked' && entry.sending?.includes(doc.documentId) ? 'sending' : 'queued',
          );
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
          if (entry.state === 'held' && entry.heldReason) doc.heldReason = entry.heldReason;
          else delete doc.heldReason;
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
        job.failure = entry.failure;
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
        // A split order of which another station booked some targets first has fewer shipments than targets:
        // it stays `booking` until here, and then reads as what became of the labels it did print.
        if (job.state === 'booking') job.state = jobPrintState(job);
        if (job.state !== 'failed' && job.state !== 'held' && job.state !== 'printed') job.state = 'done';
        break;
    }
    if (job.progress) {
      job.progress.done = job.shipments.filter((s) => s.state === 'printed' || s.state === 'held').length;
    }
    this.keepSummary(summarize(job));
    if (!isOpen(job)) this.forgetBookingState(job.id);
    if (notify) this.onChange(structuredClone(job));
    return job;
  }

  /** Is the job in memory in full? */
  has(jobId: string): boolean {
    return this.jobs.has(jobId);
  }

  /** Brings a job that exists only in the journal into memory (after a restart from a checkpoint). */
  async ensure(jobId: string): Promise<boolean> {
    if (this.jobs.has(jobId)) return true;
    if (!this.loader || !this.summaries.has(jobId)) return false;
    const entries = await this.loader(jobId);
    if (this.jobs.has(jobId)) return true; // loaded meanwhile
    for (const entry of entries) if (entry.jobId === jobId) this.fold(entry);
    return this.jobs.has(jobId);
  }

  /** Brings every job of a day into memory (a list asked for more jobs than memory holds). */
  async hydrate(day: string, read: (day: string) => Promise<readonly JournalEntry[]>): Promise<void> {
    if (this.completeDays.has(day)) return;
    const missing = new Set(
      [...this.summaries.values()]
        .filter((s) => s.createdAt.startsWith(day) && !this.jobs.has(s.id))
        .map((s) => s.id),
    );
    if (missing.size > 0) {
      for (const entry of await read(day)) if (missing.has(entry.jobId)) this.fold(entry);
    }
    this.completeDays.add(day);
  }

  get(jobId: string): JobView | undefined {
    const job = this.jobs.get(jobId);
    return job ? structuredClone(job) : undefined;
  }

  /**
   * Every job of the loaded days, oldest first, as read-only summaries without copies: for lookups (a reprint by
   * code, a shipment's job), where copying the days' jobs each time would grow with them.
   */
  *all(since?: string): Iterable<Readonly<JobSummary>> {
    for (const job of this.summaries.values()) if (!since || job.createdAt >= since) yield job;
  }

  /** The jobs that scanned `code` (since `since`), oldest first: as `all`, but without walking the other codes'. */
  *withScan(code: string, since?: string): Iterable<Readonly<JobSummary>> {
    for (const id of this.byScan.get(code) ?? []) {
      const job = this.summaries.get(id);
      if (job?.scan === code && (!since || job.createdAt >= since)) yield job;
    }
  }

  /** Newest first, from the jobs in memory; `complete(since)` says whether that is every job. */
  list(limit = 500, since?: string): JobView[] {
    const out: JobView[] = [];
    const ids = [...this.summaries.keys()];
    for (let i = ids.length - 1; i >= 0 && out.length < limit; i--) {
      const job = this.jobs.get(ids[i]!);
      if (job && (!since || job.createdAt >= since)) out.push(structuredClone(job));
    }
    return out;
  }

  /** Are the newest `limit` jobs since `since` (a day) all in memory? */
  listable(limit: number, since: string): boolean {
    if (this.completeDays.has(since.slice(0, 10))) return true;
    let seen = 0;
    const ids = [...this.summaries.keys()];
    for (let i = ids.length - 1; i >= 0 && seen < limit; i--) {
      const summary = this.summaries.get(ids[i]!)!;
      if (summary.createdAt < since) break;
      if (!this.jobs.has(summary.id)) return false;
      seen++;
    }
    return true;
  }

  /** Targets a job asked nShift to book whose answer never arrived. */
  unansweredIntents(jobId: string): string[] {
    const booked = this.bookedTargets.get(jobId) ?? new Set<string>();
    return [...(this.intents.get(jobId) ?? [])].filter((k) => !booked.has(k));
  }

  isBooked(jobId: string, targetKey: string): boolean {
    return this.bookedTargets.get(jobId)?.has(targetKey) ?? false;
  }

  /** What an open job was resolved to book (its last `resolved` entry), for resuming it after a restart. */
  targetsOf(jobId: string): BookingTarget[] | undefined {
    return this.targets.get(jobId);
  }

  /** A job is open when it has not reached a state the packer must act on or that ends it. */
  openJobs(): JobView[] {
    return [...this.jobs.values()].filter(isOpen);
  }

  /**
   * What a checkpoint keeps: open and held jobs and the newest `resident` jobs in full, a summary of every
   * job, and the booking state of the open ones. Its size does not grow with the journal, only with the
   * number of jobs (a short summary each).
   */
  snapshot(resident = RESIDENT_JOBS): JobBookSnapshot {
    const ids = [...this.summaries.keys()];
    const newest = new Set(ids.slice(-resident));
    const jobs = [...this.jobs.values()].filter((j) => newest.has(j.id) || inMotion(j));
    const kept = new Set(jobs.map((j) => j.id));
    const days = new Set(ids.map((id) => this.summaries.get(id)!.createdAt.slice(0, 10)));
    for (const id of ids) if (!kept.has(id)) days.delete(this.summaries.get(id)!.createdAt.slice(0, 10));
    const open = jobs.filter(isOpen).map((j) => j.id);
    const pick = <T>(map: Map<string, T>): [string, T][] =>
      open.flatMap((id) => (map.has(id) ? [[id, map.get(id)!] as [string, T]] : []));
    return {
      jobs,
      summaries: [...this.summaries.values()],
      targets: pick(this.targets),
      intents: pick(this.intents).map(([id, keys]) => [id, [...keys]]),
      booked: pick(this.bookedTargets).map(([id, keys]) => [id, [...keys]]),
      completeDays: [...days],
    };
  }

  /** Forgets the jobs created before `day` (YYYY-MM-DD): they left the journal window. */
  dropBefore(day: string): void {
    this.forget(day, () => false);
  }

  /**
   * What a running station does at its daily pruning: forgets, as a start would, the jobs created before `day`
   * (the oldest journal day a start reads back), but none still in motion (open, held, a document not settled):
   * a label released days later still reports to its job. A station left running for weeks then holds, walks on
   * every scan and writes into every checkpoint the same few days of jobs as one started this morning, not every
   * job since it started. Returns how many it forgot.
   */
  forgetBefore(day: string): number {
    return this.forget(day, (job) => job !== undefined && inMotion(job));
  }

  /** A job not in memory in full is in no checkpoint's set of jobs in motion (`snapshot`), so it is not in motion. */
  private forget(day: string, keep: (job: JobView | undefined) => boolean): number {
    let forgotten = 0;
    for (const [id, summary] of this.summaries) {
      if (summary.createdAt.slice(0, 10) >= day || keep(this.jobs.get(id))) continue;
      this.summaries.delete(id);
      const sameCode = this.byScan.get(summary.scan);
      sameCode?.delete(id);
      if (sameCode?.size === 0) this.byScan.delete(summary.scan);
      this.jobs.delete(id);
      this.forgetBookingState(id);
      forgotten++;
    }
    for (const complete of this.completeDays) if (complete < day) this.completeDays.delete(complete);
    return forgotten;
  }

  private keepSummary(summary: JobSummary): void {
    this.summaries.set(summary.id, summary);
    let sameCode = this.byScan.get(summary.scan);
    if (!sameCode) this.byScan.set(summary.scan, (sameCode = new Set()));
    sameCode.add(summary.id);
  }

  /** Folds an entry loaded from the journal on demand: no event, no effect on the folded sequence. */
  private fold(entry: JournalEntry): void {
    const folded = this.folded;
    this.apply(entry, false);
    this.folded = folded;
  }

  private noteFolded(seq: number): void {
    if (seq <= this.folded) return;
    if (seq !== this.folded + 1) {
      this.foldedAhead.add(seq);
      return;
    }
    this.folded = seq;
    while (this.foldedAhead.delete(this.folded + 1)) this.folded++;
  }

  private forgetBookingState(jobId: string): void {
    this.targets.delete(jobId);
    this.intents.delete(jobId);
    this.bookedTargets.delete(jobId);
  }

  private create(entry: Extract<JournalEntry, { type: 'job' }>): JobView {
    const job: JobView = {
      id: entry.jobId,
      kind: entry.kind,
      scan: entry.scan,
      state: 'resolving',
      createdAt: entry.at,
      updatedAt: entry.at,
      createdSeq: entry.seq,
      updatedSeq: entry.seq,
      shipments: [],
      ...(entry.reprintOf ? { reprintOf: entry.reprintOf } : {}),
      ...(entry.consolidationKey ? { consolidationKey: entry.consolidationKey } : {}),
    };
    this.jobs.set(job.id, job);
    return job;
  }
}

/** Still running: not yet in a state the packer must act on or that ends it. */
export function isOpen(job: Pick<JobView, 'state'>): boolean {
  return job.state === 'resolving' || job.state === 'booking' || job.state === 'printing';
}

/** Running, held, or with a document still waiting on the packer: kept in memory in full (`snapshot`, `forgetBefore`). */
function inMotion(job: JobView): boolean {
  return isOpen(job) || job.state === 'held' || hasUnsettledDocuments(job);
}

/** A document still waiting on the packer (held, failed) keeps its job in memory: a release reports to it. */
function hasUnsettledDocuments(job: JobView): boolean {
  return job.shipments.some((s) => s.documents.some((d) => d.state !== 'printed' && d.state !== 'cancelled'));
}

function summarize(job: JobView): JobSummary {
  return {
    id: job.id,
    kind: job.kind,
    scan: job.scan,
    state: job.state,
    createdAt: job.createdAt,
    ...(job.orderNo ? { orderNo: job.orderNo } : {}),
    ...(job.duplicateOf ? { duplicateOf: job.duplicateOf } : {}),
    shipments: job.shipments.map(({ documents: _d, failure: _f, ...rest }) => rest),
  };
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

function upsertDocument(
  shipment: JobShipment,
  ref: DocumentRef,
  state: Extract<JobDocument['state'], 'queued' | 'sending'> = 'queued',
): void {
  if (shipment.documents.some((d) => d.documentId === ref.documentId)) return;
  const doc: JobDocument = {
    documentId: ref.documentId,
    kind: ref.kind,
    format: ref.format,
    bytes: ref.bytes,
    state,
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
  // A shipment the job has not got the label of yet, whatever became of the labels in hand (printed, held, or
  // failed at the printer): the job failed for it (a label released later does not make it printed), or it is
  // still running, so that a restart fetches that label. Held, it would count as ended and never be resumed.
  if (job.shipments.some(awaitsItsLabel)) return job.failure ? 'failed' : 'printing';
  if (docs.some((d) => d.state === 'failed')) return 'failed';
  if (docs.some((d) => d.state === 'held')) return 'held';
  return 'printed';
}

/** Booked by this job (not shown for reference, not cancelled), and no document of it known yet. */
export function awaitsItsLabel(shipment: JobShipment): boolean {
  return (
    !shipment.reference &&
    shipment.state !== 'cancelled' &&
    shipment.shipmentId !== '' &&
    shipment.documents.length === 0
  );
}
