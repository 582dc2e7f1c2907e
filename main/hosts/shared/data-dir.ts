import { mkdtemp, rm } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDataDir } from './data-dir-lock';
import type { Teardown } from './teardown';

/**
 * Where a web or headless station keeps its data unless `--data-dir` says otherwise: PACKBENCH_DATA_DIR, else the
 * platform's place (XDG on Linux; an empty XDG_DATA_HOME counts as unset, as the XDG spec says, not as "here").
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.PACKBENCH_DATA_DIR) return env.PACKBENCH_DATA_DIR;
  if (process.platform === 'win32')
    return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'Packbench');
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Packbench');
  return join(env.XDG_DATA_HOME || join(homedir(), '.local', 'share'), 'packbench');
}

export interface DataDirChoice {
  dataDir: string;
  /** A demo's own temporary folder: removed when the run ends, however it ends. */
  temporary: boolean;
}

/**
 * The data folder of a run, made ready and locked for this process: `--data-dir`, else for a demo a fresh
 * temporary folder, else the default.
 *
 * Demo runs start from a clean folder: the simulator's records live in memory and start empty, so a journal from
 * an earlier demo would call every sample order a duplicate. That folder is the run's own, so the teardown removes
 * it at the end (end of input, SIGINT/SIGTERM, a failed start): demos never pile up folders in the temp directory.
 * A `--data-dir` given with `--demo` is the operator's and is kept.
 *
 * Every host calls this before its station opens: the folder is made if missing and locked (data-dir-lock.ts), so
 * a second Packbench on the same folder fails here with a DataDirError that names the folder, the other process
 * and what to do, and so does a folder that cannot be made or written. The teardown releases the lock.
 */
export async function chooseDataDir(
  flag: string | undefined,
  demo: boolean,
  teardown: Teardown,
): Promise<DataDirChoice> {
  let choice: DataDirChoice;
  if (flag) choice = { dataDir: flag, temporary: false };
  else if (!demo) choice = { dataDir: defaultDataDir(), temporary: false };
  else {
    const dataDir = await mkdtemp(join(tmpdir(), 'packbench-demo-'));
    teardown.add(`the demo's data folder ${dataDir}`, () => rm(dataDir, { recursive: true, force: true }));
    choice = { dataDir, temporary: true };
  }
  const lock = await openDataDir(choice.dataDir);
  teardown.add(`the lock of ${choice.dataDir}`, () => lock.release());
  return choice;
}

/** The line both hosts print on stderr at start: where the journal, labels and documents are. */
export function dataDirLine({ dataDir, temporary }: DataDirChoice): string {
  return `data folder: ${dataDir}${temporary ? " (the demo's own; removed when the demo ends)" : ''}`;
}
