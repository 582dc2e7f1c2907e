import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';

afterAll(() =>
  rm(join(tmpdir(), `packbench-electron-start-${process.pid}`), { recursive: true, force: true }),
);

/**
 * The Electron host's start-up order, with `electron` and the station mocked: the window is made and the
 * renderer loaded while the station is still opening, and an IPC call made in that time waits for the station
 * instead of failing. (electron-host.test.ts runs the same host against a real station.)
 */
type Handler = (event: unknown, input: unknown) => Promise<unknown>;
const hoisted = vi.hoisted(() => {
  let open: (station: unknown) => void = () => undefined;
  const opened = new Promise<unknown>((resolve) => (open = resolve));
  return {
    handlers: new Map<string, Handler>(),
    windows: [] as { webContents: { mainFrame: object }; loaded: string[] }[],
    stationsAsked: 0,
    opened,
    open: (station: unknown) => open(station),
  };
});

vi.mock('electron', async () => {
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  class BrowserWindow {
    webContents = { send: vi.fn(), mainFrame: {}, id: 1 };
    loaded: string[] = [];
    constructor() {
      hoisted.windows.push(this);
    }
    once(): void {}
    async loadURL(url: string): Promise<void> {
      this.loaded.push(url);
    }
  }
  return {
    app: {
      enableSandbox: vi.fn(),
      requestSingleInstanceLock: () => true,
      quit: vi.fn(),
      exit: vi.fn(),
      // The host makes and locks its data folder there: a folder of this test's own, removed after it.
      getPath: () => join(tmpdir(), `packbench-electron-start-${process.pid}`),
      on: vi.fn(),
      whenReady: () => Promise.resolve(),
    },
    BrowserWindow,
    ipcMain: { handle: (channel: string, fn: Handler) => hoisted.handlers.set(channel, fn) },
    protocol: { registerSchemesAsPrivileged: vi.fn(), handle: vi.fn() },
    net: { fetch: vi.fn() },
    session: { defaultSession: { setPermissionRequestHandler: vi.fn(), setPermissionCheckHandler: vi.fn() } },
    shell: { openExternal: vi.fn() },
    safeStorage: { isEncryptionAvailable: () => false },
  };
});
vi.mock('electron-store', () => ({ default: class {} }));
vi.mock('../../../main/station/station', () => ({
  createStation: () => {
    hoisted.stationsAsked += 1;
    return hoisted.opened;
  },
}));

describe('the Electron host starting', () => {
  it('opens its window and loads the renderer while the station is still opening', async () => {
    await import('../../../main/hosts/electron/main');
    await vi.waitFor(() => expect(hoisted.windows).toHaveLength(1));
    expect(hoisted.stationsAsked).toBe(1);
    expect(hoisted.windows[0]!.loaded).toEqual(['app://packbench/index.html']);
  });

  it('answers an IPC call made before the station is open once it is, not with an error', async () => {
    const window = hoisted.windows[0]!;
    const event = {
      sender: window.webContents,
      senderFrame: Object.assign(window.webContents.mainFrame, { url: 'app://packbench/index.html' }),
    };
    let answered = false;
    const answer = hoisted.handlers.get('packbench:getStatus')!(event, null).then((value) => {
      answered = true;
      return value;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(answered).toBe(false);
    const status = { host: 'electron', printers: [], queueLength: 0 };
    hoisted.open({ startupWarnings: [], subscribe: () => () => undefined, getStatus: async () => status });
    await expect(answer).resolves.toMatchObject({ ok: true, value: status });
  });
});
