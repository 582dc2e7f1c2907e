// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { setNotifyScheduler, StationStore } from '../../../renderer/src/state/station-store';
import { FakeStation, makeJob, printedJob } from './fake-api';

describe('StationStore', () => {
  it('loads status, jobs, settings and spool, then follows events', async () => {
    const fake = new FakeStation();
    fake.jobs = [printedJob('a', 'A')];
    const store = new StationStore(fake.api);
    const stop = store.start();
    await expect.poll(() => store.getState().loaded).toBe(true);
    expect(store.getState().jobs.map((job) => job.id)).toEqual(['a']);
    expect(store.getState().settings?.language).toBe('en');
    fake.emitJob(printedJob('b', 'B'));
    expect(store.getState().jobs.map((job) => job.id)).toEqual(['b', 'a']);
    stop();
  });

  it('keeps the newer version of a job when an older one arrives late', () => {
    const store = new StationStore(new FakeStation().api);
    const older = makeJob({ id: 'j', scan: 'X', state: 'printing' });
    const newer = {
      ...older,
      state: 'printed' as const,
      updatedAt: new Date(Date.parse(older.updatedAt) + 5000).toISOString(),
    };
    store.upsertJob(newer);
    store.upsertJob(older);
    expect(store.getState().jobs[0]?.state).toBe('printed');
  });

  // The PC's clock stepped back ten minutes (NTP, the domain) between two changes of a job: its times go back, its
  // journal sequence numbers do not.
  const tenMinutes = 10 * 60_000;
  const earlier = (iso: string): string => new Date(Date.parse(iso) - tenMinutes).toISOString();

  it('takes a job’s next version though the clock went back between them: a held label released shows printed', () => {
    const store = new StationStore(new FakeStation().api);
    const held = makeJob({ id: 'j', scan: 'X', state: 'held', createdSeq: 1, updatedSeq: 4 });
    const printed = { ...held, state: 'printed' as const, updatedAt: earlier(held.updatedAt), updatedSeq: 7 };
    store.upsertJob(held);
    store.upsertJob(printed);
    expect(store.getState().jobs[0]?.state).toBe('printed');
    // And an answer read before the release, arriving late, does not undo it.
    store.upsertJob(held);
    expect(store.getState().jobs[0]?.state).toBe('printed');
  });

  it('lists a job scanned after the clock went back first, as the newest', () => {
    const store = new StationStore(new FakeStation().api);
    const before = makeJob({ id: 'before', scan: 'A', state: 'printed', createdSeq: 10, updatedSeq: 12 });
    const at = earlier(before.createdAt);
    const after = makeJob({
      id: 'after',
      scan: 'B',
      state: 'printed',
      createdAt: at,
      updatedAt: at,
      createdSeq: 13,
      updatedSeq: 15,
    });
    store.upsertJob(before);
    store.upsertJob(after);
    expect(store.getState().jobs.map((job) => job.id)).toEqual(['after', 'before']);
  });

  describe('at midnight (a window left open for weeks)', () => {
    const evening = '2026-11-27T21:30:00.000Z';
    /** 06:00 on the 28th on this machine's calendar, whatever its zone. */
    const morning = new Date(2026, 10, 28, 6, 0);
    const atMorning = new Date(morning.getTime() + 1000).toISOString();

    it("lists only today's jobs once the day changed: yesterday's ended ones leave, one still waiting stays", () => {
      let now = new Date(2026, 10, 27, 22, 30);
      const store = new StationStore(new FakeStation().api, () => now);
      const done = { ...printedJob('yesterday', 'A'), createdAt: evening, updatedAt: evening };
      const waiting = makeJob({
        id: 'held',
        scan: 'B',
        state: 'held',
        createdAt: evening,
        updatedAt: evening,
      });
      store.upsertJob(waiting);
      store.upsertJob(done);
      expect(store.getState().jobs.map((j) => j.id)).toEqual(['yesterday', 'held']);

      now = morning;
      store.upsertJob({ ...printedJob('today', 'C'), createdAt: atMorning, updatedAt: atMorning });
      expect(store.getState().jobs.map((j) => j.id)).toEqual(['today', 'held']);
    });

    it('lets yesterday’s jobs go at the day’s change even when nothing happens, without a reload', () => {
      vi.useFakeTimers();
      try {
        let now = new Date(2026, 10, 27, 23, 59);
        const fake = new FakeStation();
        const store = new StationStore(fake.api, () => now);
        const stop = store.start();
        store.upsertJob({ ...printedJob('yesterday', 'A'), createdAt: evening, updatedAt: evening });
        store.upsertJob({ ...printedJob('last', 'B'), createdAt: evening, updatedAt: evening });
        now = morning;
        vi.advanceTimersByTime(60_000);
        // The packer's last result stays on screen until the next scan; the rest of yesterday is gone.
        expect(store.getState().jobs.map((j) => j.id)).toEqual(['last']);
        stop();
      } finally {
        vi.useRealTimers();
      }
    });
  });

  it('moves a document to its spool job’s state', () => {
    const store = new StationStore(new FakeStation().api);
    store.upsertJob(printedJob('j', 'X'));
    store.apply({
      type: 'spool',
      job: {
        id: 'spool-j',
        printerId: 'zebra-1',
        documentId: 'doc-j',
        documentKind: 'label',
        format: 'zpl',
        bytes: 1,
        state: 'held',
        attempts: 2,
        createdAt: 'x',
        updatedAt: 'y',
        heldReason: 'offline',
      },
    });
    expect(store.getState().jobs[0]?.shipments[0]?.documents[0]?.state).toBe('held');
    expect(store.getState().spool.map((job) => job.id)).toEqual(['spool-j']);
  });

  it('updates one printer and the total queue from a printer event', async () => {
    const fake = new FakeStation();
    fake.status = {
      ...fake.status,
      printers: [
        { printerId: 'p1', name: 'P1', kind: 'zpl-tcp', state: 'ready', problems: [], queueLength: 1 },
        { printerId: 'p2', name: 'P2', kind: 'file', state: 'ready', problems: [], queueLength: 0 },
      ],
      queueLength: 1,
    };
    const store = new StationStore(fake.api);
    await store.load();
    store.apply({
      type: 'printer',
      printer: {
        printerId: 'p2',
        name: 'P2',
        kind: 'file',
        state: 'offline',
        problems: ['unreachable'],
        queueLength: 3,
      },
    });
    expect(store.getState().status?.queueLength).toBe(4);
    expect(store.getState().status?.printers.map((p) => p.state)).toEqual(['ready', 'offline']);
  });
});

describe('StationStore rendering', () => {
  it('tells its listeners once per frame however many events arrive in it, with the latest state', async () => {
    const frames: (() => void)[] = [];
    setNotifyScheduler((notify) => frames.push(notify));
    try {
      const fake = new FakeStation();
      const store = new StationStore(fake.api);
      const stop = store.start();
      await vi.waitFor(() => expect(store.getState().loaded).toBe(true));
      frames.splice(0).forEach((f) => f());
      let renders = 0;
      store.subscribe(() => renders++);
      for (let i = 0; i < 18; i++) fake.emitJob(printedJob(`job-${i}`, `ORD-${i}`));
      expect(renders).toBe(0);
      expect(frames).toHaveLength(1);
      frames.splice(0).forEach((f) => f());
      expect(renders).toBe(1);
      expect(store.getState().jobs.map((j) => j.id)).toContain('job-17');
      stop();
    } finally {
      setNotifyScheduler(undefined);
    }
  });
});
