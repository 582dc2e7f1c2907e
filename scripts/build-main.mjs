// Bundles the main-process entry points and the preload bridge with esbuild. Every entry point bundles its npm
// packages, except electron (the runtime's own) and pdf-to-printer (which finds its Windows executable beside its
// own files).
import { build } from 'esbuild';
import { existsSync, rmSync } from 'node:fs';

rmSync('dist/main', { recursive: true, force: true });
rmSync('dist/preload', { recursive: true, force: true });

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  entryNames: '[name]',
};

// Plain-Node hosts and tools: ESM with their npm packages bundled in, split so that what a host loads only on
// demand (the demo's simulator, pdf-lib) stays out of its start-up. Bundling the packages saves Node's module
// resolution and loading of a few hundred files at every start (about a third of the headless host's start-up
// CPU). pdf-to-printer stays external: it ships a Windows executable it finds beside its own files.
await build({
  ...common,
  format: 'esm',
  // Playwright (the bench's browser) finds its own files at run time: never bundled.
  external: ['electron', 'pdf-to-printer', '@playwright/test', 'playwright', 'playwright-core'],
  // Bundled CommonJS packages call require(); an ES module has none of its own.
  banner: {
    js: "import { createRequire as __packbenchRequire } from 'node:module'; const require = __packbenchRequire(import.meta.url);",
  },
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  outdir: 'dist/main',
  entryPoints: {
    headless: 'main/hosts/headless/cli.ts',
    web: 'main/hosts/web/cli.ts',
    simulator: 'main/simulator/cli.ts',
    // Tools that drive the built hosts: present once their issues land.
    ...(existsSync('test/soak/soak-cli.ts') ? { soak: 'test/soak/soak-cli.ts' } : {}),
    ...(existsSync('test/bench/bench-cli.ts') ? { bench: 'test/bench/bench-cli.ts' } : {}),
  },
});

// Electron main: CommonJS, with its npm packages bundled like the plain-Node hosts'. Left external, the ES-only
// ones (p-queue, electron-store) came through the CommonJS interop as their module namespace instead of their
// default export, and the app could not start (test/integration/hosts/electron-bundle.test.ts).
await build({
  ...common,
  format: 'cjs',
  external: ['electron', 'pdf-to-printer'],
  outdir: 'dist/main',
  outExtension: { '.js': '.cjs' },
  entryPoints: { electron: 'main/hosts/electron/main.ts' },
});

// The preload runs sandboxed: one self-contained CommonJS file that may require only electron.
await build({
  ...common,
  format: 'cjs',
  external: ['electron'],
  outdir: 'dist/preload',
  outExtension: { '.js': '.cjs' },
  entryPoints: { index: 'preload/index.ts' },
});
