/**
 * Every document kind × every way a host learns its document printer (a command-line flag, the saved settings,
 * demo mode), through the built hosts as an operator starts them: each document is printed exactly once, on
 * the document printer of that source. Kinds are told apart by the PDF's title, which the simulator sets.
 *
 * The headless host makes manifests (`:manifest`) and A4 documents (a customs declaration booked with a label);
 * it has no command that closes a consolidated shipment, so it never makes a waybill. The web host makes all
 * three. The Electron host has neither flags nor demo mode: its saved-settings case is in
 * test/unit/hosts/electron-host.test.ts. The same matrix inside one station is in
 * test/integration/printers/document-printers.test.ts.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileSettingsStore } from '../../../main/settings/file-store';
import { defaultSettings } from '../../../main/settings/schema';
import { DEMO_API_KEY_ID, DEMO_API_KEY_SECRET } from '../../../main/simulator/demo';
import { DEMO_KEY_ENV, runHeadless } from '../../support/headless-process';
import { printedDataDir } from '../../support/listening';
import { startPrintWorld } from '../../support/print-world';
import { startWebProcess } from '../../support/web-process';

type Source = 'flag' | 'settings' | 'demo';
type Title = 'Manifest' | 'Waybill' | 'Customs declaration';

const KINDS: { kind: string; title: Title }[] = [
  { kind: 'the end-of-day manifest', title: 'Manifest' },
  { kind: 'the waybill of a closed consolidated shipment', title: 'Waybill' },
  { kind: 'an A4 customs declaration booked with a label', title: 'Customs declaration' },
];

/** What one host run left behind: what the document printer received, and what nShift made (not in demo). */
interface Outcome {
  printed: { title: string; bytes: Buffer }[];
  made?: (title: Title) => Buffer[];
}

const titled = async (bytes: Buffer): Promise<{ title: string; bytes: Buffer }> => ({
  title: (await PDFDocument.load(bytes, { updateMetadata: false })).getTitle() ?? '(none)',
  bytes,
});

const folderJobs = async (dir: string): Promise<Buffer[]> => {
  const files = (await readdir(dir).catch(() => [] as string[])).sort();
  return Promise.all(files.map((file) => readFile(join(dir, file))));
};

/** A print world (simulator, Zebra, office printer), and the flags or saved settings that name its printers. */
async function network(source: 'flag' | 'settings', dataDir: string, cleanups: (() => Promise<unknown>)[]) {
  const world = await startPrintWorld();
  cleanups.push(() => world.close());
  const { deliveryBaseUrl, zebra, office } = world;
  let args: string[] = [];
  if (source === 'flag') {
    args = [
      '--delivery-url',
      deliveryBaseUrl,
      '--label-printer',
      `tcp://127.0.0.1:${zebra.port}`,
      '--document-printer',
      `tcp://127.0.0.1:${office.port}`,
    ];
  } else {
    // What a packer saves in Settings: the nShift address, a Zebra and an office printer on the network.
    const saved = defaultSettings();
    saved.deliveryUrl = deliveryBaseUrl;
    saved.printers = [
      { kind: 'zpl-tcp', id: 'zebra', name: 'Zebra', host: '127.0.0.1', port: zebra.port },
      { kind: 'raw-tcp', id: 'office', name: 'Office', host: office.host, port: office.port },
    ];
    saved.routing = { rules: [], labelPrinterId: 'zebra', documentPrinterId: 'office' };
    await createFileSettingsStore(dataDir).save(saved);
  }
  return { args, made: world.made, jobs: () => office.jobs() };
}

