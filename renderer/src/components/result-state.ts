import type { JobState, JobView } from '../../../preload/api';

/** What the packer sees for a job: its state, or "duplicate" when the scan was booked before. */
export type ResultState = JobState | 'duplicate';

export function resultState(job: JobView): ResultState {
  if (job.duplicateOf) return 'duplicate';
  if (job.state === 'failed' && job.failure?.code === 'already_booked') return 'duplicate';
  return job.state;
}

export function isFinished(state: ResultState): boolean {
  return (
    state === 'printed' || state === 'done' || state === 'failed' || state === 'held' || state === 'duplicate'
  );
}

/** The failure to explain for a job: its own, else the first failed shipment's. */
export function jobFailure(job: JobView) {
  return job.failure ?? job.shipments.find((shipment) => shipment.failure)?.failure;
}
