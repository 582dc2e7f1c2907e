import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/**
 * A child-process script for crash tests, bundled once into plain CommonJS with esbuild (tsx is not installed).
 * `entry` is the TypeScript file's URL; `remove` deletes the bundle's folder.
 */
export async function bundleChild(entry: URL): Promise<{ script: string; remove: () => Promise<void> }> {
  const name = path.basename(fileURLToPath(entry), '.ts');
  const dir = await mkdtemp(path.join(os.tmpdir(), `${name}-`));
  const script = path.join(dir, `${name}.cjs`);
  await build({
    entryPoints: [fileURLToPath(entry)],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    outfile: script,
    external: ['pdf-to-printer'],
    logLevel: 'silent',
  });
  return { script, remove: () => rm(dir, { recursive: true, force: true }) };
}
