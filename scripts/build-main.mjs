// Bundles the main-process entry points and the preload bridge with esbuild.
// npm packages stay external (resolved from node_modules at run time); our own modules are bundled.
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

// Plain-Node hosts and tools: ESM, split so that what a host loads only on demand (the demo's simulator)
// stays out of its start-up.
await build({
  ...common,
  format: 'esm',
  packages: 'external',
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
