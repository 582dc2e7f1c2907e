export interface ScannerAffixes {
  prefix: string;
  suffix: string;
}

/** The code without the scanner's configured prefix and suffix and surrounding whitespace. */
export function stripAffixes(raw: string, affixes: ScannerAffixes): string {
  let code = raw.trim();
  if (affixes.prefix && code.startsWith(affixes.prefix)) code = code.slice(affixes.prefix.length);
  if (affixes.suffix && code.endsWith(affixes.suffix))
    code = code.slice(0, code.length - affixes.suffix.length);
  return code.trim();
}

/**
 * Drops a code seen again within the duplicate window of its last sighting: a scanner re-reading the label
 * under it, or a double trigger pull, must not book or print twice. Every sighting restarts the window, so
 * a label left under a presentation scanner stays ignored.
 */
export class DuplicateFilter {
  private lastCode: string | undefined;
  private lastAt = Number.NEGATIVE_INFINITY;

  accept(code: string, at: number, windowMs: number): boolean {
    const repeated = code === this.lastCode && at - this.lastAt < windowMs;
    this.lastCode = code;
    this.lastAt = at;
    return !repeated;
  }

  forget(): void {
    this.lastCode = undefined;
    this.lastAt = Number.NEGATIVE_INFINITY;
  }
}

export const DEFAULT_DUPLICATE_WINDOW_MS = 2000;

export type ScanVerdict =
  { kind: 'scan'; code: string } | { kind: 'empty' } | { kind: 'repeat'; code: string };

/** One place that turns a raw burst or typed line into a scan: strip affixes, drop empties and repeats. */
export function judgeScan(
  raw: string,
  settings: ScannerAffixes & { duplicateWindowMs?: number },
  filter: DuplicateFilter,
  at: number,
): ScanVerdict {
  const code = stripAffixes(raw, settings);
  if (!code) return { kind: 'empty' };
  const windowMs = settings.duplicateWindowMs ?? DEFAULT_DUPLICATE_WINDOW_MS;
  return filter.accept(code, at, windowMs) ? { kind: 'scan', code } : { kind: 'repeat', code };
}
