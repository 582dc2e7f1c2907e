import { afterEach, describe, expect, it } from 'vitest';
import { BENCH_ZPL_PRINTER_ID } from '../../../main/simulator/index';
import { scanAndWait, startBench, type Bench } from '../../support/station-harness';

let bench: Bench | undefined;
afterEach(async () => {
  await bench?.close();
  bench = undefined;
});

describe('an nShift Print Client printer', () => {
  it('prints a booked label through the print-job API, as a raw_uri job for the shipment document', async () => {
    bench = await startBench({
      settings: (s) => ({
        ...s,
        printers: [
          ...s.printers,
          {
            kind: 'print-client',
            id: 'pc-zebra',
            name: 'Zebra on the bench PC',
            printerId: BENCH_ZPL_PRINTER_ID,
          },
        ],
        routing: { ...s.routing, labelPrinterId: 'pc-zebra' },
      }),
    });
    const job = await scanAndWait(bench.station, 'ORD-1001');
    expect(job.state).toBe('printed');
    const jobs = [...bench.sim.state.printJobs.values()];
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ printerId: BENCH_ZPL_PRINTER_ID, contentType: 'raw_uri' });
    expect(jobs[0]!.owner).toMatchObject({ kind: 'shipment', id: job.shipments[0]!.shipmentId });
    expect(bench.zebra.labels()).toHaveLength(0); // nothing went to the local Zebra
  });
});
