import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_API_KEY_ID, DEMO_API_KEY_SECRET, seedDemoData } from '../../../main/simulator/demo';
import { createSimulator } from '../../../main/simulator/server';
import { createVirtualOfficePrinter } from '../../../main/simulator/virtual-office-printer';
import { createVirtualZebra } from '../../../main/simulator/virtual-zebra';
import { startWebProcess, type WebProcess } from '../../support/web-process';

/** The built web host (dist/main/web.js) started as an operator starts it, flags and all. */

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function web(args: string[]): WebProcess {
  const child = startWebProcess(args);
  cleanups.push(() => child.stop());
  return child;
}

async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

describe('npm run web -- --document-printer tcp://HOST:PORT', () => {
  it('prints the manifest on that network printer, byte for byte, exactly once', async () => {
    const sim = createSimulator();
    seedDemoData(sim);
    const { deliveryBaseUrl } = await sim.start();
    const zebra = await createVirtualZebra();
    const office = await createVirtualOfficePrinter();
    cleanups.push(
      () => sim.stop(),
      () => zebra.close(),
      () => office.close(),
    );
    const host = web([
      '--port',
      '0',
      '--data-dir',
      await tempDir('packbench-web-docs-'),
      '--delivery-url',
      deliveryBaseUrl,
      '--label-printer',
      `tcp://127.0.0.1:${zebra.port}`,
      '--document-printer',
      `tcp://127.0.0.1:${office.port}`,
    ]);
    await host.ready();
    await host.call('setApiKey', { id: DEMO_API_KEY_ID, secret: DEMO_API_KEY_SECRET });
    expect((await host.finished((await host.call('scan', { code: 'ORD-1001' })).jobId)).state).toBe(
      'printed',
    );

    const manifest = await host.finished((await host.call('createManifest', { manifestType: 'PNL' })).jobId);
    expect(manifest.state).toBe('printed');
    const made = [...sim.state.documents.values()].filter((d) => d.description === 'Manifest');
    expect(made).toHaveLength(1);
    expect(office.jobs()).toEqual([made[0]!.bytes]);
  });
});
