/**
 * Everything a host started (the demo's simulator and virtual Zebra, the station, the web server, a temporary data
 * folder), stopped in reverse order — at the end of a run, on SIGINT/SIGTERM, and when start-up fails half way, so
 * a failed start never leaves a simulator listening or a folder behind. Each step runs once; one that fails is
 * logged and the others still run.
 */
export class Teardown {
  private readonly steps: { what: string; stop: () => Promise<unknown> | unknown }[] = [];
  private running: Promise<void> | undefined;

  constructor(private readonly log: (line: string) => void) {}

  /** Registers what to undo for something just started; the last started is the first stopped. */
  add(what: string, stop: () => Promise<unknown> | unknown): void {
    this.steps.push({ what, stop });
  }

  /** Stops everything registered (once, however often it is called). */
  run(): Promise<void> {
    this.running ??= (async () => {
      for (let step = this.steps.pop(); step; step = this.steps.pop()) {
        try {
          await step.stop();
        } catch (error) {
          this.log(`could not stop ${step.what}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    })();
    return this.running;
  }
}

/** Resolves `work`, or gives up after `ms` (a station finishing its queue must not hold a shutdown forever). */
export function within<T>(work: Promise<T>, ms: number): Promise<T | undefined> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => resolve(undefined), ms);
    timer.unref();
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** Exit codes after a signal, by the shell's convention (128 + the signal's number). */
export const SIGNAL_EXIT_CODES = { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 } as const;
export type StopSignal = keyof typeof SIGNAL_EXIT_CODES;

/**
 * Runs `stop` on the first of `signals` (SIGINT and SIGTERM unless told; a second one while stopping is ignored, not
 * fatal). A host that also lists SIGHUP stops in order when the terminal or session it runs in closes, instead of
 * being ended at once by the signal's default.
 */
export function onStopSignal(
  stop: (signal: StopSignal) => void,
  signals: readonly StopSignal[] = ['SIGINT', 'SIGTERM'],
): void {
  let stopping = false;
  for (const signal of signals) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      stop(signal);
    });
  }
}
