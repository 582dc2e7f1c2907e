import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createFileSettingsStore } from '../../../main/settings/file-store';
import { createMemoryVault } from '../../../main/settings/file-vault';
import { DEMO_API_KEY_ID, seedDemoData } from '../../../main/simulator/demo';
import { createSimulator, type Simulator } from '../../../main/simulator/server';
import { createVirtualZebra, type VirtualZebra } from '../../../main/simulator/virtual-zebra';
import { createStation } from '../../../main/station/station';
import { DEMO_KEY_ENV, runHeadless, stationFlags } from '../../support/headless-process';

/**
 * The headless host speaks headless: a `failed` line says what to do with stdin commands, flags and environment
 * variables (never "press R" or "Settings"), and every one carries a job id the journal knows.
 */

const failedLines = (events: Record<string, unknown>[]) => events.filter((e) => e.event === 'failed');
/** Words that only make sense in the app's window. */
const UI_WORDS = /press R|\bSettings\b|\bscreen\b|\bbelow\b|\bclick\b|\bF\d\b/i;

let sim: Simulator | undefined;
let zebra: VirtualZebra | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  await zebra?.close();
  await sim?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  sim = zebra = dataDir = undefined;
});

/** The test's own nShift simulator and Zebra, so what nShift made can be checked after the run. */
async function against(): Promise<string[]> {
  sim = createSimulator();
  seedDemoData(sim);
  const { deliveryBaseUrl } = await sim.start();
  zebra = await createVirtualZebra();
  dataDir = await mkdtemp(join(tmpdir(), 'packbench-headless-msg-'));
  return stationFlags(deliveryBaseUrl, zebra.port, dataDir);
}
const KEY = DEMO_KEY_ENV;

