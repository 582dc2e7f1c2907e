/**
 * One Packbench per data folder. Two stations on one journal interleave their sequence numbers and each takes the
 * other's bookings for another station's: so every host takes this lock before its station opens, and a second
 * host on the same folder refuses to start and says who holds it.
 *
 * The lock is a file, `packbench.lock`, made with link(2) from a fully written temporary file: it appears whole
 * or not at all, and only one of two processes making it at once succeeds. It names the holder (pid, start time,
 * computer, and on Linux the boot and the process's start tick) so that a lock left by a process that died
 * without releasing it (a crash, a power cut, SIGKILL) is seen as stale at once and taken over, and a pid that
 * was since given to another program is not mistaken for the holder. Why not proper-lockfile: it records no pid
 * (so it cannot say which program to close), it judges staleness only by a heartbeat's age (a crashed host
 * would block the next start for that long), and it declares a lock lost, by default throwing, when the event
 * loop stalls past that age. See docs/architecture.md, "The data folder".
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, statSync, unlinkSync } from 'node:fs';
import { link, mkdir, readFile, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { refusalAt } from '../../files/errno-words';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../../files/private';

export const LOCK_FILE = 'packbench.lock';
/** Held only for the moment a stale lock is taken over, so that two starters never both take it. */
const GUARD_FILE = `${LOCK_FILE}.takeover`;
/** A guard older than this was left by a process that died while taking over: it is removed. */
const GUARD_STALE_MS = 10_000;
/** The holder touches its lock this often, so that a lock from another computer can be judged by its age. */
const HEARTBEAT_MS = 30_000;
/** A lock from another computer (a shared folder, a container recreated) not touched for this long is stale. */
export const FOREIGN_STALE_MS = 5 * 60_000;

/** What the lock file says about its holder. */
export interface LockHolder {
  pid: number;
  hostname: string;
  startedAt: string;
  /** Linux: /proc/sys/kernel/random/boot_id, new at every boot. */
  bootId?: string;
  /** Linux: the process's start time in clock ticks since boot (/proc/PID/stat, field 22). */
  procStart?: string;
  /** This lock's own random id: a release removes the file only while it is still this one. */
  token: string;
}

/** A data folder that cannot be used: `message` says which, why in words, and what to do. */
export class DataDirError extends Error {
  constructor(
    message: string,
    readonly dataDir: string,
    readonly holder?: LockHolder,
  ) {
    super(message);
    this.name = 'DataDirError';
  }
}

export interface DataDirLock {
  readonly path: string;
  readonly holder: LockHolder;
  /** Removes the lock file if it is still this lock's (idempotent). */
  release(): Promise<void>;
}

export interface OpenDataDirOptions {
  /** What the user can do instead, ending the messages: e.g. "choose another with --data-dir". */
  another?: string;
}

/** Locks held by this process, by lock file path: a second lock on one folder in one process is refused too. */
const heldHere = new Map<string, LockHolder>();

/**
 * Makes the data folder if it is missing, checks that this user can write in it, and locks it for this process.
 * Throws a DataDirError whose message says what is wrong and what to do.
 */
export async function openDataDir(dataDir: string, options: OpenDataDirOptions = {}): Promise<DataDirLock> {
  const another = options.another ?? 'choose another with --data-dir';
  await makeDataDir(dataDir, another);
  return lockDataDir(dataDir, another);
}

function unusable(dataDir: string, why: string, another: string): DataDirError {
  return new DataDirError(
    `the data folder ${dataDir} cannot be used: ${why} — ${another} or fix its permissions`,
    dataDir,
  );
}

/**
 * A station that fails to open inside a folder that was made and locked (its journal, spool, label cache or
 * settings refused): the same words as the lock's, naming the path and what to do, instead of a bare
 * `EEXIST: file already exists, mkdir …`. Errors that are not the file system's inside `dataDir` come back as
 * they are.
 */
export function explainOpeningFailure(
  error: unknown,
  dataDir: string,
  options: OpenDataDirOptions = {},
): unknown {
  const { code, path } = (error ?? {}) as NodeJS.ErrnoException;
  if (error instanceof DataDirError || !code || !path) return error;
  const root = resolve(dataDir);
  const inside = relative(root, resolve(path));
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return error;
  const another = options.another ?? 'choose another with --data-dir';
  if (code === 'EEXIST' || code === 'ENOTDIR') {
    const file = fileInTheWay(root, inside) ?? path;
    return new DataDirError(
      `the data folder ${dataDir} cannot be used: ${file} is a file where Packbench keeps a folder — move that file away, or ${another}`,
      dataDir,
    );
  }
  return unusable(dataDir, refusalAt(error, path), another);
}

