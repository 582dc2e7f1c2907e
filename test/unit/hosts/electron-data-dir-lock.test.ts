import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';

/**
 * The Electron host takes the data folder's lock (the one the web and headless hosts take) before its station
 * opens: a folder another Packbench uses is said in a dialog and the app exits 1 without opening a station;
 * closing the window closes the station, then frees the folder. `electron` and the station are mocked.
 */
const hoisted = vi.hoisted(() => ({
  userData: '',
  singleInstance: true,
  listeners: new Map<string, () => void>(),
  exitCodes: [] as number[],
  errorBoxes: [] as { title: string; content: string }[],
  stationsOpened: 0,
  stationsClosed: 0,
  lockWhenOpened: undefined as string | undefined,
}));

vi.mock('electron', () => {
  class BrowserWindow {
    webContents = { send: vi.fn(), mainFrame: {}, id: 1 };
    once(): void {}
    async loadURL(): Promise<void> {}
  }
  return {
    app: {
      enableSandbox: vi.fn(),
      requestSingleInstanceLock: () => hoisted.singleInstance,
      quit: vi.fn(),
      exit: (code: number) => hoisted.exitCodes.push(code),
      getPath: () => hoisted.userData,
      on: (name: string, fn: () => void) => hoisted.listeners.set(name, fn),
      whenReady: () => Promise.resolve(),
    },
    BrowserWindow,
    dialog: {
      showErrorBox: (title: string, content: string) => hoisted.errorBoxes.push({ title, content }),
    },
    ipcMain: { handle: vi.fn() },
    protocol: { registerSchemesAsPrivileged: vi.fn(), handle: vi.fn() },
    net: { fetch: vi.fn() },
    session: { defaultSession: { setPermissionRequestHandler: vi.fn(), setPermissionCheckHandler: vi.fn() } },
    shell: { openExternal: vi.fn() },
    safeStorage: { isEncryptionAvailable: () => false },
  };
});
vi.mock('electron-store', () => ({ default: class {} }));
vi.mock('../../../main/station/station', () => ({
  createStation: async () => {
    hoisted.stationsOpened += 1;
    hoisted.lockWhenOpened = await readFile(join(hoisted.userData, 'packbench.lock'), 'utf8');
    return {
      startupWarnings: [],
      subscribe: () => () => undefined,
      close: async () => {
        hoisted.stationsClosed += 1;
      },
    };
  },
}));

const folders: string[] = [];
const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
afterAll(async () => {
  sleeper.kill();
  for (const dir of folders) await rm(dir, { recursive: true, force: true });
});

async function startHost(): Promise<void> {
  hoisted.userData = await mkdtemp(join(tmpdir(), 'packbench-electron-lock-'));
  folders.push(hoisted.userData);
  Object.assign(hoisted, { exitCodes: [], errorBoxes: [], stationsOpened: 0, stationsClosed: 0 });
  hoisted.listeners.clear();
}

describe('the Electron host and the data folder lock', () => {
  it('on a folder another Packbench uses: says so in a dialog, opens no station, exits 1', async () => {
    await startHost();
    // Another Packbench (a web or headless host started with this folder as --data-dir) holds it.
    await writeFile(
      join(hoisted.userData, 'packbench.lock'),
      JSON.stringify({ pid: sleeper.pid, hostname: hostname(), startedAt: 'earlier', token: 'theirs' }),
    );
    vi.resetModules();
    await import('../../../main/hosts/electron/main');
    await vi.waitFor(() => expect(hoisted.exitCodes).toEqual([1]));
    expect(hoisted.stationsOpened).toBe(0);
    expect(hoisted.errorBoxes).toHaveLength(1);
    expect(hoisted.errorBoxes[0]!.title).toBe('Packbench cannot start');
    expect(hoisted.errorBoxes[0]!.content).toContain(
      `the data folder ${hoisted.userData} is in use by another Packbench (pid ${sleeper.pid}`,
    );
    // Theirs stays theirs.
    expect(JSON.parse(await readFile(join(hoisted.userData, 'packbench.lock'), 'utf8'))).toMatchObject({
      token: 'theirs',
    });
  });

  it('locks the folder before the station opens, and frees it once the station is closed', async () => {
    await startHost();
    vi.resetModules();
    await import('../../../main/hosts/electron/main');
    await vi.waitFor(() => expect(hoisted.stationsOpened).toBe(1));
    expect(JSON.parse(hoisted.lockWhenOpened!)).toMatchObject({ pid: process.pid });
    hoisted.listeners.get('window-all-closed')!();
    await vi.waitFor(() => expect(existsSync(join(hoisted.userData, 'packbench.lock'))).toBe(false));
    expect(hoisted.stationsClosed).toBe(1);
    expect(hoisted.errorBoxes).toEqual([]);
  });

  it('a second instance only hands over to the first: no lock, no dialog', async () => {
    await startHost();
    hoisted.singleInstance = false;
    vi.resetModules();
    await import('../../../main/hosts/electron/main');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(hoisted.stationsOpened).toBe(0);
    expect(hoisted.errorBoxes).toEqual([]);
    expect(existsSync(join(hoisted.userData, 'packbench.lock'))).toBe(false);
  });
});
