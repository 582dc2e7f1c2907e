// Bundles the main-process entry points and the preload bridge with esbuild.
// The plain-Node hosts bundle their npm packages; the Electron main keeps them external (resolved from
// node_modules at run time, which electron-builder packs).
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

// Electron main: CommonJS with electron external.
await build({
  ...common,
  format: 'cjs',
  packages: 'external',
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
