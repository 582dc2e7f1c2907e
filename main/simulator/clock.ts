/**
 * The simulator's notion of "now". Token expiry, document expiry, "today" for manifests and print-job
 * progress all read this clock, so tests move time with `advance()` instead of waiting.
 */
export interface SimClock {
  now(): number;
  advance(ms: number): void;
}

/** A clock that stands still until advanced: what tests use, fully deterministic. */
export function createManualClock(startMs: number = Date.UTC(2026, 0, 15, 9, 0, 0)): SimClock {
  let current = startMs;
  return {
    now: () => current,
    advance: (ms) => {
      current += ms;
    },
  };
}

/** Wall time plus an offset: what the demo and benchmarks use, so documents expire as they would for real. */
export function createRealTimeClock(): SimClock {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    advance: (ms) => {
      offset += ms;
    },
  };
}
