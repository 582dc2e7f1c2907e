/**
 * A wave: every code of a batch of ready stored shipments scanned at once (a print-and-apply line emptying its
 * buffer), booked and printed by the station at its own concurrency. Compared with what latency and concurrency
 * allow: per label the two requests that cannot be avoided (find the stored shipment, book it), `concurrency`
 * labels at a time.
 */
import type { Station } from '../../main/station/station';
import type { JobWaiter } from './job-waiter';

export interface WaveResult {
  shipments: number;
  printed: number;
  concurrency: number;
  ms: number;
  labelsPerMinute: number;
  /** Labels per minute if the station cost nothing but the unavoidable requests' latency. */
  allowedPerMinute: number;
  ratio: number;
}

export async function runWave(station: Station, jobs: JobWaiter, codes: readonly string[], latencyMs: number, concurrency: number): Promise<WaveResult> {
  const t0 = performance.now();
  const started = await Promise.all(codes.map((code) => station.scan({ code })));
  const finished = await Promise.all(started.map(({ jobId }) => jobs.finished(jobId, 600_000)));
  const ms = performance.now() - t0;
  const printed = finished.filter((j) => j.state === 'printed').length;
  const labelsPerMinute = printed / (ms / 60_000);
  const idealMs = Math.ceil(codes.length / concurrency) * 2 * latencyMs;
  const allowedPerMinute = codes.length / (idealMs / 60_000);
  return { shipments: codes.length, printed, concurrency, ms, labelsPerMinute, allowedPerMinute, ratio: labelsPerMinute / allowedPerMinute };
}
