/**
 * What a station's saved settings need when Packbench is upgraded, done once as they are read, before the schema
 * judges them. Every loader (the settings file, electron-store) calls `migrateSavedSettings` on what it read; the
 * result is saved with the next change in Settings, and reading an unsaved file again gives the same result.
 *
 * Saved settings carry `settingsVersion`; a file without it was written before version 2. The lists below are
 * history, not the current defaults: a migration must still do the same thing when the defaults change again.
 *
 * Version 2 adds the `prepared` scan source (nShift Checkout's prepared shipments). A station saves its whole
 * settings, defaults included, so an old file holds `resolve.sources` even when no admin ever chose them. A list
 * exactly equal to version 1's default was never chosen: it becomes version 2's default. A list the admin changed
 * is theirs and is kept; Settings offers to add `prepared` where it matters (with Checkout credentials).
 */
export const SETTINGS_VERSION = 2;

const VERSION_1_DEFAULT_SOURCES = ['order', 'stored', 'shipment'];
const VERSION_2_DEFAULT_SOURCES = ['order', 'stored', 'prepared', 'shipment'];

/** Saved settings as read (unknown: the schema judges them afterwards), brought to `SETTINGS_VERSION`. */
export function migrateSavedSettings(saved: unknown): unknown {
  if (!isRecord(saved) || typeof saved.settingsVersion === 'number') return saved;
  const resolve = saved.resolve;
  const untouched =
    isRecord(resolve) &&
    Array.isArray(resolve.sources) &&
    resolve.sources.length === VERSION_1_DEFAULT_SOURCES.length &&
    resolve.sources.every((source, i) => source === VERSION_1_DEFAULT_SOURCES[i]);
  return {
    ...saved,
    ...(untouched ? { resolve: { ...resolve, sources: [...VERSION_2_DEFAULT_SOURCES] } } : {}),
    settingsVersion: SETTINGS_VERSION,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
