import { describe, expect, it } from 'vitest';
import { JobBook } from '../../../main/station/jobs';
import type { JournalEntry, JournalEntryBody } from '../../../main/station/journal';

/** Folds journal entries into a fresh book, numbered and stamped as the journal would. */
function fold(entries: JournalEntryBody[]): JobBook {
  const book = new JobBook();
  entries.forEach((body, i) => {
    const entry = { ...body, seq: i + 1, at: `2026-11-26T10:00:${String(i).padStart(2, '0')}.000Z` };
    book.apply(entry as JournalEntry, false);
  });
  return book;
}

const targets = [
  { type: 'stored' as const, storedId: 's1', orderNo: 'SPLIT-1' },
  { type: 'stored' as const, storedId: 's2', orderNo: 'SPLIT-1' },
];
const label = (documentId: string) => ({
  documentId,
  kind: 'label' as const,
  format: 'zpl' as const,
  bytes: 100,
});

/** The spool's answer for a document, journalled as the station does. */
const printState = (
  jobId: string,
  shipmentId: string,
  documentId: string,
  state: 'printed' | 'held',
  spoolJobId: string,
): JournalEntryBody => ({
  type: 'print_state',
  jobId,
  shipmentId,
  documentId,
  state,
  printerId: 'zebra',
  spoolJobId,
  bytes: 100,
});

/** A split order: the first shipment booked without its label (its download failed), the second's label in hand. */
const splitWithOneLabelMissing: JournalEntryBody[] = [
  { type: 'job', jobId: 'j1', kind: 'scan', scan: 'SPLIT-1' },
  { type: 'resolved', jobId: 'j1', source: 'stored', orderNo: 'SPLIT-1', targets },
  { type: 'book_intent', jobId: 'j1', target: targets[0]! },
  { type: 'booked', jobId: 'j1', targetKey: 'stored:s1', shipmentId: '101', parcelNos: [], documents: [] },
  { type: 'book_intent', jobId: 'j1', target: targets[1]! },
  {
    type: 'booked',
    jobId: 'j1',
    targetKey: 'stored:s2',
    shipmentId: '102',
    parcelNos: [],
    documents: [label('d2')],
  },
];

describe('the job book: a job is printed only when every shipment it booked has printed its label', () => {
  it('a job failed for a label that never came stays failed when another label of it is released and prints', () => {
    const book = fold([
      ...splitWithOneLabelMissing,
      printState('j1', '102', 'd2', 'held', 'sp2'),
      {
        type: 'failed',
        jobId: 'j1',
        failure: { reason: 'not_found', code: 'label_not_downloaded', message: 'Shipment 101 is booked, …' },
      },
      printState('j1', '102', 'd2', 'printed', 'sp2'),
    ]);
    expect(book.get('j1')?.state).toBe('failed');
    expect(book.get('j1')?.failure?.code).toBe('label_not_downloaded');
  });

  it('the other labels printed but one shipment still without its label: the job is still running, so a restart resumes it', () => {
    const book = fold([...splitWithOneLabelMissing, printState('j1', '102', 'd2', 'printed', 'sp2')]);
    expect(book.get('j1')?.state).toBe('printing');
    expect(book.openJobs().map((j) => j.id)).toEqual(['j1']);
    // Its booking state is kept for the restart: both targets booked, nothing to book again.
    expect(book.isBooked('j1', 'stored:s1')).toBe(true);
    expect(book.isBooked('j1', 'stored:s2')).toBe(true);
  });

  it('every shipment booked and printed: printed', () => {
    const book = fold([
      { type: 'job', jobId: 'j2', kind: 'scan', scan: 'ORD-1' },
      {
        type: 'booked',
        jobId: 'j2',
        targetKey: 'order:o1',
        shipmentId: '201',
        parcelNos: [],
        documents: [label('d1')],
      },
      printState('j2', '201', 'd1', 'printed', 'sp1'),
    ]);
    expect(book.get('j2')?.state).toBe('printed');
  });
});

