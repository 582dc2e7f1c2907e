/** A scanner types far faster than a person: keys this close together on average belong to one burst. */
export const DEFAULT_MAX_GAP_MS = 50;
/** Shorter bursts ending in Enter are a person's quick double tap, not a barcode. */
export const DEFAULT_MIN_SCAN_LENGTH = 3;

export interface BurstOptions {
  /** Average gap between keys (ms) at or below which a sequence is a scanner's burst. */
  maxGapMs?: number;
  /**
   * A pause longer than this starts a new sequence. Larger than `maxGapMs` on purpose: one late key (a busy
   * main thread, a USB hiccup) must not cut a scan in two, or its tail alone could book the wrong order.
   * Defaults to three times `maxGapMs`.
   */
  resetGapMs?: number;
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
  /** Average gap between keys (ms) at or below which a sequence is a burst (see `BurstOptions.maxGapMs`). */
  readonly maxGapMs: number;
  /** A pause longer than this starts a new sequence (see `BurstOptions.resetGapMs`). */
  readonly resetGapMs: number;
  private readonly minLength: number;
  private chars: string[] = [];
  private firstAt = Number.NEGATIVE_INFINITY;
  private lastAt = Number.NEGATIVE_INFINITY;

  constructor(options: BurstOptions = {}) {
    this.maxGapMs = options.maxGapMs ?? DEFAULT_MAX_GAP_MS;
    this.resetGapMs = options.resetGapMs ?? this.maxGapMs * 3;
    this.minLength = options.minLength ?? DEFAULT_MIN_SCAN_LENGTH;
  }

  private averageGap(until: number): number {
    // Gaps between the keys and the one after the last key (Enter, or the key being judged).
    return (until - this.firstAt) / this.chars.length;
  }

  /** A printable key arrived at `at` (ms). */
  char(key: string, at: number): CharResult {
    const startsSequence = this.chars.length === 0 || at - this.lastAt > this.resetGapMs;
    if (startsSequence) {
      this.chars = [];
      this.firstAt = at;
    }
    this.chars.push(key);
    this.lastAt = at;
    const burst = this.chars.length >= 2 && (at - this.firstAt) / (this.chars.length - 1) <= this.maxGapMs;
    return { startsSequence, burst };
  }

  /** Enter arrived at `at`: returns the scanned code when the keys before it were one burst, else undefined. */
  enter(at: number): string | undefined {
    const inTime = this.chars.length > 0 && at - this.lastAt <= this.resetGapMs;
    const fast = inTime && this.averageGap(at) <= this.maxGapMs;
    const code = fast && this.chars.length >= this.minLength ? this.chars.join('') : undefined;
    this.reset();
    return code;
  }

  reset(): void {
    this.chars = [];
    this.firstAt = Number.NEGATIVE_INFINITY;
    this.lastAt = Number.NEGATIVE_INFINITY;
  }
}
