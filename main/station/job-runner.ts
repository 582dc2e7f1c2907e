/**
 * The station's jobs, one queue for all: each journalled before anything else happens, then run in turn. The
 * queue (`p-queue`) runs one job at a time by default, so labels come out in scan order; a station told to stop
 * starts no job that is still waiting (see `stopStarting`).
 */
import PQueue from 'p-queue';
import type { Failure, JobKind } from '../../preload/api';
import { fail, record, type StationContext } from './context';
import { cannotSave, failureOfError, stoppedBeforeStart } from './failures';
import { JournalWriteError } from './journal';
import { resumeOpenJobs } from './workflows/resume';
import type { JobStart, StartJob } from './workflows/types';

export interface JobRunner {
  /** Starts a job: journalled before anything else happens, then run on the station's queue. */
  startJob: StartJob;
  /** A job that fails before it starts: journalled like every other, so its id is real. */
  failedJob(kind: JobKind, scan: string, reason: Failure): Promise<string>;
  /** Runs `task` once the job in flight for the same code (if any) has ended. */
  inTurn(code: string, task: () => Promise<void>): Promise<void>;
  /** Puts the jobs a restart found open on the queue, ahead of any job asked for after the start. */
  resumeOpenJobs(): void;
  /**
   * No job starts any more: each one still waiting fails (journalled, so a restart does not run it), and so does
   * every job asked for from now on. Nothing of them reached nShift. Idempotent.
   */
  stopStarting(): Promise<void>;
  /** A job waits or runs (the journal's checkpoints wait for a moment without). */
  busy(): boolean;
  /** Resolves once fewer than `count` jobs wait to start (a host reading ahead of the queue waits on it). */
  whenFewerWaiting(count: number): Promise<void>;
  whenIdle(): Promise<void>;
}

export function createJobRunner(ctx: StationContext, options: { concurrency?: number }): JobRunner {
  const { log } = ctx;
  const queue = new PQueue({ concurrency: options.concurrency ?? 1 });
  /** Jobs on the queue that have not started, and what each fails with if the station stops first. */
  const notStarted = new Map<string, { written: Promise<unknown>; failure: Failure }>();
  let stopping = false;
  /** Codes with a job in flight: a second scan of the same code waits for the first instead of racing it. */
  const inFlight = new Map<string, Promise<void>>();

  async function startJob(
    kind: JobKind,
    scan: string,
    run: (jobId: string) => Promise<void>,
    start: JobStart = {},
    failed?: Failure,
  ): Promise<string> {
    const jobId = ctx.newId(kind === 'scan' ? 'scan' : kind);
    const written = record(ctx, { type: 'job', jobId, kind, scan, ...start });
    const unstarted = failed ?? stoppedBeforeStart(kind);
    // A station that is stopping starts nothing: the job fails as soon as its entry is on disk (below).
    const refused = stopping;
    if (!refused) notStarted.set(jobId, { written, failure: unstarted });
    void queue.add(async () => {
      // Failed by stopStarting meanwhile, or asked for after it.
      if (!notStarted.delete(jobId)) return;
      try {
        // A scan's first calls are read-only lookups, so they may leave while its entry is being fsynced:
        // every booking is preceded by its intent, which the journal writes after this entry. Other jobs
        // (cancel, manifest, close) call nShift first thing, so they wait until their entry is on disk.
        if (kind !== 'scan') await written;
        await run(jobId);
      } catch (error) {
        log(
          `job ${jobId} failed unexpectedly: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        );
        await fail(ctx, jobId, failureOfError(error)).catch(() => {});
      }
    });
    // The caller has the job's id only once the job is on disk, or once it shows why it could not be saved.
    try {
      await written;
      if (refused) await fail(ctx, jobId, unstarted);
    } catch (error) {
      if (!(error instanceof JournalWriteError)) throw error;
      // A scan the packer made must show what became of it: the job, unsaved, failed with the reason. Nothing
      // of it can be booked, since its intent would follow this entry into a journal that refuses writes.
      ctx.jobs.apply(error.entry);
      await fail(ctx, jobId, cannotSave(error.cause));
    }
    return jobId;
  }

  return {
    startJob,
    failedJob(kind, scan, reason) {
      return startJob(kind, scan, (id) => fail(ctx, id, reason), {}, reason);
    },
    async inTurn(code, task) {
      // The same code twice at once (concurrency > 1): the second waits for the first and then finds it booked.
      const earlier = inFlight.get(code);
      const mine = (async () => {
        await earlier?.catch(() => {});
        await task();
      })();
      inFlight.set(code, mine);
      try {
        await mine;
      } finally {
        if (inFlight.get(code) === mine) inFlight.delete(code);
      }
    },
    resumeOpenJobs() {
      void queue.add(() =>
        resumeOpenJobs(ctx).catch((error) => log(`resuming open jobs failed: ${String(error)}`)),
      );
    },
    async stopStarting() {
      stopping = true;
      const waiting = [...notStarted];
      notStarted.clear();
      // A job whose own entry the journal refused has failed already, with cannot_save (startJob).
      await Promise.all(
        waiting.map(([jobId, { written, failure: reason }]) =>
          written.then(
            () => fail(ctx, jobId, reason),
            () => undefined,
          ),
        ),
      );
    },
    busy: () => queue.size > 0 || queue.pending > 0,
    whenFewerWaiting: (count) => queue.onSizeLessThan(count),
    async whenIdle() {
      await queue.onIdle();
    },
  };
}
