import { isErrnoException } from './atomic';

/**
 * What the file system's refusals mean, in the words Packbench says them: one table for every place that tells a
 * packer or IT about one. `path`: a refusal met at a path it names (making or locking the data folder:
 * main/hosts/shared/data-dir-lock.ts). `station`: a refusal that stops a running station, why it cannot save and
 * what IT does about it (main/station/failures.ts); a refusal without one here is "its disk reported an error".
 */
const ERRNO_WORDS: Readonly<Record<string, { path: (what: string) => string; station?: StationWords }>> = {
  EACCES: {
    path: (what) => `this user may not write in ${what}`,
    station: { why: 'it may not write its data folder', fix: 'give it the right to write there' },
  },
  EPERM: {
    path: (what) => `this user may not write in ${what}`,
    station: { why: 'it may not write its data folder', fix: 'give it the right to write there' },
  },
  EROFS: {
    path: (what) => `${what} is on a read-only file system`,
    station: { why: 'its disk is read-only', fix: 'make the data folder writable again' },
  },
  ENOSPC: {
    path: (what) => `the disk of ${what} is full`,
    station: { why: 'its disk is full', fix: 'free space on that disk' },
  },
  EDQUOT: {
    path: () => `this user's disk quota is used up`,
    station: { why: 'its disk is full', fix: 'free space on that disk' },
  },
  ENOENT: { path: (what) => `the system refuses to make ${what} (no folder can be made there)` },
  ENAMETOOLONG: { path: () => 'its name is too long' },
  ELOOP: { path: () => 'its path has too many symbolic links (a loop)' },
  EIO: { path: (what) => `the disk of ${what} reports an input/output error` },
};

interface StationWords {
  why: string;
  fix: string;
}

const OTHER_REFUSAL: StationWords = { why: 'its disk reported an error', fix: 'check the disk' };

function wordsOf(error: unknown): (typeof ERRNO_WORDS)[string] | undefined {
  const code = isErrnoException(error) ? error.code : undefined;
  return code !== undefined && Object.hasOwn(ERRNO_WORDS, code) ? ERRNO_WORDS[code] : undefined;
}

/** A refusal met at `what` (a path), in words a packer's supervisor can act on; else the system's own text. */
export function refusalAt(error: unknown, what: string): string {
  return wordsOf(error)?.path(what) ?? (error instanceof Error ? error.message : String(error));
}

/** Why a running station cannot save, what IT does about it, and the system's own text (for IT). */
export function stationRefusal(error: unknown): StationWords & { systemText: string } {
  const systemText = error instanceof Error ? error.message : String(error);
  return { ...(wordsOf(error)?.station ?? OTHER_REFUSAL), systemText };
}
