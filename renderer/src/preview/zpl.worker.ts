// Renders ZPL to PNG off the main thread: zpl-renderer-js carries ~9 MB of WebAssembly and a Go runtime.

export interface ZplRenderRequest {
  id: number;
  zpl: string;
  widthMm?: number;
  heightMm?: number;
  dpmm?: number;
}
export type ZplRenderResponse = { id: number; images: string[] } | { id: number; error: string };

// The project compiles with the DOM lib only (adding the webworker lib would change globals everywhere).
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ZplRenderRequest>) => void) | null;
  postMessage(message: ZplRenderResponse): void;
};

scope.onmessage = async (event: MessageEvent<ZplRenderRequest>) => {
  const { id, zpl, widthMm, heightMm, dpmm } = event.data;
  try {
    const { ready } = await import('zpl-renderer-js');
    const { api } = await ready;
    const images = await api.zplToBase64MultipleAsync(zpl, widthMm, heightMm, dpmm);
    scope.postMessage({ id, images } satisfies ZplRenderResponse);
  } catch (error) {
    scope.postMessage({
      id,
      error: error instanceof Error ? error.message : String(error),
    } satisfies ZplRenderResponse);
  }
};
