/**
 * The durable spool: one serial queue per printer, every job on disk before anything is sent.
 *
 *   queued ──(connected, right before the first byte)──▶ sending ──▶ printed
 *     ▲  │                                                  │
 *     │  └──(older than the TTL)──▶ held ◀──(restart found it sending; or sent whole, never confirmed)
 *     │                              │
 *     └──── release / retry ◀────────┘        failed (not retryable) ──retry──▶ queued
 *                                              cancelled (from queued, held, failed)
 *
 * Retryable driver errors (printer offline, timeout, connection lost) put the job back to `queued` with a
 * backoff; the queue behind it waits, so labels come out in order. A job the printer was sent whole but
 * neither confirmed nor refused (`mayHavePrinted`) may have printed: it is `held` (reason `unconfirmed`), as
 * after a crash, never sent again unasked. A job becomes `sending` only once the
 * driver says the printer is reachable, right before the first byte; a job found `sending` after a crash may
 * or may not have printed, so it is `held` (reason `restart`) for the packer to decide, never sent again unasked,
 * unless its owner's own record says it printed (`ownerPrinted`): then it is finished.
 *
 * A job its owner records (a station job) hears `printed` before the spool moves it to `done/`: the owner's
 * record of the print is what the packer waits for, and the move follows off the label's way. Until the move
 * lands the disk may still say `sending`, which `ownerPrinted` settles at the next start.
 *
 * A booking's label is its owner's until it leaves (`sendAfter` with `sendingRecordedByOwner`): the owner's write
 * records its `sending`, and the spool writes nothing of its first attempt until it ends:
 *
 *   (nothing on disk) ──(the owner's write)──▶ sending ──▶ printed (done/ only)
 *                                                 └──(must wait: offline, failed)──▶ queued | held | failed, with its bytes
 *   (the owner found it sending after a restart) ──heldAfterRestart──▶ held(restart)
 */
import { randomBytes } from 'node:crypto';
import type { SpoolJobState, SpoolJobView } from '../../preload/api';
import type { PrintableDocument } from '../labels/document';
import type { Result } from '../result';
import { err, ok } from '../result';
import type { Clock } from './clock';
import type { SpoolAwareDriver } from './driver';
import { describeError, printerError } from './driver';
import type { SpoolRecord, SpoolStore } from './spool-store';
import type { PrintOutcome, PrinterError } from './types';

export interface SpoolOptions {
  store: SpoolStore;
  clock: Clock;
  /** The driver for a printer id, or undefined when the printer is no longer configured. */
  driverFor(printerId: string): SpoolAwareDriver | undefined;
  /** Jobs older than this (since creation or last release) are held instead of printed. Read at each check. */
  ttlMs(): number;
  /** Delay before attempt n+1 after n failed attempts. Default 1 s, 2 s, 4 s … capped at 30 s. */
  backoffMs?(failedAttempts: number): number;
  /** After this many failed attempts a job is held (reason `offline`) instead of retried. Default: never (TTL decides). */
  holdAfterAttempts?: number;
  /** Printed and cancelled jobs leave the in-memory list this long after their last change (default 24 h). */
  keepFinishedMs?: number;
  onJob?(view: SpoolJobView): void;
  /** Every send result, for the printer's visible state. */
  onSendResult?(printerId: string, result: Result<{ bytes: number }, PrinterError>): void;
  /**
   * The bytes of a document its owner keeps (see `EnqueueInput.sendAfter`), for a job recorded before a restart
   * whose bytes the spool never wrote itself; undefined when the owner does not have them.
   */
  ownerBytes?(documentId: string): Promise<Buffer | undefined>;
  /**
   * Whether the owner's own record says this job's document printed (its `printed` was recorded before the
   * spool's move to `done/` landed). Asked at start for jobs found unfinished on disk.
   */
  ownerPrinted?(job: { stationJobId: string; documentId: string; spoolJobId: string }): Promise<boolean>;
}