/** The first part of `inside` (below `root`) that exists and is not a folder. */
function fileInTheWay(root: string, inside: string): string | undefined {
  let at = root;
  for (const part of inside.split(sep)) {
    at = join(at, part);
    try {
      if (!statSync(at).isDirectory()) return at;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * Makes the folder and any missing parents, one level at a time. Not `mkdir(…, { recursive: true })`: Node's
 * retries for ever (at full CPU) where a parent exists but refuses children with ENOENT, as /proc does.
 */
async function makeDataDir(dataDir: string, another: string): Promise<void> {
  const missing: string[] = [];
  for (let at = resolve(dataDir); ;) {
    let found;
    try {
      found = await stat(at);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw unusable(dataDir, refusalAt(error, at), another);
      const parent = dirname(at);
      if (parent === at) throw unusable(dataDir, refusalAt(error, at), another);
      missing.unshift(at);
      at = parent;
      continue;
    }
    if (!found.isDirectory())
      throw unusable(
        dataDir,
        `${at === resolve(dataDir) ? 'it' : at} is ${found.isFile() ? 'a file' : 'something else'}, not a folder`,
        another,
      );
    break;
  }
  const root = resolve(dataDir);
  for (const folder of missing) {
    try {
      // The data folder itself is private (it holds receivers' names and addresses); its parents are not ours.
      await mkdir(folder, folder === root ? PRIVATE_DIR_MODE : undefined);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') continue; // made by another starter just now
      // A refused write is the parent's; a refusal in other words names the folder that could not be made.
      throw unusable(
        dataDir,
        refusalAt(error, code === 'EACCES' || code === 'EPERM' ? dirname(folder) : folder),
        another,
      );
    }
  }
}

async function lockDataDir(dataDir: string, another: string): Promise<DataDirLock> {
  const lockPath = join(resolve(dataDir), LOCK_FILE);
  const mine: LockHolder = {
    pid: process.pid,
    hostname: hostname(),
    startedAt: new Date().toISOString(),
    ...linuxIdentity(process.pid),
    token: randomBytes(12).toString('hex'),
  };
  if (heldHere.has(lockPath)) throw inUse(dataDir, lockPath, heldHere.get(lockPath)!, another);
  for (let attempt = 0; ; attempt += 1) {
    if (await createExclusive(lockPath, mine, dataDir, another)) break;
    const found = await readHolder(lockPath);
    if (found === 'gone') continue; // released between our try and our look: try again
    const holder = found === 'garbled' ? found : found.holder;
    if (holder !== 'garbled' && holderAlive(holder, found !== 'garbled' ? found.touchedAt : 0))
      throw inUse(dataDir, lockPath, holder, another);
    if (attempt >= 20) throw inUse(dataDir, lockPath, holder === 'garbled' ? undefined : holder, another);
    await takeOver(lockPath, holder, dataDir, another);
  }
  heldHere.set(lockPath, mine);
  // A process that ends without its teardown (process.exit on a fatal error) still leaves no lock behind.
  const onExit = (): void => {
    try {
      if (sameToken(readFileSync(lockPath, 'utf8'), mine.token)) unlinkSync(lockPath);
    } catch {
      // nothing to release
    }
  };
  process.on('exit', onExit);
  const heartbeat = setInterval(() => {
    const now = new Date();
    utimes(lockPath, now, now).catch(() => undefined);
  }, HEARTBEAT_MS);
  heartbeat.unref();
  let released: Promise<void> | undefined;
  return {
    path: lockPath,
    holder: mine,
    release() {
      released ??= (async () => {
        process.off('exit', onExit);
        clearInterval(heartbeat);
        heldHere.delete(lockPath);
        const now = await readFile(lockPath, 'utf8').catch(() => '');
        if (sameToken(now, mine.token)) await unlink(lockPath).catch(() => undefined);
      })();
      return released;
    },
  };
}

function sameToken(text: string, token: string): boolean {
  try {
    return (JSON.parse(text) as LockHolder).token === token;
  } catch {
    return false;
  }
}

/** Makes `path` with `holder` in it, whole, unless it exists: false then. Other errors say the folder is unusable. */
async function createExclusive(
  path: string,
  holder: LockHolder,
  dataDir: string,
  another: string,
): Promise<boolean> {
  const temp = `${path}.${process.pid}.${holder.token}.tmp`;
  try {
    await writeFile(temp, `${JSON.stringify(holder)}\n`, { mode: PRIVATE_FILE_MODE });
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw unusable(dataDir, refusalAt(error, 'it'), another);
  }
  try {
    await link(temp, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw unusable(dataDir, refusalAt(error, 'it'), another);
  } finally {
    await unlink(temp).catch(() => undefined);
  }
}

async function readHolder(
  path: string,
): Promise<{ holder: LockHolder; touchedAt: number } | 'gone' | 'garbled'> {
  let text: string;
  let touchedAt: number;
  try {
    [text, touchedAt] = await Promise.all([readFile(path, 'utf8'), stat(path).then((s) => s.mtimeMs)]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'gone';
    throw error;
  }
  try {
    const holder = JSON.parse(text) as Partial<LockHolder>;
    if (
      typeof holder.pid === 'number' &&
      typeof holder.hostname === 'string' &&
      typeof holder.token === 'string'
    )
      return { holder: holder as LockHolder, touchedAt };
  } catch {
    // below
  }
  // Never written so by a Packbench (it links whole files): a disk that lost the file's blocks in a power cut.
  return 'garbled';
}

/**
 * Whether the process a lock names still runs. On another computer (a shared folder, another container) that
 * cannot be asked, so the lock holds while its holder keeps touching it (every 30 s), and is stale 5 min after.
 * The same holds on this computer where a process cannot be told by its start (Windows, macOS: no boot id, no
 * start tick): after a power cut and a restart the holder's pid may be another program's, which would keep the
 * folder locked for good; a Packbench that runs renews its lock, so one not renewed for 5 minutes is stale.
 */
export function holderAlive(holder: LockHolder, touchedAt: number, now = Date.now()): boolean {
  if (holder.hostname !== hostname()) return now - touchedAt < FOREIGN_STALE_MS;
  const here = linuxIdentity(holder.pid);
  if (holder.bootId && here.bootId && holder.bootId !== here.bootId) return false; // the machine restarted since
  if (holder.pid === process.pid) return false; // an earlier run with our pid (a container restarted)
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false; // ESRCH: no such process
  }
  // The pid runs: is it still the holder, or a program that got its pid after the holder died?
  if (holder.procStart && here.procStart) return holder.procStart === here.procStart;
  return now - touchedAt < FOREIGN_STALE_MS;
}

/** Linux only: the boot's id and the process's start tick; nothing elsewhere. */
function linuxIdentity(pid: number): { bootId?: string; procStart?: string } {
  if (process.platform !== 'linux') return {};
  const out: { bootId?: string; procStart?: string } = {};
  try {
    out.bootId = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    // not mounted
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (in parentheses, which may hold spaces): state is field 3, starttime 22.
    const start = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[22 - 3];
    if (start) out.procStart = start;
  } catch {
    // no such process, or no /proc
  }
  return out;
}

/**
 * Removes a stale lock so that the next try can take it. Under a guard file: two starters that both found it
 * stale must not have the slower one remove the lock the faster one just made.
 */
async function takeOver(
  lockPath: string,
  stale: LockHolder | 'garbled',
  dataDir: string,
  another: string,
): Promise<void> {
  const guardPath = join(dirname(lockPath), GUARD_FILE);
  const guard: LockHolder = {
    pid: process.pid,
    hostname: hostname(),
    startedAt: new Date().toISOString(),
    token: randomBytes(12).toString('hex'),
  };
  if (!(await createExclusive(guardPath, guard, dataDir, another))) {
    const age = await stat(guardPath).then(
      (s) => Date.now() - s.mtimeMs,
      () => 0,
    );
    if (age > GUARD_STALE_MS) await unlink(guardPath).catch(() => undefined);
    else await new Promise((r) => setTimeout(r, 50));
    return; // the caller looks again
  }
  try {
    const now = await readHolder(lockPath);
    const unchanged =
      now === 'garbled'
        ? stale === 'garbled'
        : now !== 'gone' && stale !== 'garbled' && now.holder.token === stale.token;
    if (unchanged) await unlink(lockPath).catch(() => undefined);
  } finally {
    await unlink(guardPath).catch(() => undefined);
  }
}

function inUse(
  dataDir: string,
  lockPath: string,
  holder: LockHolder | undefined,
  another: string,
): DataDirError {
  const who = holder
    ? `another Packbench (pid ${holder.pid}${holder.hostname !== hostname() ? ` on the computer ${holder.hostname}` : ''}, started ${holder.startedAt})`
    : 'another Packbench';
  const wait = '(or wait: a lock not renewed for 5 minutes is taken over)';
  const freeing = !holder
    ? ''
    : holder.hostname !== hostname()
      ? ` If no Packbench runs there any more, delete ${lockPath} ${wait}.`
      : !holder.procStart
        ? ` If no Packbench runs on this computer (after a restart its pid may be another program's), delete ${lockPath} ${wait}.`
        : '';
  return new DataDirError(
    `the data folder ${dataDir} is in use by ${who}: close that one, or ${another}.${freeing}`,
    dataDir,
    holder,
  );
}
