import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * What the built plain-Node hosts compile before they can say `ready` (headless) or print the page's URL (web):
 * the files reached by static imports from each entry point, and the sources esbuild put in them (from the
 * source maps). Everything a station needs only later — the HTTP client, the answer schemas and zod's class
 * library (on the first request), the Checkout client (only with its credentials), the demo's simulator,
 * pdf-lib, iconv-lite's charset tables (only the printer test label uses them), node:child_process (only OS
 * print queues run programs) — is a dynamic import, kept out of start-up; a stray static import would silently
 * add its compile time to every start. Needs `npm run build` (which `npm test` runs first).
 */
const DIST = resolve('dist/main');

function staticGraph(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    for (const match of code.matchAll(/^import\s[^;]*?from\s*"(\.[^"]+)"|^import\s*"(\.[^"]+)"/gm)) {
      visit(join(dirname(file), (match[1] ?? match[2])!));
    }
  };
  visit(join(DIST, entry));
  return [...seen];
}

/** The Node built-ins the files import statically (esbuild keeps them as imports of `node:…`). */
function builtinsOf(files: string[]): string[] {
  const found = new Set<string>();
  for (const file of files) {
    const code = readFileSync(file, 'utf8');
    for (const match of code.matchAll(/^import\s[^;]*?from\s*"(node:[^"]+)"/gm)) found.add(match[1]!);
  }
  return [...found];
}

function sourcesOf(files: string[]): string[] {
  return files.flatMap((file) => {
    const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as { sources: string[] };
    return map.sources.map((source) => source.replace(/^(\.\.\/)+/, ''));
  });
}

const LATE = [
  /node_modules\/undici\//,
  /node_modules\/pdf-lib\//,
  /node_modules\/iconv-lite\//,
  /^main\/simulator\//,
  /^main\/labels\/test-label\.ts$/,
  /^main\/nshift\/delivery\/schemas\.ts$/,
  /^main\/nshift\/checkout\//,
  // A named `z` import drags in every locale and the JSON Schema code; the namespace import does not.
  /node_modules\/zod\/v4\/locales\/(?!en\.js)/,
  // The start-up schemas use zod's functional build (main/zod.ts); the class library comes with the answer schemas.
  /node_modules\/zod\/v4\/classic\//,
];

describe.skipIf(!existsSync(join(DIST, 'headless.js')))('what a host compiles before it is ready', () => {
  it('headless.js leaves the HTTP client, the answer schemas, Checkout, the simulator, pdf-lib and the charset tables to dynamic imports', () => {
    const graph = staticGraph('headless.js');
    const sources = sourcesOf(graph);
    // The graph is real: the station, its settings and the Delivery client are in it.
    expect(sources).toContain('main/station/station.ts');
    expect(sources).toContain('main/settings/schema.ts');
    expect(sources).toContain('main/nshift/delivery/client.ts');
    expect(sources.filter((source) => LATE.some((pattern) => pattern.test(source)))).toEqual([]);
    const builtins = builtinsOf(graph);
    expect(builtins).toContain('node:net');
    expect(builtins).not.toContain('node:child_process');
  });

  it('web.js serves its page before it loads the station: the station, its schemas and zod come after the URL', () => {
    const sources = sourcesOf(staticGraph('web.js'));
    // The graph is real: the server that prints the URL is in it.
    expect(sources).toContain('main/hosts/web/server.ts');
    const station = [/^main\/station\//, /^main\/settings\//, /^main\/nshift\//, /node_modules\/zod\//];
    expect(sources.filter((source) => [...LATE, ...station].some((pattern) => pattern.test(source)))).toEqual(
      [],
    );
  });
});
