import { execFileSync, spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { runHeadless } from '../../support/headless-process';
import { startWebProcess, type WebProcess } from '../../support/web-process';

/**
 * One Packbench per data folder, with real host processes: a second headless or web host on a folder in use
 * exits 1 and says which folder, which process holds it and what to do; a lock left by a killed host does not
 * block the next start; a folder that cannot be used fails the start at once, in words.
 */
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const clean of cleanups.splice(0).reverse()) await clean();
});

async function folder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'packbench-lock-it-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

interface Holder {
  proc: ChildProcessWithoutNullStreams;
  events: Record<string, unknown>[];
  stderr: () => string;
  closed: Promise<number | null>;
  /** Resolves true once the host wrote `ready`, false if it exited first. */
  ready: Promise<boolean>;
}

/** A headless demo host on `dataDir` that keeps running (its stdin stays open) until ended. */
function holdWithHeadless(dataDir: string): Holder {
  const proc = spawn(process.execPath, ['dist/main/headless.js', '--demo', '--data-dir', dataDir], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let err = '';
  proc.stderr.on('data', (c: Buffer) => (err += c.toString()));
  const events: Record<string, unknown>[] = [];
  const closed = new Promise<number | null>((resolve) => proc.once('close', resolve));
  const ready = new Promise<boolean>((resolve) => {
    createInterface({ input: proc.stdout }).on('line', (line) => {
      events.push(JSON.parse(line) as Record<string, unknown>);
      if (events.at(-1)?.event === 'ready') resolve(true);
    });
    void closed.then(() => resolve(false));
  });
  cleanups.push(async () => {
    proc.kill('SIGKILL');
    await closed;
  });
  return { proc, events, stderr: () => err, closed, ready };
}

function inUse(dataDir: string, pid: number): string {
  return `the data folder ${dataDir} is in use by another Packbench (pid ${pid}, started `;
}

describe('two hosts on one data folder', () => {
  it('a second headless host exits 1 and names the folder and the first one’s pid; the first books on alone', async () => {
    const dataDir = await folder();
    const first = holdWithHeadless(dataDir);
    expect(await first.ready).toBe(true);

    const second = await runHeadless(['--demo', '--data-dir', dataDir], 'ORD-1001\n');
    expect(second.code).toBe(1);
    expect(second.events).toEqual([]); // never ready, never booked
    expect(second.stderr).toContain(inUse(dataDir, first.proc.pid!));
    expect(second.stderr).toContain('close that one, or choose another with --data-dir.');

    first.proc.stdin.end('ORD-1001\n');
    expect(await first.closed).toBe(0);
    expect(first.events.filter((e) => e.event === 'printed')).toHaveLength(1);
    // Released at the end: the next host starts, and its journal goes on from the first one's.
    expect(existsSync(join(dataDir, 'packbench.lock'))).toBe(false);
    const next = await runHeadless(['--demo', '--data-dir', dataDir], '');
    expect(next.code).toBe(0);
    expect(next.events[0]).toMatchObject({ event: 'ready' });
  }, 60_000);

  it('a web host on a folder a headless host uses exits 1 and serves nothing', async () => {
    const dataDir = await folder();
    const first = holdWithHeadless(dataDir);
    expect(await first.ready).toBe(true);
    const web = startWebProcess(['--port', '0', '--data-dir', dataDir]);
    cleanups.push(() => web.stop('SIGKILL'));
    expect(await web.closed).toBe(1);
    expect(web.stderr()).toContain(`packbench web: ${inUse(dataDir, first.proc.pid!)}`);
    expect(web.stdout()).not.toContain('Open http');
  }, 60_000);

  it('a headless host on the folder of a running web host exits 1', async () => {
    const dataDir = await folder();
    const web: WebProcess = startWebProcess(['--port', '0', '--data-dir', dataDir]);
    cleanups.push(() => web.stop());
    await web.ready();
    const second = await runHeadless(['--data-dir', dataDir], '');
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(inUse(dataDir, web.proc.pid!));
    expect(await web.stop()).toBe(0);
    expect(existsSync(join(dataDir, 'packbench.lock'))).toBe(false);
  }, 60_000);
});

describe('a lock left behind', () => {
  it('by a host killed with SIGKILL does not block the next start', async () => {
    const dataDir = await folder();
    const killed = holdWithHeadless(dataDir);
    expect(await killed.ready, killed.stderr()).toBe(true);
    killed.proc.kill('SIGKILL');
    await killed.closed;
    expect(existsSync(join(dataDir, 'packbench.lock'))).toBe(true);
    const next = await runHeadless(['--demo', '--data-dir', dataDir], 'ORD-1001\n');
    expect(next.code).toBe(0);
    expect(next.events.map((e) => e.event)).toEqual(['ready', 'booked', 'printed']);
  }, 60_000);

  it('is taken over by exactly one of two hosts started at once', async () => {
    const dataDir = await folder();
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => gone.once('exit', resolve));
    await writeFile(
      join(dataDir, 'packbench.lock'),
      JSON.stringify({ pid: gone.pid, hostname: hostname(), startedAt: 'earlier', token: 'crashed' }),
    );
    const hosts = [holdWithHeadless(dataDir), holdWithHeadless(dataDir)];
    const ready = await Promise.all(hosts.map((h) => h.ready));
    expect(ready.filter(Boolean)).toHaveLength(1);
    const [winner, loser] = ready[0] ? [hosts[0]!, hosts[1]!] : [hosts[1]!, hosts[0]!];
    expect(await loser.closed).toBe(1);
    expect(loser.stderr()).toContain(inUse(dataDir, winner.proc.pid!));
    const lock = JSON.parse(await readFile(join(dataDir, 'packbench.lock'), 'utf8')) as { pid: number };
    expect(lock.pid).toBe(winner.proc.pid);
  }, 60_000);
});

