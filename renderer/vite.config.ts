import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// This file runs in Node (Vite), not in the renderer: paths come from import.meta.dirname (Node ≥ 20.11),
// so the renderer lint rule against node:* imports holds here too.
const rendererRoot = import.meta.dirname;

// The renderer is loaded from file:// in Electron and from the web host's origin, so every asset URL is relative.
export default defineConfig({
  root: rendererRoot,
  base: './',
  plugins: [react()],
  build: {
    outDir: `${rendererRoot}/../dist/renderer`,
    emptyOutDir: true,
    // zpl-renderer-js inlines its ~9 MB WebAssembly; it is lazy-loaded inside a worker, never in the first paint.
    chunkSizeWarningLimit: 12_000,
    target: 'es2022',
  },
  worker: { format: 'es' },
});