describe('the job book: a booking that made several shipments', () => {
  const target = { type: 'stored' as const, storedId: 's9', orderNo: 'RET-1' };
  const bookedOne = (shipmentId: string, named?: string[]): JournalEntryBody => ({
    type: 'booked',
    jobId: 'j9',
    targetKey: 'stored:s9',
    shipmentId,
    parcelNos: [],
    documents: [label(`d-${shipmentId}`)],
    ...(named ? { targetShipmentIds: named } : {}),
  });
  const start: JournalEntryBody[] = [
    { type: 'job', jobId: 'j9', kind: 'scan', scan: 'RET-1' },
    { type: 'resolved', jobId: 'j9', source: 'stored', orderNo: 'RET-1', targets: [target] },
    { type: 'book_intent', jobId: 'j9', target },
  ];

  it('the outbound label printed, the return shipment not yet journalled: shown, awaiting its label, job still open', () => {
    const book = fold([
      ...start,
      bookedOne('301', ['301', '302']),
      printState('j9', '301', 'd-301', 'printed', 'sp1'),
    ]);
    const job = book.get('j9')!;
    expect(job.shipments.map((s) => [s.shipmentId, s.state, s.documents.length])).toEqual([
      ['301', 'printed', 1],
      ['302', 'booked', 0],
    ]);
    expect(job.state).toBe('printing');
    expect(book.openJobs().map((j) => j.id)).toEqual(['j9']);
    // nShift booked the target: a restart never asks for it again.
    expect(book.isBooked('j9', 'stored:s9')).toBe(true);
  });

  it('a checkpoint keeps the shipment still awaiting its label', () => {
    const book = fold([...start, bookedOne('301', ['301', '302'])]);
    const restored = JobBook.restore(book.snapshot(), book.foldedSeq());
    expect(restored.get('j9')?.shipments.map((s) => s.shipmentId)).toEqual(['301', '302']);
    expect(restored.openJobs().map((j) => j.id)).toEqual(['j9']);
  });

  it('in a split order, a target that made two shipments does not count as two targets', () => {
    const other = { type: 'stored' as const, storedId: 's10', orderNo: 'RET-1' };
    const book = fold([
      { type: 'job', jobId: 'j9', kind: 'scan', scan: 'RET-1' },
      { type: 'resolved', jobId: 'j9', source: 'stored', orderNo: 'RET-1', targets: [target, other] },
      { type: 'book_intent', jobId: 'j9', target },
      bookedOne('301', ['301', '302']),
      bookedOne('302', ['301', '302']),
      printState('j9', '301', 'd-301', 'printed', 'sp1'),
      printState('j9', '302', 'd-302', 'printed', 'sp2'),
    ]);
    // The second stored shipment is still to book: the job is not printed, and stays open for a restart.
    expect(book.get('j9')?.state).toBe('booking');
    expect(book.get('j9')?.progress).toEqual({ done: 2, total: 3 });
    expect(book.openJobs().map((j) => j.id)).toEqual(['j9']);
  });

  it('both journalled and printed: printed, each shipment once', () => {
    const book = fold([
      ...start,
      bookedOne('301', ['301', '302']),
      bookedOne('302', ['301', '302']),
      printState('j9', '301', 'd-301', 'printed', 'sp1'),
      printState('j9', '302', 'd-302', 'printed', 'sp2'),
    ]);
    expect(book.get('j9')?.shipments.map((s) => s.shipmentId)).toEqual(['301', '302']);
    expect(book.get('j9')?.state).toBe('printed');
  });
});

