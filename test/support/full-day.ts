/**
 * A station's data directory after a day of work, written with the station's own writers (journal, job book
 * and its checkpoint, label cache, spool): `scans` scans that were booked and printed, with a few duplicates and
 * failures among them, the way a busy packing station leaves its disk at the end of a shift. Tests use small
 * days; the start-up benchmark uses a full one (2,000 scans).
 */
import { join } from 'node:path';
import { createLabelCache } from '../../main/labels/label-cache';
import type { PrintableDocument } from '../../main/labels/document';
import { createSpoolStore, type SpoolRecord } from '../../main/printers/spool-store';
import { openJobJournal } from '../../main/station/job-journal';
import type { JournalEntry, JournalEntryBody } from '../../main/station/journal';

export interface DayOptions {
  scans: number;
  /** The day's date; scans are spread over its working hours. */
  day: string;
  /** Leave this many scans' entries after the last checkpoint (the station's checkpoints trail the journal). */
  tail?: number;
  /** Write a checkpoint at all (default true): false is a data directory of a version without them. */
  checkpoint?: boolean;
  /** Leave the last scan unfinished: booked but not printed (a crash between the two). */
  unfinished?: boolean;
  /** Write the label cache and the spool's finished jobs too (default true; journal tests leave them out). */
  files?: boolean;
}

export interface WrittenDay {
  jobs: number;
  entries: number;
  jobIds: string[];
}

const ZPL = (n: number): Buffer =>
  Buffer.from(
    `^XA^CI13^PW812^LL1520^FO40,40^A0N,40,40^FDPackbench day label ${n}^FS^FO40,120^BCN,120,Y,N,N^FD00373500${String(n).padStart(10, '0')}^FS^FO40,300^A0N,30,30^FDReceiver ${n}, Storgatan ${n % 90}, 11359 STOCKHOLM^FS^XZ`,
    'latin1',
  );

/** The journal entries one scan leaves: stored and order scans that printed, some duplicates and failures. */
export function scanEntries(n: number, day: string): JournalEntryBody[] {
  const jobId = `scan-${day.replaceAll('-', '')}-${n.toString(16).padStart(8, '0')}`;
  const code = n % 2 === 0 ? `DAY-S${n}` : `DAY-O${n}`;
  const job: JournalEntryBody = { type: 'job', jobId, kind: 'scan', scan: code };
  if (n % 40 === 7) {
    return [
      job,
      {
        type: 'failed',
        jobId,
        failure: {
          reason: 'not_found',
          code: 'unknown_code',
          message: `Nothing in nShift matches "${code}": check the code and scan again.`,
        },
      },
    ];
  }
  const shipmentId = String(5_000_000 + n);
  const shipmentNo = `00373500${String(n).padStart(12, '0')}`;
  const parcelNos = [`00370123${String(n).padStart(12, '0')}`];
  if (n % 25 === 3) {
    return [
      job,
      { type: 'shipment_ref', jobId, shipmentId, shipmentNo, parcelNos, documents: [] },
      {
        type: 'failed',
        jobId,
        duplicateOf: shipmentId,
        failure: {
          reason: 'duplicate',
          code: 'already_booked',
          message: `"${code}" was already booked by another station (shipment ${shipmentNo}): press R to reprint its label.`,
          params: { shipmentId, shipmentNo, by: 'another station' },
        },
      },
    ];
  }
  const stored = n % 2 === 0;
  const target = stored
    ? ({ type: 'stored', storedId: String(900_000 + n), orderNo: code } as const)
    : ({ type: 'order', orderId: String(700_000 + n), internalReference: code } as const);
  const targetKey = stored
    ? `stored:${target.type === 'stored' ? target.storedId : ''}`
    : `order:${700_000 + n}`;
  const documentId = `${shipmentId}-${8_000_000 + n}`;
  const bytes = ZPL(n).length;
  return [
    job,
    { type: 'resolved', jobId, source: stored ? 'stored' : 'order', orderNo: code, targets: [target] },
    { type: 'book_intent', jobId, target },
    {
      type: 'booked',
      jobId,
      targetKey,
      shipmentId,
      ...(stored ? { shipmentNo, receiverName: `Receiver ${n}`, serviceId: 'P19' } : {}),
      orderNo: code,
      parcelNos,
      documents: [
        { documentId, kind: 'label', format: 'zpl', charset: 'cp850', description: 'Label', bytes },
      ],
    },
    {
      type: 'print_state',
      jobId,
      shipmentId,
      documentId,
      state: 'printed',
      printerId: 'zebra',
      printerName: 'Zebra',
      spoolJobId: `sp-day-${n}`,
      bytes,
    },
    { type: 'finished', jobId },
    ...(stored
      ? []
      : [
          {
            type: 'shipment_info',
            jobId,
            shipmentId,
            shipmentNo,
            parcelNos,
            receiverName: `Receiver ${n}`,
            serviceId: 'P19',
          } as const,
        ]),
  ];
}