describe('packbench-headless failure messages', () => {
  it('a duplicate says to send ":reprint CODE", not to press R', async () => {
    const run = await runHeadless(['--demo'], 'ORD-1500\n');
    const [failed] = failedLines(run.events);
    expect(failed).toMatchObject({ scan: 'ORD-1500', reason: 'duplicate', code: 'already_booked' });
    expect(failed!.message).toContain('Send ":reprint ORD-1500"');
    expect(failed!.message).not.toMatch(UI_WORDS);
  });

  it('a missing key and a refused key name PACKBENCH_API_KEY_ID and PACKBENCH_API_KEY_SECRET', async () => {
    const args = await against();
    const missing = failedLines((await runHeadless(args, 'ORD-1001\n')).events)[0]!;
    expect(missing).toMatchObject({ reason: 'auth', code: 'auth_missing_key' });
    const refused = failedLines(
      (
        await runHeadless(args, 'ORD-1002\n', {
          PACKBENCH_API_KEY_ID: DEMO_API_KEY_ID,
          PACKBENCH_API_KEY_SECRET: 'not-the-secret',
        })
      ).events,
    )[0]!;
    expect(refused).toMatchObject({ reason: 'auth', code: 'auth_invalid_key' });
    for (const failed of [missing, refused]) {
      expect(failed.message).toContain('PACKBENCH_API_KEY_ID');
      expect(failed.message).toContain('PACKBENCH_API_KEY_SECRET');
      expect(failed.message).not.toMatch(UI_WORDS);
    }
    const booked = (ref: string) => sim!.records().filter((r) => r.internalReference === ref);
    expect([...booked('ORD-1001'), ...booked('ORD-1002')]).toEqual([]);
  });

  it("a --media nShift does not know is named as the station's print settings, not the order's data", async () => {
    const run = await runHeadless(['--demo', '--media', 'foo'], 'ORD-1001\nORD-1002\n');
    const failed = failedLines(run.events);
    expect(failed).toHaveLength(2);
    for (const line of failed) {
      expect(line).toMatchObject({ reason: 'validation', code: 'validation' });
      expect(line.message).toContain("nShift refused this station's print configuration, not the shipment");
      expect(line.message).toContain('Correct --media or --charset');
      expect(line.message).not.toContain('correct the fields it names and scan again');
      expect(line.message).not.toMatch(UI_WORDS);
    }
  });

  it('an unknown command reports the whole line; every command failure has a job id the journal knows', async () => {
    const args = await against();
    const run = await runHeadless(args, ':frobnicate x\n:reprint\n:reprint NO-SUCH\n:cancel NO-SUCH\n', KEY);
    expect(run.code).toBe(0);
    const failed = failedLines(run.events);
    expect(failed.map((f) => [f.scan, f.code])).toEqual([
      [':frobnicate x', 'invalid_scan'],
      [':reprint', 'invalid_scan'],
      ['NO-SUCH', 'unknown_code'],
      ['NO-SUCH', 'unknown_code'],
    ]);
    // A code nothing matches says what was not done and what to check, for :reprint and :cancel alike.
    expect(failed[2]!.message).toContain(
      'nothing was reprinted. Check the code: a shipment or parcel number',
    );
    expect(failed[3]!.message).toContain(
      'nothing was cancelled. Check the code: a shipment or parcel number',
    );
    const station = await createStation({
      dataDir: dataDir!,
      host: 'headless',
      version: 'test',
      settingsStore: createFileSettingsStore(dataDir!),
      vault: createMemoryVault(),
    });
    try {
      for (const line of failed) {
        expect(line.jobId).toEqual(expect.stringMatching(/\S/));
        const job = await station.getJob({ jobId: line.jobId as string });
        expect(job).toMatchObject({ state: 'failed', scan: line.scan, failure: { code: line.code } });
      }
    } finally {
      await station.close();
    }
  });

  it('an over-long :reprint or :cancel argument is refused like an over-long scan, before nShift is asked', async () => {
    const args = await against();
    const long = '9'.repeat(5000);
    const run = await runHeadless(args, `${long}\n:reprint ${long}\n:cancel ${long}\n`, KEY);
    expect(run.code).toBe(0);
    const failed = failedLines(run.events);
    expect(failed).toHaveLength(3);
    for (const line of failed) {
      expect(line).toMatchObject({ reason: 'not_found', code: 'invalid_scan', jobId: expect.any(String) });
      expect(line.message).toMatch(/5000 characters.*at most 128/);
      expect((line.scan as string).length).toBeLessThanOrEqual(64);
    }
    // nShift never saw the code: no request carried it (it used to answer 431, "nShift had a problem answering").
    expect(run.stderr).not.toMatch(/shipments-history.*-> 431|-> 431/);
  });

  it('a scan with an AIM prefix names the character and the prefix; an endless line says to check the Enter suffix', async () => {
    const run = await runHeadless(['--demo'], `]C1ORD-1005\nORD<1>\n${'9'.repeat(100_000)}\n`);
    const [aim, odd, long] = failedLines(run.events);
    for (const line of [aim, odd, long]) {
      expect(line).toMatchObject({ reason: 'not_found', code: 'invalid_scan' });
      expect(line!.message).not.toMatch(UI_WORDS);
    }
    expect(aim!.message).toContain('no order or shipment number has: "]".');
    expect(aim!.message).toContain('It begins with "]C1", a symbology identifier (AIM prefix)');
    expect(aim!.message).toContain('switch that prefix off on the scanner');
    expect(odd!.message).toContain('has: "<", ">".');
    expect(odd!.message).toContain('without a prefix or symbology identifier');
    expect(long!.message).toMatch(/^The scan is 100000 characters long; a code has at most 128\./);
    expect(long!.message).toContain('check that the scanner ends each scan with Enter');
  });

  it('":manifest BOGUS" is refused with the valid types and makes nothing in nShift', async () => {
    const args = await against();
    const run = await runHeadless(args, 'ORD-1001\n:manifest BOGUS\n', KEY);
    const [failed] = failedLines(run.events);
    expect(failed).toMatchObject({ scan: 'BOGUS', reason: 'validation', code: 'unknown_manifest_type' });
    expect(failed!.message).toContain('PNL'); // the settings' default type
    expect(failed!.message).toContain('--manifest-type');
    expect(failed!.jobId).toEqual(expect.stringMatching(/\S/));
    expect(sim!.state.manifests.size).toBe(0);
  });

  it('":manifest PNL" with nothing new answers failed manifest_empty before anything is made in nShift', async () => {
    const args = await against();
    const run = await runHeadless(args, 'ORD-1001\n:manifest PNL\n:manifest PNL\n', KEY);
    expect(run.events.filter((e) => e.event === 'manifest')).toHaveLength(1);
    const [failed] = failedLines(run.events);
    expect(failed).toMatchObject({ scan: 'PNL', reason: 'not_found', code: 'manifest_empty' });
    expect(failed!.message).toMatch(/^Nothing new for manifest PNL: .*no manifest was made in nShift/);
    expect(failed!.message).not.toMatch(UI_WORDS);
    expect(failed).not.toHaveProperty('manifestId');
    expect(sim!.state.manifests.size).toBe(1);
  });

  it('--manifest-type sets the types of this run: each is made, any other is refused naming them', async () => {
    const args = await against();
    const run = await runHeadless(
      [...args, '--manifest-type', 'DAILY', '--manifest-type', 'PNL'],
      'ORD-1001\n:manifest DAILY\n:manifest EXPRESS\n',
      KEY,
    );
    expect(run.events.filter((e) => e.event === 'manifest')).toEqual([
      expect.objectContaining({ manifestType: 'DAILY', printer: 'documents' }),
    ]);
    const [failed] = failedLines(run.events);
    expect(failed).toMatchObject({ scan: 'EXPRESS', code: 'unknown_manifest_type' });
    expect(failed!.message).toContain('DAILY, PNL');
    expect([...sim!.state.manifests.values()].map((m) => m.manifestType)).toEqual(['DAILY']);
  });
});

