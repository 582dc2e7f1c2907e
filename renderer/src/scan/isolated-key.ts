import { DEFAULT_MAX_GAP_MS } from './burst';

/**
 * One-key shortcuts (R for reprint) must not fire when the key is only the first character of a scanner's
 * burst. The gate holds the key back for one burst gap: if another key follows that fast, it was a scan
 * and `interrupted` gets the key back to pass on; otherwise the shortcut runs.
 */
export class IsolatedKeyGate {
  private pending: { timer: ReturnType<typeof setTimeout>; onInterrupted: () => void } | undefined;

  constructor(private readonly gapMs: number = DEFAULT_MAX_GAP_MS) {}

  press(action: () => void, onInterrupted: () => void): void {
    this.cancel();
    const timer = setTimeout(() => {
      this.pending = undefined;
      action();
    }, this.gapMs + 1);
    this.pending = { timer, onInterrupted };
  }

  /** Another key arrived: if a shortcut was waiting, it was part of a burst. Returns whether one was waiting. */
  interrupt(): boolean {
    const pending = this.pending;
    if (!pending) return false;
    clearTimeout(pending.timer);
    this.pending = undefined;
    pending.onInterrupted();
    return true;
  }

  cancel(): void {
    if (this.pending) clearTimeout(this.pending.timer);
    this.pending = undefined;
  }
}
