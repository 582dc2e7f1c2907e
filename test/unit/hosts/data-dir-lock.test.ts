import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as fsp from 'node:fs/promises';
import { mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DataDirError,
  LOCK_FILE,
  openDataDir,
  type DataDirLock,
} from '../../../main/hosts/shared/data-dir-lock';

// The file system's refusals that this machine cannot make for root (a read-only disk, a denied write) are
// injected here; everything else is the real file system.
vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof fsp>();
  return { ...real, writeFile: vi.fn(real.writeFile), mkdir: vi.fn(real.mkdir) };
});

let dir: string;
const locks: DataDirLock[] = [];
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'packbench-lock-'));
});
afterEach(async () => {
  for (const lock of locks.splice(0)) await lock.release();
  await rm(dir, { recursive: true, force: true });
});
const open = async (folder: string) => {
  const lock = await openDataDir(folder);
  locks.push(lock);
  return lock;
};
const refusal = (work: Promise<unknown>) =>
  work.then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: unknown) => error as DataDirError,
  );

/** The pid of a process that has ended. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

describe('the data folder lock', () => {
  it('makes a missing folder with its parents and writes a lock that names this process', async () => {
    const folder = join(dir, 'a', 'b', 'c');
    const lock = await open(folder);
    expect(lock.path).toBe(join(folder, LOCK_FILE));
    expect(JSON.parse(await readFile(lock.path, 'utf8'))).toMatchObject({
      pid: process.pid,
      hostname: hostname(),
    });
  });

  it('refuses a second lock on the same folder, naming the folder, the holder pid and what to do', async () => {
    await open(dir);
    const error = await refusal(openDataDir(dir));
    expect(error).toBeInstanceOf(DataDirError);
    expect(error.message).toContain(dir);
    expect(error.message).toContain(`another Packbench (pid ${process.pid}`);
    expect(error.message).toContain('close that one, or choose another with --data-dir');
  });

  it('is free again once released, and a release removes only its own lock', async () => {
    const first = await open(dir);
    await first.release();
    await expect(readFile(first.path)).rejects.toMatchObject({ code: 'ENOENT' });
    const second = await open(dir);
    await first.release(); // a late second release of the first lock leaves the second one alone
    expect(JSON.parse(await readFile(second.path, 'utf8')).token).toBe(second.holder.token);
  });

  it('takes over a lock whose process is gone', async () => {
    const pid = await deadPid();
    await writeFile(
      join(dir, LOCK_FILE),
      JSON.stringify({ pid, hostname: hostname(), startedAt: 'x', token: 'crashed' }),
    );
    const lock = await open(dir);
    expect(lock.holder.pid).toBe(process.pid);
  });

  it.runIf(process.platform === 'linux')(
    'takes over a lock whose pid now belongs to another program, or that was left before a reboot',
    async () => {
      // This test's own parent runs, but it started at another tick than the lock says.
      const live = { pid: process.ppid, hostname: hostname(), startedAt: 'x', token: 'old' };
      await writeFile(join(dir, LOCK_FILE), JSON.stringify({ ...live, procStart: '1' }));
      await (await open(dir)).release();
      const bootId = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
      await writeFile(join(dir, LOCK_FILE), JSON.stringify({ ...live, bootId: `${bootId}-before` }));
      await (await open(dir)).release();
      // The same live parent with no start tick recorded: the lock holds.
      await writeFile(join(dir, LOCK_FILE), JSON.stringify(live));
      expect((await refusal(openDataDir(dir))).message).toContain(`pid ${process.ppid}`);
    },
  );

  it('on a system that cannot tell a process by its start (Windows, macOS): a lock whose pid runs is held while renewed, says how to free it, and is taken over once not renewed for 5 minutes', async () => {
    // Left by a Packbench before a power cut; after the restart its pid is another program's (this test's parent).
    const path = join(dir, LOCK_FILE);
    await writeFile(
      path,
      JSON.stringify({ pid: process.ppid, hostname: hostname(), startedAt: 'x', token: 'old' }),
    );
    const error = await refusal(openDataDir(dir));
    expect(error.message).toContain(`pid ${process.ppid}`);
    expect(error.message).toContain(`delete ${path}`);
    const old = new Date(Date.now() - 6 * 60_000);
    await utimes(path, old, old);
    expect((await open(dir)).holder.pid).toBe(process.pid);
  });

  it('takes over a lock file that is not a lock (torn by a power cut)', async () => {
    await writeFile(join(dir, LOCK_FILE), '{"pid": 12');
    const lock = await open(dir);
    expect(JSON.parse(await readFile(lock.path, 'utf8'))).toMatchObject({
      pid: process.pid,
      hostname: hostname(),
      token: lock.holder.token,
    });
  });

  it('holds a fresh lock of another computer, and takes it over once not renewed for 5 minutes', async () => {
    const path = join(dir, LOCK_FILE);
    await writeFile(path, JSON.stringify({ pid: 1, hostname: 'till-2', startedAt: 'x', token: 'remote' }));
    const error = await refusal(openDataDir(dir));
    expect(error.message).toContain('pid 1 on the computer till-2');
    expect(error.message).toContain(`delete ${path}`);
    const old = new Date(Date.now() - 6 * 60_000);
    await utimes(path, old, old);
    await open(dir);
  });
});

describe('a data folder that cannot be used', () => {
  const advice = '— choose another with --data-dir or fix its permissions';

  it.runIf(process.platform === 'linux')(
    'fails at once under /proc, where Node’s own mkdir would spin',
    async () => {
      vi.mocked(fsp.mkdir).mockClear();
      const error = await refusal(openDataDir('/proc/nope/packbench'));
      expect(error.message).toBe(
        `the data folder /proc/nope/packbench cannot be used: the system refuses to make /proc/nope (no folder can be made there) ${advice}`,
      );
      // One try at the first missing level, not a recursive mkdir (which retries for ever there).
      expect(vi.mocked(fsp.mkdir).mock.calls).toEqual([['/proc/nope', undefined]]);
    },
  );

  it('says a plain file is not a folder', async () => {
    const file = join(dir, 'settings.json');
    await writeFile(file, '{}');
    expect((await refusal(openDataDir(file))).message).toBe(
      `the data folder ${file} cannot be used: it is a file, not a folder ${advice}`,
    );
    expect((await refusal(openDataDir(join(file, 'x')))).message).toContain(
      `${file} is a file, not a folder`,
    );
  });

  it('says a read-only disk or a denied write in words, not as ENOENT', async () => {
    vi.mocked(fsp.writeFile).mockRejectedValueOnce(Object.assign(new Error('EROFS'), { code: 'EROFS' }));
    expect((await refusal(openDataDir(dir))).message).toBe(
      `the data folder ${dir} cannot be used: it is on a read-only file system ${advice}`,
    );
    vi.mocked(fsp.writeFile).mockRejectedValueOnce(Object.assign(new Error('EACCES'), { code: 'EACCES' }));
    expect((await refusal(openDataDir(dir))).message).toContain('this user may not write in it');
    const sub = join(dir, 'new');
    vi.mocked(fsp.mkdir).mockRejectedValueOnce(Object.assign(new Error('EACCES'), { code: 'EACCES' }));
    expect((await refusal(openDataDir(sub))).message).toContain(`this user may not write in ${dir}`);
  });
});
