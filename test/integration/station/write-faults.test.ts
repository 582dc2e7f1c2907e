/**
 * The disk refuses a write at every step of a booking, its caching and its spooling, one run per step (issue
 * 28): a fault-injecting file layer (test/support/file-faults.ts) counts every write, fsync and rename the
 * station makes in its data folder while a packer scans ORD-1002 (a label on the Zebra, an A4 customs
 * declaration in the documents folder) with ORD-1006 queued behind it, and in each run refuses one step: the
 * disk is full from there on, or that one write or fsync fails. Then the disk is fine again, the station
 * restarts, and the simulator's bookings and what reached paper are held against what the packer was told.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { StationError } from '../../../main/station/station-error';
import type { JobView } from '../../../preload/api';
import { installFileFaults, type FaultMode, type FileFaults } from '../../support/file-faults';
import { pdfText } from '../../support/pdf-text';
import { startBench, waitForJob, type Bench } from '../../support/station-harness';

let bench: Bench | undefined;
let faults: FileFaults | undefined;
afterEach(async () => {
  faults?.remove();
  faults = undefined;
  await bench?.close();
  bench = undefined;
});

/** ORD-1002 goes to Oslo (a label and a customs declaration), ORD-1006 to Paris (a label only). */
const CODES = ['ORD-1002', 'ORD-1006'];
const CUSTOMS: Record<string, number> = { 'ORD-1002': 1, 'ORD-1006': 0 };

interface Paper {
  labels: string[];
  pdfs: string[];
  bookings: Map<string, { shipmentNo: string }[]>;
}

/** What reached paper (labels, customs PDFs, as text) and what nShift booked for each code. */
async function paper(b: Bench): Promise<Paper> {
  const folder = join(b.dataDir, 'documents');
  const names = await readdir(folder).catch(() => [] as string[]);
  return {
    labels: b.zebra.labels().map((l) => l.toString('latin1')),
    pdfs: await Promise.all(names.map(async (n) => pdfText(await readFile(join(folder, n))))),
    bookings: new Map(
      CODES.map((code) => [
        code,
        b.sim.records().filter((r) => !r.cancelled && r.internalReference === code),
      ]),
    ),
  };
}

/** How many of `texts` print one of these shipment numbers. */
const mentioning = (texts: string[], shipments: { shipmentNo: string }[]): number =>
  texts.filter((t) => shipments.some((s) => t.includes(s.shipmentNo))).length;

/** One run: the disk refuses step `at` (none: a dry run), as `mode` says. Returns its steps and problems. */
async function run(at?: number, mode: FaultMode = 'full'): Promise<{ steps: number; problems: string[] }> {
  bench = await startBench();
  const b = bench;
  faults = await installFileFaults(b.dataDir);
  if (at !== undefined) faults.refuse(at, mode);
  const jobIds: string[] = [];
  for (const code of CODES) jobIds.push((await b.station.scan({ code })).jobId);
  const told = new Map<string, JobView>();
  for (const jobId of jobIds) told.set(jobId, await waitForJob(b.station, jobId));
  await b.station.whenIdle();
  const before = await paper(b);
  const steps = faults.steps.length;
  const refused = at !== undefined ? faults.steps[at] : undefined;
  faults.remove();
  faults = undefined;

  await b.station.close();
  const restarted = await b.startStation();
  await restarted.whenIdle();
  const final = new Map<string, JobView>();
  for (const jobId of jobIds) {
    // Only "there is no such job" is an answer here; any other refusal of the restarted station fails the run.
    const known = await restarted.getJob({ jobId }).catch((error: unknown) => {
      if (error instanceof StationError && error.body.error === 'not_found') return undefined;
      throw error;
    });
    // A job whose own entry the disk refused lives only in what the packer was shown.
    final.set(jobId, known ? await waitForJob(restarted, jobId) : told.get(jobId)!);
  }
  await restarted.whenIdle();
  const after = await paper(b);

  const where = `${mode === 'full' ? 'full from' : 'failed at'} step ${at ?? 'none'} (${refused ? `${refused.op} ${refused.path}` : ''})`;
  const problems: string[] = [];
  for (const [i, code] of CODES.entries()) {
    const said = told.get(jobIds[i]!)!;
    const last = final.get(jobIds[i]!)!;
    const booked = after.bookings.get(code)!;
    if (booked.length > 1) problems.push(`${where}: ${code} booked ${booked.length} times`);
    if (said.state === 'printed' && last.state !== 'printed')
      problems.push(`${where}: ${code} shown printed, then ${last.state}`);
    // "Nothing more is booked or printed until…": nothing of it is, by the restart either.
    if (
      said.failure?.detail === 'data_folder_unwritable' &&
      (booked.length !== before.bookings.get(code)!.length ||
        mentioning(after.labels, booked) !== mentioning(before.labels, booked) ||
        mentioning(after.pdfs, booked) !== mentioning(before.pdfs, booked))
    )
      problems.push(`${where}: ${code} shown failed cannot_save, then booked or printed by the restart`);
    for (const record of booked) {
      const labels = mentioning(after.labels, [record]);
      const customs = mentioning(after.pdfs, [record]);
      if (labels > 1 || customs > 1)
        problems.push(`${where}: ${code} printed twice (${labels} labels, ${customs} customs)`);
      if (last.state === 'printed') {
        const documents = last.shipments.flatMap((s) => s.documents);
        if (labels !== 1 || customs !== CUSTOMS[code] || documents.some((d) => d.state !== 'printed'))
          problems.push(`${where}: ${code} reported printed with ${labels} label(s) and ${customs} customs`);
      } else if (last.state !== 'failed' && last.state !== 'held') {
        problems.push(`${where}: ${code} booked, and its job ended ${last.state}`);
      }
    }
  }
  await b.close();
  bench = undefined;
  return { steps, problems };
}

describe.runIf(process.platform === 'linux')('a disk that refuses a write at any step', () => {
  it('loses no label, prints nothing twice and books or prints nothing it said it would not, whichever step', async () => {
    const dry = await run();
    expect(dry.problems).toEqual([]);
    // Journal, label cache, spool and documents: dozens of steps from the first scan to the second's end.
    expect(dry.steps).toBeGreaterThan(15);
    const problems: string[] = [];
    for (const mode of ['full', 'once'] as const)
      for (let step = 0; step < dry.steps; step++) problems.push(...(await run(step, mode)).problems);
    expect(problems).toEqual([]);
  }, 900_000);
});