describe('a data folder that cannot be used', () => {
  const advice = '— choose another with --data-dir or fix its permissions';

  it.runIf(process.platform === 'linux')(
    'under /proc: exits 1 at once with the reason, where it used to spin for ever',
    async () => {
      const run = await runHeadless(['--demo', '--data-dir', '/proc/nope'], 'ORD-1001\n', {}, 10_000);
      expect(run.code).toBe(1);
      expect(run.events).toEqual([]);
      expect(run.stderr).toContain(
        `could not start: the data folder /proc/nope cannot be used: the system refuses to make /proc/nope (no folder can be made there) ${advice}`,
      );
      const web = startWebProcess(['--port', '0', '--data-dir', '/proc/nope']);
      cleanups.push(() => web.stop('SIGKILL'));
      expect(await web.closed).toBe(1);
      expect(web.stderr()).toContain('packbench web: the data folder /proc/nope cannot be used');
    },
    20_000,
  );

  it('a plain file: says it is not a folder', async () => {
    const file = join(await folder(), 'settings.json');
    await writeFile(file, '{}');
    const run = await runHeadless(['--data-dir', file], '');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `the data folder ${file} cannot be used: it is a file, not a folder ${advice}`,
    );
  });

  it('a file where the journal folder goes: both hosts name it and say to move it; moved, the folder starts', async () => {
    const dataDir = await folder();
    const journal = join(dataDir, 'journal');
    await writeFile(journal, 'copied here by mistake');
    const said = `the data folder ${dataDir} cannot be used: ${journal} is a file where Packbench keeps a folder — move that file away, or choose another with --data-dir`;
    const run = await runHeadless(['--data-dir', dataDir], 'ORD-1001\n');
    expect(run.code).toBe(1);
    expect(run.events).toEqual([]);
    expect(run.stderr).toContain(`could not start: ${said}`);
    expect(run.stderr).not.toContain('EEXIST');
    const web = startWebProcess(['--port', '0', '--data-dir', dataDir]);
    cleanups.push(() => web.stop('SIGKILL'));
    expect(await web.closed).toBe(1);
    expect(web.stderr()).toContain(`packbench web: ${said}`);
    // Neither left its lock behind: with the file moved away, the same folder opens.
    await rm(journal);
    const again = await runHeadless(['--data-dir', dataDir], '');
    expect(again.code).toBe(0);
    expect(again.events[0]).toMatchObject({ event: 'ready' });
  });

  describe('a folder inside it that this user may not write in', () => {
    // Made by root (a first start with sudo), then started as an ordinary user: root itself may write anywhere,
    // so the hosts run as `nobody` here (skipped where this test is not root, or nobody cannot read the build).
    const nobody = { uid: 65534, gid: 65534 };
    const asNobody = (script: string, args: string[]) =>
      spawnSync(process.execPath, [script, ...args], {
        ...nobody,
        input: '',
        timeout: 20_000,
        encoding: 'utf8',
        env: { ...process.env, PACKBENCH_API_KEY_ID: '', PACKBENCH_API_KEY_SECRET: '' },
      });

    it('says which folder and to fix its permissions; the web host does not call it a port problem', async (context) => {
      context.skip(
        process.getuid?.() !== 0,
        'not root: only root can make a folder of its own in the data folder and run the hosts as nobody',
      );
      const script = resolve('dist/main/headless.js');
      const readable = spawnSync(
        process.execPath,
        ['-e', `require('fs').accessSync(${JSON.stringify(script)})`],
        {
          ...nobody,
        },
      );
      context.skip(readable.status !== 0, `nobody cannot read ${script} (a checkout closed to other users)`);
      const dataDir = await folder();
      await chown(dataDir, nobody.uid, nobody.gid);
      const journal = join(dataDir, 'journal');
      await mkdir(journal, { mode: 0o755 }); // root's
      const headless = asNobody(script, ['--data-dir', dataDir]);
      expect(headless.status).toBe(1);
      expect(headless.stderr).toContain(
        `could not start: the data folder ${dataDir} cannot be used: this user may not write in ${journal}`,
      );
      expect(headless.stderr).toContain('— choose another with --data-dir or fix its permissions');
      expect(headless.stderr).not.toContain('EACCES');
      const web = asNobody(resolve('dist/main/web.js'), ['--port', '0', '--data-dir', dataDir]);
      expect(web.status).toBe(1);
      expect(web.stderr).toContain(
        `packbench web: the data folder ${dataDir} cannot be used: this user may not write in ${journal}`,
      );
      expect(web.stderr).not.toContain('port');
    });
  });

  describe('a read-only file system', () => {
    // Root may write anywhere chmod allows: only a read-only mount refuses it (skipped where none can be made).
    it('says so in words, not as ENOENT of a subfolder', async (context) => {
      const point = await folder();
      try {
        execFileSync('mount', ['-t', 'tmpfs', '-o', 'ro,size=1m', 'tmpfs', point], { stdio: 'ignore' });
        cleanups.push(async () => execFileSync('umount', [point])); // before the folder is removed
      } catch (error) {
        context.skip(
          `mount -t tmpfs -o ro refused (not root, or no mounts in this container): ${String(error)}`,
        );
      }
      for (const dataDir of [point, join(point, 'packbench')]) {
        const run = await runHeadless(['--data-dir', dataDir], '');
        expect(run.code).toBe(1);
        expect(run.stderr).toContain(`the data folder ${dataDir} cannot be used: `);
        expect(run.stderr).toContain(`is on a read-only file system ${advice}`);
        expect(run.stderr).not.toContain('ENOENT');
      }
      await expect(mkdir(join(point, 'x'))).rejects.toMatchObject({ code: 'EROFS' });
    });
  });
});
