import { useCallback, useMemo, useRef, useState } from 'react';
import type { Failure, JobView, StationApi } from '../../../preload/api';
import { failureFromError } from '../api/errors';

/** The Scan screen's "last result": the code sent, then the job it became (or why it never became one). */
export interface LastScan {
  /** Increases with every scan, so a slow answer never overwrites a newer scan's result. */
  seq: number;
  /** What was sent: a scan, or a reprint of the shown result. */
  kind: 'scan' | 'reprint';
  code: string;
  /** Set once the host accepted the scan (or reprint); the job itself comes from the store. */
  jobId?: string;
  /** The call itself was refused (no job exists). */
  failure?: Failure;
  pending: boolean;
}

/**
 * A scan the packer moved on from before it ended (the next code was scanned while it was still booking): when it
 * fails or its label is held, the Scan screen says so and the station sounds, though a newer scan's result shows.
 */
export interface BehindScan {
  seq: number;
  code: string;
  /** The code scanned next, which took its place on the screen. */
  next: string;
  jobId?: string;
  /** The call itself was refused (no job exists, so no row in Today's scans either). */
  failure?: Failure;
}

/** How many scans left behind are remembered: more than a packer moves on from in one go. */
const BEHIND_KEPT = 10;

export interface ScanSession {
  last?: LastScan;
  /** Scans left running when a newer one was made, oldest first (dismissed with the last result). */
  behind: BehindScan[];
  scan(code: string): Promise<void>;
  reprint(job: JobView): Promise<void>;
  dismiss(): void;
  /** A scan that could not be sent at all (the station's settings never came): shown failed, for this reason. */
  refuse(code: string, failure: Failure): void;
}

/** The code to reprint for a job: the original job when the host named it, else the same code again. */
export function reprintInput(job: JobView): { jobId: string } | { code: string } {
  if (job.duplicateOf?.jobId) return { jobId: job.duplicateOf.jobId };
  if (job.duplicateOf) return { code: job.duplicateOf.shipmentNo ?? job.duplicateOf.shipmentId };
  return { jobId: job.id };
}

const neverFinished = (): boolean => false;

/**
 * `finished(jobId)`: whether that job has ended (the store knows); a scan whose job has not is left behind when the
 * next one is made.
 */
export function useScanSession(
  api: StationApi,
  finished: (jobId: string) => boolean = neverFinished,
): ScanSession {
  const [last, setLastState] = useState<LastScan | undefined>();
  const [behind, setBehind] = useState<BehindScan[]>([]);
  const counter = useRef(0);
  const lastRef = useRef<LastScan | undefined>(undefined);
  const setLast = useCallback((next: LastScan | undefined) => {
    lastRef.current = next;
    setLastState(next);
  }, []);

  /** The scan shown so far gives way to a newer one: remembered when it has not ended yet. */
  const leave = useCallback(
    (next: string) => {
      const previous = lastRef.current;
      if (!previous || previous.failure) return;
      if (previous.jobId && finished(previous.jobId)) return;
      const left: BehindScan = { seq: previous.seq, code: previous.code, next };
      if (previous.jobId) left.jobId = previous.jobId;
      setBehind((current) => [...current, left].slice(-BEHIND_KEPT));
    },
    [finished],
  );

  const run = useCallback(
    async (kind: LastScan['kind'], code: string, call: () => Promise<{ jobId: string }>) => {
      const seq = ++counter.current;
      leave(code);
      // The same code again is its own answer to what was left behind of it.
      setBehind((current) => current.filter((left) => left.code !== code));
      setLast({ seq, kind, code, pending: true });
      let outcome: Pick<LastScan, 'jobId' | 'failure'>;
      try {
        outcome = { jobId: (await call()).jobId };
      } catch (error) {
        outcome = { failure: failureFromError(error) };
      }
      if (lastRef.current?.seq === seq) setLast({ seq, kind, code, ...outcome, pending: false });
      else setBehind((current) => current.map((left) => (left.seq === seq ? { ...left, ...outcome } : left)));
    },
    [leave, setLast],
  );

  const scan = useCallback((code: string) => run('scan', code, () => api.scan({ code })), [api, run]);
  const reprint = useCallback(
    (job: JobView) => run('reprint', job.scan, () => api.reprint(reprintInput(job))),
    [api, run],
  );
  const dismiss = useCallback(() => {
    setLast(undefined);
    setBehind([]);
  }, [setLast]);
  const refuse = useCallback(
    (code: string, failure: Failure) => {
      const seq = ++counter.current;
      leave(code);
      setLast({ seq, kind: 'scan', code, failure, pending: false });
    },
    [leave, setLast],
  );
  return useMemo(
    () => ({ last, behind, scan, reprint, dismiss, refuse }),
    [last, behind, scan, reprint, dismiss, refuse],
  );
}
