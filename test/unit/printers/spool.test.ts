import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PrinterConfig, SpoolJobView } from '../../../preload/api';
import type { PrintableDocument } from '../../../main/labels/document';
import type { ManualClock } from '../../../main/printers/clock';
import { createManualClock } from '../../../main/printers/clock';
import type { SendHooks, SpoolAwareDriver } from '../../../main/printers/driver';
import { printerError } from '../../../main/printers/driver';
import type { Spool, SpoolOptions } from '../../../main/printers/spool';
import { createSpool } from '../../../main/printers/spool';
import { createSpoolStore } from '../../../main/printers/spool-store';
import type { PrinterError } from '../../../main/printers/types';
import type { Result } from '../../../main/result';
import { err, ok } from '../../../main/result';

type Step = 'ok' | 'offline' | 'rejected' | 'hang';

/** A driver that follows a script of results and counts the documents it actually delivered. */
class FakeDriver implements SpoolAwareDriver {
  readonly config: PrinterConfig = { kind: 'file', id: 'p1', name: 'Fake printer', directory: 'x' };
  readonly announcesFirstByte = true;
  script: Step[] = [];
  fallback: Step = 'ok';
  attempts = 0;
  delivered: PrintableDocument[] = [];
  gate: Promise<void> | undefined;

  async send(
    document: PrintableDocument,
    hooks: SendHooks = {},
  ): Promise<Result<{ bytes: number }, PrinterError>> {
    this.attempts++;
    const step = this.script.shift() ?? this.fallback;
    if (this.gate) await this.gate;
    if (step === 'offline')
      return err(printerError('unreachable', 'connection refused', true, ['unreachable']));
    try {
      await hooks.beforeFirstByte?.();
    } catch (error) {
      return err(printerError('io', String(error), true));
    }
    if (step === 'hang') return new Promise(() => undefined);
    if (step === 'rejected') return err(printerError('rejected', 'printer said no', false));
    this.delivered.push(document);
    return ok({ bytes: document.bytes.length });
  }
  async status() {
    return { state: 'ready' as const, problems: [] };
  }
}

const label = (id = 'shp-1-print-1'): PrintableDocument => ({
  id,
  kind: 'label',
  format: 'zpl',
  charset: 'cp850',
  bytes: Buffer.from(`^XA^FD${id}^FS^XZ`),
});

let dir: string;
let clock: ManualClock;
let driver: FakeDriver;
let events: SpoolJobView[];
let spools: Spool[];

function makeSpool(
  over: {
    driver?: FakeDriver;
    ttlMs?: number;
    holdAfterAttempts?: number;
    keepFinishedMs?: number;
    owner?: Pick<SpoolOptions, 'ownerBytes' | 'ownerPrinted'>;
  } = {},
): Spool {
  const spool = createSpool({
    store: createSpoolStore(dir),
    clock,
    driverFor: (id) => (id === 'p1' ? (over.driver ?? driver) : undefined),
    ttlMs: () => over.ttlMs ?? 10 * 60_000,
    ...(over.holdAfterAttempts !== undefined ? { holdAfterAttempts: over.holdAfterAttempts } : {}),
    ...(over.keepFinishedMs !== undefined ? { keepFinishedMs: over.keepFinishedMs } : {}),
    ...over.owner,
    onJob: (view) => events.push(view),
  });
  spools.push(spool);
  return spool;
}

/** `sendAfter`: the owner's journal write the first byte waits for (see EnqueueInput). */
const enqueue = (spool: Spool, document = label(), sendAfter?: Promise<void>) =>
  spool.enqueue({
    document,
    printerId: 'p1',
    printerName: 'Fake printer',
    stationJobId: 'job-1',
    ...(sendAfter ? { sendAfter } : {}),
  });
const stateOf = (spool: Spool, id: string) => spool.get(id)?.state;

/**
 * Waits for what the spool does in the background (its disk writes, its worker), longer than vi.waitFor's one
 * second: on a loaded machine (the whole suite on two cores) a spool's writes can take that long.
 */
function settles<T>(check: () => T | Promise<T>): Promise<T> {
  return vi.waitFor(check, { timeout: 10_000 });
}

/** A spool whose store tells, in order, the state of every record it writes. */
function spoolTellingItsRecords(): { spool: Spool; written: string[] } {
  const base = createSpoolStore(dir);
  const written: string[] = [];
  const spool = createSpool({
    store: { ...base, saveRecord: (r) => (written.push(r.state), base.saveRecord(r)) },
    clock,
    driverFor: () => driver,
    ttlMs: () => 60_000,
  });
  spools.push(spool);
  return { spool, written };
}

/**
 * A spool whose process "dies" mid-send: its job is recorded `sending` (the event is told once that is on disk;
 * the state in memory changes first) and the driver never returns. The spool is abandoned, not stopped.
 */
