import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dispatch } from '../../../main/hosts/shared/dispatch';
import { scanAndWait, startBench, type Bench } from '../../support/station-harness';

/**
 * Untrusted ids and printer folders through the StationApi: nothing is read or written outside the station's
 * data directory, and each attempt gets a clean error while the station keeps working.
 */

let bench: Bench | undefined;
let root: string | undefined;

afterEach(async () => {
  await bench?.close();
  if (root) await rm(root, { recursive: true, force: true });
  bench = undefined;
  root = undefined;
});

/** A data directory two levels down, so `../..` from it lands in a folder the test can watch. */
async function nestedBench(
  printerDirectory?: string,
): Promise<{ bench: Bench; root: string; dataDir: string }> {
  root = await mkdtemp(join(tmpdir(), 'packbench-traversal-'));
  const dataDir = join(root, 'stations', 'bench-1');
  bench = await startBench({
    dataDir,
    ...(printerDirectory
      ? {
          settings: (s) => ({
            ...s,
            printers: [
              ...s.printers,
              { kind: 'file' as const, id: 'escape', name: 'Escaping folder', directory: printerDirectory },
            ],
            routing: { ...s.routing, labelPrinterId: 'escape' },
          }),
        }
      : {}),
  });
  return { bench, root, dataDir };
}

describe('ids and folders that try to leave the data directory', () => {
  it('a document id like ../../etc/x is simply not found', async () => {
    const { bench: b } = await nestedBench();
    for (const documentId of ['../../etc/x', '../../../../etc/passwd', '..%2F..%2Fetc%2Fx', '/etc/passwd']) {
      const outcome = await dispatch(b.station, 'getDocumentPreview', { documentId });
      expect(outcome, documentId).toMatchObject({ ok: false, status: 404, body: { error: 'not_found' } });
    }
  });

  it('a spool job id like ../../x is not found for release, retry and cancel', async () => {
    const { bench: b } = await nestedBench();
    for (const method of ['releaseSpoolJob', 'retrySpoolJob', 'cancelSpoolJob'] as const) {
      const outcome = await dispatch(b.station, method, { spoolJobId: '../../spool/x' });
      expect(outcome, method).toMatchObject({ ok: false, status: 404 });
    }
  });

  it('a file printer saved with the relative folder ../.. cannot write there: the test print fails clearly', async () => {
    const { bench: b, root: r } = await nestedBench();
    const saved = await dispatch(b.station, 'savePrinter', {
      kind: 'file',
      id: 'climber',
      name: 'Climber',
      directory: '../..',
    });
    const before = (await readdir(r)).sort();
    if (saved.ok) {
      const test = await dispatch(b.station, 'testPrinter', { printerId: 'climber' });
      if (test.ok) {
        const { jobId } = test.value as { jobId: string };
        await b.finished(jobId);
        await b.station.whenIdle(); // the failure is journalled right after the document's state
        const job = await b.station.getJob({ jobId });
        expect(job.state).toBe('failed');
        expect(job.failure?.message).toMatch(/outside the data directory/);
      } else {
        expect(test.status).toBe(422);
        expect(test.body.message).toMatch(/outside the data directory/);
      }
    } else {
      expect(saved.status).toBe(400);
    }
    expect((await readdir(r)).sort()).toEqual(before);
    expect((await scanAndWait(b.station, 'ORD-1001')).state).toBe('printed');
  });

  it('a label printer folder of ../../escape: the scan is booked once, the label is not written outside, the job says why', async () => {
    const { bench: b, root: r } = await nestedBench('../../escape');
    const { jobId } = await b.station.scan({ code: 'ORD-1002' });
    await b.finished(jobId);
    await b.station.whenIdle();
    const job = await b.station.getJob({ jobId });
    expect(job.state).toBe('failed');
    expect(job.failure?.reason).toBe('printer');
    expect(job.failure?.message).toMatch(/outside the data directory/);
    expect(b.sim.records().filter((rec) => rec.internalReference === 'ORD-1002')).toHaveLength(1);
    expect(await readdir(r)).toEqual(['stations']);
    expect(await readdir(join(r, 'stations'))).toEqual(['bench-1']);
  });
});
