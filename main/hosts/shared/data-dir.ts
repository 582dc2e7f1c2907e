import { mkdtemp } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where a web or headless station keeps its data unless `--data-dir` says otherwise (XDG on Linux). */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.PACKBENCH_DATA_DIR) return env.PACKBENCH_DATA_DIR;
  if (process.platform === 'win32')
    return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'Packbench');
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Packbench');
  return join(env.XDG_DATA_HOME ?? join(homedir(), '.local', 'share'), 'packbench');
}

/**
 * Demo runs start from a clean folder: the simulator's records live in memory and start empty, so a journal
 * from an earlier demo would call every sample order a duplicate.
 */
export function demoDataDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'packbench-demo-'));
}
