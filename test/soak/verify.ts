import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BookingRecordJson } from '../../main/simulator/records';
import { spoolRecordSchema, type SpoolRecord } from '../../main/printers/spool-store';
import { JobBook } from '../../main/station/jobs';
import { parseJournal, type JournalEntry } from '../../main/station/journal';

/**
 * The after-the-day check, against the truth outside the station: the simulator's own booking records and the
 * bytes the virtual Zebra received. The station's journal and spool are read only to account for scans and to
 * list what is held for release.
 */

export interface ExpectedBookings {
  /** Every bookable code the packer scanned at least once, by kind. */
  scanned: Map<string, 'order' | 'stored'>;
}

export interface BookingFigures {
  codesScanned: number;
  bookedOnce: number;
  notBooked: string[];
  doubled: { code: string; shipmentIds: string[] }[];
  /** Bookings of codes nobody scanned. */
  phantom: string[];
  bookings: number;
  cancelled: number;
}

export interface HeldLabel {
  spoolJobId: string;
  shipmentId: string;
  heldReason: string;
  /** Whether the label reached the printer before it was held (a kill mid-send, the printer did read it). */
  alsoPrinted: boolean;
}

export interface LabelFigures {
  parcels: number;
  printedOnce: number;
  held: HeldLabel[];
  lost: { shipmentId: string; parcelNo: string }[];
  doubled: { shipmentId: string; parcelNo: string; times: number }[];
  /** Labels on the printer for parcels nShift never booked. */
  unknown: number;
  labelsOnPrinter: number;
  spoolUnfinished: number;
  spoolUnreadable: number;
}

export function checkBookings(
  records: readonly BookingRecordJson[],
  expected: ExpectedBookings,
): BookingFigures {
  const live = records.filter((r) => !r.cancelled);
  const byCode = new Map<string, BookingRecordJson[]>();
  for (const r of live) {
    const code = r.route.includes('stored') ? r.orderNo : (r.internalReference ?? r.orderNo);
    const key = code ?? `(no code: ${r.shipmentId})`;
    byCode.set(key, [...(byCode.get(key) ?? []), r]);
  }
  const notBooked: string[] = [];
  const doubled: BookingFigures['doubled'] = [];
  let bookedOnce = 0;
  for (const code of expected.scanned.keys()) {
    const found = byCode.get(code) ?? [];
    if (found.length === 0) notBooked.push(code);
    else if (found.length === 1) bookedOnce++;
    else doubled.push({ code, shipmentIds: found.map((r) => r.shipmentId) });
  }
  const phantom = [...byCode.keys()].filter((code) => !expected.scanned.has(code));
  return {
    codesScanned: expected.scanned.size,
    bookedOnce,
    notBooked,
    doubled,
    phantom,
    bookings: live.length,
    cancelled: records.length - live.length,
  };
}

/** The parcel number of a ZPL label: the Code 128 field the simulator (and nShift) prints it in. */
export function parcelNoOfLabel(label: Buffer): string | undefined {
  return /\^BC[^^]*\^FD>;([^^]+)\^FS/.exec(label.toString('latin1'))?.[1];
}

export async function readSpool(dataDir: string): Promise<{ records: SpoolRecord[]; unreadable: number }> {
  const dir = join(dataDir, 'spool');
  const names = await readdir(dir).catch(() => undefined);
  if (!names) return { records: [], unreadable: 0 };
  const records: SpoolRecord[] = [];
  let unreadable = 0;
  for (const name of names.filter((n) => n.endsWith('.json') && !n.startsWith('.'))) {
    try {
      const parsed = spoolRecordSchema.safeParse(JSON.parse(await readFile(join(dir, name), 'utf8')));
      if (parsed.success) records.push(parsed.data);
      else unreadable++;
    } catch {
      unreadable++;
    }
  }
  return { records, unreadable };
}

