/**
 * A kiosk that survives restarts (issue 29, point 11): the built web host (dist/main/web.js) started as an operator
 * starts it, with --keep-token on one data folder, restarted, then rotated.
 */
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startWebProcess, type WebProcess } from '../../support/web-process';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function dataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'packbench-kiosk-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** Starts the host, waits for its URL and its station, and leaves it to be stopped by the test or afterwards. */
async function web(args: string[]): Promise<{ host: WebProcess; token: string; port: number }> {
  const host = startWebProcess(['--port', '0', ...args]);
  cleanups.push(() => host.stop());
  const { url, token } = await host.ready();
  await host.call('getStatus');
  return { host, token, port: Number(url.port) };
}

describe('the web host’s access token', () => {
  it('changes at every start without --keep-token, and nothing is kept', async () => {
    const dir = await dataDir();
    const first = await web(['--data-dir', dir]);
    await first.host.stop();
    const second = await web(['--data-dir', dir]);
    expect(second.token).not.toBe(first.token);
    expect((await second.host.post('getStatus', null, first.token)).status).toBe(401);
    await expect(stat(join(dir, 'web-token'))).rejects.toThrow(/ENOENT/);
  });

  it('with --keep-token the same address works after a restart; --rotate-token refuses the old one', async () => {
    const dir = await dataDir();
    const first = await web(['--data-dir', dir, '--keep-token']);
    const kept = join(dir, 'web-token');
    expect((await stat(kept)).mode & 0o777).toBe(0o600);
    expect((await readFile(kept, 'utf8')).trim()).toBe(first.token);
    await first.host.stop();

    const restarted = await web(['--data-dir', dir, '--keep-token', '--port', String(first.port)]);
    expect(restarted.token).toBe(first.token);
    expect(restarted.host.stdout()).toContain(`Open http://127.0.0.1:${first.port}/?token=${first.token}`);
    expect((await restarted.host.post('getStatus', null, first.token)).status).toBe(200);
    await restarted.host.stop();

    const rotated = await web(['--data-dir', dir, '--rotate-token']);
    expect(rotated.token).not.toBe(first.token);
    expect((await rotated.host.post('getStatus', null, first.token)).status).toBe(401);
    expect((await rotated.host.post('getStatus', null, rotated.token)).status).toBe(200);
    expect(rotated.host.stderr()).toMatch(/the old address is refused from now on/);
    await rotated.host.stop();

    // The rotated one is the one kept from then on.
    const after = await web(['--data-dir', dir, '--keep-token']);
    expect(after.token).toBe(rotated.token);
  });

  it('refuses --keep-token with a demo’s own folder, which is removed when the demo ends', async () => {
    const host = startWebProcess(['--demo', '--keep-token', '--port', '0']);
    cleanups.push(() => host.stop());
    expect(await host.closed).toBe(1);
    expect(host.stderr()).toMatch(/--keep-token keeps the token in the data folder.*give --data-dir DIR/);
    expect(host.stdout()).not.toMatch(/Open http/);
  });

  it('says what it does in --help', async () => {
    const host = startWebProcess(['--help']);
    expect(await host.closed).toBe(0);
    expect(host.stdout()).toContain('--keep-token');
    expect(host.stdout()).toContain('--rotate-token');
  });
});
