import { noSuchJob } from '../failures';
import { displayScan, parseScanCode, scanRefused } from '../scan-code';
import { runScan } from '../workflows/scan';
import type { Methods, StationParts } from './types';
import { journalDaysOf, startOfStationDay } from '../station-day';

/** The Scan and Jobs screens: a scan made into a job, and the jobs of the day. */
export function jobMethods({ ctx, runner }: StationParts): Methods<'scan' | 'listJobs' | 'getJob'> {
  const { journal, jobs } = ctx;
  return {
    async scan({ code }) {
      const parsed = parseScanCode(code);
      if (!parsed.ok) {
        return { jobId: await runner.failedJob('scan', displayScan(code), scanRefused(parsed.error)) };
      }
      const clean = parsed.value;
      const jobId = await runner.startJob('scan', clean, (id) =>
        runner.inTurn(clean, () => runScan(ctx, id, clean)),
      );
      return { jobId };
    },
    async listJobs(input) {
      const limit = input?.limit ?? 500;
      const now = ctx.now();
      const today = startOfStationDay(now);
      // More jobs asked for than memory holds after a start from a checkpoint: read the day's journal files once
      // (the station's day spans two of them, which are named by the UTC day).
      if (!jobs.listable(limit, today))
        for (const day of journalDaysOf(today, now)) await jobs.hydrate(day, (d) => journal.readDay(d));
      return jobs.list(limit, today);
    },
    async getJob({ jobId }) {
      await jobs.ensure(jobId);
      const job = jobs.get(jobId);
      if (!job) throw noSuchJob(jobId);
      return job;
    },
  };
}
