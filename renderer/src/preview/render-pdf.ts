/**
 * Page images (data URLs) of a PDF, drawn by pdfjs-dist with its own worker; both are loaded on first use.
 * Eval is off (isEvalSupported: false) so the strict CSP holds.
 */
export async function renderPdf(bytes: Uint8Array, maxPages = 4, scale = 1.25): Promise<string[]> {
  if (typeof Worker === 'undefined' || typeof document === 'undefined')
    throw new Error('No Web Worker support');
  const pdfjs = await import('pdfjs-dist');
  if (!pdfjs.GlobalWorkerOptions.workerSrc) {
    const { default: workerUrl } = await import('pdfjs-dist/build/pdf.worker.min.mjs?url');
    pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
  }
  const loading = pdfjs.getDocument({ data: bytes, isEvalSupported: false });
  const pdf = await loading.promise;
  try {
    const images: string[] = [];
    for (let number = 1; number <= Math.min(pdf.numPages, maxPages); number += 1) {
      const page = await pdf.getPage(number);
      const viewport = page.getViewport({ scale });
      const canvas = document.createElement('canvas');
      canvas.width = Math.ceil(viewport.width);
      canvas.height = Math.ceil(viewport.height);
      await page.render({ canvas, viewport }).promise;
      images.push(canvas.toDataURL('image/png'));
    }
    return images;
  } finally {
    void loading.destroy();
  }
}
