/** A scanner types far faster than a person: keys closer together than this belong to one burst. */
export const DEFAULT_MAX_GAP_MS = 50;
/** Shorter bursts ending in Enter are a person's quick double tap, not a barcode. */
export const DEFAULT_MIN_SCAN_LENGTH = 3;

export interface BurstOptions {
  maxGapMs?: number;
  minLength?: number;
}

export type CharResult = {
  /** This key begins a new sequence (the previous one, if any, was too long ago). */
  startsSequence: boolean;
  /** The sequence so far arrived fast enough to be a scanner's. */
  burst: boolean;
};

/**
 * Decides from key timings alone whether keystrokes are a scanner's burst. Pure: the caller passes
 * timestamps (event.timeStamp or a fake clock), so the rule is tested without waiting.
 */
export class BurstDetector {
  private readonly maxGapMs: number;
  private readonly minLength: number;
  private chars: string[] = [];
  private lastAt = Number.NEGATIVE_INFINITY;

  constructor(options: BurstOptions = {}) {
    this.maxGapMs = options.maxGapMs ?? DEFAULT_MAX_GAP_MS;
    this.minLength = options.minLength ?? DEFAULT_MIN_SCAN_LENGTH;
  }

  /** A printable key arrived at `at` (ms). */
  char(key: string, at: number): CharResult {
    const startsSequence = at - this.lastAt > this.maxGapMs;
    if (startsSequence) this.chars = [];
    this.chars.push(key);
    this.lastAt = at;
    return { startsSequence, burst: this.chars.length >= 2 };
  }

  /** Enter arrived at `at`: returns the scanned code when the keys before it were one burst, else undefined. */
  enter(at: number): string | undefined {
    const fast = at - this.lastAt <= this.maxGapMs;
    const code = fast && this.chars.length >= this.minLength ? this.chars.join('') : undefined;
    this.reset();
    return code;
  }

  /** True while keys are still arriving as a burst (at least two of them, the last one recent). */
  inBurst(at: number): boolean {
    return this.chars.length >= 2 && at - this.lastAt <= this.maxGapMs;
  }

  reset(): void {
    this.chars = [];
    this.lastAt = Number.NEGATIVE_INFINITY;
  }
}