async function tempDir(cleanups: (() => Promise<unknown>)[]): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'packbench-host-docs-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** The headless host, fed a customs-declaration order and `:manifest PNL` on stdin. */
async function headless(source: Source, cleanups: (() => Promise<unknown>)[]): Promise<Outcome> {
  const dataDir = await tempDir(cleanups);
  const input = 'ORD-1002\n:manifest PNL\n';
  if (source === 'demo') {
    // --data-dir keeps the demo's folder after the run (it is the operator's), so its documents can be read.
    const run = await runHeadless(['--demo', '--data-dir', dataDir], input);
    expect(run.code).toBe(0);
    expect(run.events.filter((e) => e.event === 'failed')).toEqual([]);
    return { printed: await Promise.all((await folderJobs(join(dataDir, 'documents'))).map(titled)) };
  }
  const net = await network(source, dataDir, cleanups);
  const env = DEMO_KEY_ENV;
  const run = await runHeadless([...net.args, '--data-dir', dataDir], input, env);
  expect(run.code).toBe(0);
  expect(run.events.filter((e) => e.event === 'failed')).toEqual([]);
  // The contract names the printer by id: `documents` for --document-printer, the saved id otherwise.
  expect(run.events.filter((e) => e.event === 'manifest')).toEqual([
    expect.objectContaining({ manifestType: 'PNL', printer: source === 'flag' ? 'documents' : 'office' }),
  ]);
  return { printed: await Promise.all(net.jobs().map(titled)), made: net.made };
}

/** The web host, driven over its HTTP API as the renderer drives it. */
async function web(source: Source, cleanups: (() => Promise<unknown>)[]): Promise<Outcome> {
  const dataDir = source === 'demo' ? undefined : await tempDir(cleanups);
  const net = dataDir && source !== 'demo' ? await network(source, dataDir, cleanups) : undefined;
  const host = startWebProcess([
    '--port',
    '0',
    ...(source === 'demo' ? ['--demo'] : ['--data-dir', dataDir!, ...net!.args]),
  ]);
  cleanups.push(() => host.stop());
  await host.ready();
  if (source !== 'demo') await host.call('setApiKey', { id: DEMO_API_KEY_ID, secret: DEMO_API_KEY_SECRET });

  const done = async (started: Promise<{ jobId: string }>) =>
    expect((await host.finished((await started).jobId)).state).toBe('printed');
  await done(host.call('scan', { code: 'ORD-1002' }));
  const open = (await host.call('listConsolidated')).find((c) => c.key === 'KONS-4001');
  expect(open).toBeDefined();
  await done(host.call('closeConsolidated', { consolidatedId: open!.consolidatedId }));
  await done(host.call('createManifest', { manifestType: 'PNL' }));

  if (net) return { printed: await Promise.all(net.jobs().map(titled)), made: net.made };
  // The demo's document printer is the folder "documents" in the data folder it printed at start.
  const documents = join(printedDataDir(host.stderr()), 'documents');
  return { printed: await Promise.all((await folderJobs(documents)).map(titled)) };
}

const HOSTS: { host: string; run: typeof web; kinds: Title[] }[] = [
  { host: 'packbench-headless', run: headless, kinds: ['Manifest', 'Customs declaration'] },
  { host: 'the web host', run: web, kinds: ['Manifest', 'Waybill', 'Customs declaration'] },
];

describe.each(HOSTS)('$host', ({ run, kinds }) => {
  describe.each<Source>(['flag', 'settings', 'demo'])('with its document printer from %s', (source) => {
    const cleanups: (() => Promise<unknown>)[] = [];
    let outcome: Outcome;
    beforeAll(async () => {
      outcome = await run(source, cleanups);
    }, 90_000);
    afterAll(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    });

    it.each(KINDS.filter((k) => kinds.includes(k.title)))('prints $kind on it exactly once', ({ title }) => {
      const printed = outcome.printed.filter((p) => p.title === title);
      expect(printed).toHaveLength(1);
      expect(printed[0]!.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      if (outcome.made) {
        // Byte for byte what nShift made, and nShift made it once.
        expect(outcome.made(title)).toEqual([printed[0]!.bytes]);
      }
    });

    it('prints nothing else on it', () => {
      expect(outcome.printed.map((p) => p.title).sort()).toEqual([...kinds].sort());
    });
  });
});
