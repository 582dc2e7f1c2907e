import { readFileSync, type Stats } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Configuration } from 'app-builder-lib';
import * as fileMatcher from 'app-builder-lib/out/fileMatcher';
import { getConfig } from 'app-builder-lib/out/util/config/config';

/**
 * What the desktop installer packs, judged by electron-builder's own matchers over electron-builder.yml: the app's
 * files from dist/, and from node_modules only what the Electron main does not carry in its bundle. esbuild
 * bundles every npm package into dist/main/electron.cjs except electron and pdf-to-printer (scripts/build-main.mjs);
 * electron-builder would pack every production dependency a second time beside it. Needs `npm run build`.
 */
/**
 * The matcher electron-builder's module copier applies to node_modules (every file, less what the `files`
 * patterns exclude). app-builder-lib marks it internal, which leaves it out of its type declarations.
 */
const { getFileMatchers, getNodeModuleFileMatcher } = fileMatcher as typeof fileMatcher & {
  getNodeModuleFileMatcher(
    appDir: string,
    destination: string,
    macroExpander: (pattern: string) => string,
    platformSpecificBuildOptions: object,
    packager: { config: Configuration; debugLogger: { isEnabled: boolean } },
  ): fileMatcher.FileMatcher;
};
const APP = resolve('.');
const OUT = join(APP, 'dist');
const expand = (pattern: string): string => pattern;

async function config(): Promise<Configuration> {
  return getConfig(APP, join(APP, 'electron-builder.yml'), null);
}

/** A node_modules path the way electron-builder's module copier hands it to the filter. */
function moduleFile(path: string, directory = false): [string, Stats] {
  const stat = { isDirectory: () => directory, moduleFullFilePath: path } as unknown as Stats;
  return [join(APP, path), stat];
}

/** The packages the production install holds (every `node_modules/…` of the lockfile not marked dev). */
function productionPackages(): string[] {
  const lock = JSON.parse(readFileSync(join(APP, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { dev?: boolean; devOptional?: boolean }>;
  };
  return Object.entries(lock.packages)
    .filter(([path, entry]) => path.startsWith('node_modules/') && !entry.dev && !entry.devOptional)
    .map(([path]) => path);
}

/** The npm packages esbuild put into the Electron main (from its source map). */
function bundledIntoElectronMain(): Set<string> {
  const map = JSON.parse(readFileSync(join(OUT, 'main/electron.cjs.map'), 'utf8')) as { sources: string[] };
  const names = new Set<string>();
  for (const source of map.sources) {
    const m = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(source);
    if (m) names.add(m[1]!);
  }
  return names;
}

describe('the desktop package', () => {
  it('packs no npm package the Electron main has bundled, and keeps pdf-to-printer, which it has not', async () => {
    const packager = { config: await config(), debugLogger: { isEnabled: false } };
    const filter = getNodeModuleFileMatcher(APP, join(APP, 'app'), expand, {}, packager).createFilter();
    const packed = (path: string): boolean => filter(...moduleFile(`${path}/package.json`));

    const bundled = bundledIntoElectronMain();
    expect(bundled.has('zod')).toBe(true);
    expect(bundled.has('pdf-to-printer')).toBe(false);
    const production = productionPackages();
    expect(production).toContain('node_modules/zod');
    expect(production.filter(packed)).toEqual(['node_modules/pdf-to-printer']);
    // The folders in them are left out too, so the copier never walks them.
    expect(filter(...moduleFile('node_modules/undici/lib', true))).toBe(false);
    expect(filter(...moduleFile('node_modules/pdf-to-printer/dist/SumatraPDF-3.4.6-32.exe'))).toBe(true);
  });

  it('packs the Electron main, the preload and the renderer, and none of the plain-Node hosts', async () => {
    const [matcher] = getFileMatchers(await config(), 'files', join(APP, 'app'), {
      macroExpander: expand,
      customBuildOptions: {},
      globalOutDir: join(APP, 'release'),
      defaultSrc: APP,
    })!;
    const filter = matcher!.createFilter();
    const file = (path: string): boolean =>
      filter(join(APP, path), { isDirectory: () => false } as unknown as Stats);
    for (const path of [
      'dist/main/electron.cjs',
      'dist/preload/index.cjs',
      'dist/renderer/index.html',
      'package.json',
    ])
      expect(file(path), path).toBe(true);
    for (const path of [
      'dist/main/headless.js',
      'dist/main/web.js',
      'dist/main/electron.cjs.map',
      'test/bench/scale.ts',
    ])
      expect(file(path), path).toBe(false);
  });
});
