import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_API_KEY_ID, DEMO_API_KEY_SECRET } from '../../../main/simulator/demo';
import { startPrintWorld } from '../../support/print-world';

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
  failLoad: false,
  exitCodes: [] as number[],
}));

vi.mock('electron', () => {
  class BrowserWindow {
    webContents = { send: vi.fn(), mainFrame: {}, id: 1 };
    constructor(readonly options: unknown) {
      hoisted.windows.push(this as never);
    }
    once(): void {}
    async loadURL(url: string): Promise<void> {
      if (hoisted.failLoad) throw new Error('ERR_FAILED (-2) loading app://packbench/index.html');
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
      exit: (code: number) => hoisted.exitCodes.push(code),
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

  it('denies every permission request and blocks navigation and new windows', async () => {
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
    expect(openHandler!({ url: 'https://evil.example/?d=receivers' })).toEqual({ action: 'deny' });
    const { shell } = await import('electron');
    expect(shell.openExternal).not.toHaveBeenCalled();
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

/** A StationApi call over IPC from the window's own frame, as the preload makes it; a refusal throws. */
async function ipc<T = unknown>(method: string, input: unknown = null): Promise<T> {
  const answer = (await hoisted.handlers.get(`packbench:${method}`)!(trustedEvent(), input)) as {
    ok: boolean;
    value?: unknown;
    body?: unknown;
  };
  if (!answer.ok) throw new Error(`${method}: ${JSON.stringify(answer.body)}`);
  return answer.value as T;
}

describe('the Electron host with a document printer saved in Settings (it has no flags and no demo mode)', () => {
  // The same matrix for the web and headless hosts: test/integration/hosts/document-printers.test.ts.
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('prints the manifest, the waybill and an A4 customs declaration on it, each exactly once', async () => {
    const world = await startPrintWorld();
    cleanups.push(() => world.close());
    const { deliveryBaseUrl, zebra, office, made } = world;
    // What a packer does in Settings: the address, the key, a Zebra and an office printer on the network.
    await ipc('saveSettings', { account: { deliveryUrl: deliveryBaseUrl } });
    await ipc('setApiKey', { id: DEMO_API_KEY_ID, secret: DEMO_API_KEY_SECRET });
    await ipc('savePrinter', {
      kind: 'zpl-tcp',
      id: 'zebra',
      name: 'Zebra',
      host: '127.0.0.1',
      port: zebra.port,
    });
    await ipc('savePrinter', {
      kind: 'raw-tcp',
      id: 'office',
      name: 'Office',
      host: office.host,
      port: office.port,
    });
    await ipc('saveSettings', {
      routing: { rules: [], labelPrinterId: 'zebra', documentPrinterId: 'office' },
    });

    const printed = async (started: Promise<{ jobId: string }>): Promise<void> => {
      const { jobId } = await started;
      await vi.waitFor(
        async () => expect((await ipc<{ state: string }>('getJob', { jobId })).state).toBe('printed'),
        { timeout: 15_000, interval: 50 },
      );
    };
    await printed(ipc<{ jobId: string }>('scan', { code: 'ORD-1002' }));
    const open = (await ipc<{ key: string; consolidatedId: string }[]>('listConsolidated')).find(
      (c) => c.key === 'KONS-4001',
    );
    await printed(ipc<{ jobId: string }>('closeConsolidated', { consolidatedId: open!.consolidatedId }));
    await printed(ipc<{ jobId: string }>('createManifest', { manifestType: 'PNL' }));

    const [customs, waybill, manifest] = [made('Customs declaration'), made('Waybill'), made('Manifest')];
    expect([customs.length, waybill.length, manifest.length]).toEqual([1, 1, 1]);
    expect(office.jobs()).toEqual([customs[0], waybill[0], manifest[0]]);
    expect(zebra.labels()).toHaveLength(1);
  }, 30_000);
});

describe('the Electron host when start-up fails', () => {
  it('exits 1 instead of running on, invisibly, without a window', async () => {
    hoisted.failLoad = true;
    hoisted.userData = await mkdtemp(join(tmpdir(), 'packbench-electron-fail-'));
    vi.resetModules();
    await import('../../../main/hosts/electron/main');
    await vi.waitFor(() => expect(hoisted.exitCodes).toEqual([1]), { timeout: 5000 });
  });
});
