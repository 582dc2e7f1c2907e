// A stand-in for the `electron` module, for running the built Electron main under plain Node. Every call is
// reported on stderr as "electron-stub: <name>" for the test to read. `whenReady` never resolves unless
// PACKBENCH_STUB_USER_DATA names a folder: then the app starts in it, and the window "loads" at once.
'use strict';

const report = (name) => process.stderr.write(`electron-stub: ${name}\n`);
const noop = (name) => () => report(name);
const userData = process.env.PACKBENCH_STUB_USER_DATA;

class BrowserWindow {
  constructor() {
    report('BrowserWindow');
    this.webContents = { send: () => undefined, on: () => undefined };
  }
  once(event) {
    report(`BrowserWindow.once ${event}`);
  }
  async loadURL(url) {
    report(`BrowserWindow.loadURL ${url}`);
  }
}

module.exports = {
  app: {
    isPackaged: false,
    enableSandbox: noop('app.enableSandbox'),
    requestSingleInstanceLock: () => {
      report('app.requestSingleInstanceLock');
      return true;
    },
    // A real app ends here: so does the stand-in, and a start that gives up shows in the exit code.
    quit: () => {
      report('app.quit');
      process.exit(0);
    },
    exit: (code = 0) => {
      report(`app.exit ${code}`);
      process.exit(code);
    },
    on: (event) => report(`app.on ${event}`),
    whenReady: () => {
      report('app.whenReady');
      return userData ? Promise.resolve() : new Promise(() => {});
    },
    getPath: (name) => {
      if (!userData) throw new Error(`app.getPath(${name}) before the app is ready`);
      return userData;
    },
    getVersion: () => '0.0.0-stub',
  },
  BrowserWindow,
  ipcMain: { handle: noop('ipcMain.handle'), on: noop('ipcMain.on') },
  net: { fetch: noop('net.fetch') },
  protocol: {
    registerSchemesAsPrivileged: noop('protocol.registerSchemesAsPrivileged'),
    handle: noop('protocol.handle'),
  },
  session: {
    defaultSession: {
      setPermissionRequestHandler: noop('session.setPermissionRequestHandler'),
      setPermissionCheckHandler: noop('session.setPermissionCheckHandler'),
    },
  },
  shell: { openExternal: noop('shell.openExternal') },
  safeStorage: { isEncryptionAvailable: () => false },
};
