import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startWebProcess, type WebProcess } from '../../support/web-process';

/**
 * The built web host (dist/main/web.js) as an operator starts it: 127.0.0.1 by default, a refusal to bind to
 * the network without --allow-remote, and the token on every call.
 */

let child: WebProcess | undefined;
let dataDir: string | undefined;

afterEach(async () => {
  await child?.stop();
  child = undefined;
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});

describe('dist/main/web.js', () => {
  it('refuses --host 0.0.0.0 without --allow-remote, says why, and listens nowhere', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'packbench-web-'));
    child = startWebProcess(['--host', '0.0.0.0', '--port', '0', '--data-dir', dataDir]);
    const code = await child.closed;
    expect(code).not.toBe(0);
    expect(child.stderr()).toMatch(/--allow-remote/);
    expect(child.stdout()).not.toMatch(/Open http/);
  });

  it('refuses a --delivery-url over plain http to another computer, says why, and listens nowhere', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'packbench-web-'));
    child = startWebProcess([
      '--port',
      '0',
      '--data-dir',
      dataDir,
      '--delivery-url',
      'http://nshift.example.com/v1',
    ]);
    expect(await child.closed).toBe(1);
    expect(child.stderr()).toMatch(/--delivery-url: plain http:\/\/ is only for this computer/);
    expect(child.stdout()).not.toMatch(/Open http/);
  });

  it('says on stderr, naming the file and what to do, when its vault cannot read the saved key', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'packbench-web-'));
    await writeFile(join(dataDir, 'secrets.enc'), 'not a vault at all, and far too short');
    child = startWebProcess(['--port', '0', '--data-dir', dataDir]);
    await child.ready();
    await expect.poll(() => child!.stderr(), { timeout: 20_000 }).toContain(join(dataDir, 'secrets.enc'));
    expect(child.stderr()).toMatch(/enter the secret again in Settings/);
  });

  it('binds 127.0.0.1 by default and wants the launch token on every call', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'packbench-web-'));
    child = startWebProcess(['--port', '0', '--data-dir', dataDir]);
    const { url, token } = await child.ready();
    expect(url.hostname).toBe('127.0.0.1');
    expect((await child.post('getStatus', null, '')).status).toBe(401);
    expect((await child.post('getStatus', null, 'wrong-token')).status).toBe(401);
    expect((await child.post('getStatus', null, token)).status).toBe(200);
  });
});