function labelOf(n: number): PrintableDocument | undefined {
  if (n % 40 === 7 || n % 25 === 3) return undefined;
  const shipmentId = String(5_000_000 + n);
  return {
    id: `${shipmentId}-${8_000_000 + n}`,
    kind: 'label',
    format: 'zpl',
    charset: 'cp850',
    description: 'Label',
    shipmentId,
    bytes: ZPL(n),
  };
}

/** Runs `work` over `items` with at most `limit` at a time. */
async function inBatches<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  for (let i = 0; i < items.length; i += limit) await Promise.all(items.slice(i, i + limit).map(work));
}

export async function writeDay(dataDir: string, options: DayOptions): Promise<WrittenDay> {
  const { scans, day } = options;
  const start = Date.parse(`${day}T06:00:00Z`);
  const step = Math.floor((10 * 60 * 60 * 1000) / Math.max(1, scans));
  let clock = start;
  const now = (): Date => new Date(clock);
  const opened = await openJobJournal({
    journalDir: join(dataDir, 'journal'),
    now,
    log: () => {},
    onChange: () => {},
    busy: () => false,
    checkpointEvery: { entries: Number.MAX_SAFE_INTEGER, quietMs: 24 * 60 * 60 * 1000 },
  });
  const { journal, jobs, checkpointer } = opened;
  const checkpointAt = scans - (options.tail ?? 30);
  const jobIds: string[] = [];
  let entries = 0;
  // Scans' entries share writes, fifty scans at a time, as group commit makes them on a busy station.
  let batch: Promise<JournalEntry>[] = [];
  const settle = async (): Promise<void> => {
    for (const entry of await Promise.all(batch)) jobs.apply(entry, false);
    batch = [];
  };
  for (let n = 1; n <= scans; n++) {
    clock = start + n * step;
    let bodies = scanEntries(n, day);
    if (options.unfinished && n === scans)
      bodies = bodies.filter((b) => b.type !== 'print_state' && b.type !== 'finished');
    jobIds.push(bodies[0]!.jobId);
    batch.push(...bodies.map((b) => journal.append(b)));
    entries += bodies.length;
    if (n % 50 === 0 || n === checkpointAt || n === scans) await settle();
    if (n === checkpointAt && options.checkpoint !== false) {
      checkpointer.note();
      await checkpointer.write();
    }
  }
  await journal.close();
  if (options.files === false) return { jobs: scans, entries, jobIds };

  const cache = createLabelCache(join(dataDir, 'labels'), { now });
  const spool = createSpoolStore(join(dataDir, 'spool'));
  const printed = Array.from({ length: scans }, (_, i) => i + 1).filter(
    (n) => labelOf(n) && !(options.unfinished && n === scans),
  );
  await inBatches(printed, 32, async (n) => {
    const document = labelOf(n)!;
    await cache.put(document);
    const at = new Date(start + n * step).toISOString();
    const { bytes, ...meta } = document;
    const record: SpoolRecord = {
      version: 1,
      id: `sp-day-${n}`,
      seq: n,
      printerId: 'zebra',
      printerName: 'Zebra',
      document: meta,
      bytes: bytes.length,
      state: 'printed',
      attempts: 1,
      createdAt: at,
      updatedAt: at,
      ttlFrom: start + n * step,
      nextAttemptAt: start + n * step,
      shipmentId: document.shipmentId!,
      stationJobId: jobIds[n - 1]!,
    };
    await spool.finish(record);
  });
  return { jobs: scans, entries, jobIds };
}
