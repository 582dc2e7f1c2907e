/**
 * `npm run lint` runs dpdm with the repository's dpdm.config.ts, which must fail on any import cycle. Here the same
 * configuration is run over small trees laid out like the repository's folders: a cycle of type-only imports and
 * one through a dynamic import() fail it too, and arrows that go one way pass.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../../..');
const DPDM = join(ROOT, 'node_modules/dpdm/lib/bin/dpdm.js');

let tree: string;
beforeEach(async () => {
  tree = await mkdtemp(join(tmpdir(), 'packbench-cycles-'));
});
afterEach(async () => {
  await rm(tree, { recursive: true, force: true });
});

async function lay(files: Record<string, string>): Promise<void> {
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(tree, path)), { recursive: true });
    await writeFile(join(tree, path), text);
  }
}

/** dpdm as `npm run lint` runs it, over the tree: its exit code and what it printed. */
function checkCycles(): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [DPDM, '--config', join(ROOT, 'dpdm.config.ts'), '--cwd', tree],
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, output: `${stdout}${stderr}` });
      },
    );
  });
}

describe('the import-cycle floor', () => {
  it('fails on two modules that import each other for their types only', async () => {
    await lay({
      'main/station/a.ts': "import type { B } from './b';\nexport interface A { b?: B }\n",
      'main/station/b.ts': "import type { A } from './a';\nexport interface B { a?: A }\n",
    });
    const { code, output } = await checkCycles();
    expect(code).toBe(1);
    expect(output).toMatch(/main\/station\/[ab]\.ts -> main\/station\/[ab]\.ts/);
  });

  it('fails on a cycle closed by a dynamic import()', async () => {
    await lay({
      'main/hosts/shared/start.ts': "export const load = () => import('./demo');\n",
      'main/hosts/shared/demo.ts': "import { load } from './start';\nexport const again = load;\n",
    });
    const { code, output } = await checkCycles();
    expect(code).toBe(1);
    expect(output).toMatch(/main\/hosts\/shared\/(start|demo)\.ts -> main\/hosts\/shared\/(start|demo)\.ts/);
  });

  it('fails on a cycle through three modules in the renderer and in the tests', async () => {
    await lay({
      'renderer/src/a.tsx': "import { b } from './b';\nexport const a = () => b;\n",
      'renderer/src/b.ts': "import { c } from '../../test/unit/c';\nexport const b = c;\n",
      'test/unit/c.ts': "import type { a } from '../../renderer/src/a';\nexport const c: typeof a | 1 = 1;\n",
    });
    const { code } = await checkCycles();
    expect(code).toBe(1);
  });

  it('passes arrows that go one way', async () => {
    await lay({
      'main/hosts/web/cli.ts':
        "import { station } from '../../station/station';\nexport const host = station;\n",
      'main/station/station.ts':
        "import type { Client } from '../nshift/client';\nexport const station: Client = {};\n",
      'main/nshift/client.ts': 'export type Client = object;\n',
    });
    const { code, output } = await checkCycles();
    expect(output).toContain('no circular dependency');
    expect(code).toBe(0);
  });
});
