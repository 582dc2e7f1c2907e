import type { Failure, JobView } from '../../../preload/api';
import type { BehindScan } from '../state/scan-session';
import { resultState } from './result-state';

/** A scan left behind whose outcome needs the packer: it failed, or its label is held. */
export interface MissedScan extends BehindScan {
  state: 'failed' | 'held';
  /** The refusal of the scan itself, when no job exists to show it in Today's scans. */
  failure?: Failure;
}

/** The scans left behind that failed or were held since: said on the Scan screen and sounded once each. */
export function missedScans(behind: BehindScan[], jobs: JobView[]): MissedScan[] {
  return behind.flatMap((left): MissedScan[] => {
    const job = left.jobId ? jobs.find((candidate) => candidate.id === left.jobId) : undefined;
    const state = job ? resultState(job) : left.failure ? 'failed' : undefined;
    if (state !== 'failed' && state !== 'held') return [];
    const { failure, ...rest } = left;
    return [{ ...rest, state, ...(job || !failure ? {} : { failure }) }];
  });
}
