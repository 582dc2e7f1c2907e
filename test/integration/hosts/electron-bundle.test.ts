import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * The built Electron main (dist/main/electron.cjs) run under plain Node, with `electron` answered by a stand-in
 * (test/support/electron-stub/). The unit tests run its sources with `electron` mocked; only this runs the bundle,
 * so only this sees what esbuild's CommonJS output does to the packages (an ES-only package's default export that
 * arrives as its module namespace, a locale module that is not a function) before a user's machine does. What
 * the main loads later by dynamic import (the nShift client's answer schemas, pdf-lib, undici) is not run here.
 */
const BUNDLE = resolve('dist/main/electron.cjs');
const STUB = resolve('test/support/electron-stub/register.cjs');

interface Run {
  code: number | null;
  stderr: string;
}

function runBundle(env: Record<string, string> = {}): Promise<Run> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--require', STUB, BUNDLE], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    // Nothing keeps the stubbed app running once it has started: it ends by itself, or it is stuck.
    const stuck = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('error', fail);
    child.on('close', (code) => {
      clearTimeout(stuck);
      done({ code, stderr });
    });
  });
}

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

describe('the built Electron main', () => {
  // The global setup builds it (scripts/build-main.mjs): a bundle that is not there is a broken build, not a skip.
  it('is built', () => {
    expect(existsSync(BUNDLE), `${BUNDLE} was not built`).toBe(true);
  });

  it('loads what it runs at start and waits for the app to be ready', async () => {
    const run = await runBundle();
    expect(run.stderr).toContain('electron-stub: app.requestSingleInstanceLock');
    expect(run.stderr).toContain('electron-stub: app.whenReady');
    expect(run.stderr).toMatch(/Packbench \S+ starting/);
    expect(run.code).toBe(0);
  });

  it('once the app is ready, opens the station in its user-data folder and loads the window', async () => {
    const userData = await mkdtemp(join(tmpdir(), 'packbench-electron-bundle-'));
    folders.push(userData);
    const run = await runBundle({ PACKBENCH_STUB_USER_DATA: userData });
    expect(run.stderr).not.toContain('could not start');
    expect(run.stderr).toContain('electron-stub: BrowserWindow.loadURL app://packbench/index.html');
    // start() got to its end: the station opened and the window loaded.
    expect(run.stderr).toContain(`station open in ${userData}; window loaded`);
    // Every StationApi method is answered over IPC.
    expect(run.stderr.match(/electron-stub: ipcMain\.handle/g)?.length).toBeGreaterThan(30);
    // The station opened its journal in the user-data folder.
    expect(await readdir(userData)).toContain('journal');
    expect(run.code).toBe(0);
  });
});
