/**
 * Nothing in package.json that nothing uses: a dependency nobody imports is code the installer ships and
 * somebody must keep patched for no reason (node-thermal-printer stayed listed long after zpl-tcp replaced it:
 * docs/printing.md). Every runtime dependency must be imported by the app's own code; every development
 * dependency by a test, a build script or a config file, or run by an npm script, or be one of the few that
 * are used another way, each with its reason below.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../../..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  scripts: Record<string, string>;
};

/** Development dependencies no file imports by name, and how each is used. */
const USED_OTHERWISE: Record<string, string> = {
  '@types/node': 'type declarations: tsconfig.json "types"',
  '@types/react': 'type declarations for react',
  '@types/react-dom': 'type declarations for react-dom',
  '@testing-library/dom': "@testing-library/react's peer dependency: it renders through it",
  jsdom: "the renderer unit tests' environment (`@vitest-environment jsdom`)",
  electron: 'the desktop runtime `npm start` runs (scripts/ensure-electron.mjs fetches its binary)',
  typescript: 'tsc, run by the typecheck script',
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) return [];
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mts|cts|js|mjs|cjs)$/.test(name) ? [path] : [];
  });
}

const APP = ['main', 'preload', 'renderer', 'bin'].flatMap((d) => sourceFiles(join(ROOT, d)));
const TOOLING = [
  ...sourceFiles(join(ROOT, 'test')),
  ...sourceFiles(join(ROOT, 'scripts')),
  ...readdirSync(ROOT)
    .filter((n) => /\.(js|mjs|cjs|ts)$/.test(n))
    .map((n) => join(ROOT, n)),
];

/** The package names a file imports, requires or loads dynamically (`zod/mini` counts as `zod`). */
function importedPackages(files: readonly string[]): Set<string> {
  const found = new Set<string>();
  const specifier = /(?:from|import|require)\s*\(?\s*['"]([^'"./][^'"]*)['"]/g;
  for (const file of files) {
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(specifier)) {
      const parts = spec!.split('/');
      found.add(spec!.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!);
    }
  }
  return found;
}

describe('package.json lists only what is used', () => {
  const app = importedPackages(APP);
  const tooling = importedPackages(TOOLING);
  const scripts = Object.values(pkg.scripts).join(' ');

  it.each(Object.keys(pkg.dependencies))('the app imports its dependency %s', (name) => {
    expect(app.has(name)).toBe(true);
  });

  it.each(Object.keys(pkg.devDependencies))(
    'the development dependency %s is imported, run by a script, or used for a stated reason',
    (name) => {
      const used =
        app.has(name) ||
        tooling.has(name) ||
        new RegExp(`(^|[\\s&;])${name.replace(/[@/]/g, '\\$&')}\\b`).test(scripts) ||
        name in USED_OTHERWISE;
      expect(used).toBe(true);
    },
  );
});
