/** Time for the spool: real by default, a manual one in tests so that no test waits on the wall clock. */
export interface Clock {
  now(): number;
  /** Runs `fn` after `ms`; returns the function that cancels it. */
  setTimer(fn: () => void, ms: number): () => void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer(fn, ms) {
    const handle = setTimeout(fn, Math.max(0, ms));
    return () => clearTimeout(handle);
  },
};

export interface ManualClock extends Clock {
  /** Moves time forward, firing every timer that falls due, in order. */
  advance(ms: number): void;
  set(epochMs: number): void;
  pendingTimers(): number;
}

export function createManualClock(startMs = Date.UTC(2026, 0, 5, 8, 0, 0)): ManualClock {
  let current = startMs;
  let nextId = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  const clock: ManualClock = {
    now: () => current,
    setTimer(fn, ms) {
      const id = nextId++;
      timers.set(id, { at: current + Math.max(0, ms), fn });
      return () => timers.delete(id);
    },
    advance(ms) {
      const target = current + ms;
      for (;;) {
        let dueId: number | undefined;
        let dueAt = Infinity;
        for (const [id, t] of timers) if (t.at <= target && t.at < dueAt) [dueId, dueAt] = [id, t.at];
        if (dueId === undefined) break;
        const timer = timers.get(dueId);
        timers.delete(dueId);
        current = dueAt;
        timer?.fn();
      }
      current = target;
    },
    set(epochMs) {
      clock.advance(Math.max(0, epochMs - current));
    },
    pendingTimers: () => timers.size,
  };
  return clock;
}
