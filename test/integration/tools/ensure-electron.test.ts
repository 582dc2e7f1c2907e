import { spawn } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { holdPort } from '../../support/listening';

/**
 * `npm start` on a machine that cannot download Electron: scripts/ensure-electron.mjs runs Electron's own installer
 * against an electron package without its binary (no path.txt) and a mirror on 127.0.0.1 that is not there, and
 * must answer with one paragraph that says what to do — never the installer's stack traces.
 */

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

function run(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ['scripts/ensure-electron.mjs', ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.once('close', (code) => done({ code, output }));
  });
}

describe('npm start without network (scripts/ensure-electron.mjs)', () => {
  it('says in one paragraph that the download failed and how to go on, exits 1, and shows no stack trace', async () => {
    dir = await mkdtemp(join(tmpdir(), 'packbench-electron-pkg-'));
    const electron = join(dir, 'electron');
    await mkdir(electron);
    // Electron's package as npm installs it with the download skipped: no path.txt, no dist/.
    for (const file of ['package.json', 'install.js', 'checksums.json'])
      await copyFile(join('node_modules', 'electron', file), join(electron, file));
    // A mirror address where nothing listens (the port was just free): the download fails at once, offline.
    const mirror = await holdPort();
    await mirror.close();
    const cache = join(dir, 'cache');

    const { code, output } = await run([electron], {
      ELECTRON_MIRROR: `http://127.0.0.1:${mirror.port}/`,
      electron_config_cache: cache,
      // The installer's own dependencies (@electron/get, extract-zip) from this project.
      NODE_PATH: resolve('node_modules'),
      // Set on this machine to keep `npm install` from downloading: starting the app must not obey it.
      ELECTRON_SKIP_BINARY_DOWNLOAD: '1',
    });

    expect(code).toBe(1);
    const text = output.replace(/\s+/g, ' ');
    expect(text).toContain('the Electron binary (v');
    expect(text).toContain('could not be downloaded');
    expect(text).toContain(`ECONNREFUSED 127.0.0.1:${mirror.port}`);
    expect(text).toContain('ELECTRON_MIRROR=');
    expect(text).toContain('electron_config_cache');
    expect(text).toContain(cache);
    expect(text).toContain('npm run demo');
    expect(output).not.toMatch(/^\s+at /m); // no stack frames
    expect(output).not.toMatch(/\.js:\d+:\d+/);
  });
});
