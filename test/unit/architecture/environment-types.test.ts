/**
 * Each part of the app is type-checked with the globals of the place it runs (docs/architecture.md, "Floors the
 * build enforces"): main/ under Node with no DOM, the renderer in the browser with no Node. Here a small file is
 * checked as if it were in main/ or renderer/src/, with that folder's own tsconfig.json through TypeScript's API:
 * what the other environment has must be refused, and what its own has must pass, so the floor can neither vanish
 * nor grow over the code. The file need not exist: the compiler reads it from here, and the rest from disk.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../../..');

/** What tsc says about `text` checked as the file `probe` (from the repository's root) with `config`'s options. */
function typecheckAs(config: string, probe: string, text: string): string[] {
  const configPath = join(ROOT, config);
  const json: unknown = ts.readConfigFile(configPath, (path) => ts.sys.readFile(path)).config;
  const { options } = ts.parseJsonConfigFileContent(json, ts.sys, dirname(configPath), undefined, configPath);
  const probePath = join(ROOT, probe);
  const host = ts.createCompilerHost(options);
  const fromDisk = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language, ...rest) =>
    name === probePath ? ts.createSourceFile(name, text, language) : fromDisk(name, language, ...rest);
  const program = ts.createProgram({ rootNames: [probePath], options, host });
  const file = program.getSourceFile(probePath)!;
  return [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)].map((d) =>
    ts.flattenDiagnosticMessageText(d.messageText, ' '),
  );
}

/** The global names tsc could not find, sorted; any other complaint is kept whole, so it fails the comparison. */
function missing(messages: string[]): string[] {
  return messages.map((m) => /^Cannot find (?:name|namespace) '([^']+)'/.exec(m)?.[1] ?? m).sort();
}

describe('the environments the type-checker enforces', () => {
  it("refuses the DOM's globals and types in main/, and takes Node's", () => {
    const messages = typecheckAs(
      'main/tsconfig.json',
      'main/station/environment-probe.ts',
      [
        "const bytes: Buffer = Buffer.from('x');",
        'export const text: string = new TextDecoder().decode(bytes);',
        'export const timer: NodeJS.Timeout = setTimeout(() => undefined, 1).unref();',
        'export const cwd: string = process.cwd();',
        'export const title: string = document.title;',
        'export type Element = HTMLElement;',
        'export const origin: string = window.location.origin;',
      ].join('\n'),
    );
    expect(missing(messages)).toEqual(['HTMLElement', 'document', 'window']);
  });

  it("refuses Node's globals and types in the renderer, and takes the DOM's", () => {
    const messages = typecheckAs(
      'renderer/tsconfig.json',
      'renderer/src/environment-probe.ts',
      [
        'export const title: string = document.title;',
        "export const element: HTMLElement | null = document.querySelector('main');",
        'export const timer: number = window.setTimeout(() => undefined, 1);',
        'export const text: string = new TextDecoder().decode(new Uint8Array([0x41]));',
        "export const bytes = Buffer.from('x');",
        'export const env = process.env;',
        'export type Timer = NodeJS.Timeout;',
      ].join('\n'),
    );
    expect(missing(messages)).toEqual(['Buffer', 'NodeJS', 'process']);
  });

  it('npm run typecheck checks every tsconfig.json in the repository', () => {
    const found = (function configs(dir: string): string[] {
      return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        if (entry.isDirectory()) {
          return ['node_modules', 'dist', 'release'].includes(entry.name) || entry.name.startsWith('.')
            ? []
            : configs(join(dir, entry.name));
        }
        return entry.name === 'tsconfig.json' ? [relative(ROOT, join(dir, entry.name))] : [];
      });
    })(ROOT);
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    const checked = [...pkg.scripts.typecheck!.matchAll(/\btsc -p (\S+)/g)].map(([, project]) =>
      project!.endsWith('.json') ? project! : join(project!, 'tsconfig.json'),
    );
    expect(found.sort()).toEqual(
      [
        'tsconfig.json',
        'main/tsconfig.json',
        'preload/tsconfig.json',
        'renderer/tsconfig.json',
        'test/tsconfig.json',
      ].sort(),
    );
    expect(checked.sort()).toEqual(found);
  });
});
