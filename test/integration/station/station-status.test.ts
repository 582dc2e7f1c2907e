/**
 * What the station's status says about itself (issue 29, points 1 and 9): its name, and the printer its labels
 * go to, which the Scan screen's readiness is judged by. A station on the simulator over HTTP and a virtual
 * Zebra over TCP.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DemoPrinterFault, StationStatus } from '../../../preload/api';
import { dispatch } from '../../../main/hosts/shared/dispatch';
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

describe('the demo’s label printer on a switch (issue 29, point 10)', () => {
  it('is refused on a station that is not a demo, and a fault it does not know is refused at the door', async () => {
    bench = await startBench();
    const refused = await dispatch(bench.station, 'setDemoPrinterFault', { fault: 'offline' });
    expect(refused).toMatchObject({ ok: false, status: 404, body: { error: 'not_found' } });
    const unknown = await dispatch(bench.station, 'setDemoPrinterFault', { fault: 'on_fire' });
    expect(unknown).toMatchObject({ ok: false, status: 400, body: { error: 'invalid_argument' } });
    expect((await bench.station.getStatus()).demoPrinterFault).toBeUndefined();
  });

  it('switches the virtual Zebra off, out of paper, head open and back, each in the status at once', async () => {
    bench = await startBench();
    const zebra = bench.zebra;
    const setFault = async (fault: DemoPrinterFault): Promise<void> => {
      if (fault === 'offline') return zebra.offline();
      await zebra.online();
      zebra.status(fault === 'none' ? [] : fault);
    };
    const dataDir = await mkdtemp(join(tmpdir(), 'packbench-demo-switch-'));
    try {
      const station = await bench.startStation({ dataDir, extra: { demoPrinter: { setFault } } });
      const label = (s: StationStatus) => s.printers.find((p) => p.printerId === 'zebra');

      const offline = await station.setDemoPrinterFault({ fault: 'offline' });
      expect(offline.demoPrinterFault).toBe('offline');
      expect(label(offline)).toMatchObject({ state: 'offline' });

      const paper = await station.setDemoPrinterFault({ fault: 'paper_out' });
      expect(label(paper)).toMatchObject({ state: 'error', problems: ['paper_out'] });
      const head = await station.setDemoPrinterFault({ fault: 'head_open' });
      expect(label(head)).toMatchObject({ state: 'error', problems: ['head_open'] });

      const working = await station.setDemoPrinterFault({ fault: 'none' });
      expect(working.demoPrinterFault).toBe('none');
      expect(label(working)).toMatchObject({ state: 'ready', problems: [] });
      expect(label(await station.getStatus())).toMatchObject({ state: 'ready' });
      await station.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
