import type { BrowserWindowConstructorOptions } from 'electron';

/** The renderer is served from this privileged scheme; nothing else may talk to the station. */
export const APP_SCHEME = 'app';
export const APP_ORIGIN = `${APP_SCHEME}://packbench`;

export const RENDERER_CSP =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data: blob:; " +
  "worker-src 'self' blob:; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'";

export function windowOptions(preloadPath: string): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 800,
    minWidth: 1024,
    minHeight: 640,
    show: false,
    backgroundColor: '#101418',
    autoHideMenuBar: true,
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
      navigateOnDragDrop: false,
    },
  };
}

/** IPC is answered only for the app's own top frame at the app's own origin. */
export function isTrustedSender(frameUrl: string | undefined, isMainFrame: boolean): boolean {
  if (!frameUrl || !isMainFrame) return false;
  try {
    const url = new URL(frameUrl);
    return `${url.protocol}//${url.host}` === APP_ORIGIN;
  } catch {
    return false;
  }
}

/** Maps a request path under app://packbench/ to a file inside the renderer folder, or nothing. */
export function rendererPath(requestUrl: string): string | undefined {
  const url = new URL(requestUrl);
  if (`${url.protocol}//${url.host}` !== APP_ORIGIN) return undefined;
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return undefined; // a malformed escape is no file of ours
  }
  // A backslash is a separator on Windows and a NUL ends a path in C: neither belongs in a renderer path.
  if (path.includes('\\') || path.includes('\0')) return undefined;
  if (path.split('/').some((segment) => segment === '..')) return undefined;
  return path === '/' || path === '' ? 'index.html' : path.replace(/^\/+/, '');
}