describe('the job book of a station left running for days', () => {
  /** A scan of `code` on `day`, booked with one label, and that label's spool answer (none: never sent). */
  function scanOn(day: string, jobId: string, printed?: 'printed' | 'held'): [string, JournalEntryBody][] {
    const at = `${day}T09:00:00.000Z`;
    const entries: [string, JournalEntryBody][] = [
      [at, { type: 'job', jobId, kind: 'scan', scan: `ORD-${jobId}` }],
      [
        at,
        {
          type: 'book_intent',
          jobId,
          target: { type: 'order', orderId: `o-${jobId}`, internalReference: `ORD-${jobId}` },
        },
      ],
    ];
    if (printed === undefined) return entries; // the booking's answer never came: still running
    return [
      ...entries,
      [
        at,
        {
          type: 'booked',
          jobId,
          targetKey: `order:o-${jobId}`,
          shipmentId: `s-${jobId}`,
          parcelNos: [],
          documents: [label(`d-${jobId}`)],
        },
      ],
      [at, printState(jobId, `s-${jobId}`, `d-${jobId}`, printed, `sp-${jobId}`)],
    ];
  }

  function bookOf(entries: [string, JournalEntryBody][]): JobBook {
    const book = new JobBook();
    entries.forEach(([at, body], i) => book.apply({ ...body, seq: i + 1, at } as JournalEntry, false));
    return book;
  }

  it('forgets the finished jobs of the days a start would not read back, and keeps every job still in motion', () => {
    const book = bookOf([
      ...scanOn('2026-11-20', 'printed-early', 'printed'),
      ...scanOn('2026-11-20', 'held-early', 'held'),
      ...scanOn('2026-11-20', 'running-early'),
      ...scanOn('2026-11-26', 'printed-today', 'printed'),
    ]);
    expect(book.get('held-early')?.state).toBe('held');
    expect(book.get('running-early')?.state).toBe('booking');

    expect(book.forgetBefore('2026-11-24')).toBe(1);

    expect([...book.all()].map((s) => s.id)).toEqual(['held-early', 'running-early', 'printed-today']);
    expect(book.get('printed-early')).toBeUndefined();
    // The booking whose answer never came is still reconciled as before, and the held label still reports to its job.
    expect(book.unansweredIntents('running-early')).toEqual(['order:o-running-early']);
    expect(book.get('held-early')?.shipments[0]?.documents[0]?.state).toBe('held');
    // Nothing of today is forgotten, and a second pruning finds nothing more.
    expect(book.forgetBefore('2026-11-24')).toBe(0);
  });

  it("finds a code's jobs, oldest first, without the other codes', in a book restored from a checkpoint too", () => {
    const book = bookOf([
      ...scanOn('2026-11-20', 'a-early', 'printed'),
      ...scanOn('2026-11-25', 'b', 'printed'),
      ...scanOn('2026-11-26', 'a-late', 'printed'),
    ]);
    // scanOn's code is ORD-<jobId>: give two jobs one code by scanning it again.
    book.apply(
      {
        type: 'job',
        jobId: 'a-again',
        kind: 'scan',
        scan: 'ORD-a-late',
        seq: 100,
        at: '2026-11-26T10:00:00.000Z',
      },
      false,
    );
    const ids = (b: JobBook, code: string, since?: string) => [...b.withScan(code, since)].map((s) => s.id);
    expect(ids(book, 'ORD-a-late')).toEqual(['a-late', 'a-again']);
    expect(ids(book, 'ORD-a-early')).toEqual(['a-early']);
    expect(ids(book, 'ORD-a-early', '2026-11-26')).toEqual([]);
    expect(ids(book, 'ORD-none')).toEqual([]);

    const restored = JobBook.restore(book.snapshot(), book.foldedSeq());
    expect(ids(restored, 'ORD-a-late')).toEqual(['a-late', 'a-again']);
    restored.forgetBefore('2026-11-24');
    expect(ids(restored, 'ORD-a-early')).toEqual([]);
    expect(ids(restored, 'ORD-b')).toEqual(['b']);
  });

  it('a checkpoint taken after it no longer carries the forgotten jobs', () => {
    const book = bookOf([
      ...scanOn('2026-11-20', 'printed-early', 'printed'),
      ...scanOn('2026-11-26', 'printed-today', 'printed'),
    ]);
    book.forgetBefore('2026-11-24');
    const snapshot = book.snapshot();
    expect(snapshot.summaries.map((s) => s.id)).toEqual(['printed-today']);
    expect(snapshot.jobs.map((j) => j.id)).toEqual(['printed-today']);
  });
});
