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

export interface ScanSession {
  last?: LastScan;
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

export function useScanSession(api: StationApi): ScanSession {
  const [last, setLast] = useState<LastScan | undefined>();
  const counter = useRef(0);

  const run = useCallback(
    async (kind: LastScan['kind'], code: string, call: () => Promise<{ jobId: string }>) => {
      const seq = ++counter.current;
      setLast({ seq, kind, code, pending: true });
      try {
        const { jobId } = await call();
        setLast((current) => (current?.seq === seq ? { seq, kind, code, jobId, pending: false } : current));
      } catch (error) {
        const failure = failureFromError(error);
        setLast((current) => (current?.seq === seq ? { seq, kind, code, failure, pending: false } : current));
      }
    },
    [],
  );

  const scan = useCallback((code: string) => run('scan', code, () => api.scan({ code })), [api, run]);
  const reprint = useCallback(
    (job: JobView) => run('reprint', job.scan, () => api.reprint(reprintInput(job))),
    [api, run],
  );
  const dismiss = useCallback(() => setLast(undefined), []);
  const refuse = useCallback((code: string, failure: Failure) => {
    const seq = ++counter.current;
    setLast({ seq, kind: 'scan', code, failure, pending: false });
  }, []);
  return useMemo(() => ({ last, scan, reprint, dismiss, refuse }), [last, scan, reprint, dismiss, refuse]);
}
