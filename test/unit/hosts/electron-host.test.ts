import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';

/**
 * The Electron host with `electron` mocked (the binary cannot run here): the test records what main.ts asks of
 * Electron and plays the part of the renderer, a foreign frame and the browser's permission and navigation hooks.
 */
type Handler = (event: unknown, input: unknown) => Promise<unknown>;
const hoisted = vi.hoisted(() => ({
  handlers: new Map<string, (event: unknown, input: unknown) => Promise<unknown>>(),
  windows: [] as {
    options: unknown;
    webContents: { send: (...a: unknown[]) => void; mainFrame: object; id: number };
    loadURL: (u: string) => Promise<void>;
    once: () => void;
  }[],
  appListeners: new Map<string, (...a: unknown[]) => void>(),
  permissionRequest: undefined as undefined | ((wc: unknown, p: string, cb: (ok: boolean) => void) => void),
  permissionCheck: undefined as undefined | (() => boolean),
  schemes: [] as unknown[],
  loaded: [] as string[],
  sandboxEnabled: false,
  userData: '',
}));

vi.mock('electron', () => {
  class BrowserWindow {
    webContents = { send: vi.fn(), mainFrame: {}, id: 1 };
    constructor(readonly options: unknown) {
      hoisted.windows.push(this as never);
    }
    once(): void {}
    async loadURL(url: string): Promise<void> {
      hoisted.loaded.push(url);
    }
    isMinimized(): boolean {
      return false;
    }
  }
  return {
    app: {
      enableSandbox: () => {
        hoisted.sandboxEnabled = true;
      },
      requestSingleInstanceLock: () => true,
      quit: vi.fn(),
      getPath: () => hoisted.userData,
      on: (name: string, fn: (...a: unknown[]) => void) => hoisted.appListeners.set(name, fn),
      whenReady: () => Promise.resolve(),
    },
    BrowserWindow,
    ipcMain: { handle: (channel: string, fn: Handler) => hoisted.handlers.set(channel, fn) },
    protocol: { registerSchemesAsPrivileged: (s: unknown) => hoisted.schemes.push(s), handle: vi.fn() },
    net: { fetch: vi.fn() },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (fn: typeof hoisted.permissionRequest) =>
          (hoisted.permissionRequest = fn),
        setPermissionCheckHandler: (fn: typeof hoisted.permissionCheck) => (hoisted.permissionCheck = fn),
      },
    },
    shell: { openExternal: vi.fn() },
    safeStorage: {
      isEncryptionAvailable: () => true,
      encryptString: (s: string) => Buffer.from(s),
      decryptString: (b: Buffer) => b.toString(),
    },
  };
});
vi.mock('electron-store', () => ({
  default: class {
    private data = new Map<string, unknown>();
    get(k: string): unknown {
      return this.data.get(k);
    }
    set(k: string, v: unknown): void {
      this.data.set(k, v);
    }
  },
}));

beforeAll(async () => {
  hoisted.userData = await mkdtemp(join(tmpdir(), 'packbench-electron-'));
  await import('../../../main/hosts/electron/main');
  await vi.waitFor(() => expect(hoisted.windows).toHaveLength(1), { timeout: 5000 });
});

const trustedEvent = () => {
  const window = hoisted.windows[0]!;
  return {
    sender: window.webContents,
    senderFrame: Object.assign(window.webContents.mainFrame, { url: 'app://packbench/index.html' }),
  };
};

describe('the Electron host', () => {
  it('opens one sandboxed, context-isolated window without Node and loads the renderer from app://', () => {
    expect(hoisted.sandboxEnabled).toBe(true);
    const prefs = (hoisted.windows[0]!.options as { webPreferences: Record<string, unknown> }).webPreferences;
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
    });
    expect(String(prefs.preload)).toMatch(/preload[/\\]index\.cjs$/);
    expect(hoisted.loaded).toEqual(['app://packbench/index.html']);
  });

  it('answers the StationApi over IPC for its own frame, with every argument validated', async () => {
    const status = (await hoisted.handlers.get('packbench:getStatus')!(trustedEvent(), null)) as {
      ok: boolean;
      value: { host: string };
    };
    expect(status).toMatchObject({ ok: true, value: { host: 'electron' } });
    const bad = (await hoisted.handlers.get('packbench:scan')!(trustedEvent(), { code: 42 })) as {
      ok: boolean;
      body: { error: string };
    };
    // The field is named, so the UI can say which one in the packer's language.
    expect(bad).toMatchObject({ ok: false, body: { error: 'invalid_argument', field: 'code' } });
  });

  it('refuses IPC from another page, a subframe or another window', async () => {
    const window = hoisted.windows[0]!;
    const foreignUrl = {
      sender: window.webContents,
      senderFrame: Object.assign(window.webContents.mainFrame, { url: 'https://evil.example/' }),
    };
    const subframe = { sender: window.webContents, senderFrame: { url: 'app://packbench/index.html' } };
    const otherWindow = { sender: { mainFrame: {} }, senderFrame: { url: 'app://packbench/index.html' } };
    for (const event of [foreignUrl, subframe, otherWindow]) {
      expect(await hoisted.handlers.get('packbench:getSettings')!(event, null)).toMatchObject({
        ok: false,
        body: { error: 'unauthorized' },
      });
    }
  });

  it('denies every permission request and blocks navigation and new windows', () => {
    const decisions: boolean[] = [];
    hoisted.permissionRequest!({}, 'media', (ok) => decisions.push(ok));
    hoisted.permissionRequest!({}, 'geolocation', (ok) => decisions.push(ok));
    expect(decisions).toEqual([false, false]);
    expect(hoisted.permissionCheck!()).toBe(false);

    const listeners = new Map<string, (event: { preventDefault: () => void }, url?: string) => void>();
    let openHandler: ((d: { url: string }) => { action: string }) | undefined;
    const contents = {
      setWindowOpenHandler: (fn: typeof openHandler) => (openHandler = fn),
      on: (name: string, fn: (event: { preventDefault: () => void }, url?: string) => void) =>
        listeners.set(name, fn),
    };
    hoisted.appListeners.get('web-contents-created')!({}, contents);
    expect(openHandler!({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
    const prevented: string[] = [];
    listeners.get('will-navigate')!(
      { preventDefault: () => prevented.push('navigate') },
      'https://evil.example/',
    );
    listeners.get('will-navigate')!(
      { preventDefault: () => prevented.push('own') },
      'app://packbench/index.html',
    );
    listeners.get('will-attach-webview')!({ preventDefault: () => prevented.push('webview') });
    expect(prevented).toEqual(['navigate', 'webview']);
  });
});
