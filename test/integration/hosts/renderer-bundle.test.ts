import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * What the renderer's build ships. zpl-renderer-js inlines about 9.4 MB of WebAssembly; only the ZPL preview's
 * worker imports it, and a worker is a build of its own: any import of it from the page's graph as well (a
 * fallback on the main thread once did that) makes Vite ship a second copy. Needs `npm run build`.
 */
const ASSETS = resolve('dist/renderer/assets');

/** A stretch of the library's inlined WebAssembly (base64), as the package itself ships it. */
function zplRendererFingerprint(): string {
  const library = readFileSync(resolve('node_modules/zpl-renderer-js/dist/index.esm.js'), 'latin1');
  // "AGFzbQ" is the WebAssembly magic number (\0asm) in base64; what follows it is this module's own.
  const at = library.indexOf('AGFzbQ');
  expect(at).toBeGreaterThanOrEqual(0);
  return library.slice(at, at + 200);
}

describe('the renderer build', () => {
  it('ships zpl-renderer-js once, in the chunk the ZPL preview worker loads', () => {
    const fingerprint = zplRendererFingerprint();
    const files = readdirSync(ASSETS).filter((name) => /\.m?js$/.test(name));
    const copies = files.filter((name) => readFileSync(join(ASSETS, name), 'latin1').includes(fingerprint));
    expect(copies).toHaveLength(1);
    const worker = files.find((name) => name.startsWith('zpl.worker'));
    expect(worker).toBeDefined();
    expect(readFileSync(join(ASSETS, worker!), 'utf8')).toContain(copies[0]!);
  });
});
