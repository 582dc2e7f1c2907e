/**
 * A private CUPS scheduler for tests: its own ServerRoot, spool, TempDir and logs under a temp folder,
 * listening on 127.0.0.1:<free port>, never touching the machine's own CUPS. `CUPS_SERVER` is set so that
 * `lp`/`lpstat` (and the os-queue driver) talk to it. Needs the Debian packages `cups` (cupsd),
 * `cups-client` (lp, lpstat, lpadmin); the `cups` package also brings the socket backend. `cups-bsd` is not needed.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmod, chown, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface PrivateCups {
  /** `127.0.0.1:<port>`: the value of CUPS_SERVER. */
  readonly server: string;
  readonly dir: string;
  /** Environment for child processes that must talk to this scheduler. */
  readonly env: NodeJS.ProcessEnv;
  /** A raw queue (no filters) printing to `socket://host:port`. */
  addRawQueue(name: string, host: string, port: number): void;
  /** Jobs the scheduler still holds (not completed). */
  pendingJobs(name: string): string[];
  errorLog(): string;
  stop(): Promise<void>;
}

function which(program: string): string | undefined {
  for (const dir of ['/usr/sbin', '/usr/bin', '/sbin', '/bin', ...(process.env.PATH ?? '').split(':')]) {
    const candidate = path.join(dir, program);
    const probe = spawnSync('test', ['-x', candidate]);
    if (probe.status === 0) return candidate;
  }
  return undefined;
}

/** Why CUPS tests cannot run here, or undefined when they can. */
export function cupsUnavailableReason(): string | undefined {
  if (process.platform !== 'linux') return 'the private cupsd helper is written for Linux';
  const missing = ['cupsd', 'lp', 'lpstat', 'lpadmin'].filter((p) => which(p) === undefined);
  if (missing.length) return `not installed: ${missing.join(', ')} (apt-get install cups cups-client)`;
  // The socket backend ships in the \`cups\` package (backend-available/, linked in by its postinst).
  if (spawnSync('test', ['-x', '/usr/lib/cups/backend/socket']).status !== 0)
    return 'the CUPS socket backend is missing (apt-get install cups)';
  return undefined;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function lpGroupId(): number | undefined {
  const result = spawnSync('getent', ['group', 'lp'], { encoding: 'utf8' });
  const gid = Number(result.stdout.split(':')[2]);
  return Number.isInteger(gid) ? gid : undefined;
}

export async function startPrivateCups(): Promise<PrivateCups> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'packbench-cups-'));
  await chmod(dir, 0o755);
  const sub = (name: string): string => path.join(dir, name);
  const isRoot = process.getuid?.() === 0;
  const gid = lpGroupId();
  for (const name of ['root', 'spool', 'tmp', 'cache', 'state', 'log'])
    await mkdir(sub(name), { recursive: true });
  // The scheduler runs filters and backends as user lp: its TempDir, spool and state must be reachable by group lp.
  if (isRoot && gid !== undefined) {
    for (const name of ['spool', 'tmp', 'cache', 'state']) await chown(sub(name), 0, gid);
  }
  await chmod(sub('tmp'), 0o1770);
  await chmod(sub('spool'), 0o710);
  await chmod(sub('cache'), 0o770);
  await chmod(sub('state'), 0o770);

  const port = await freePort();
  const server = `127.0.0.1:${port}`;
  const cupsdConf = [
    `Listen ${server}`,
    'LogLevel warn',
    'WebInterface No',
    'Browsing No',
    'DefaultAuthType None',
    'DefaultEncryption Never',
    // Jobs and their files are kept briefly so a test can look, then purged.
    'PreserveJobHistory Off',
    '<Location />',
    '  Order allow,deny',
    '  Allow all',
    '</Location>',
    '<Policy default>',
    '  JobPrivateAccess all',
    '  JobPrivateValues none',
    '  SubscriptionPrivateAccess all',
    '  SubscriptionPrivateValues none',
    '  <Limit All>',
    '    Order deny,allow',
    '    Allow all',
    '  </Limit>',
    '</Policy>',
    '',
  ].join('\n');
  const filesConf = [
    `ServerRoot ${sub('root')}`,
    `RequestRoot ${sub('spool')}`,
    `TempDir ${sub('tmp')}`,
    `CacheDir ${sub('cache')}`,
    `StateDir ${sub('state')}`,
    `ErrorLog ${sub('log/error_log')}`,
    `AccessLog ${sub('log/access_log')}`,
    `PageLog ${sub('log/page_log')}`,
    ...(isRoot ? ['User lp', 'Group lp', 'SystemGroup root'] : []),
    '',
  ].join('\n');
  await writeFile(sub('cupsd.conf'), cupsdConf);
  await writeFile(sub('root/cupsd.conf'), cupsdConf);
  await writeFile(sub('cups-files.conf'), filesConf);

  const env: NodeJS.ProcessEnv = { ...process.env, CUPS_SERVER: server };
  const child: ChildProcess = spawn(
    which('cupsd') ?? 'cupsd',
    ['-f', '-c', sub('cupsd.conf'), '-s', sub('cups-files.conf')],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env,
    },
  );
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));

  const errorLog = (): string => spawnSync('cat', [sub('log/error_log')], { encoding: 'utf8' }).stdout ?? '';
  for (let i = 0; ; i++) {
    const probe = spawnSync('lpstat', ['-r'], { env, encoding: 'utf8' });
    if (probe.status === 0 && probe.stdout.includes('scheduler is running')) break;
    if (child.exitCode !== null || i > 100) {
      child.kill('SIGKILL');
      throw new Error(`private cupsd did not start: ${output}\n${errorLog()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    server,
    dir,
    env,
    addRawQueue(name, host, queuePort) {
      // CUPS 2.4 still makes a raw queue with `-m raw` (it warns that raw queues are deprecated).
      const result = spawnSync(
        'lpadmin',
        ['-p', name, '-E', '-v', `socket://${host}:${queuePort}`, '-m', 'raw'],
        { env, encoding: 'utf8' },
      );
      if (result.status !== 0) throw new Error(`lpadmin failed: ${result.stderr}`);
    },
    pendingJobs(name) {
      const result = spawnSync('lpstat', ['-o', name], { env, encoding: 'utf8' });
      return result.stdout.split('\n').filter((l) => l.trim().length > 0);
    },
    errorLog,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
