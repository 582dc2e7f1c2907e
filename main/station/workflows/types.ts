import type { JobKind } from '../../../preload/api';

/** Starts a job: journalled first, then `run` on the station's queue. Resolves with the job id at once. */
export type StartJob = (
  kind: JobKind,
  scan: string,
  run: (jobId: string) => Promise<void>,
) => Promise<string>;
