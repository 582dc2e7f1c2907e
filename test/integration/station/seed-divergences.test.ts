/**
 * What the packer sees of the Delivery rules (docs/nshift-api.md) the client once ignored (issue 12, point 5): a station on
 * the simulator over HTTP and a virtual Zebra over TCP.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ensureDemoAccount, seedPrinters } from '../../../main/simulator/demo';
import { createStored } from '../../../main/simulator/routes/stored';
import { createSimulator } from '../../../main/simulator/server';
import type { JobView } from '../../../preload/api';
import type { Settings } from '../../../main/settings/schema';
import {
  createReturnStored,
  scanAndWait,
  startBench,
  waitForJob,
  type Bench,
} from '../../support/station-harness';

let bench: Bench | undefined;
afterEach(async () => {
  await bench?.close();
  bench = undefined;
});

describe('a consolidated booking that nShift did not consolidate', () => {
  it('prints the labels once and tells the packer, in a translatable failure, that the parcels travel alone', async () => {
    bench = await startBench({ settings: (s) => ({ ...s, consolidation: { key: 'KONS-4001' } }) });
    // UPS Standard does not take consolidation in the simulator: nShift books a shipment of its own.
    createStored(bench.sim.context, {
      sender: { quickId: '1' },
      receiver: {
        name: 'Ola Nordmann',
        address1: 'Gata 1',
        zipcode: '11359',
        city: 'STOCKHOLM',
        country: 'SE',
      },
      service: { id: 'UPSSTD' },
      parcels: [{ copies: 1, weight: 2, contents: 'Goods' }],
      orderNo: 'UPS-5001',
    });
    const labelsBefore = bench.zebra.labels().length;
    const { id: jobId } = await scanAndWait(bench.station, 'UPS-5001');
    // The label prints first (the job shows printed for a moment); the warning follows it in the journal.
    await bench.station.whenIdle();
    const job = await bench.station.getJob({ jobId });

    expect(job.state).toBe('failed');
    expect(job.failure).toMatchObject({
      reason: 'validation',
      code: 'not_consolidated',
      params: {
        key: 'KONS-4001',
        shipmentNo: job.shipments[0]!.shipmentNo,
        shipmentId: job.shipments[0]!.shipmentId,
      },
    });
    expect(job.shipments.map((s) => s.state)).toEqual(['printed']);
    expect(bench.zebra.labels().length).toBe(labelsBefore + 1);
    expect(bench.sim.records().filter((r) => r.orderNo === 'UPS-5001')).toHaveLength(1);
    const open = (await bench.station.listConsolidated()).find((c) => c.key === 'KONS-4001');
    expect(open?.parcelGroups.map((g) => g.partOrderNo)).not.toContain('UPS-5001');

    // Scanning it again books nothing: it is a duplicate, not a second try.
    expect((await scanAndWait(bench.station, 'UPS-5001')).failure?.reason).toBe('duplicate');
    expect(bench.sim.records().filter((r) => r.orderNo === 'UPS-5001')).toHaveLength(1);
  });

  it('a booking that joined the consolidated shipment stays printed, without a warning', async () => {
    bench = await startBench({ settings: (s) => ({ ...s, consolidation: { key: 'KONS-4001' } }) });
    const job = await scanAndWait(bench.station, 'SO-2002');
    expect(job.state).toBe('printed');
    expect(job.failure).toBeUndefined();
  });
});

/** A READY P15 stored shipment for Kari Nordmann with `copies` parcels, made in the bench's simulator. */
function storedP15(b: Bench, orderNo: string, copies: number) {
  return createStored(b.sim.context, {
    sender: { quickId: '1' },
    receiver: {
      name: 'Kari Nordmann',
      address1: 'Gata 2',
      zipcode: '11359',
      city: 'STOCKHOLM',
      country: 'SE',
    },
    service: { id: 'P15' },
    parcels: [{ copies, weight: 3, contents: 'Goods' }],
    orderNo,
  });
}

/** A bench whose simulator answers a stored shipment's fetch with the summary alone, as nShift documents it. */
async function benchAnsweringSummaries(settings?: (s: Settings) => Settings): Promise<Bench> {
  const simulator = createSimulator({ storedFetch: 'summary' });
  ensureDemoAccount(simulator);
  return startBench({ simulator, ...(settings ? { settings } : {}) });
}

describe('a consolidation key, and a stored shipment nShift answers with its summary only', () => {
  // nShift documents every stored-shipment answer as a summary (no receiver, service or parcels); whether its
  // fetch by id adds the shipment is not public. The key is added by a full replacement, so without the
  // shipment in hand a replacement would erase it.
  it('books nothing, replaces nothing, and tells the packer why and what to do', async () => {
    bench = await benchAnsweringSummaries((s) => ({ ...s, consolidation: { key: 'KONS-4001' } }));
    const stored = storedP15(bench, 'SUM-6001', 2);
    const before = structuredClone(bench.sim.state.stored.get(stored.id)!.data);

    const job = await scanAndWait(bench.station, 'SUM-6001');

    expect(job.state).toBe('failed');
    expect(job.failure).toMatchObject({
      reason: 'validation',
      code: 'validation',
      detail: 'consolidation_key_not_added',
      params: { code: 'SUM-6001', key: 'KONS-4001' },
    });
    expect(bench.sim.state.stored.get(stored.id)!.data).toEqual(before);
    expect(bench.sim.state.stored.get(stored.id)!.status).toBe('READY');
    expect(bench.sim.records().filter((r) => r.orderNo === 'SUM-6001')).toHaveLength(0);
    expect(bench.zebra.labels()).toHaveLength(0);

    // With the key cleared in Settings, the same scan books it, once.
    await bench.station.saveSettings({ consolidation: { key: '' } });
    expect((await scanAndWait(bench.station, 'SUM-6001')).state).toBe('printed');
    expect(bench.sim.records().filter((r) => r.orderNo === 'SUM-6001')).toHaveLength(1);
  });

  it('lists the stored shipment with its receiver, service and parcels from the summary', async () => {
    bench = await benchAnsweringSummaries();
    storedP15(bench, 'SUM-6002', 2);
    expect(await bench.station.listStored({ orderNo: 'SUM-6002' })).toEqual([
      expect.objectContaining({
        orderNo: 'SUM-6002',
        status: 'READY',
        receiverName: 'Kari Nordmann',
        serviceId: 'P15',
        parcelCount: 2,
      }),
    ]);
  });
});

