/**
 * The Electron host: one window, sandboxed, the renderer from a privileged app:// scheme with a strict CSP,
 * navigation and new windows blocked, permission requests denied, and the StationApi over IPC answered only
 * for the app's own frame, each argument validated by schema (hosts/shared/dispatch).
 */
import { app, BrowserWindow, dialog, ipcMain, net, protocol, session } from 'electron';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { STATION_METHOD_NAMES } from '../../../preload/method-names';
import { createStation, type Station } from '../../station/station';
import { explainOpeningFailure, openDataDir, type DataDirLock } from '../shared/data-dir-lock';
import { dispatch } from '../shared/dispatch';
import { PACKBENCH_VERSION } from '../shared/version';
import { createElectronSettingsStore } from './electron-settings-store';
import { createSafeStorageVault } from './safe-storage-vault';
import {
  APP_ORIGIN,
  APP_SCHEME,
  RENDERER_CSP,
  isTrustedSender,
  rendererPath,
  windowOptions,
} from './security';

const rendererDir = join(__dirname, '..', 'renderer');
const preloadPath = join(__dirname, '..', 'preload', 'index.cjs');

protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
]);
app.enableSandbox();

/** A second Packbench window on the same profile hands over to the first (which comes to the front) and quits. */
const firstInstance = app.requestSingleInstanceLock();
if (!firstInstance) app.quit();

let window: BrowserWindow | undefined;
/** The station, opening or open: set at start, before the window, so that closing never misses it. */
let opening: Promise<Station> | undefined;
/** The data folder's lock (shared with the web and headless hosts), held from before the station opens. */
let dataDirLock: DataDirLock | undefined;

function log(line: string): void {
  process.stderr.write(`${new Date().toISOString()} ${line}\n`);
}

function lockDown(): void {
  session.defaultSession.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);
  app.on('web-contents-created', (_event, contents) => {
    // The app opens no window and links nowhere outside: a page that asks is denied, and never handed to the
    // system browser either (an address there could carry what the page read out past the CSP).
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
    contents.on('will-navigate', (event, url) => {
      if (!url.startsWith(`${APP_ORIGIN}/`)) event.preventDefault();
    });
    contents.on('will-redirect', (event) => event.preventDefault());
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });
  protocol.handle(APP_SCHEME, async (request) => {
    const path = rendererPath(request.url);
    if (!path) return new Response('Not found', { status: 404 });
    const response = await net.fetch(pathToFileURL(join(rendererDir, path)).toString());
    const headers = new Headers(response.headers);
    headers.set('Content-Security-Policy', RENDERER_CSP);
    headers.set('X-Content-Type-Options', 'nosniff');
    return new Response(response.body, { status: response.status, headers });
  });
}

/** IPC is answered from the first call: a call made while the station is still opening waits for it. */
function exposeStation(opening: Promise<Station>): void {
  for (const name of STATION_METHOD_NAMES) {
    ipcMain.handle(`packbench:${name}`, async (event, input: unknown) => {
      const frame = event.senderFrame;
      if (
        !window ||
        event.sender !== window.webContents ||
        !isTrustedSender(frame?.url, frame === event.sender.mainFrame)
      ) {
        log(`refused IPC ${name} from an untrusted frame`);
        return { ok: false, body: { error: 'unauthorized', message: 'Refused.' } };
      }
      const outcome = await dispatch(await opening, name, input, log);
      return outcome.ok ? { ok: true, value: outcome.value } : { ok: false, body: outcome.body };
    });
  }
  // A station that fails to open is reported (and the app exits) by start()'s caller.
  opening
    .then((s) => s.subscribe((event) => window?.webContents.send('packbench:event', event)))
    .catch(() => undefined);
}

async function start(): Promise<void> {
  lockDown();
  const userData = app.getPath('userData');
  // Before the station opens: a web or headless Packbench started on this folder (--data-dir) holds it already,
  // and two stations on one journal would book twice. The error names the folder and the other process.
  const folder = { another: 'start Packbench under another user (or with --user-data-dir=DIR)' };
  dataDirLock = await openDataDir(userData, folder);
  // The window is made and the renderer loaded while the station opens its journal and spool: the two take
  // about as long as each other, and a packer waits for the slower one only.
  opening = createStation({
    dataDir: userData,
    host: 'electron',
    version: PACKBENCH_VERSION,
    settingsStore: createElectronSettingsStore(userData),
    vault: createSafeStorageVault(userData),
    checkoutVault: createSafeStorageVault(userData, 'checkout'),
    log,
  }).catch((error: unknown) => {
    throw explainOpeningFailure(error, userData, folder);
  });
  exposeStation(opening);
  window = new BrowserWindow(windowOptions(preloadPath));
  window.once('ready-to-show', () => window?.show());
  const [opened] = await Promise.all([opening, window.loadURL(`${APP_ORIGIN}/index.html`)]);
  for (const warning of opened.startupWarnings) log(warning.message);
  log(`station open in ${userData}; window loaded`);
}

app.on('second-instance', () => {
  if (window?.isMinimized()) window.restore();
  window?.focus();
});
/**
 * Closes the station, opened or still opening; a failure to close is logged, never left unhandled. One that
 * never opened has nothing to close (its failure is start()'s to report).
 */
async function closeStation(): Promise<void> {
  await opening
    ?.then(
      (s) => s.close(),
      () => undefined,
    )
    .catch((error: unknown) =>
      log(`could not close the station: ${error instanceof Error ? error.message : String(error)}`),
    );
  // Only once the station is closed may another Packbench open the folder.
  await dataDirLock?.release();
}

/** A desktop app has no console to read: a failed start is said in a dialog too, before the app exits. */
function showStartFailure(message: string): void {
  try {
    dialog.showErrorBox('Packbench cannot start', `Packbench could not start: ${message}`);
  } catch (error) {
    log(`could not show the start failure: ${error instanceof Error ? error.message : String(error)}`);
  }
}

app.on('window-all-closed', () => {
  void closeStation().finally(() => app.quit());
});
app
  .whenReady()
  // The second instance only hands over: it must not go on to find the folder locked and say so in a dialog.
  .then(() => (firstInstance ? start() : undefined))
  .catch(async (error: unknown) => {
    // A window that never comes up must not leave the app running invisibly with the station open.
    const message = error instanceof Error ? error.message : String(error);
    log(`could not start: ${message}`);
    await closeStation();
    showStartFailure(message);
    app.exit(1);
  });
log(`Packbench ${PACKBENCH_VERSION} starting`);
