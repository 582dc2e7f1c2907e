/**
 * The spool survives a SIGKILL: a child process runs the print service against the virtual Zebra, dies
 * mid-job, and a new process on the same data directory finishes the job — exactly one label comes out.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bundleChild } from '../../support/bundle-child';
import type { SpoolJobView } from '../../../preload/api';
import type { VirtualZebra } from '../../../main/simulator/virtual-zebra';
import { createVirtualZebra } from '../../../main/simulator/virtual-zebra';

type ChildEvent =
  | { type: 'started'; jobs: SpoolJobView[] }
  | { type: 'spool'; job: SpoolJobView }
  | { type: 'outcome'; outcome: { state: string; spoolJobId: string } }
  | { type: 'printer' | 'released' | 'list' | 'crash'; [key: string]: unknown };

/** One run of the child: its events as they arrive, and a way to wait for one. */
class StationProcess {
  readonly events: ChildEvent[] = [];
  private readonly listeners = new Set<() => void>();
  readonly child: ChildProcess;

  constructor(script: string, env: NodeJS.ProcessEnv) {
    this.child = spawn(process.execPath, [script], {
      env: { ...process.env, ...env },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    createInterface({ input: this.child.stdout! }).on('line', (line) => {
      this.events.push(JSON.parse(line) as ChildEvent);
      for (const l of [...this.listeners]) l();
    });
  }

  send(command: object): void {
    this.child.stdin!.write(`${JSON.stringify(command)}\n`);
  }

  waitFor<T extends ChildEvent>(
    match: (e: ChildEvent) => e is T,
    what: string,
    timeoutMs = 10_000,
  ): Promise<T> {
    return new Promise((resolve, reject) => {
      const check = (): void => {
        const found = this.events.find(match);
        if (!found) return;
        this.listeners.delete(check);
        clearTimeout(timer);
        resolve(found);
      };
      const timer = setTimeout(() => {
        this.listeners.delete(check);
        reject(
          new Error(
            `child: no ${what}; saw ${this.events.map((e) => (e.type === 'spool' ? `spool:${e.job.state}` : e.type)).join(', ')}`,
          ),
        );
      }, timeoutMs);
      this.listeners.add(check);
      check();
    });
  }

  async kill(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((r) => this.child.once('exit', r));
    this.child.kill('SIGKILL');
    await exited;
  }
}

const isSpool =
  (state: string, minAttempts = 0) =>
  (e: ChildEvent): e is Extract<ChildEvent, { type: 'spool' }> =>
    e.type === 'spool' && e.job.state === state && e.job.attempts >= minAttempts;
const isStarted = (e: ChildEvent): e is Extract<ChildEvent, { type: 'started' }> => e.type === 'started';
const isOutcome = (e: ChildEvent): e is Extract<ChildEvent, { type: 'outcome' }> => e.type === 'outcome';

let child: { script: string; remove: () => Promise<void> };
let script: string;
let zebra: VirtualZebra;
let dataDir: string;
const running: StationProcess[] = [];

function startStation(): StationProcess {
  const station = new StationProcess(script, {
    SPOOL_DATA_DIR: dataDir,
    ZEBRA_PORT: String(zebra.port),
    WRITE_TIMEOUT_MS: '30000',
  });
  running.push(station);
  return station;
}

beforeAll(async () => {
  child = await bundleChild(new URL('../../support/spool-child.ts', import.meta.url));
  script = child.script;
});
afterAll(async () => {
  await child.remove();
});

beforeEach(async () => {
  zebra = await createVirtualZebra();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'spool-kill-'));
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.kill()));
  await zebra.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('spool across a SIGKILL', () => {
  it('a job queued for an offline printer resumes after the restart and prints exactly once', async () => {
    await zebra.offline();
    const first = startStation();
    await first.waitFor(isStarted, 'start');
    first.send({ cmd: 'print', id: 'shp-kill-1' });
    await first.waitFor(isSpool('queued', 1), 'a failed attempt');
    await first.kill();

    await zebra.online();
    const second = startStation();
    const started = await second.waitFor(isStarted, 'start');
    expect(started.jobs.map((j) => j.state)).toEqual(['queued']);
    // Nobody calls print() again after the restart: the spool finishes the job on its own.
    await second.waitFor(isSpool('printed'), 'printed');
    await zebra.waitForLabels(1);
    second.send({ cmd: 'list' });
    await second.waitFor((e): e is ChildEvent => e.type === 'list', 'list');
    expect(zebra.labels()).toHaveLength(1);
    expect(zebra.labels()[0]?.toString('latin1')).toContain('shp-kill-1');
  });

  it('a job killed while sending is held on restart, not sent again unasked; released, it prints once', async () => {
    zebra.stall({ afterStatus: true }); // answers ~HS, then never reads the label
    const first = startStation();
    await first.waitFor(isStarted, 'start');
    first.send({ cmd: 'print', id: 'shp-kill-2' });
    await first.waitFor(isSpool('sending'), 'sending');
    await first.kill();
    zebra.normal(); // the stalled connection (and the bytes it never read) is gone

    const second = startStation();
    const started = await second.waitFor(isStarted, 'start');
    expect(started.jobs).toEqual([
      expect.objectContaining({ state: 'held', heldReason: 'restart', documentId: 'shp-kill-2' }),
    ]);
    second.send({ cmd: 'list' });
    await second.waitFor((e): e is ChildEvent => e.type === 'list', 'list');
    expect(zebra.labels()).toHaveLength(0);

    second.send({ cmd: 'release-held' });
    const outcome = await second.waitFor(isOutcome, 'outcome');
    expect(outcome.outcome.state).toBe('printed');
    expect(zebra.labels()).toHaveLength(1);
    expect(zebra.labels()[0]?.toString('latin1')).toContain('shp-kill-2');
  });
});
