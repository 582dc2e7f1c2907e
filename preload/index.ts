/**
 * The preload bridge: exposes exactly the StationApi as `window.packbench`, nothing else (no ipcRenderer, no
 * Node). Runs sandboxed with context isolation; every argument is validated again in main.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { ApiErrorBody, StationApi, StationEvent, StationEventListener } from './api';
import { STATION_METHOD_NAMES } from './method-names';

export const EVENT_CHANNEL = 'packbench:event';

type IpcReply = { ok: true; value: unknown } | { ok: false; body: ApiErrorBody };

export function buildBridge(
  invoke: (channel: string, input: unknown) => Promise<IpcReply>,
): Omit<StationApi, 'subscribe'> {
  const api: Record<string, (input?: unknown) => Promise<unknown>> = {};
  for (const name of STATION_METHOD_NAMES) {
    api[name] = async (input?: unknown) => {
      const reply = await invoke(`packbench:${name}`, input ?? null);
      if (reply.ok) return reply.value;
      // contextBridge keeps only the message of an Error: a plain object crosses whole, so the UI gets the
      // failure code, its parameters and the 422 list to translate.
      throw reply.body;
    };
  }
  return api as unknown as Omit<StationApi, 'subscribe'>;
}

const bridge: StationApi = {
  ...buildBridge((channel, input) => ipcRenderer.invoke(channel, input) as Promise<IpcReply>),
  subscribe(listener: StationEventListener) {
    const handler = (_event: IpcRendererEvent, payload: StationEvent): void => listener(payload);
    ipcRenderer.on(EVENT_CHANNEL, handler);
    return () => {
      ipcRenderer.removeListener(EVENT_CHANNEL, handler);
    };
  },
};

contextBridge.exposeInMainWorld('packbench', bridge);