export interface EnqueueInput {
  document: PrintableDocument;
  printerId: string;
  printerName: string;
  shipmentId?: string;
  stationJobId?: string;
  /**
   * The owner's durable write that keeps this document (the station passes the label cache's record of the bytes
   * with its journal's `booked`). The first byte waits for it; the spool writes no bytes of the job while it goes
   * straight out (the owner keeps them). When it fails nothing is sent and the job fails (not retried): a label
   * its owner could not record must not print behind its back.
   */
  sendAfter?: Promise<void>;
  /**
   * With `sendAfter`: that write also records the job as being sent (the journal's `booked` says `sending`), so
   * the spool writes nothing of it before its first attempt ends, not even `sending`: between nShift's answer and
   * the label there is the owner's write alone. A restart that finds the owner's record unprinted, with no spool
   * job, holds it (it may have printed).
   */
  sendingRecordedByOwner?: boolean;
  /**
   * The owner's record says this document was on its way to the printer when Packbench stopped (see `sendAfter`):
   * it may have printed, so it is held (reason `restart`) for the packer, as a job the spool found `sending`.
   */
  heldAfterRestart?: boolean;
}

export interface SpoolOperationError {
  code: 'not_found' | 'invalid_state';
  message: string;
  /** `invalid_state`: the state the job is in, which does not allow the operation. */
  state?: SpoolJobState;
}

export interface Spool {
  /**
   * Loads the unfinished jobs from disk. `heldUnread`: records of a shape this version does not know (a newer
   * Packbench's), held for the packer; `unreadable`: records it could not read at all, left where they are.
   */
  start(): Promise<{
    resumed: number;
    heldAfterRestart: number;
    dropped: number;
    unreadable: string[];
    heldUnread: string[];
  }>;
  /**
   * Persists the job (bytes and state) and returns its first outcome: printed, held or failed. A job with
   * `sendAfter` is its owner's to keep until it is sent: the spool writes no bytes of it, and nothing at all before
   * its first attempt ends when the owner records its `sending` (see enqueueJournalled).
   */
  enqueue(input: EnqueueInput): Promise<{ job: SpoolJobView; outcome: Promise<PrintOutcome> }>;
  /** The next outcome of a job (immediately if it is already held, failed, printed or cancelled). */
  outcome(jobId: string): Promise<PrintOutcome> | undefined;
  release(jobId: string): Promise<Result<SpoolJobView, SpoolOperationError>>;
  retry(jobId: string): Promise<Result<SpoolJobView, SpoolOperationError>>;
  cancel(jobId: string): Promise<Result<SpoolJobView, SpoolOperationError>>;
  /**
   * The spool's jobs in order (what the spool screen shows): printed and cancelled ones for `keepFinishedMs`,
   * the rest until they end.
   */
  list(): SpoolJobView[];
  /**
   * The jobs still under way or waiting (queued, sending, held), in order. What the status bar counts on every spool
   * event: it views and sorts only those, not every label the day printed.
   */
  unfinished(): SpoolJobView[];
  get(jobId: string): SpoolJobView | undefined;
  /** An unfinished job (queued, sending or held) for this document on this printer. */
  findActive(documentId: string, printerId: string): SpoolJobView | undefined;
  /** Jobs not yet finished on a printer: queued, sending and held. */
  queueLength(printerId: string): number;
  /** Every spool job of a station job, finished ones included (from disk when they predate this start). */
  jobsOf(stationJobId: string): Promise<SpoolJobView[]>;
  /** Removes finished jobs' records older than `olderThanMs` from disk (see SpoolStore.pruneFinished). */
  pruneFinished(olderThanMs: number): Promise<number>;
  /** Stops timers and waits for the sends in flight to end. */
  stop(): Promise<void>;
}

const FINAL_OUTCOMES = new Set(['printed', 'held', 'failed', 'cancelled']);

/** Why a job found on its way to the printer after a restart is held. */
const MAY_HAVE_PRINTED = 'The app stopped while this label was being sent: it may have printed';

/** Queued, sending or held: still to print, or waiting for the packer. */
function isUnfinished(job: SpoolRecord): boolean {
  return job.state === 'queued' || job.state === 'sending' || job.state === 'held';
}

export function defaultBackoffMs(failedAttempts: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, failedAttempts - 1));
}

/** Waits for a promise; undefined when it resolved, what went wrong when it rejected. */
async function settled(promise: Promise<void> | undefined): Promise<string | undefined> {
  if (!promise) return undefined;
  try {
    await promise;
    return undefined;
  } catch (error) {
    return describeError(error);
  }
}