export async function checkLabels(
  records: readonly BookingRecordJson[],
  labels: readonly Buffer[],
  dataDir: string,
): Promise<LabelFigures> {
  const printed = new Map<string, number>();
  let unknownLabels = 0;
  for (const label of labels) {
    const parcelNo = parcelNoOfLabel(label);
    if (parcelNo === undefined) unknownLabels++;
    else printed.set(parcelNo, (printed.get(parcelNo) ?? 0) + 1);
  }
  const spool = await readSpool(dataDir);
  const heldByShipment = new Map<string, SpoolRecord[]>();
  for (const job of spool.records) {
    if (job.state === 'held' && job.shipmentId)
      heldByShipment.set(job.shipmentId, [...(heldByShipment.get(job.shipmentId) ?? []), job]);
  }
  const known = new Set<string>();
  const held: HeldLabel[] = [];
  const lost: LabelFigures['lost'] = [];
  const doubled: LabelFigures['doubled'] = [];
  let parcels = 0;
  let printedOnce = 0;
  for (const r of records) {
    if (r.cancelled) continue;
    const heldJobs = heldByShipment.get(r.shipmentId) ?? [];
    const anyPrinted = r.parcelNos.some((p) => (printed.get(p) ?? 0) > 0);
    for (const job of heldJobs) {
      held.push({
        spoolJobId: job.id,
        shipmentId: r.shipmentId,
        heldReason: job.heldReason ?? 'unknown',
        alsoPrinted: anyPrinted,
      });
    }
    for (const parcelNo of r.parcelNos) {
      parcels++;
      known.add(parcelNo);
      const times = printed.get(parcelNo) ?? 0;
      if (times === 1) printedOnce++;
      else if (times > 1) doubled.push({ shipmentId: r.shipmentId, parcelNo, times });
      else if (heldJobs.length === 0) lost.push({ shipmentId: r.shipmentId, parcelNo });
    }
  }
  for (const parcelNo of printed.keys()) if (!known.has(parcelNo)) unknownLabels++;
  return {
    parcels,
    printedOnce,
    held,
    lost,
    doubled,
    unknown: unknownLabels,
    labelsOnPrinter: labels.length,
    spoolUnfinished: spool.records.filter((j) => j.state === 'queued' || j.state === 'sending').length,
    spoolUnreadable: spool.unreadable,
  };
}

export interface JournalFigures {
  files: number;
  entries: number;
  corruptNow: number;
  /** Torn tails the station set aside at a restart (a kill mid-write), with its message. */
  recoveredFiles: number;
  scanJobs: number;
  /** Scan jobs by the scan they journalled. */
  jobsByScan: Map<string, number>;
  /** Jobs that never reached an end state (printed, held, failed, done). */
  openJobs: { id: string; scan: string; state: string }[];
  jobIds: Set<string>;
}

export async function readJournal(dataDir: string): Promise<JournalFigures> {
  const dir = join(dataDir, 'journal');
  const names = await readdir(dir).catch(() => [] as string[]);
  const files = names.filter((n) => /^journal-\d{4}-\d{2}-\d{2}\.jsonl$/.test(n)).sort();
  const entries: JournalEntry[] = [];
  let corruptNow = 0;
  for (const file of files) {
    const parsed = parseJournal(await readFile(join(dir, file)));
    entries.push(...parsed.entries);
    corruptNow += parsed.badChunks.length;
  }
  const book = new JobBook();
  for (const entry of entries) book.apply(entry, false);
  const jobsByScan = new Map<string, number>();
  const jobIds = new Set<string>();
  let scanJobs = 0;
  for (const entry of entries) {
    if (entry.type !== 'job') continue;
    jobIds.add(entry.jobId);
    if (entry.kind !== 'scan') continue;
    scanJobs++;
    jobsByScan.set(entry.scan, (jobsByScan.get(entry.scan) ?? 0) + 1);
  }
  return {
    files: files.length,
    entries: entries.length,
    corruptNow,
    recoveredFiles: names.filter((n) => n.includes('.corrupt-')).length,
    scanJobs,
    jobsByScan,
    openJobs: book.openJobs().map((j) => ({ id: j.id, scan: j.scan, state: j.state })),
    jobIds,
  };
}

export interface SecretFigures {
  filesScanned: number;
  bytesScanned: number;
  hits: { file: string; needle: string }[];
}

/** Every file under the given folders, read as bytes: the secret must not be in any of them, in any form. */
export async function grepSecrets(
  dirs: readonly string[],
  needles: readonly { label: string; bytes: Buffer }[],
): Promise<SecretFigures> {
  const figures: SecretFigures = { filesScanned: 0, bytesScanned: 0, hits: [] };
  for (const dir of dirs) {
    let names: string[];
    try {
      names = (await readdir(dir, { recursive: true, withFileTypes: true }))
        .filter((d) => d.isFile())
        .map((d) => join(d.parentPath, d.name));
    } catch {
      continue;
    }
    for (const file of names) {
      const bytes = await readFile(file);
      figures.filesScanned++;
      figures.bytesScanned += bytes.length;
      for (const needle of needles)
        if (bytes.includes(needle.bytes)) figures.hits.push({ file, needle: needle.label });
    }
  }
  return figures;
}
