import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm, readFile, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Result } from '../result';
import { err, ok } from '../result';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from './private';

/**
 * Writes a file so that a crash or power cut leaves either the old content or the new, never a torn file:
 * write a temp file next to it, fsync it, rename it over the target, then fsync the directory so the rename
 * itself is durable. The file is private to this user (0600) unless `mode` says otherwise: what Packbench
 * writes holds receivers' names and addresses.
 */
export async function writeFileAtomic(
  target: string,
  data: Buffer | string,
  options: { mode?: number } = {},
): Promise<void> {
  const dir = path.dirname(target);
  const temp = path.join(
    dir,
    `.${path.basename(target)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`,
  );
  // The mode is set at creation, so a secret is never readable by others even for a moment.
  const handle = await openCreatingDir(temp, options.mode ?? PRIVATE_FILE_MODE);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(temp, { force: true });
    throw error;
  }
  await handle.close();
  try {
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await fsyncDirectory(dir);
}

/**
 * Opens a new file for writing; its folder is made (private, 0700) only when missing. Asking first would cost
 * every write one more trip to the file system, and the label path makes several such writes on the way to the
 * printer.
 */
async function openCreatingDir(file: string, mode: number): Promise<FileHandle> {
  try {
    return await open(file, 'w', mode);
  } catch (error) {
    if (!isErrnoException(error) || error.code !== 'ENOENT') throw error;
    await mkdir(path.dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
    return open(file, 'w', mode);
  }
}

/** A directory fsync makes renames and unlinks in it durable. Windows cannot open directories: skip there. */
export async function fsyncDirectory(dir: string): Promise<void> {
  if (process.platform === 'win32') return;
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Removes a file and makes the removal durable; a missing file is fine. */
export async function removeFileDurable(target: string): Promise<void> {
  await rm(target, { force: true });
  await fsyncDirectory(path.dirname(target)).catch(() => undefined);
}

/** Reads a file, or `undefined` when it does not exist (other errors are real and thrown). */
export async function readFileIfExists(target: string): Promise<Buffer | undefined> {
  try {
    return await readFile(target);
  } catch (error) {
    if (isErrnoException(error) && error.code === 'ENOENT') return undefined;
    throw error;
  }
}

export interface PathError {
  code: 'path_traversal' | 'invalid_path';
  message: string;
}

/**
 * Joins untrusted path parts onto a base directory and refuses anything that would land outside it
 * (`..`, absolute parts, NUL bytes). Returns the resolved absolute path.
 */
export function safeJoin(baseDir: string, ...parts: string[]): Result<string, PathError> {
  for (const part of parts) {
    if (part.includes('\0')) return err({ code: 'invalid_path', message: 'Path contains a NUL byte' });
  }
  const base = path.resolve(baseDir);
  const joined = path.resolve(base, ...parts);
  const relative = path.relative(base, joined);
  if (relative === '') return ok(joined);
  if (relative.startsWith('..') || path.isAbsolute(relative)) {
    return err({ code: 'path_traversal', message: `Path ${parts.join('/')} leaves ${base}` });
  }
  return ok(joined);
}

/** A file-name-safe version of an id: keeps letters, digits, `-`, `_` and `.`, never `..`. */
export function safeFileName(id: string): string {
  const cleaned = id.replace(/[^A-Za-z0-9._-]/g, '_').replace(/\.{2,}/g, '_');
  return cleaned.length > 0 && cleaned !== '.' ? cleaned.slice(0, 160) : '_';
}

export function isErrnoException(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).code === 'string';
}
