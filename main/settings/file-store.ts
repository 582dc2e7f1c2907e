import { readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../files/atomic';
import { defaultSettings, settingsSchema, type Settings } from './schema';
import { migrateSavedSettings } from './migrate';
import type { SettingsStore } from './store';

/**
 * Settings as `<dataDir>/settings.json` (web and headless hosts). A file that is corrupt or fails the schema
 * is set aside as `settings.json.corrupt-<time>` and the station starts on defaults with a warning, instead of
 * refusing to start at a packing bench.
 */
export function createFileSettingsStore(dataDir: string): SettingsStore {
  const path = join(dataDir, 'settings.json');
  return {
    async load() {
      let text: string;
      try {
        text = await readFile(path, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { settings: defaultSettings() };
        throw error;
      }
      let parsed: ReturnType<typeof settingsSchema.safeParse>;
      try {
        parsed = settingsSchema.safeParse(migrateSavedSettings(JSON.parse(text)));
      } catch {
        parsed = settingsSchema.safeParse(Symbol('unparseable'));
      }
      if (parsed.success) return { settings: parsed.data };
      const keptAs = `${path}.corrupt-${Date.now()}`;
      await rename(path, keptAs);
      return {
        settings: defaultSettings(),
        warning: `The settings file could not be read, so Packbench started with default settings. The old file was kept as ${keptAs}.`,
      };
    },
    async save(settings: Settings) {
      await writeFileAtomic(path, `${JSON.stringify(settings, null, 2)}\n`);
    },
  };
}

/** Settings that live only in memory (tests, `--demo` runs without a data directory of their own). */
export function createMemorySettingsStore(initial: Settings = defaultSettings()): SettingsStore {
  let current = initial;
  return {
    load: async () => ({ settings: current }),
    save: async (settings) => {
      current = settings;
    },
  };
}