export function toView(record: SpoolRecord): SpoolJobView {
  return {
    id: record.id,
    printerId: record.printerId,
    documentId: record.document.id,
    documentKind: record.document.kind,
    format: record.document.format,
    bytes: record.bytes,
    state: record.state,
    attempts: record.attempts,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    ...(record.heldReason ? { heldReason: record.heldReason } : {}),
    ...(record.lastError ? { lastError: record.lastError } : {}),
    ...(record.lastErrorCode ? { lastErrorCode: record.lastErrorCode } : {}),
    ...(record.shipmentId ? { shipmentId: record.shipmentId } : {}),
    ...(record.stationJobId ? { stationJobId: record.stationJobId } : {}),
  };
}

export function createSpool(options: SpoolOptions): Spool {
  const { store, clock } = options;
  const backoff = options.backoffMs ?? defaultBackoffMs;
  const keepFinishedMs = options.keepFinishedMs ?? 24 * 60 * 60 * 1000;
  const jobs = new Map<string, SpoolRecord>();
  /**
   * The jobs not yet ended, beside `jobs`, which lists a day of printed ones: what a print asks on its way (is this
   * document on its way already? how long is the printer's queue?) then costs the same in the evening, with
   * thousands printed, as in the morning. A job enters whenever it becomes unfinished (`track`); one that has
   * ended leaves the next time the set is read (`openJobs`).
   */
  const open = new Map<string, SpoolRecord>();
  const waiters = new Map<string, ((outcome: PrintOutcome) => void)[]>();
  const running = new Map<string, Promise<void>>(); // printerId → its worker
  const wakeTimers = new Map<string, () => void>();
  /** EnqueueInput.sendAfter of jobs that have not yet sent (in memory only: a restart has nothing to wait for). */
  const sendAfter = new Map<string, Promise<void>>();
  /** A new job's bytes, kept for its first attempt so that it need not read back what it just wrote. */
  const freshBytes = new Map<string, Buffer>();
  /** Jobs whose first `sending` their owner's write records (EnqueueInput.sendingRecordedByOwner). */
  const sendingByOwner = new Set<string>();
  /** The bytes of jobs whose owner keeps them (`ownerKeepsBytes`), while the spool has not written them. */
  const ownedBytes = new Map<string, Buffer>();
  /** Moves to `done/` still under way after the owner heard `printed`: `stop()` waits for them. */
  const settling = new Set<Promise<void>>();
  /** Jobs that ended because the spool's own files could not be written: the file system's error. */
  const refusals = new Map<string, unknown>();
  let seq = 0;
  let stopped = false;
  let forgotAt = Number.NEGATIVE_INFINITY;

  /**
   * Printed and cancelled jobs stay listed for `keepFinishedMs`, then leave memory (their records stay on disk until
   * pruned). Looked at no more than once a minute: the status bar asks on every spool event, and a day's
   * printed labels are thousands of dates to read.
   */
  function forgetExpired(): void {
    const now = clock.now();
    // A clock set back (an NTP step) must not stop the forgetting until it catches up.
    if (now >= forgotAt && now - forgotAt < 60_000) return;
    forgotAt = now;
    const cutoff = now - keepFinishedMs;
    for (const [id, job] of jobs) {
      const finished = job.state === 'printed' || job.state === 'cancelled';
      if (finished && Date.parse(job.updatedAt) < cutoff) {
        jobs.delete(id);
        refusals.delete(id);
      }
    }
  }

  const iso = (ms: number): string => new Date(ms).toISOString();

  /**
   * When a job's TTL started and when it may be tried again, on the monotonic clock. Its record keeps both as wall
   * clock instants (`ttlFrom`, `nextAttemptAt`), which mean the same after a restart; within a run each is read as
   * the monotonic instant it stood for when the spool first saw it. So a PC clock set back by NTP or the domain
   * neither stalls the printer's queue behind its head's retry nor lets a waiting label print past its TTL for the
   * minutes it went back. A job's age is the larger of the two clocks' (`ageOf`): a PC that slept moved its wall
   * clock on and, on Linux and macOS, not its monotonic one, and a label that waited through the night is what the
   * TTL holds. (A clock stepped forward then holds a label early: held, one key away, never lost.)
   */
  const anchors = new Map<string, { wall: number; monotonic: number }>();
  function monotonicAt(key: string, wall: number): number {
    const seen = anchors.get(key);
    if (seen?.wall === wall) return seen.monotonic;
    const monotonic = clock.monotonic() - (clock.now() - wall);
    anchors.set(key, { wall, monotonic });
    return monotonic;
  }
  const ttlStart = (job: SpoolRecord): number => monotonicAt(`${job.id} ttl`, job.ttlFrom);
  const ageOf = (job: SpoolRecord, monotonic: number, wall: number): number =>
    Math.max(monotonic - ttlStart(job), wall - job.ttlFrom);
  const attemptAt = (job: SpoolRecord): number => monotonicAt(`${job.id} next`, job.nextAttemptAt);
  function forgetAnchors(id: string): void {
    anchors.delete(`${id} ttl`);
    anchors.delete(`${id} next`);
  }

  function track(record: SpoolRecord): void {
    if (!isUnfinished(record)) return;
    open.set(record.id, record);
    // Read as the spool sets them, before a step of the clock can fall between.
    ttlStart(record);
    attemptAt(record);
  }

  /** The unfinished jobs, in no particular order; those that ended (or were forgotten) leave on the way. */
  function* openJobs(): Generator<SpoolRecord> {
    for (const [id, job] of open) {
      if (isUnfinished(job) && jobs.get(id) === job) yield job;
      else {
        open.delete(id);
        forgetAnchors(id);
      }
    }
  }

  function outcomeOf(record: SpoolRecord): PrintOutcome {
    const outcome: PrintOutcome = {
      spoolJobId: record.id,
      printerId: record.printerId,
      printerName: record.printerName,
      state: record.state === 'printed' ? 'printed' : record.state === 'held' ? 'held' : 'failed',
      bytes: record.bytes,
    };
    if (record.state === 'held' && record.heldReason) outcome.heldReason = record.heldReason;
    if (record.state === 'failed' || record.state === 'cancelled') {
      outcome.error = printerError(
        record.lastErrorCode ?? 'rejected',
        record.state === 'cancelled' ? 'Cancelled' : (record.lastError ?? 'Failed'),
        false,
      );
    } else if (record.state === 'held' && record.lastError) {
      outcome.error = printerError(record.lastErrorCode ?? 'unreachable', record.lastError, true);
    }
    if (refusals.has(record.id)) outcome.spoolRefused = refusals.get(record.id);
    return outcome;
  }

  /** The bytes of a job from disk: the spool's own, or those its owner keeps. */
  async function storedBytes(record: SpoolRecord): Promise<Buffer | undefined> {
    if (!record.ownerKeepsBytes) return store.readBytes(record.id);
    return ownedBytes.get(record.id) ?? (await options.ownerBytes?.(record.document.id));
  }

  /**
   * A job whose owner keeps its bytes and which must now wait (a retry, held, failed) keeps them itself from
   * here on: the owner's copy is not the spool's to count on for hours. Off the label's way: the printer failed.
   */
  async function takeOverBytes(record: SpoolRecord): Promise<void> {
    if (!record.ownerKeepsBytes || record.state === 'sending') return;
    const bytes = await storedBytes(record);
    if (bytes === undefined) return; // lost by the owner too: the next attempt fails the job for the packer
    await store.saveBytes(record.id, bytes);
    delete record.ownerKeepsBytes;
    ownedBytes.delete(record.id);
  }

  /** Applies a change, persists it (fsync) and only then tells anyone. */
  async function update(record: SpoolRecord, change: Partial<SpoolRecord>): Promise<void> {
    Object.assign(record, change, { updatedAt: iso(clock.now()) });
    track(record);
    if (record.state !== 'held') delete record.heldReason;
    if (record.state === 'printed' || record.state === 'cancelled') {
      sendAfter.delete(record.id);
      sendingByOwner.delete(record.id);
    }
    // Only a job on its way out keeps its bytes in memory; one that waits reads them back when released.
    if (record.state !== 'queued') freshBytes.delete(record.id);
    if (record.state === 'printed' && record.stationJobId && options.ownerPrinted) {
      // Its owner records the print itself, and hears it first: the move to done/ follows, off the label's way.
      // Until it lands (or if the disk refuses it) the disk says `sending`, which the owner's record settles at
      // the next start (see `start`).
      ownedBytes.delete(record.id);
      tell(record);
      const moving = store.finish({ ...record }).catch(() => undefined);
      settling.add(moving);
      void moving.finally(() => settling.delete(moving));
      return;
    }
    try {
      // A final state moves the job out of the spool folder (its bytes go with it).
      if (record.state === 'printed' || record.state === 'cancelled') await store.finish({ ...record });
      else {
        await takeOverBytes(record);
        await store.saveRecord({ ...record });
      }
    } catch (error) {
      // The disk refused (full, failing). A job not yet ended cannot go on, since nothing is sent that is not on
      // disk first; either way whoever waits for it hears now, or it would wait for ever.
      const refused = record.state;
      if (!FINAL_OUTCOMES.has(record.state)) {
        Object.assign(record, {
          state: 'failed',
          lastError: `The print spool cannot be written: ${describeError(error)}`,
          lastErrorCode: 'io',
        });
        refusals.set(record.id, error);
      }
      // Nothing of it was sent, and the disk may still say `queued`, which a restart would print: its files go.
      // (A refused `printed` leaves `sending` there, which a restart holds, never prints.)
      if (refused === 'sending' || refused === 'cancelled')
        await store.removeJob(record.id).catch(() => undefined);
    }
    if (record.state === 'printed' || record.state === 'cancelled') ownedBytes.delete(record.id);
    tell(record);
  }

  /** `sending`, told but not written: its owner's own write records it (EnqueueInput.sendingRecordedByOwner). */
  async function markSendingInMemory(record: SpoolRecord): Promise<void> {
    Object.assign(record, { state: 'sending', attempts: record.attempts + 1, updatedAt: iso(clock.now()) });
    track(record);
    freshBytes.delete(record.id);
    tell(record);
  }

  /**
   * Ends a job failed without recording it, and takes its files away: its owner could not record the document
   * (its `sendAfter` failed), so nothing was sent, and a restart must not find a spool job for it (which would
   * read as its label handled) but the owner's own record of what is still to print.
   */
  async function drop(record: SpoolRecord, lastError: string): Promise<void> {
    Object.assign(record, { state: 'failed', lastError, lastErrorCode: 'io', updatedAt: iso(clock.now()) });
    sendAfter.delete(record.id);
    freshBytes.delete(record.id);
    ownedBytes.delete(record.id);
    await store.removeJob(record.id).catch(() => undefined);
    tell(record);
  }

  function tell(record: SpoolRecord): void {
    options.onJob?.(toView(record));
    if (FINAL_OUTCOMES.has(record.state)) {
      const pending = waiters.get(record.id);
      waiters.delete(record.id);
      for (const resolve of pending ?? []) resolve(outcomeOf(record));
    }
  }

  function waitFor(jobId: string): Promise<PrintOutcome> {
    return new Promise((resolve) => {
      const list = waiters.get(jobId) ?? [];
      list.push(resolve);
      waiters.set(jobId, list);
    });
  }

  function queuedFor(printerId: string): SpoolRecord[] {
    return [...jobs.values()]
      .filter((j) => j.printerId === printerId && j.state === 'queued')
      .sort((a, b) => a.seq - b.seq);
  }

  function wake(printerId: string): void {
    if (stopped || running.has(printerId)) return;
    wakeTimers.get(printerId)?.();
    wakeTimers.delete(printerId);
    const worker = work(printerId).finally(() => running.delete(printerId));
    running.set(printerId, worker);
  }

  /** Wakes the printer's worker at `at`, on the monotonic clock. */
  function schedule(printerId: string, at: number): void {
    wakeTimers.get(printerId)?.();
    wakeTimers.set(
      printerId,
      clock.setTimer(() => {
        wakeTimers.delete(printerId);
        wake(printerId);
      }, at - clock.monotonic()),
    );
  }

  /** The printer's worker: one job at a time, in arrival order, until nothing is due. */
  async function work(printerId: string): Promise<void> {
    for (;;) {
      if (stopped) return;
      const now = clock.monotonic();
      const wall = clock.now();
      const ttl = options.ttlMs();
      for (const job of queuedFor(printerId)) {
        if (ageOf(job, now, wall) >= ttl) await update(job, { state: 'held', heldReason: 'ttl' });
      }
      const queue = queuedFor(printerId);
      const head = queue[0];
      if (!head) return;
      if (attemptAt(head) > now) {
        const nextTtl = Math.min(...queue.map((j) => now + ttl - ageOf(j, now, wall)));
        schedule(printerId, Math.min(attemptAt(head), nextTtl));
        return;
      }
      await attempt(head);
    }
  }

  async function attempt(job: SpoolRecord): Promise<void> {
    const driver = options.driverFor(job.printerId);
    if (!driver) {
      await update(job, {
        state: 'failed',
        lastError: `Printer ${job.printerName} is no longer set up`,
        lastErrorCode: 'rejected',
      });
      return;
    }
    const fresh = freshBytes.get(job.id);
    freshBytes.delete(job.id);
    const bytes = fresh ?? (await storedBytes(job));
    if (bytes === undefined || bytes.length !== job.bytes) {
      await update(job, {
        state: 'failed',
        lastError: 'The spooled document is missing on disk',
        lastErrorCode: 'io',
      });
      return;
    }
    const document: PrintableDocument = { ...job.document, bytes };
    let announced = false;
    let ownerFailed: string | undefined;
    const markSending = async (): Promise<void> => {
      if (announced) return;
      // Cancelled or stopped while connecting: abort before any byte leaves.
      if (job.state !== 'queued' || stopped) throw new Error(`job is ${stopped ? 'stopping' : job.state}`);
      announced = true;
      // A first attempt its owner records as sending waits for that write alone; any other attempt records
      // `sending` itself before the first byte.
      const [, owner] = await Promise.all([
        sendingByOwner.delete(job.id)
          ? markSendingInMemory(job)
          : update(job, { state: 'sending', attempts: job.attempts + 1 }),
        settled(sendAfter.get(job.id)),
      ]);
      sendAfter.delete(job.id);
      // Its `sending` could not be recorded: the job already ended failed, before any byte.
      const now = job.state as SpoolRecord['state']; // changed by the update above, which the compiler cannot see
      if (now !== 'sending') throw new Error(job.lastError ?? `job is ${now}`);
      if (owner !== undefined) {
        ownerFailed = owner;
        throw new Error(owner);
      }
    };
    let result: Result<{ bytes: number }, PrinterError>;
    try {
      if (!driver.announcesFirstByte) await markSending();
      result = await driver.send(document, { beforeFirstByte: markSending });
    } catch (error) {
      result = err(printerError('io', describeError(error), true));
    }
    // Only the first attempt's `sending` is its owner's: a job that must try again records its own.
    sendingByOwner.delete(job.id);
    if (!announced && (job.state !== 'queued' || stopped)) return; // cancelled or stopping while connecting: nothing was sent
    if (FINAL_OUTCOMES.has(job.state)) return; // ended while sending (its state could not be recorded): told already
    if (ownerFailed !== undefined) {
      await drop(job, `Not sent: the station could not record this document (${ownerFailed})`);
      return;
    }
    options.onSendResult?.(job.printerId, result);
    if (result.ok) {
      await update(job, { state: 'printed', lastError: undefined, lastErrorCode: undefined });
      return;
    }
    const attempts = announced ? job.attempts : job.attempts + 1;
    const error = result.error;
    const tried = { attempts, lastError: error.message, lastErrorCode: error.code };
    // Sent whole and never confirmed, it may have printed: held, as after a crash, and never sent again unasked.
    if (error.mayHavePrinted) {
      await update(job, { state: 'held', heldReason: 'unconfirmed', ...tried });
      return;
    }
    if (!error.retryable) {
      await update(job, { state: 'failed', ...tried });
      return;
    }
    if (options.holdAfterAttempts !== undefined && attempts >= options.holdAfterAttempts) {
      await update(job, { state: 'held', heldReason: 'offline', ...tried });
      return;
    }
    await update(job, { state: 'queued', nextAttemptAt: clock.now() + backoff(attempts), ...tried });
  }

  /**
   * A document whose owner journals it (the station's `booked`, beside the label cache's record of its bytes) is
   * safe with the owner until it is sent: a restart that finds it unprinted and no spool job for it prints it
   * from the owner's copy. So the spool records it neither as `queued` nor with bytes of its own
   * (`ownerKeepsBytes`): its first record is `sending`, written beside the owner's write, and the first byte
   * waits for both; or none at all when the owner's write says `sending` itself (`sendingRecordedByOwner`): then
   * a restart that finds the owner's record unprinted holds it. A later state (held, a retry, printed) is
   * recorded as for any job, its bytes with it when it must wait.
   */
  function enqueueJournalled(
    record: SpoolRecord,
    bytes: Buffer,
    ownerWrite: Promise<void>,
  ): { job: SpoolJobView; outcome: Promise<PrintOutcome> } {
    record.ownerKeepsBytes = true;
    ownedBytes.set(record.id, bytes);
    ownerWrite.catch(() => undefined);
    sendAfter.set(record.id, ownerWrite);
    const outcome = admit(record, bytes);
    wake(record.printerId);
    return { job: toView(record), outcome };
  }

  /** Makes a new job known (its bytes kept for the first attempt) and tells the owner; returns its outcome. */
  function admit(record: SpoolRecord, bytes: Buffer): Promise<PrintOutcome> {
    jobs.set(record.id, record);
    track(record);
    freshBytes.set(record.id, bytes);
    const outcome = waitFor(record.id);
    options.onJob?.(toView(record));
    return outcome;
  }

  function requeue(job: SpoolRecord): Promise<void> {
    // The packer's retry or release starts over: an earlier refusal of the disk no longer describes the job.
    refusals.delete(job.id);
    const now = clock.now();
    return update(job, { state: 'queued', ttlFrom: now, nextAttemptAt: now });
  }

  async function operate(
    jobId: string,
    allowed: SpoolRecord['state'][],
    verb: string,
    apply: (job: SpoolRecord) => Promise<void>,
  ): Promise<Result<SpoolJobView, SpoolOperationError>> {
    const job = jobs.get(jobId);
    if (!job) return err({ code: 'not_found', message: `No spool job ${jobId}` });
    if (!allowed.includes(job.state))
      return err({ code: 'invalid_state', message: `Cannot ${verb} a ${job.state} job`, state: job.state });
    await apply(job);
    wake(job.printerId);
    return ok(toView(job));
  }

  return {
    async start() {
      const printedByOwner = async (record: SpoolRecord): Promise<boolean> =>
        record.stationJobId !== undefined &&
        options.ownerPrinted !== undefined &&
        (await options
          .ownerPrinted({
            stationJobId: record.stationJobId,
            documentId: record.document.id,
            spoolJobId: record.id,
          })
          .catch(() => false));
      const { records, unreadable, heldUnread, finished } = await store.loadAll();
      let resumed = 0;
      let heldAfterRestart = 0;
      let dropped = 0;
      const now = clock.now();
      // Finished jobs found in the spool folder (an older version's files, a move cut short) move out in the
      // background: the start does not wait on them.
      for (const record of finished) seq = Math.max(seq, record.seq + 1);
      void (async () => {
        for (const record of finished) await store.finish(record).catch(() => undefined);
      })();
      for (const record of records) {
        seq = Math.max(seq, record.seq + 1);
        const unsent = record.state === 'queued' || record.state === 'sending';
        if (unsent && (await printedByOwner(record))) {
          // It printed, and its owner recorded it; the move to done/ never landed (a crash, a full disk).
          await store.finish({ ...record, state: 'printed', updatedAt: iso(now) }).catch(() => undefined);
          continue;
        }
        if (unsent && (await storedBytes(record))?.length !== record.bytes) {
          // Its bytes never reached the disk (a crash while it was being spooled): it was never a job. A job is
          // sent only once its bytes are on disk (the owner's, for a label it keeps), so one found `sending`
          // without them sent nothing either.
          await store.removeJob(record.id);
          dropped++;
          continue;
        }
        jobs.set(record.id, record);
        track(record);
        if (record.state === 'sending') {
          await update(record, {
            state: 'held',
            heldReason: 'restart',
            lastError: MAY_HAVE_PRINTED,
          });
          heldAfterRestart++;
        } else if (record.state === 'queued') {
          record.nextAttemptAt = Math.min(record.nextAttemptAt, now);
          resumed++;
        }
      }
      for (const printerId of new Set(records.map((r) => r.printerId))) wake(printerId);
      return { resumed, heldAfterRestart, dropped, unreadable, heldUnread };
    },

    async enqueue(input) {
      const now = clock.now();
      const id = `sp-${now.toString(36)}-${randomBytes(4).toString('hex')}`;
      const { bytes, ...documentMeta } = input.document;
      const record: SpoolRecord = {
        version: 1,
        id,
        seq: seq++,
        printerId: input.printerId,
        printerName: input.printerName,
        document: documentMeta,
        bytes: bytes.length,
        state: 'queued',
        attempts: 0,
        createdAt: iso(now),
        updatedAt: iso(now),
        ttlFrom: now,
        nextAttemptAt: now,
        ...(input.shipmentId ? { shipmentId: input.shipmentId } : {}),
        ...(input.stationJobId ? { stationJobId: input.stationJobId } : {}),
      };
      if (input.sendAfter) {
        if (input.sendingRecordedByOwner) sendingByOwner.add(id);
        return enqueueJournalled(record, bytes, input.sendAfter);
      }
      if (input.heldAfterRestart)
        Object.assign(record, {
          state: 'held',
          heldReason: 'restart',
          lastError: MAY_HAVE_PRINTED,
        } satisfies Partial<SpoolRecord>);
      let outcome: Promise<PrintOutcome>;
      try {
        // Bytes and state at once (this is between nShift's answer and the first label byte). A crash between
        // the two leaves a queued record without its bytes, which start() drops as never having been a job:
        // its caller still holds the document and spools it again.
        await Promise.all([store.saveBytes(id, bytes), store.saveRecord({ ...record })]);
        outcome = admit(record, bytes);
        // Held from the start: its outcome is now, and nothing is sent until the packer releases it.
        if (record.state === 'held') {
          freshBytes.delete(id);
          tell(record);
        }
      } catch (error) {
        // Not durable, so not a job: it must never print later behind the caller's back.
        jobs.delete(id);
        waiters.delete(id);
        await store.removeJob(id).catch(() => undefined);
        throw error;
      }
      wake(record.printerId);
      return { job: toView(record), outcome };
    },

    outcome(jobId) {
      const job = jobs.get(jobId);
      if (!job) return undefined;
      return FINAL_OUTCOMES.has(job.state) ? Promise.resolve(outcomeOf(job)) : waitFor(jobId);
    },

    release: (jobId) => operate(jobId, ['held'], 'release', requeue),
    retry: (jobId) => operate(jobId, ['failed', 'held', 'queued'], 'retry', requeue),
    cancel: (jobId) =>
      operate(jobId, ['queued', 'held', 'failed'], 'cancel', async (job) => {
        await update(job, { state: 'cancelled' });
      }),

    list() {
      forgetExpired();
      return [...jobs.values()].sort((a, b) => a.seq - b.seq).map(toView);
    },
    unfinished() {
      forgetExpired();
      return [...openJobs()].sort((a, b) => a.seq - b.seq).map(toView);
    },
    pruneFinished: (olderThanMs) => store.pruneFinished(clock.now() - olderThanMs),
    async jobsOf(stationJobId) {
      const inMemory = [...jobs.values()].filter((j) => j.stationJobId === stationJobId);
      const known = new Set(inMemory.map((j) => j.id));
      const onDisk = (await store.finishedOf(stationJobId)).filter((r) => !known.has(r.id));
      return [...inMemory, ...onDisk].sort((a, b) => a.seq - b.seq).map(toView);
    },
    get(jobId) {
      const job = jobs.get(jobId);
      return job ? toView(job) : undefined;
    },
    findActive(documentId, printerId) {
      for (const job of openJobs()) {
        if (job.document.id === documentId && job.printerId === printerId) return toView(job);
      }
      return undefined;
    },
    queueLength(printerId) {
      let count = 0;
      for (const job of openJobs()) if (job.printerId === printerId) count++;
      return count;
    },

    async stop() {
      stopped = true;
      for (const cancel of wakeTimers.values()) cancel();
      wakeTimers.clear();
      await Promise.allSettled([...running.values()]);
      await Promise.allSettled([...settling]);
    },
  };
}
