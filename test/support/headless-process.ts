import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { DEMO_API_KEY_ID, DEMO_API_KEY_SECRET } from '../../main/simulator/demo';

export interface HeadlessRun {
  code: number | null;
  events: Record<string, unknown>[];
  stdout: string;
  stderr: string;
}

/** Runs the built headless host with `input` on stdin (closed afterwards) and collects its JSON lines. */
export function runHeadless(
  args: string[],
  input: string | Buffer,
  env: NodeJS.ProcessEnv = {},
  timeoutMs = 30_000,
): Promise<HeadlessRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['dist/main/headless.js', ...args], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: {
        ...process.env,
        PACKBENCH_API_KEY_ID: '',
        PACKBENCH_API_KEY_SECRET: '',
        PACKBENCH_CHECKOUT_CLIENT_ID: '',
        PACKBENCH_CHECKOUT_CLIENT_SECRET: '',
        ...env,
      },
    });
    const events: Record<string, unknown>[] = [];
    const out: string[] = [];
    const err: string[] = [];
    createInterface({ input: child.stdout }).on('line', (line) => {
      out.push(line);
      try {
        events.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        events.push({ event: '<not json>', line });
      }
    });
    child.stderr.on('data', (c: Buffer) => err.push(c.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`headless did not exit in time:\n${err.join('')}`));
    }, timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, events, stdout: out.join('\n'), stderr: err.join('') });
    });
    child.stdin.end(input);
  });
}

/** The demo account's API key, as the headless host reads it from its environment. */
export const DEMO_KEY_ENV = {
  PACKBENCH_API_KEY_ID: DEMO_API_KEY_ID,
  PACKBENCH_API_KEY_SECRET: DEMO_API_KEY_SECRET,
};

/**
 * The flags of a headless host booking with the nShift (a simulator) at `deliveryUrl`, printing labels on the
 * virtual Zebra at `zebraPort`, keeping its journal in `dataDir`; `more` flags after them.
 */
export function stationFlags(
  deliveryUrl: string,
  zebraPort: number,
  dataDir: string,
  ...more: string[]
): string[] {
  return [
    '--delivery-url',
    deliveryUrl,
    '--label-printer',
    `tcp://127.0.0.1:${zebraPort}`,
    '--data-dir',
    dataDir,
    ...more,
  ];
}
