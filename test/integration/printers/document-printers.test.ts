/**
 * Every document kind that goes to the document printer (a manifest, the waybill of a closed consolidated
 * shipment, an A4 customs declaration) × every way a station learns its document printer (a command-line flag,
 * the saved settings, demo mode): the document arrives on that printer byte for byte, exactly once.
 *
 * The stations are wired as the web and headless hosts wire them (settingsLayers, a settings file in the data
 * directory, startDemo), against the simulator over HTTP, a virtual Zebra and a virtual office printer over TCP.
 * The hosts' own start-up is covered end to end in test/integration/hosts/.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { JobView } from '../../../preload/api';
import { startDemo, type Demo } from '../../../main/hosts/shared/demo';
import { settingsLayers } from '../../../main/hosts/shared/overrides';
import type { SettingsLayer } from '../../../main/settings/in-force';
import { createFileSettingsStore } from '../../../main/settings/file-store';
import { createMemoryVault } from '../../../main/settings/file-vault';
import { defaultSettings } from '../../../main/settings/schema';
import { DEMO_API_KEY_ID, DEMO_API_KEY_SECRET } from '../../../main/simulator/demo';
import type { Simulator } from '../../../main/simulator/server';
import type { SimDocument } from '../../../main/simulator/state';
import { createStation, type Station } from '../../../main/station/station';
import { startPrintWorld } from '../../support/print-world';
import { waitForJob } from '../../support/station-harness';

type Source = 'flag' | 'settings' | 'demo';

interface World {
  station: Station;
  sim: Simulator;
  /** Every document the document printer received, one Buffer per print job. */
  printed(): Promise<Buffer[]>;
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function world(source: Source): Promise<World> {
  const dataDir = await mkdtemp(join(tmpdir(), `packbench-docs-${source}-`));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  let sim: Simulator;
  let overrides: SettingsLayer[];
  let printed: () => Promise<Buffer[]>;

  if (source === 'demo') {
    const demo: Demo = await startDemo();
    cleanups.push(() => demo.stop());
    sim = demo.simulator;
    overrides = settingsLayers({}, demo, dataDir);
    // The demo's document printer is the folder "documents" in its data directory.
    printed = async () => {
      const dir = join(dataDir, 'documents');
      const files = (await readdir(dir).catch(() => [] as string[])).sort();
      return Promise.all(files.map((f) => readFile(join(dir, f))));
    };
  } else {
    const print = await startPrintWorld();
    cleanups.push(() => print.close());
    sim = print.sim;
    const { deliveryBaseUrl, zebra, office } = print;
    const flags = { deliveryUrl: deliveryBaseUrl, labelPrinter: `tcp://127.0.0.1:${zebra.port}` };
    if (source === 'settings') {
      const saved = defaultSettings();
      saved.printers = [
        { kind: 'raw-tcp', id: 'office', name: 'Office', host: office.host, port: office.port },
      ];
      saved.routing = { rules: [], documentPrinterId: 'office' };
      await createFileSettingsStore(dataDir).save(saved);
      overrides = settingsLayers(flags, undefined, dataDir);
    } else {
      overrides = settingsLayers(
        { ...flags, documentPrinter: `tcp://127.0.0.1:${office.port}` },
        undefined,
        dataDir,
      );
    }
    printed = async () => office.jobs();
  }

  const station = await createStation({
    dataDir,
    host: 'headless',
    version: 'test',
    settingsStore: createFileSettingsStore(dataDir),
    vault: createMemoryVault({ id: DEMO_API_KEY_ID, secret: DEMO_API_KEY_SECRET }),
    overrides,
    log: () => {},
  });
  cleanups.push(() => station.close());
  return { station, sim, printed };
}

const finished = async (station: Station, started: Promise<{ jobId: string }>): Promise<JobView> =>
  waitForJob(station, (await started).jobId);

const documentsMade = (sim: Simulator, description: SimDocument['description']): Buffer[] =>
  [...sim.state.documents.values()].filter((d) => d.description === description).map((d) => d.bytes);

const KINDS: {
  kind: string;
  description: SimDocument['description'];
  make: (station: Station) => Promise<JobView>;
}[] = [
  {
    kind: 'the end-of-day manifest',
    description: 'Manifest',
    async make(station) {
      await finished(station, station.scan({ code: 'ORD-1001' }));
      return finished(station, station.createManifest({ manifestType: 'PNL' }));
    },
  },
  {
    kind: 'the waybill of a closed consolidated shipment',
    description: 'Waybill',
    async make(station) {
      const open = (await station.listConsolidated()).find((c) => c.key === 'KONS-4001');
      expect(open).toBeDefined();
      return finished(station, station.closeConsolidated({ consolidatedId: open!.consolidatedId }));
    },
  },
  {
    kind: 'an A4 customs declaration booked with a label',
    description: 'Customs declaration',
    make: (station) => finished(station, station.scan({ code: 'ORD-1002' })),
  },
];

describe.each<Source>(['flag', 'settings', 'demo'])('a document printer from %s', (source) => {
  it.each(KINDS)('$kind reaches it byte for byte, exactly once', async ({ description, make }) => {
    const w = await world(source);
    const job = await make(w.station);
    expect(job.state).toBe('printed');
    const made = documentsMade(w.sim, description);
    expect(made).toHaveLength(1);
    const printed = await w.printed();
    expect(printed).toHaveLength(1);
    expect(printed[0]!.equals(made[0]!)).toBe(true);
    expect(printed[0]!.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});
