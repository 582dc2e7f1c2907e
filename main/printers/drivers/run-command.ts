export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
  /** Set when the program could not be started at all (ENOENT: not installed). */
  spawnError?: NodeJS.ErrnoException;
  /** Killed when it outran its time: what it did before is unknown (a print queue may hold the job). */
  timedOut?: true;
}

/** Runs a program with an argument array (never a shell string) and optional stdin bytes. */
export type RunCommand = (
  file: string,
  args: readonly string[],
  options?: { input?: Buffer; timeoutMs?: number },
) => Promise<CommandResult>;

/**
 * The environment a print command runs in: this process's, without Packbench's own variables. Those hold the API
 * key's secret, the Checkout client secret and the vault's passphrase, which `lp`, `lpstat` or a wrapper put in
 * their place have no use for and must not see; CUPS_SERVER, PATH, the locale and the rest pass on.
 */
export function commandEnvironment(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !name.startsWith('PACKBENCH_')));
}

// node:child_process is loaded on the first use of an OS print queue (lp, lpstat), not by every station
// start: many stations print only to a Zebra's port.
export const runCommand: RunCommand = async (file, args, options = {}) => {
  const { execFile } = await import('node:child_process');
  return new Promise((resolve) => {
    const child = execFile(
      file,
      [...args],
      {
        timeout: options.timeoutMs ?? 30_000,
        maxBuffer: 4 * 1024 * 1024,
        encoding: 'utf8',
        windowsHide: true,
        env: commandEnvironment(),
      },
      (error, stdout, stderr) => {
        if (error === null) return resolve({ code: 0, stdout, stderr });
        const errno = error as NodeJS.ErrnoException & { code?: unknown; killed?: boolean };
        if (typeof errno.code === 'string') return resolve({ code: -1, stdout, stderr, spawnError: errno });
        resolve({
          code: typeof errno.code === 'number' ? errno.code : 1,
          stdout,
          stderr: stderr || error.message,
          ...(errno.killed ? { timedOut: true as const } : {}),
        });
      },
    );
    child.stdin?.on('error', () => undefined); // the program may exit before reading everything; its exit code tells
    if (options.input !== undefined) child.stdin?.end(options.input);
    else child.stdin?.end();
  });
};