describe('a stored shipment nShift holds with warnings (WARNED)', () => {
  // nShift's page calls its errors ignorable; Unifaun's RAML says the booking answers 422 to anything not READY,
  // as the simulator does. The station tries it once and, refused, says so without booking anything.
  it('is tried once and, refused, tells the packer to check it in nShift', async () => {
    bench = await startBench();
    const stored = storedP15(bench, 'WARN-7001', 1);
    bench.sim.state.stored.get(stored.id)!.status = 'WARNED';

    const job = await scanAndWait(bench.station, 'WARN-7001');

    expect(job.state).toBe('failed');
    expect(job.failure).toMatchObject({ reason: 'validation', detail: 'booking_refused' });
    expect(bench.sim.records().filter((r) => r.orderNo === 'WARN-7001')).toHaveLength(0);
    expect(bench.zebra.labels()).toHaveLength(0);
  });
});

describe('deleting an open consolidated shipment', () => {
  it('answers with the cancelled shipment nShift keeps for the labels printed earlier', async () => {
    bench = await startBench();
    const open = (await bench.station.listConsolidated()).find((c) => c.key === 'KONS-4001')!;
    const answer = await bench.station.deleteConsolidated({
      consolidatedId: open.consolidatedId,
      confirm: true,
    });
    expect(answer.deleted).toBe(true);
    const number = bench.sim.state.consolidated.get(open.consolidatedId)!.shipmentNo;
    expect(answer.cancelled).toMatchObject({ shipmentNo: number, status: 'CANCELLED' });
    expect(answer.cancelled?.parcelNos.length).toBeGreaterThan(0);
    expect((await bench.station.listConsolidated()).map((c) => c.consolidatedId)).not.toContain(
      open.consolidatedId,
    );
  });
});

describe('finding Print Client printers', () => {
  it('lists every printer of the account, past the first page of 50', async () => {
    bench = await startBench();
    seedPrinters(bench.sim, 70, 'Packing line ');
    const found = (await bench.station.discoverPrinters()).filter((p) => p.kind === 'print-client');
    expect(found).toHaveLength(72);
    expect(found.map((p) => p.name)).toContain('Packing line 70');
    expect(found.find((p) => p.name === 'Packing line 70')?.suggested).toMatchObject({
      kind: 'print-client',
      printerId: expect.any(Number),
    });
  });
});

describe('a stored shipment with a return shipment (addon RETURN)', () => {
  it('books both in one answer, prints each label once, and the job ends printed only with both', async () => {
    bench = await startBench();
    createReturnStored(bench, 'RET-7002');
    const job = await scanAndWait(bench.station, 'RET-7002');
    const booked = bench.sim.records().filter((r) => r.orderNo === 'RET-7002');
    expect(booked).toHaveLength(2);
    expect(job.state).toBe('printed');
    expect(job.shipments.map((s) => s.shipmentId).sort()).toEqual(booked.map((r) => r.shipmentId).sort());
    expect(job.shipments.every((s) => s.state === 'printed')).toBe(true);
    expect(bench.zebra.labels()).toHaveLength(2);
  });

  it('reprinted: both labels print again, and the reprint reads printed only once both have', async () => {
    bench = await startBench();
    createReturnStored(bench, 'RET-7005');
    const booking = await scanAndWait(bench.station, 'RET-7005');
    expect(bench.zebra.labels()).toHaveLength(2);
    const seen: JobView[] = [];
    bench.station.subscribe((e) => {
      if (e.type === 'job' && e.job.kind === 'reprint') seen.push(e.job);
    });
    const { jobId } = await bench.station.reprint({ jobId: booking.id });
    const reprint = await waitForJob(bench.station, jobId);
    expect(reprint.state).toBe('printed');
    expect(bench.zebra.labels()).toHaveLength(4);
    // Every update that read printed already held both shipments, each with its label printed.
    const printed = seen.filter((j) => j.state === 'printed');
    expect(printed.length).toBeGreaterThan(0);
    for (const view of printed) {
      expect(view.shipments.map((s) => s.shipmentId).sort()).toEqual(
        booking.shipments.map((s) => s.shipmentId).sort(),
      );
      expect(view.shipments.every((s) => s.state === 'printed')).toBe(true);
    }
  });

  it('whose booking answer was lost: found in nShift, both labels print once, nothing is booked again', async () => {
    bench = await startBench();
    createReturnStored(bench, 'RET-7004');
    bench.sim.faults.dropAfterCommit(1, { path: '/stored-shipments/*/shipments' });
    const { id: jobId } = await scanAndWait(bench.station, 'RET-7004');
    await bench.station.whenIdle();
    const job = await bench.station.getJob({ jobId });
    const booked = bench.sim.records().filter((r) => r.orderNo === 'RET-7004');
    expect(booked).toHaveLength(2);
    expect(job.state).toBe('printed');
    expect(job.shipments.map((s) => s.shipmentId).sort()).toEqual(booked.map((r) => r.shipmentId).sort());
    expect(bench.zebra.labels()).toHaveLength(2);
  });
});