describe('packbench-headless with a document printer beside the label printer', () => {
  /** A port on 127.0.0.1 nothing listens on: a document printer that is off. */
  async function deadPort(): Promise<number> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    return port;
  }

  it('a printed line gives the label printer its own bytes and lists every document with its printer', async () => {
    const run = await runHeadless(['--demo'], 'ORD-1002\n');
    const [printed] = run.events.filter((e) => e.event === 'printed');
    const documents = printed!.documents as { kind: string; printer: string; bytes: number }[];
    expect(documents.map((d) => [d.kind, d.printer])).toEqual([
      ['label', 'label'],
      ['customs', 'documents'],
    ]);
    expect(printed).toMatchObject({ scan: 'ORD-1002', printer: 'label', bytes: documents[0]!.bytes });
  });

  it('a dead document printer holds the customs document and the manifest, not "the label": the label prints', async () => {
    const port = await deadPort();
    const run = await runHeadless(
      ['--demo', '--document-printer', `tcp://127.0.0.1:${port}`, '--hold-after', '3'],
      'ORD-1002\n:manifest PNL\n',
    );
    expect(run.code).toBe(0);
    const scan = run.events.filter((e) => e.scan === 'ORD-1002');
    expect(scan.map((e) => e.event)).toEqual(['booked', 'printed', 'held', 'failed']);
    const [, printed, held, failed] = scan;
    expect(printed).toMatchObject({ printer: 'label', documents: [{ kind: 'label', printer: 'label' }] });
    expect(held).toMatchObject({
      printer: 'documents',
      documents: [{ kind: 'customs', printer: 'documents' }],
    });
    expect(held!.reason).toBe(
      'The document printer did not take the customs document in time; it is held and never prints unasked.',
    );
    expect(failed).toMatchObject({ reason: 'printer', code: 'label_held' });
    expect(failed!.message).toContain('The label printed: do not send ":reprint ORD-1002"');
    expect(failed!.message).toContain('--document-printer');
    expect(failed!.message).not.toMatch(/label printer|Fix the printer, then send/);

    const manifest = run.events.filter((e) => e.scan === 'PNL');
    expect(manifest.map((e) => e.event)).toEqual(['held', 'failed']);
    expect(manifest[0]).toMatchObject({ printer: 'documents', manifestId: manifest[0]!.shipmentId });
    expect(manifest[0]!.reason).toContain('The document printer did not take the manifest in time');
    expect(manifest[1]).toMatchObject({ code: 'label_held', manifestId: manifest[0]!.shipmentId });
    expect(manifest[1]!.message).not.toMatch(/label/);
  }, 60_000);
});
