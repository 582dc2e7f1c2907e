import { readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../files/atomic';
import { refusedFieldsWarning, settingsKeepingGoodFields } from './field-refusal';
import { migrateSavedSettings } from './migrate';
import { defaultSettings, type Settings } from './schema';
import { parseSettingsText, unreadableSettingsWarning } from './settings-text';
import type { SettingsStore } from './store';

/**
 * Settings as `<dataDir>/settings.json` (web and headless hosts). A value the schema refuses costs that value only
 * (its default, or the list entry it is in), named in a warning; the rest of the file stays in force, and the file
 * is left as it is until Settings are saved. A file that is not JSON (or not an object) is set aside as
 * `settings.json.corrupt-<time>` and the station starts on defaults with a warning that says where the file went
 * wrong, instead of refusing to start at a packing bench. A byte-order mark is no error (settings-text.ts).
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
      const parsed = parseSettingsText(text);
      const kept = parsed.ok ? settingsKeepingGoodFields(migrateSavedSettings(parsed.value)) : undefined;
      if (kept) {
        if (kept.refused.length === 0) return { settings: kept.settings };
        return { settings: kept.settings, warning: refusedFieldsWarning(path, kept.refused) };
      }
      const keptAs = `${path}.corrupt-${Date.now()}`;
      await rename(path, keptAs);
      return {
        settings: defaultSettings(),
        warning: unreadableSettingsWarning(keptAs, parsed.ok ? 'it holds no settings object' : parsed.error),
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
