import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { accepts, demoPorts, holdPort, printedDataDir } from '../../support/listening';
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

describe('npm run demo with its port taken', () => {
  it('exits non-zero at once, says the port is taken and names --port, and leaves nothing running', async () => {
    const taken = await holdPort();
    cleanups.push(() => taken.close());
    const host = web(['--demo', '--port', String(taken.port)]);
    expect(await host.closed).toBe(1);
    const said = host.stderr();
    expect(said).toContain(`port ${taken.port} on 127.0.0.1 is already taken`);
    expect(said).toContain('--port');
    expect(host.stdout()).not.toMatch(/Open http/);
    // What the demo had started is gone: the simulator, the virtual Zebra, the demo's data folder.
    const ports = demoPorts(said);
    expect(await accepts(ports.simulator)).toBe(false);
    expect(await accepts(ports.zebra)).toBe(false);
    expect(existsSync(printedDataDir(said))).toBe(false);
  });
});

describe('npm run demo tells the truth about where things are', () => {
  it('prints its data folder, reports the simulator as the nShift address in force (source demo), never saves it, and removes the folder on SIGTERM', async () => {
    const host = web(['--demo', '--port', '0']);
    await host.ready();
    const dataDir = printedDataDir(host.stderr());
    const simulator = demoPorts(host.stderr()).simulator;

    // The URL comes before the station has opened; the first call waits for it.
    const settings = await host.call('getSettings');
    expect(existsSync(join(dataDir, 'journal'))).toBe(true);
    await expect
      .poll(() => host.stdout())
      .toContain(`PDFs (manifests, waybills) are written to ${join(dataDir, 'documents')}`);
    expect(settings.inForce.deliveryUrl).toEqual({
      value: `http://127.0.0.1:${simulator}/rs-extapi/v1`,
      source: 'demo',
    });
    expect(settings.inForce.labelPrinterId).toEqual({ value: 'label', source: 'demo' });
    expect(settings.inForce.printers.map((p) => [p.value.id, p.source])).toEqual(
      expect.arrayContaining([
        ['label', 'demo'],
        ['documents', 'demo'],
      ]),
    );
    expect(settings.account.deliveryUrl).not.toContain('127.0.0.1'); // the saved address is untouched

    // Saving other settings does not write the demo's address or printers to disk.
    await host.call('saveSettings', { language: 'sv' });
    const saved = await readFile(join(dataDir, 'settings.json'), 'utf8');
    expect(JSON.parse(saved)).toMatchObject({ language: 'sv' });
    expect(saved).not.toContain('127.0.0.1');

    expect(await host.stop('SIGTERM')).toBe(0);
    expect(existsSync(dataDir)).toBe(false);
    expect(await accepts(simulator)).toBe(false);
  });
});

describe('a web host whose terminal or session closes', () => {
  it('stops in order on SIGHUP, as on SIGTERM: its demo folder removed, its simulator stopped, exit 0', async () => {
    const host = web(['--demo', '--port', '0']);
    await host.ready();
    const dataDir = printedDataDir(host.stderr());
    const simulator = demoPorts(host.stderr()).simulator;
    await host.call('getSettings');

    expect(await host.stop('SIGHUP')).toBe(0);
    expect(existsSync(dataDir)).toBe(false);
    expect(await accepts(simulator)).toBe(false);
  });
});

describe('a web host whose station cannot open', () => {
  it('has printed its URL, then says why, exits 1 and serves nothing more', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'packbench-web-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    // The journal's folder is taken by a file: the station fails once the page is already being served.
    await writeFile(join(dataDir, 'journal'), 'not a folder');
    const host = web(['--port', '0', '--data-dir', dataDir]);
    const { url } = await host.ready();
    expect(await host.closed).toBe(1);
    expect(host.stderr()).toContain(
      `packbench web: the data folder ${dataDir} cannot be used: ${join(dataDir, 'journal')} is a file where Packbench keeps a folder`,
    );
    expect(await accepts(Number(url.port))).toBe(false);
  });
});
