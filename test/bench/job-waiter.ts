import type { JobView } from '../../preload/api';
import type { Station } from '../../main/station/station';

const TERMINAL = new Set(['printed', 'held', 'failed', 'done']);

/** Follows the station's job events so a bench can wait for a job without polling. Subscribe before scanning. */
export interface JobWaiter {
  finished(jobId: string, timeoutMs?: number): Promise<JobView>;
  stop(): void;
}

export function followJobs(station: Station): JobWaiter {
  const done = new Map<string, JobView>();
  const waiting = new Map<string, (job: JobView) => void>();
  const stop = station.subscribe((event) => {
    if (event.type !== 'job' || !TERMINAL.has(event.job.state)) return;
    done.set(event.job.id, event.job);
    waiting.get(event.job.id)?.(event.job);
  });
  return {
    finished(jobId, timeoutMs = 30_000) {
      const known = done.get(jobId);
      if (known) return Promise.resolve(known);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(jobId);
          reject(new Error(`job ${jobId} did not finish within ${timeoutMs} ms`));
        }, timeoutMs);
        waiting.set(jobId, (job) => {
          clearTimeout(timer);
          waiting.delete(jobId);
          resolve(job);
        });
      });
    },
    stop,
  };
}
