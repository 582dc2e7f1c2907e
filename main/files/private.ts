/**
 * The data folder holds receivers' names and addresses (journal, label cache, spool, documents): on POSIX it is
 * readable by this user only. Everything Packbench makes there is created private (folders 0700, files 0600,
 * whatever the umask); a folder an older version made (0755, files 0644) is tightened once at start.
 */
import { chmod, lstat, mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Written once a whole data folder has been tightened: later starts check only its folders. */
export const TIGHTENED_MARKER = '.private';

/**
 * Makes a folder (and missing parents inside it) readable by this user only. `mkdir`'s mode is cut by the
 * umask, which never adds permissions, so 0700 stays 0700.
 */
export async function makePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/** Takes group and other permissions off one file or folder (symlinks are left alone: chmod would follow them). */
async function tighten(target: string): Promise<'dir' | 'file' | undefined> {
  const info = await lstat(target);
  if (info.isSymbolicLink()) return undefined;
  // Only group and other bits go: a file the owner made read-only stays read-only.
  if ((info.mode & 0o077) !== 0) await chmod(target, info.mode & 0o700);
  return info.isDirectory() ? 'dir' : 'file';
}

export interface TightenReport {
  /** Files and folders whose mode changed or was already private. */
  checked: number;
  /** Paths that could not be tightened (another user's, a read-only disk): the caller may log them. */
  failed: string[];
}

/**
 * Tightens an existing data folder: the folder and its direct subfolders at every start (a few calls), and, the
 * first time (no marker yet), everything below them, a bounded number of files at a time (a label cache of an
 * older version is tens of thousands of files). Never throws: a path it cannot change is reported, and the
 * station's own checks (may it write its journal?) say what is wrong in words.
 */
export async function tightenDataDir(
  dataDir: string,
  options: { concurrency?: number } = {},
): Promise<TightenReport> {
  const report: TightenReport = { checked: 0, failed: [] };
  const attempt = async (target: string): Promise<'dir' | 'file' | undefined> => {
    try {
      const kind = await tighten(target);
      report.checked++;
      return kind;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') report.failed.push(target);
      return undefined;
    }
  };
  if ((await attempt(dataDir)) !== 'dir') return report;
  const names = await readdir(dataDir).catch(() => [] as string[]);
  const marked = names.includes(TIGHTENED_MARKER);
  const dirs: string[] = [];
  for (const name of names) {
    const target = path.join(dataDir, name);
    if ((await attempt(target)) === 'dir') dirs.push(target);
  }
  if (marked) return report;
  // The first start of this version on the folder: every file below it, depth first, `concurrency` at a time.
  const limit = Math.max(1, options.concurrency ?? 16);
  while (dirs.length > 0) {
    const dir = dirs.pop()!;
    const entries = await readdir(dir).catch(() => [] as string[]);
    for (let i = 0; i < entries.length; i += limit) {
      const kinds = await Promise.all(
        entries
          .slice(i, i + limit)
          .map(async (name) => [path.join(dir, name), await attempt(path.join(dir, name))] as const),
      );
      for (const [target, kind] of kinds) if (kind === 'dir') dirs.push(target);
    }
  }
  if (report.failed.length === 0)
    await writeFile(path.join(dataDir, TIGHTENED_MARKER), '', { mode: PRIVATE_FILE_MODE }).catch(
      () => undefined,
    );
  return report;
}
