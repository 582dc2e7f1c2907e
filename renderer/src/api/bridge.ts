import type { StationApi } from '../../../preload/api';
import { createHttpStationApi } from './http-client';
import { takeToken } from './token';

/**
 * Window event (web host only) telling the UI whether the host's event stream is up, and when not, why:
 * `{ connected, problem? }` (a ConnectionProblem).
 */
export const CONNECTION_EVENT = 'packbench:connection';

/**
 * The StationApi for this window: the Electron preload's bridge when present, otherwise the web host's
 * HTTP client, installed on `window.packbench` so every part of the renderer reaches it the same way.
 */
export function installStationApi(win: Window = window): StationApi {
  if (win.packbench) return win.packbench;
  const token = takeToken(win.location, win.sessionStorage, win.history);
  const api = createHttpStationApi({
    baseUrl: win.location.origin,
    token,
    onConnectionChange: (connected, problem) =>
      win.dispatchEvent(new CustomEvent(CONNECTION_EVENT, { detail: { connected, problem } })),
  });
  win.packbench = api;
  return api;
}
