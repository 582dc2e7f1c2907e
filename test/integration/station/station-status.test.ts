/**
 * What the station's status says about itself (issue 29, points 1 and 9): its name, and the printer its labels
 * go to, which the Scan screen's readiness is judged by. A station on the simulator over HTTP and a virtual
 * Zebra over TCP.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startBench, type Bench } from '../../support/station-harness';

let bench: Bench | undefined;
afterEach(async () => {
  await bench?.close();
  bench = undefined;
});

describe('the station status', () => {
  it("names the station by its setting, and by the computer's name while that is empty", async () => {
    bench = await startBench({ extra: { computerName: 'pack-pc-07' } });
    expect((await bench.station.getStatus()).stationName).toBe('pack-pc-07');

    await bench.station.saveSettings({ station: { name: '  Bench 3 (returns)  ' } });
    expect((await bench.station.getStatus()).stationName).toBe('Bench 3 (returns)');
    expect((await bench.station.getSettings()).station).toEqual({ name: 'Bench 3 (returns)' });

    await bench.station.saveSettings({ station: { name: '' } });
    expect((await bench.station.getStatus()).stationName).toBe('pack-pc-07');
  });

  it('names the label printer, and none once labels would only reach the documents folder', async () => {
    bench = await startBench();
    expect((await bench.station.getStatus()).labelPrinterId).toBe('zebra');

    const statuses: (string | undefined)[] = [];
    bench.station.subscribe((event) => {
      if (event.type === 'status') statuses.push(event.status.labelPrinterId ?? 'none');
    });
    await bench.station.removePrinter({ printerId: 'zebra' });
    expect((await bench.station.getStatus()).labelPrinterId).toBeUndefined();
    // Said to the UI as it happens, not at the next reload.
    expect(statuses.at(-1)).toBe('none');
  });
});

describe('the account in the status', () => {
  it('is checked again while nShift does not answer, and reads connected once it does', async () => {
    bench = await startBench();
    bench.sim.setReachable(false);
    const dataDir = await mkdtemp(join(tmpdir(), 'packbench-recheck-'));
    try {
      const station = await bench.startStation({ dataDir, extra: { accountRecheckMs: 100 } });
      await expect
        .poll(async () => (await station.getStatus()).account.state, { timeout: 10_000 })
        .toBe('offline');
      bench.sim.setReachable(true);
      await expect
        .poll(async () => (await station.getStatus()).account.state, { timeout: 10_000 })
        .toBe('connected');
      await station.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
