import { DEFAULT_MAX_GAP_MS } from './burst';

/**
 * One-key shortcuts (R for reprint) must not fire when the key is only the first character of a scanner's
 * burst. The gate holds the key back for one burst gap: if another key follows that fast, it was a scan
 * and `interrupted` gets the key back to pass on; otherwise the shortcut runs.
 */
export class IsolatedKeyGate {
  private pending:
    | { timer: ReturnType<typeof setTimeout>; action: () => void; onInterrupted: () => void; held: number }
    | undefined;

  constructor(private readonly gapMs: number = DEFAULT_MAX_GAP_MS) {}

  press(action: () => void, onInterrupted: () => void): void {
    this.cancel();
    this.pending = { timer: this.arm(action), action, onInterrupted, held: 1 };
  }

  /**
   * The same key again while the first is held: a double tap (the shortcut runs once) or a code that starts
   * with it twice. Holds it too and waits one more gap. Returns false when no key was held.
   */
  repeat(): boolean {
    const pending = this.pending;
    if (!pending) return false;
    clearTimeout(pending.timer);
    pending.timer = this.arm(pending.action);
    pending.held += 1;
    return true;
  }

  /**
   * Another key arrived: if a shortcut was waiting, it was part of a burst. Returns how many keys were held
   * back (0: none), for the caller to give back to the field.
   */
  interrupt(): number {
    const pending = this.pending;
    if (!pending) return 0;
    clearTimeout(pending.timer);
    this.pending = undefined;
    pending.onInterrupted();
    return pending.held;
  }

  cancel(): void {
    if (this.pending) clearTimeout(this.pending.timer);
    this.pending = undefined;
  }

  private arm(action: () => void): ReturnType<typeof setTimeout> {
    return setTimeout(() => {
      this.pending = undefined;
      action();
    }, this.gapMs + 1);
  }
}