async function jobAbandonedWhileSending(): Promise<SpoolJobView> {
  driver.script = ['hang'];
  const before = makeSpool();
  await before.start();
  const { job } = await enqueue(before);
  await settles(() => expect(events.some((e) => e.id === job.id && e.state === 'sending')).toBe(true));
  return job;
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'spool-test-'));
  clock = createManualClock();
  driver = new FakeDriver();
  events = [];
  spools = [];
});

afterEach(async () => {
  driver.gate = undefined;
  await Promise.all(spools.map((s) => Promise.race([s.stop(), new Promise((r) => setTimeout(r, 50))])));
  await rm(dir, { recursive: true, force: true });
});

describe('spool', () => {
  it('prints a job: queued → sending → printed, and forgets the bytes', async () => {
    const spool = makeSpool();
    await spool.start();
    const { job, outcome } = await enqueue(spool);
    const result = await outcome;
    expect(result).toMatchObject({ state: 'printed', spoolJobId: job.id, printerId: 'p1', bytes: job.bytes });
    expect(events.filter((e) => e.id === job.id).map((e) => e.state)).toEqual([
      'queued',
      'sending',
      'printed',
    ]);
    expect(driver.delivered).toHaveLength(1);
    await settles(async () => expect((await readdir(dir)).filter((f) => f.endsWith('.bin'))).toEqual([]));
  });

  it('retries an offline printer with growing backoff, then prints once', async () => {
    driver.script = ['offline', 'offline'];
    const spool = makeSpool();
    await spool.start();
    const { job, outcome } = await enqueue(spool);
    await settles(() =>
      expect(spool.get(job.id)).toMatchObject({
        state: 'queued',
        attempts: 1,
        lastError: 'connection refused',
      }),
    );
    clock.advance(999);
    expect(driver.attempts).toBe(1);
    clock.advance(1);
    await settles(() => expect(spool.get(job.id)?.attempts).toBe(2));
    clock.advance(1999);
    expect(driver.attempts).toBe(2);
    clock.advance(1);
    expect(await outcome).toMatchObject({ state: 'printed' });
    expect(driver.attempts).toBe(3);
    expect(driver.delivered).toHaveLength(1);
  });

  it('keeps a printer’s jobs in order: the second waits behind the retrying first', async () => {
    driver.script = ['offline'];
    const spool = makeSpool();
    await spool.start();
    const first = await enqueue(spool, label('first'));
    await settles(() => expect(spool.get(first.job.id)?.attempts).toBe(1));
    const second = await enqueue(spool, label('second'));
    expect(stateOf(spool, second.job.id)).toBe('queued');
    expect(driver.attempts).toBe(1);
    clock.advance(1000);
    await Promise.all([first.outcome, second.outcome]);
    expect(driver.delivered.map((d) => d.id)).toEqual(['first', 'second']);
  });

  it('holds a job older than the TTL instead of printing it unasked, and stops trying', async () => {
    driver.fallback = 'offline';
    const spool = makeSpool({ ttlMs: 10 * 60_000 });
    await spool.start();
    const { job, outcome } = await enqueue(spool);
    for (let i = 0; i < 40 && stateOf(spool, job.id) !== 'held'; i++) {
      await settles(() => expect(['queued', 'held']).toContain(stateOf(spool, job.id)));
      clock.advance(30_000);
      await new Promise((r) => setImmediate(r));
    }
    const result = await outcome;
    expect(result.state).toBe('held');
    expect(spool.get(job.id)).toMatchObject({ state: 'held', heldReason: 'ttl' });
    const tries = driver.attempts;
    clock.advance(60 * 60_000);
    expect(driver.attempts).toBe(tries);
    expect(driver.delivered).toHaveLength(0);
  });

  // The PC's clock corrected by NTP or the domain while a label waits for its printer: the waits are the spool's
  // own (backoff, TTL), not the minutes the clock was stepped.
  it('a clock stepped back while a label waits for its retry does not stall the printer for the step', async () => {
    driver.script = ['offline'];
    const spool = makeSpool();
    await spool.start();
    const first = await enqueue(spool, label('first'));
    await settles(() => expect(spool.get(first.job.id)?.attempts).toBe(1));
    clock.step(-10 * 60_000);
    const second = await enqueue(spool, label('second'));
    clock.advance(1000); // the backoff after the first attempt
    expect(await first.outcome).toMatchObject({ state: 'printed' });
    expect(await second.outcome).toMatchObject({ state: 'printed' });
    expect(driver.delivered.map((d) => d.id)).toEqual(['first', 'second']);
  });

  // A PC that slept (its wall clock moved on, its monotonic clock did not: Linux, macOS) with a label waiting is the
  // case the TTL is for: the label is held, not printed hours later on waking. A clock stepped forward looks the same
  // and is treated the same: held, one key away (never lost, never printed twice).
  it('a label that waited through the PC’s sleep is held as too old on waking, not printed', async () => {
    driver.script = ['offline'];
    const spool = makeSpool({ ttlMs: 10 * 60_000 });
    await spool.start();
    const { job, outcome } = await enqueue(spool);
    await settles(() => expect(spool.get(job.id)?.attempts).toBe(1));
    clock.step(8 * 60 * 60_000);
    clock.advance(1000);
    expect(await outcome).toMatchObject({ state: 'held', heldReason: 'ttl' });
    expect(driver.delivered).toHaveLength(0);
  });

  it('a clock stepped back while a label waits does not let it print past its TTL', async () => {
    driver.fallback = 'offline';
    const spool = makeSpool({ ttlMs: 10 * 60_000 });
    await spool.start();
    const { job, outcome } = await enqueue(spool);
    await settles(() => expect(spool.get(job.id)?.attempts).toBe(1));
    clock.step(-30 * 60_000);
    for (let i = 0; i < 40 && stateOf(spool, job.id) !== 'held'; i++) {
      await settles(() => expect(['queued', 'held']).toContain(stateOf(spool, job.id)));
      clock.advance(30_000);
      await new Promise((r) => setImmediate(r));
    }
    expect(await outcome).toMatchObject({ state: 'held', heldReason: 'ttl' });
    // Held at its TTL on the monotonic clock: 10 minutes of waiting, not 40.
    expect(driver.attempts).toBeLessThan(40);
  });

  it('a job that waited past the TTL behind others is held when its turn comes', async () => {
    const spool = makeSpool({ ttlMs: 1000 });
    driver.gate = new Promise(() => undefined); // the printer takes forever with the first job
    await spool.start();
    await enqueue(spool, label('a'));
    const b = await enqueue(spool, label('b'));
    clock.advance(5000);
    driver.gate = undefined;
    const spool2Driver = new FakeDriver();
    // A fresh process sees b's age: held, never printed unasked.
    const restarted = makeSpool({ driver: spool2Driver, ttlMs: 1000 });
    await restarted.start();
    await settles(() => expect(restarted.get(b.job.id)).toMatchObject({ state: 'held', heldReason: 'ttl' }));
    expect(spool2Driver.delivered.map((d) => d.id)).not.toContain('b');
  });

  it('a held job released prints exactly once and resolves nothing twice', async () => {
    driver.fallback = 'offline';
    const spool = makeSpool({ ttlMs: 2000 });
    await spool.start();
    const { job, outcome } = await enqueue(spool);
    let resolutions = 0;
    void outcome.then(() => resolutions++);
    await settles(() => expect(spool.get(job.id)?.attempts).toBe(1));
    clock.advance(2000);
    expect((await outcome).state).toBe('held');
    driver.fallback = 'ok';
    const released = await spool.release(job.id);
    expect(released.ok).toBe(true);
    const again = await spool.release(job.id);
    expect(again.ok ? 'ok' : again.error.code).toBe('invalid_state');
    await settles(() => expect(stateOf(spool, job.id)).toBe('printed'));
    expect(driver.delivered).toHaveLength(1);
    expect(resolutions).toBe(1);
    expect(await spool.outcome(job.id)).toMatchObject({ state: 'printed' });
  });

  it('a printer that refuses the document fails the job; retry sends it again', async () => {
    driver.script = ['rejected'];
    const spool = makeSpool();
    await spool.start();
    const { job, outcome } = await enqueue(spool);
    expect(await outcome).toMatchObject({ state: 'failed', error: { code: 'rejected', retryable: false } });
    expect((await spool.retry(job.id)).ok).toBe(true);
    expect(await spool.outcome(job.id)).toMatchObject({ state: 'printed' });
    expect(driver.delivered).toHaveLength(1);
  });

  it('cancels a queued job: it is never sent', async () => {
    driver.script = ['offline'];
    const spool = makeSpool();
    await spool.start();
    const { job, outcome } = await enqueue(spool);
    await settles(() => expect(spool.get(job.id)?.attempts).toBe(1));
    const cancelled = await spool.cancel(job.id);
    expect(cancelled.ok && cancelled.value.state).toBe('cancelled');
    expect(await outcome).toMatchObject({ state: 'failed', error: { message: 'Cancelled' } });
    clock.advance(60_000);
    expect(driver.attempts).toBe(1);
    expect(driver.delivered).toHaveLength(0);
  });

  it('tells the jobs still to print apart from the printed ones, and forgets printed jobs after keepFinishedMs', async () => {
    const spool = makeSpool({ keepFinishedMs: 60 * 60_000 });
    await spool.start();
    driver.script = ['ok', 'ok', 'rejected'];
    const printed = [await enqueue(spool, label('a')), await enqueue(spool, label('b'))];
    for (const { outcome } of printed) expect(await outcome).toMatchObject({ state: 'printed' });
    const failed = await enqueue(spool, label('c'));
    expect(await failed.outcome).toMatchObject({ state: 'failed' });
    driver.fallback = 'offline';
    const waiting = await enqueue(spool, label('d'));
    await settles(() => expect(spool.get(waiting.job.id)?.attempts).toBe(1));

    expect(spool.unfinished().map((j) => j.documentId)).toEqual(['d']);
    expect(spool.list().map((j) => j.documentId)).toEqual(['a', 'b', 'c', 'd']);

    clock.advance(61 * 60_000);
    // The printed jobs leave memory; the failed one waits for the packer, the offline one is still to print.
    expect(spool.list().map((j) => j.documentId)).toEqual(['c', 'd']);
    expect(spool.unfinished().map((j) => j.documentId)).toEqual(['d']);
    expect(spool.queueLength('p1')).toBe(1);
  });

  it('counts a job in the queue again, and finds it as the document on its way, once a failed job is retried or a held one released', async () => {
    const spool = makeSpool({ holdAfterAttempts: 1 });
    await spool.start();
    driver.script = ['ok', 'rejected', 'offline'];
    expect(await (await enqueue(spool, label('printed'))).outcome).toMatchObject({ state: 'printed' });
    const failed = await enqueue(spool, label('failed'));
    expect(await failed.outcome).toMatchObject({ state: 'failed' });
    const held = await enqueue(spool, label('held'));
    await settles(() => expect(stateOf(spool, held.job.id)).toBe('held'));
    expect(spool.queueLength('p1')).toBe(1);
    expect(spool.findActive('failed', 'p1')).toBeUndefined();
    expect(spool.findActive('printed', 'p1')).toBeUndefined();
    expect(spool.findActive('held', 'p1')?.id).toBe(held.job.id);

    // The printer takes its time with the retried job (and with the released one): both are on their way.
    let answer!: () => void;
    driver.gate = new Promise((resolve) => (answer = resolve));
    driver.fallback = 'ok';
    expect((await spool.retry(failed.job.id)).ok).toBe(true);
    expect(spool.findActive('failed', 'p1')?.id).toBe(failed.job.id);
    expect(spool.unfinished().map((j) => j.documentId)).toEqual(['failed', 'held']);
    expect(spool.queueLength('p1')).toBe(2);

    // Both print once the printer answers: neither is counted or found any more.
    expect((await spool.release(held.job.id)).ok).toBe(true);
    answer();
    await settles(() =>
      expect([failed, held].map(({ job }) => stateOf(spool, job.id))).toEqual(['printed', 'printed']),
    );
    expect(spool.findActive('failed', 'p1')).toBeUndefined();
    expect(spool.findActive('held', 'p1')).toBeUndefined();
    expect(spool.unfinished()).toEqual([]);
    expect(spool.queueLength('p1')).toBe(0);
  });

  it("the first byte waits for the owner's journal write (sendAfter), which runs beside the spool's own", async () => {
    let journalled!: () => void;
    const sendAfter = new Promise<void>((r) => (journalled = r));
    const spool = makeSpool();
    await spool.start();
    const { job, outcome } = await enqueue(spool, label(), sendAfter);
    // The spool has done its part (the job is on disk as sending) while the owner's write is still under way.
    await settles(() => expect(stateOf(spool, job.id)).toBe('sending'));
    await new Promise((r) => setTimeout(r, 20));
    expect(driver.delivered).toHaveLength(0);
    journalled();
    expect((await outcome).state).toBe('printed');
    expect(driver.delivered).toHaveLength(1);
  });

  it('a document its owner journals (sendAfter) is recorded first as sending, never as queued', async () => {
    const { spool, written } = spoolTellingItsRecords();
    await spool.start();
    const { outcome } = await enqueue(spool, label(), Promise.resolve());
    expect((await outcome).state).toBe('printed');
    expect(written).toEqual(['sending']);
    expect(driver.delivered).toHaveLength(1);
  });

  it('a document its owner could not record (sendAfter rejects) is failed, never sent, and not retried', async () => {
    const spool = makeSpool();
    await spool.start();
    const { job, outcome } = await enqueue(spool, label(), Promise.reject(new Error('disk full')));
    const result = await outcome;
    expect(result.state).toBe('failed');
    expect(result.error?.message).toMatch(/could not record.*disk full/);
    await new Promise((r) => setTimeout(r, 20));
    expect(driver.delivered).toHaveLength(0);
    expect(driver.attempts).toBe(1);
    expect(stateOf(spool, job.id)).toBe('failed');
    // Nothing on disk a restart could take for this label handled: the owner's record decides.
    expect((await readdir(dir)).filter((f) => f.startsWith(job.id))).toEqual([]);
    // The owner's own failure: not the spool's disk.
    expect(result.spoolRefused).toBeUndefined();
  });

  it("a journalled document whose record the spool's disk refuses is failed, never sent, and says it was the disk", async () => {
    const base = createSpoolStore(dir);
    const diskFull = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    const spool = createSpool({
      // Its owner keeps its bytes: the `sending` record is the spool's one write before the first byte.
      store: {
        ...base,
        saveBytes: () => Promise.reject(diskFull),
        saveRecord: () => Promise.reject(diskFull),
      },
      clock,
      driverFor: () => driver,
      ttlMs: () => 60_000,
    });
    spools.push(spool);
    await spool.start();
    // The driver connects first (as every real one does), then the spool records `sending`.
    let connected!: () => void;
    driver.gate = new Promise((resolve) => (connected = resolve));
    const { job, outcome } = await enqueue(spool, label(), Promise.resolve());
    await settles(() => expect(driver.attempts).toBe(1));
    connected();
    const result = await outcome;
    expect(result.state).toBe('failed');
    expect(result.spoolRefused).toBe(diskFull);
    expect(driver.delivered).toHaveLength(0);
    expect((await readdir(dir)).filter((f) => f.startsWith(job.id))).toEqual([]);
  });

  it('a job whose state the disk refuses ends failed before any byte, and its waiter hears at once', async () => {
    const base = createSpoolStore(dir);
    const diskFull = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    const spool = createSpool({
      // `queued` fits on the disk; `sending`, before the first byte, does not.
      store: {
        ...base,
        saveRecord: (r) => (r.state === 'sending' ? Promise.reject(diskFull) : base.saveRecord(r)),
      },
      clock,
      driverFor: () => driver,
      ttlMs: () => 60_000,
    });
    spools.push(spool);
    await spool.start();
    const { job, outcome } = await enqueue(spool);
    const result = await outcome;
    expect(result.state).toBe('failed');
    expect(result.error).toMatchObject({
      code: 'io',
      message: expect.stringMatching(/spool cannot be written.*ENOSPC/),
    });
    // Its owner learns that it was the spool's disk, not the printer.
    expect(result.spoolRefused).toBe(diskFull);
    expect(driver.delivered).toHaveLength(0);
    expect(stateOf(spool, job.id)).toBe('failed');
    // The disk still said `queued`: its files are gone, so a restart does not print it.
    const restarted = makeSpool();
    await restarted.start();
    expect(restarted.get(job.id)).toBeUndefined();
  });

  it('a job retried once the disk takes writes again prints, and its outcome no longer says the disk refused', async () => {
    const base = createSpoolStore(dir);
    const diskFull = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    let full = false;
    const spool = createSpool({
      store: {
        ...base,
        saveRecord: (r) => (full && r.state === 'queued' ? Promise.reject(diskFull) : base.saveRecord(r)),
      },
      clock,
      driverFor: () => driver,
      ttlMs: () => 60_000,
    });
    spools.push(spool);
    await spool.start();
    driver.script = ['rejected'];
    const { job, outcome } = await enqueue(spool);
    expect((await outcome).state).toBe('failed');
    // The packer retries while the disk is full: the retry cannot be recorded, and the outcome says why.
    full = true;
    expect((await spool.retry(job.id)).ok).toBe(true);
    expect((await spool.outcome(job.id))?.spoolRefused).toBe(diskFull);
    // Once the disk takes writes again the next retry prints, and nothing says the disk refused any more.
    full = false;
    expect((await spool.retry(job.id)).ok).toBe(true);
    const retried = await spool.outcome(job.id);
    expect(retried?.state).toBe('printed');
    expect(retried?.spoolRefused).toBeUndefined();
    expect(driver.delivered).toHaveLength(1);
  });

  it('a cancel the disk refuses to record still takes the job off the disk, so a restart never prints it', async () => {
    const base = createSpoolStore(dir);
    const diskFull = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    driver.script = ['offline'];
    const spool = createSpool({
      store: { ...base, finish: () => Promise.reject(diskFull) },
      clock,
      driverFor: () => driver,
      ttlMs: () => 60_000,
    });
    spools.push(spool);
    await spool.start();
    const { job } = await enqueue(spool);
    await settles(() => expect(driver.attempts).toBe(1));
    expect((await spool.cancel(job.id)).ok).toBe(true);
    expect(stateOf(spool, job.id)).toBe('cancelled');
    const restarted = makeSpool();
    await restarted.start();
    expect(restarted.get(job.id)).toBeUndefined();
    expect(driver.delivered).toHaveLength(0);
  });

  it('cancel while the driver is still connecting aborts before the first byte', async () => {
    let open!: () => void;
    driver.gate = new Promise((r) => (open = r));
    const spool = makeSpool();
    await spool.start();
    const { job, outcome } = await enqueue(spool);
    await settles(() => expect(driver.attempts).toBe(1));
    expect((await spool.cancel(job.id)).ok).toBe(true);
    open();
    expect((await outcome).state).toBe('failed');
    await spool.stop();
    expect(driver.delivered).toHaveLength(0);
    expect(stateOf(spool, job.id)).toBe('cancelled');
  });

  it('holds after N failed attempts when configured (reason offline)', async () => {
    driver.fallback = 'offline';
    const spool = makeSpool({ holdAfterAttempts: 2 });
    await spool.start();
    const { job, outcome } = await enqueue(spool);
    await settles(() => expect(spool.get(job.id)?.attempts).toBe(1));
    clock.advance(1000);
    expect(await outcome).toMatchObject({ state: 'held', error: { retryable: true } });
    expect(spool.get(job.id)?.heldReason).toBe('offline');
  });

  it('a journalled document writes no bytes of its own (its owner keeps them) until it must wait: then it keeps them', async () => {
    driver.script = ['offline'];
    const spool = makeSpool();
    await spool.start();
    const { job, outcome } = await enqueue(spool, label(), Promise.resolve());
    // Told once it is on disk.
    await settles(() =>
      expect(events.some((e) => e.id === job.id && e.state === 'queued' && e.attempts === 1)).toBe(true),
    );
    // The printer was off: the job waits, with its own bytes on disk and nothing left to its owner.
    expect(await readFile(path.join(dir, `${job.id}.bin`))).toEqual(label().bytes);
    expect(JSON.parse(await readFile(path.join(dir, `${job.id}.json`), 'utf8'))).not.toHaveProperty(
      'ownerKeepsBytes',
    );
    clock.advance(1000);
    expect((await outcome).state).toBe('printed');
    expect(driver.delivered.map((d) => d.bytes)).toEqual([label().bytes]);
  });

  it('a journalled document on its way out has a `sending` record and no bytes file', async () => {
    driver.script = ['hang'];
    const spool = makeSpool();
    await spool.start();
    const { job } = await enqueue(spool, label(), Promise.resolve());
    await settles(() => expect(events.some((e) => e.id === job.id && e.state === 'sending')).toBe(true));
    expect((await readdir(dir)).filter((f) => f.startsWith(job.id))).toEqual([`${job.id}.json`]);
    expect(JSON.parse(await readFile(path.join(dir, `${job.id}.json`), 'utf8'))).toMatchObject({
      state: 'sending',
      ownerKeepsBytes: true,
    });
  });

  it('its owner hears `printed` before the move to done/, which follows: a restart then finds it finished', async () => {
    const spool = makeSpool({ owner: { ownerPrinted: async () => false } });
    await spool.start();
    const { job, outcome } = await enqueue(spool, label(), Promise.resolve());
    expect((await outcome).state).toBe('printed');
    await spool.stop();
    expect(await readdir(path.join(dir, 'done'))).toEqual([`job-1~${job.id}.json`]);
    const after = makeSpool({ owner: { ownerPrinted: async () => false } });
    expect(await after.start()).toMatchObject({ resumed: 0, heldAfterRestart: 0 });
  });

  describe("a document whose `sending` its owner's write records (sendingRecordedByOwner)", () => {
    const enqueueRecorded = (spool: Spool, sendAfter: Promise<void>) =>
      spool.enqueue({
        document: label(),
        printerId: 'p1',
        printerName: 'Fake printer',
        stationJobId: 'job-1',
        sendAfter,
        sendingRecordedByOwner: true,
      });
    const spoolFiles = async () => (await readdir(dir)).filter((f) => f !== 'done');

    it('goes out with nothing of it in the spool folder, once the owner’s write is on disk', async () => {
      driver.script = ['hang'];
      let journalled!: () => void;
      const spool = makeSpool();
      await spool.start();
      const { job } = await enqueueRecorded(spool, new Promise<void>((r) => (journalled = r)));
      await settles(() => expect(events.some((e) => e.id === job.id && e.state === 'sending')).toBe(true));
      expect(driver.delivered).toHaveLength(0);
      journalled();
      // On its way out (the driver hangs in the middle of it): no record, no bytes, nothing a restart would read.
      await new Promise((r) => setTimeout(r, 20));
      expect(await spoolFiles()).toEqual([]);
    });

    it('printed, it is recorded finished in done/ only', async () => {
      const spool = makeSpool({ owner: { ownerPrinted: async () => false } });
      await spool.start();
      const { job, outcome } = await enqueueRecorded(spool, Promise.resolve());
      expect((await outcome).state).toBe('printed');
      await spool.stop();
      expect(await spoolFiles()).toEqual([]);
      expect(await readdir(path.join(dir, 'done'))).toEqual([`job-1~${job.id}.json`]);
      expect(driver.delivered).toHaveLength(1);
    });

    it('when it must wait for the printer, its record and its own bytes are written, and a retry records `sending`', async () => {
      driver.script = ['offline'];
      const { spool, written } = spoolTellingItsRecords();
      await spool.start();
      const { job, outcome } = await enqueueRecorded(spool, Promise.resolve());
      await settles(() => expect(written).toEqual(['queued']));
      expect(await readFile(path.join(dir, `${job.id}.bin`))).toEqual(label().bytes);
      clock.advance(1000);
      expect((await outcome).state).toBe('printed');
      expect(written).toEqual(['queued', 'sending']);
    });
  });

  it('a document enqueued held after a restart (heldAfterRestart) is held at once, never sent unasked; released, it prints once', async () => {
    const spool = makeSpool();
    await spool.start();
    const { job, outcome } = await spool.enqueue({
      document: label(),
      printerId: 'p1',
      printerName: 'Fake printer',
      stationJobId: 'job-1',
      heldAfterRestart: true,
    });
    expect(await outcome).toMatchObject({ state: 'held', heldReason: 'restart' });
    clock.advance(60_000);
    await new Promise((r) => setTimeout(r, 20));
    expect(driver.attempts).toBe(0);
    expect((await spool.release(job.id)).ok).toBe(true);
    expect(await spool.outcome(job.id)).toMatchObject({ state: 'printed' });
    expect(driver.delivered).toHaveLength(1);
  });

  describe('restart', () => {
    it('resumes queued jobs', async () => {
      driver.fallback = 'offline';
      const before = makeSpool();
      await before.start();
      const { job } = await enqueue(before);
      await settles(() => expect(before.get(job.id)?.attempts).toBe(1));
      await before.stop();

      const fresh = new FakeDriver();
      const after = makeSpool({ driver: fresh });
      const summary = await after.start();
      expect(summary).toMatchObject({ resumed: 1, heldAfterRestart: 0 });
      expect(await after.outcome(job.id)).toMatchObject({ state: 'printed' });
      expect(fresh.delivered.map((d) => d.bytes.toString())).toEqual([label().bytes.toString()]);
    });

    it('holds a job found sending (it may have printed) and prints it once when released', async () => {
      const job = await jobAbandonedWhileSending();

      const fresh = new FakeDriver();
      const after = makeSpool({ driver: fresh });
      expect(await after.start()).toMatchObject({ resumed: 0, heldAfterRestart: 1 });
      expect(after.get(job.id)).toMatchObject({ state: 'held', heldReason: 'restart' });
      clock.advance(60_000);
      expect(fresh.attempts).toBe(0);
      expect((await after.release(job.id)).ok).toBe(true);
      expect(await after.outcome(job.id)).toMatchObject({ state: 'printed' });
      expect(fresh.delivered).toHaveLength(1);
    });

    it('a printed job leaves the spool folder: a restart reads only unfinished jobs, yet still knows it', async () => {
      const before = makeSpool();
      await before.start();
      const { job, outcome } = await enqueue(before);
      await outcome;
      await settles(async () => expect((await readdir(dir)).filter((f) => f.startsWith('sp-'))).toEqual([]));
      expect(await readdir(path.join(dir, 'done'))).toEqual([`job-1~${job.id}.json`]);
      await before.stop();

      const after = makeSpool();
      expect(await after.start()).toMatchObject({ resumed: 0, heldAfterRestart: 0 });
      expect(after.list()).toEqual([]);
      expect((await after.jobsOf('job-1')).map((j) => [j.id, j.state])).toEqual([[job.id, 'printed']]);
      expect(await after.jobsOf('job-2')).toEqual([]);
    });

    it('a crash after the final state was written but before the job left the folder: moved on restart, not resent', async () => {
      const job = await jobAbandonedWhileSending();
      // The label went out and its final state reached done/, then the process died before the move ended.
      const record = JSON.parse(await readFile(path.join(dir, `${job.id}.json`), 'utf8')) as Record<
        string,
        unknown
      >;
      await mkdir(path.join(dir, 'done'), { recursive: true });
      await writeFile(
        path.join(dir, 'done', `job-1~${job.id}.json`),
        JSON.stringify({ ...record, state: 'printed' }),
      );

      const fresh = new FakeDriver();
      const after = makeSpool({ driver: fresh });
      expect(await after.start()).toMatchObject({ resumed: 0, heldAfterRestart: 0 });
      expect(after.get(job.id)).toBeUndefined();
      clock.advance(60_000);
      expect(fresh.attempts).toBe(0);
      await settles(async () => expect((await readdir(dir)).filter((f) => f.startsWith('sp-'))).toEqual([]));
    });

    it('printed records an older version left in the spool folder are moved out in the background, never resent', async () => {
      const before = makeSpool();
      await before.start();
      const { job, outcome } = await enqueue(before);
      await outcome;
      await before.stop();
      const done = path.join(dir, 'done', `job-1~${job.id}.json`);
      // The old layout: the printed record stays beside the unfinished ones.
      await writeFile(path.join(dir, `${job.id}.json`), await readFile(done));
      await rm(done);

      const fresh = new FakeDriver();
      const after = makeSpool({ driver: fresh });
      await after.start();
      expect(after.list()).toEqual([]);
      await settles(async () =>
        expect(await readdir(path.join(dir, 'done'))).toEqual([`job-1~${job.id}.json`]),
      );
      expect((await readdir(dir)).filter((f) => f.startsWith('sp-'))).toEqual([]);
      expect(fresh.attempts).toBe(0);
    });

    it('drops a job found sending whose bytes are not whole: a job is sent only once its bytes are on disk', async () => {
      const job = await jobAbandonedWhileSending();
      await rm(path.join(dir, `${job.id}.bin`), { force: true });

      const fresh = new FakeDriver();
      const after = makeSpool({ driver: fresh });
      expect(await after.start()).toMatchObject({ heldAfterRestart: 0, dropped: 1 });
      expect(after.get(job.id)).toBeUndefined();
      expect(fresh.attempts).toBe(0);
    });

    /** A journalled label abandoned while sending: its record on disk, its bytes only with its owner. */
    async function journalledAbandonedWhileSending(): Promise<SpoolJobView> {
      driver.script = ['hang'];
      const before = makeSpool();
      await before.start();
      const { job } = await enqueue(before, label(), Promise.resolve());
      await settles(() => expect(events.some((e) => e.id === job.id && e.state === 'sending')).toBe(true));
      return job;
    }

    it('holds a journalled label found sending with its owner’s bytes, and prints them once when released', async () => {
      const job = await journalledAbandonedWhileSending();
      const fresh = new FakeDriver();
      const after = makeSpool({
        driver: fresh,
        owner: { ownerBytes: async (id) => (id === label().id ? label().bytes : undefined) },
      });
      expect(await after.start()).toMatchObject({ heldAfterRestart: 1, dropped: 0 });
      expect(after.get(job.id)).toMatchObject({ state: 'held', heldReason: 'restart' });
      // Held, it waits for the packer: its bytes are the spool's own from now on.
      expect(await readFile(path.join(dir, `${job.id}.bin`))).toEqual(label().bytes);
      expect((await after.release(job.id)).ok).toBe(true);
      expect(await after.outcome(job.id)).toMatchObject({ state: 'printed' });
      expect(fresh.delivered.map((d) => d.bytes)).toEqual([label().bytes]);
    });

    it('drops a journalled label found sending whose owner has not its bytes: it was never sent', async () => {
      const job = await journalledAbandonedWhileSending();
      const fresh = new FakeDriver();
      const after = makeSpool({ driver: fresh, owner: { ownerBytes: async () => undefined } });
      expect(await after.start()).toMatchObject({ heldAfterRestart: 0, dropped: 1 });
      expect(after.get(job.id)).toBeUndefined();
      expect(fresh.attempts).toBe(0);
    });

    it('finishes a job found sending whose owner recorded it printed (its move to done/ never landed), never holds it', async () => {
      const job = await jobAbandonedWhileSending();
      const asked: unknown[] = [];
      const fresh = new FakeDriver();
      const after = makeSpool({
        driver: fresh,
        owner: {
          ownerPrinted: async (question) => {
            asked.push(question);
            return true;
          },
        },
      });
      expect(await after.start()).toMatchObject({ resumed: 0, heldAfterRestart: 0 });
      expect(asked).toEqual([{ stationJobId: 'job-1', documentId: label().id, spoolJobId: job.id }]);
      expect(after.get(job.id)).toBeUndefined();
      expect((await after.jobsOf('job-1')).map((j) => [j.id, j.state])).toEqual([[job.id, 'printed']]);
      clock.advance(60_000);
      expect(fresh.attempts).toBe(0);
    });

    it('removes bytes found without a record (a job never recorded) at start', async () => {
      await writeFile(path.join(dir, 'sp-orphan.bin'), '^XA^XZ');
      await makeSpool().start();
      expect(await readdir(dir)).not.toContain('sp-orphan.bin');
    });

    it('drops a queued job whose bytes never reached the disk (a crash while spooling): it was never a job', async () => {
      driver.fallback = 'offline';
      const before = makeSpool();
      await before.start();
      const { job } = await enqueue(before);
      await before.stop();
      // The crash struck between the state and the bytes: only the state is on disk.
      await rm(path.join(dir, `${job.id}.bin`), { force: true });

      const fresh = new FakeDriver();
      const after = makeSpool({ driver: fresh });
      expect(await after.start()).toMatchObject({ resumed: 0, dropped: 1 });
      expect(after.get(job.id)).toBeUndefined();
      expect(after.list()).toEqual([]);
      clock.advance(60_000);
      expect(fresh.attempts).toBe(0);
    });
  });
});
