import { describe, expect, it } from 'vitest';
import type { JobView } from '../../../preload/api';
import { HeadlessEventMapper } from '../../../main/hosts/headless/contract-events';

const base: JobView = {
  id: 'j1',
  kind: 'scan',
  scan: 'ORD-1',
  state: 'booking',
  createdAt: '',
  updatedAt: '',
  shipments: [],
};
const doc = (state: 'queued' | 'printed' | 'held') => ({
  documentId: 'd1',
  kind: 'label' as const,
  format: 'zpl' as const,
  bytes: 100,
  printerId: 'label',
  state,
});

describe('the headless contract events', () => {
  it('emits booked once, then printed once, as a job moves on', () => {
    const mapper = new HeadlessEventMapper();
    const booked = {
      ...base,
      state: 'printing' as const,
      shipments: [
        { shipmentId: 's1', parcelNos: ['P1'], state: 'printing' as const, documents: [doc('queued')] },
      ],
    };
    expect(mapper.map(booked)).toEqual([
      { event: 'booked', scan: 'ORD-1', shipmentId: 's1', parcelNos: ['P1'], jobId: 'j1' },
    ]);
    expect(mapper.map(booked)).toEqual([]);
    const printed = {
      ...booked,
      state: 'printed' as const,
      shipments: [{ ...booked.shipments[0]!, state: 'printed' as const, documents: [doc('printed')] }],
    };
    expect(mapper.map(printed)).toEqual([
      {
        event: 'printed',
        scan: 'ORD-1',
        shipmentId: 's1',
        printer: 'label',
        bytes: 100,
        documents: [{ kind: 'label', printer: 'label', bytes: 100 }],
        jobId: 'j1',
      },
    ]);
    expect(mapper.map(printed)).toEqual([]);
  });

  it("emits a return shipment's booked line with its own parcels, not when the first booked entry names it", () => {
    const mapper = new HeadlessEventMapper();
    const outbound = {
      shipmentId: 's1',
      parcelNos: ['P1'],
      state: 'printing' as const,
      documents: [doc('queued')],
    };
    const named = {
      ...base,
      state: 'printing' as const,
      shipments: [outbound, { shipmentId: 's2', parcelNos: [], state: 'booked' as const, documents: [] }],
    };
    expect(mapper.map(named).map((e) => [e.event, 'shipmentId' in e ? e.shipmentId : ''])).toEqual([
      ['booked', 's1'],
    ]);
    const own = {
      ...named,
      shipments: [
        outbound,
        { shipmentId: 's2', parcelNos: ['R1'], state: 'printing' as const, documents: [doc('queued')] },
      ],
    };
    expect(mapper.map(own)).toEqual([
      { event: 'booked', scan: 'ORD-1', shipmentId: 's2', parcelNos: ['R1'], jobId: 'j1' },
    ]);
  });

  it('emits held with a failed line (reason printer), and printed later if the held label is released', () => {
    const mapper = new HeadlessEventMapper();
    const held = {
      ...base,
      state: 'held' as const,
      shipments: [{ shipmentId: 's1', parcelNos: [], state: 'held' as const, documents: [doc('held')] }],
    };
    expect(mapper.map(held).map((e) => e.event)).toEqual(['booked', 'held', 'failed']);
    expect(mapper.map(held)).toEqual([]);
    const printed = {
      ...held,
      state: 'printed' as const,
      shipments: [{ ...held.shipments[0]!, documents: [doc('printed')] }],
    };
    expect(mapper.map(printed).map((e) => e.event)).toEqual(['printed']);
  });

  describe('a shipment whose documents go to two printers (label + customs document)', () => {
    const label = { ...doc('printed'), bytes: 816 };
    const customs = (state: 'queued' | 'printed' | 'held') => ({
      documentId: 'd2',
      kind: 'customs' as const,
      format: 'pdf' as const,
      bytes: 2803,
      printerId: 'documents',
      state,
    });
    const job = (second: ReturnType<typeof customs>): JobView => ({
      ...base,
      state: second.state === 'held' ? 'held' : second.state === 'printed' ? 'printed' : 'printing',
      shipments: [
        {
          shipmentId: 's1',
          shipmentNo: 'SNO1',
          parcelNos: ['P1'],
          state: 'printing',
          documents: [label, second],
        },
      ],
    });

    it("printed: bytes are the label printer's, and documents lists each document with its printer", () => {
      const events = new HeadlessEventMapper().map(job(customs('printed')));
      expect(events.filter((e) => e.event === 'printed')).toEqual([
        {
          event: 'printed',
          scan: 'ORD-1',
          shipmentId: 's1',
          printer: 'label',
          bytes: 816,
          documents: [
            { kind: 'label', printer: 'label', bytes: 816 },
            { kind: 'customs', printer: 'documents', bytes: 2803 },
          ],
          jobId: 'j1',
        },
      ]);
    });

    it('a held customs document: the label is printed, the held line names the document printer and the document', () => {
      const mapper = new HeadlessEventMapper();
      expect(mapper.map(job(customs('queued'))).map((e) => e.event)).toEqual(['booked']);
      const events = mapper.map(job(customs('held')));
      expect(events.map((e) => e.event)).toEqual(['printed', 'held', 'failed']);
      expect(events[0]).toMatchObject({ printer: 'label', bytes: 816 });
      expect(events[1]).toEqual({
        event: 'held',
        scan: 'ORD-1',
        shipmentId: 's1',
        printer: 'documents',
        reason:
          'The document printer did not take the customs document in time; it is held and never prints unasked.',
        documents: [{ kind: 'customs', printer: 'documents', bytes: 2803 }],
        jobId: 'j1',
      });
      const failed = events[2] as { message: string };
      expect(failed).toMatchObject({ reason: 'printer', code: 'label_held', shipmentId: 's1' });
      expect(failed.message).toContain('The label printed: do not send ":reprint ORD-1"');
      expect(failed.message).toContain('Fix the document printer (--document-printer)');
      expect(failed.message).toContain('shipment SNO1');
      expect(failed.message).not.toContain('label printer');
      // Released later and printed: its own printed line, for the document printer.
      expect(mapper.map(job(customs('printed')))).toEqual([
        {
          event: 'printed',
          scan: 'ORD-1',
          shipmentId: 's1',
          printer: 'documents',
          bytes: 2803,
          documents: [{ kind: 'customs', printer: 'documents', bytes: 2803 }],
          jobId: 'j1',
        },
      ]);
    });

    it('a document held because the station stopped while sending it says it may have printed, and to look before printing it again', () => {
      const mapper = new HeadlessEventMapper();
      const sentWhenStopped = { ...customs('held'), heldReason: 'restart' as const };
      const events = mapper.map(job(sentWhenStopped));
      expect(events.map((e) => e.event)).toEqual(['booked', 'printed', 'held', 'failed']);
      expect(events[2]).toMatchObject({
        event: 'held',
        printer: 'documents',
        reason:
          'The document printer was sending the customs document when the station stopped: it may have printed, so it is held and never prints unasked.',
      });
      const failed = events[3] as { message: string };
      expect(failed).toMatchObject({ reason: 'printer', code: 'label_held' });
      expect(failed.message).toContain('The label printed: do not send ":reprint ORD-1"');
      expect(failed.message).toContain(
        'Look at the document printer (--document-printer) first: only if nothing came out, print the held document of shipment SNO1 from nShift.',
      );
      expect(failed.message).not.toContain('did not take');
    });

    it("a held document of an order's booking, whose shipment number is not known yet, is named by the order, not nShift's internal id", () => {
      const mapper = new HeadlessEventMapper();
      const withoutNumber = job(customs('held'));
      delete withoutNumber.shipments[0]!.shipmentNo;
      const failed = mapper.map(withoutNumber).find((e) => e.event === 'failed') as { message: string };
      expect(failed.message).toContain('print the held document of the shipment of ORD-1 from nShift.');
      expect(failed.message).not.toContain('s1');
    });

    it('a document sent whole and never confirmed says it may have printed, and to look before printing it again', () => {
      const mapper = new HeadlessEventMapper();
      const unconfirmed = { ...customs('held'), heldReason: 'unconfirmed' as const };
      const events = mapper.map(job(unconfirmed));
      expect(events[2]).toMatchObject({
        event: 'held',
        reason:
          'The document printer was sent the customs document but did not confirm it: it may have printed, so it is held and never prints unasked.',
      });
      expect((events[3] as { message: string }).message).toContain(
        'Look at the document printer (--document-printer) first: only if nothing came out,',
      );
    });

    it('a held manifest names the document printer and the manifest, with its manifestId', () => {
      const manifest: JobView = {
        ...base,
        kind: 'manifest',
        scan: 'PNL',
        state: 'held',
        shipments: [
          {
            shipmentId: '4401',
            parcelNos: [],
            state: 'held',
            documents: [{ ...customs('held'), kind: 'manifest' }],
          },
        ],
      };
      const [held, failed] = new HeadlessEventMapper().map(manifest);
      expect(held).toMatchObject({
        event: 'held',
        printer: 'documents',
        manifestId: '4401',
        reason:
          'The document printer did not take the manifest in time; it is held and never prints unasked.',
      });
      expect(failed).toMatchObject({ event: 'failed', code: 'label_held', manifestId: '4401' });
      expect((failed as { message: string }).message).not.toMatch(/label|:reprint/);
    });
  });

  it('reports a failure with reason, code and the 422 list, and a duplicate with the existing shipment', () => {
    const mapper = new HeadlessEventMapper();
    const failed: JobView = {
      ...base,
      state: 'failed',
      failure: {
        reason: 'validation',
        code: 'validation',
        message: 'fix it',
        errors: [{ field: 'Address_Zipcode', message: 'Not valid postal code' }],
      },
    };
    expect(mapper.map(failed)).toEqual([
      {
        event: 'failed',
        scan: 'ORD-1',
        reason: 'validation',
        message: 'fix it nShift names each field and its problem in "errors".',
        code: 'validation',
        errors: [{ field: 'Address_Zipcode', message: 'Not valid postal code' }],
        jobId: 'j1',
      },
    ]);
    const dup: JobView = {
      ...base,
      id: 'j2',
      state: 'failed',
      duplicateOf: { shipmentId: 's9' },
      shipments: [{ shipmentId: 's9', parcelNos: [], state: 'booked', documents: [], reference: true }],
      failure: { reason: 'duplicate', code: 'already_booked', message: 'dup' },
    };
    expect(mapper.map(dup)).toEqual([
      {
        event: 'failed',
        scan: 'ORD-1',
        reason: 'duplicate',
        message: 'dup Send ":reprint ORD-1" to print its label again.',
        code: 'already_booked',
        shipmentId: 's9',
        jobId: 'j2',
      },
    ]);
  });
});

describe('a label that was booked but never came down', () => {
  it('names the booked shipment on the failed line, so a script can reprint it instead of scanning again', () => {
    const mapper = new HeadlessEventMapper();
    const job: JobView = {
      ...base,
      state: 'failed',
      failure: {
        reason: 'network',
        code: 'label_not_downloaded',
        message: 'booked, reprint',
        params: { shipmentId: 's7' },
      },
    };
    expect(mapper.map(job)).toEqual([
      {
        event: 'failed',
        scan: 'ORD-1',
        reason: 'network',
        message: 'booked, reprint Send ":reprint ORD-1" once nShift answers.',
        code: 'label_not_downloaded',
        shipmentId: 's7',
        jobId: 'j1',
      },
    ]);
  });
});
