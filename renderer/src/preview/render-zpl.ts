import type { ZplRenderRequest, ZplRenderResponse } from './zpl.worker';

export interface LabelSize {
  widthMm?: number;
  heightMm?: number;
  dpmm?: number;
}

let worker: Worker | undefined;
let nextId = 1;
const waiting = new Map<number, { resolve: (images: string[]) => void; reject: (error: Error) => void }>();

function startWorker(): Worker {
  const created = new Worker(new URL('./zpl.worker.ts', import.meta.url), { type: 'module' });
  created.onmessage = (event: MessageEvent<ZplRenderResponse>) => {
    const pending = waiting.get(event.data.id);
    if (!pending) return;
    waiting.delete(event.data.id);
    if ('images' in event.data) pending.resolve(event.data.images);
    else pending.reject(new Error(event.data.error));
  };
  created.onerror = (event) => {
    for (const pending of waiting.values()) pending.reject(new Error(event.message || 'ZPL worker failed'));
    waiting.clear();
    worker = undefined;
  };
  return created;
}

/**
 * PNG images (base64) of every label in the ZPL, rendered by zpl-renderer-js in a Web Worker, loaded on
 * first use. Only the worker imports the library: a worker is a build of its own, so a second import here (a
 * fallback on this thread) made the build ship its 9.4 MB twice. Where no worker can start, the preview
 * rejects and shows the label's text instead (DocumentPreview), as for any label it cannot draw.
 */
export async function renderZpl(zpl: string, size: LabelSize = {}): Promise<string[]> {
  if (typeof Worker === 'undefined') throw new Error('No Web Worker support');
  const active = (worker ??= startWorker());
  const id = nextId++;
  return new Promise<string[]>((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    active.postMessage({ id, zpl, ...size } satisfies ZplRenderRequest);
  });
}
