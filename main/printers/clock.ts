/** Time for the spool: real by default, a manual one in tests so that no test waits on the wall clock. */
export interface Clock {
  /** The PC's wall clock (epoch ms): what records keep, since it means the same after a restart. */
  now(): number;
  /**
   * Milliseconds on a clock that only moves forward, at the pace of time, from an arbitrary origin
   * (`performance.now`): what waits within a run are measured on, since a correction of the wall clock by NTP or
   * the domain steps `now()` by minutes, back or forward, and never steps this.
   */
  monotonic(): number;
  /** Runs `fn` after `ms` (of the monotonic clock, as Node's timers are); returns the function that cancels it. */
  setTimer(fn: () => void, ms: number): () => void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  monotonic: () => performance.now(),
  setTimer(fn, ms) {
    const handle = setTimeout(fn, Math.max(0, ms));
    return () => clearTimeout(handle);
  },
};

export interface ManualClock extends Clock {
  /** Moves time forward, firing every timer that falls due, in order. */
  advance(ms: number): void;
  set(epochMs: number): void;
  /**
   * Steps the wall clock alone by `ms` (negative: back), as NTP correcting the PC's clock does: no time passes,
   * no timer fires, the monotonic clock does not move.
   */
  step(ms: number): void;
  pendingTimers(): number;
}

export function createManualClock(startMs = Date.UTC(2026, 0, 5, 8, 0, 0)): ManualClock {
  /** The monotonic clock; the wall clock reads it plus the steps taken. */
  let current = startMs;
  let stepped = 0;
  let nextId = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  const clock: ManualClock = {
    now: () => current + stepped,
    monotonic: () => current,
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
      clock.advance(Math.max(0, epochMs - clock.now()));
    },
    step(ms) {
      stepped += ms;
    },
    pendingTimers: () => timers.size,
  };
  return clock;
}
