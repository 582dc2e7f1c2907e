import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createWriteStream, existsSync, type WriteStream } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import * as z from 'zod';

/** One line of the headless host's stdout contract, as far as the soak needs it (extra fields pass through). */
export const headlessEventSchema = z
  .object({
    event: z.string(),
    scan: z.string().optional(),
    jobId: z.string().optional(),
    reason: z.string().optional(),
    code: z.string().optional(),
    shipmentId: z.string().optional(),
    message: z.string().optional(),
  })
  .passthrough();
export type HeadlessEvent = z.infer<typeof headlessEventSchema>;

export interface ChildStartOptions {
  entry: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  logDir: string;
  index: number;
  onEvent: (event: HeadlessEvent) => void;
  /** A stdout line that is not a JSON event breaks the contract; the runner counts these. */
  onContractViolation: (line: string) => void;
}

/**
 * The headless host as a child process: scans in on stdin, JSON lines out on stdout. stdout and stderr are
 * also kept in the log folder so the secret check can read every byte the station ever wrote.
 */
export class HeadlessChild {
  private exited: Promise<number | null>;
  private exitCode: number | null | undefined;
  private readonly stdoutLog: WriteStream;
  private readonly stderrLog: WriteStream;

  private constructor(
    private readonly child: ChildProcessWithoutNullStreams,
    readonly index: number,
    logDir: string,
    onEvent: (event: HeadlessEvent) => void,
    onContractViolation: (line: string) => void,
  ) {
    this.stdoutLog = createWriteStream(join(logDir, `station-${index}.stdout.jsonl`));
    this.stderrLog = createWriteStream(join(logDir, `station-${index}.stderr.log`));
    child.stderr.pipe(this.stderrLog, { end: false });
    child.stdin.on('error', () => undefined); // writes to a killed child fail; the runner knows it killed it
    const lines = createInterface({ input: child.stdout, crlfDelay: Infinity });
    lines.on('line', (line) => {
      this.stdoutLog.write(`${line}\n`);
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch {
        onContractViolation(line);
        return;
      }
      const event = headlessEventSchema.safeParse(parsed);
      if (event.success) onEvent(event.data);
      else onContractViolation(line);
    });
    this.exited = new Promise((resolve) => {
      child.on('close', (code) => {
        this.exitCode = code;
        resolve(code);
      });
    });
  }

  /** Starts the host and resolves once it wrote its `ready` line. */
  static async start(options: ChildStartOptions, readyTimeoutMs = 30_000): Promise<HeadlessChild> {
    await entryPresent(options.entry, readyTimeoutMs);
    const proc = spawn(process.execPath, [options.entry, ...options.args], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: options.env,
    });
    let markReady: () => void = () => {};
    const ready = new Promise<void>((resolve) => {
      markReady = resolve;
    });
    const child = new HeadlessChild(
      proc,
      options.index,
      options.logDir,
      (event) => {
        if (event.event === 'ready') markReady();
        options.onEvent(event);
      },
      options.onContractViolation,
    );
    let timer: NodeJS.Timeout | undefined;
    const outcome = await Promise.race([
      ready.then(() => 'ready' as const),
      child.exited.then(() => 'exited' as const),
      new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), readyTimeoutMs);
      }),
    ]);
    clearTimeout(timer);
    if (outcome !== 'ready') {
      await child.kill();
      throw new Error(
        `the headless host did not become ready (${outcome}); see ${join(options.logDir, `station-${options.index}.stderr.log`)}`,
      );
    }
    return child;
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get running(): boolean {
    return this.exitCode === undefined;
  }

  /** One scan: the bytes and a newline, as a scanner in keyboard-wedge mode sends them. */
  send(line: Buffer): void {
    if (!this.running || this.child.stdin.destroyed) return;
    this.child.stdin.write(Buffer.concat([line, Buffer.from('\n')]));
  }

  /** SIGKILL: no chance to flush or clean up, like a power cut. */
  async kill(): Promise<void> {
    if (this.running) this.child.kill('SIGKILL');
    await this.exited;
    await this.closeLogs();
  }

  /** Closes stdin (end of the day's input) and waits for the host to finish its work and exit. */
  async finish(timeoutMs: number): Promise<number | null | 'killed'> {
    this.child.stdin.end();
    let timer: NodeJS.Timeout | undefined;
    const result = await Promise.race([
      this.exited,
      new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), timeoutMs);
      }),
    ]);
    clearTimeout(timer);
    if (result === 'timeout') {
      await this.kill();
      return 'killed';
    }
    await this.closeLogs();
    return result;
  }

  private logsClosed: Promise<void> | undefined;

  private closeLogs(): Promise<void> {
    this.logsClosed ??= Promise.all(
      [this.stdoutLog, this.stderrLog].map((s) => new Promise<void>((resolve) => s.end(() => resolve()))),
    ).then(() => undefined);
    return this.logsClosed;
  }
}

/** A build running elsewhere (`scripts/build-main.mjs` empties dist/main first) must not fail a restart. */
async function entryPresent(entry: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!existsSync(entry)) {
    if (Date.now() > until)
      throw new Error(`${entry} does not exist: build it first (node scripts/build-main.mjs)`);
    await sleep(100);
  }
}
