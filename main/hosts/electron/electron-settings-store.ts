import Store from 'electron-store';
import { renameSync } from 'node:fs';
import { join } from 'node:path';
import { startupWarning } from '../../domain';
import { refusedFieldsWarning, settingsKeepingGoodFields } from '../../settings/field-refusal';
import { migrateSavedSettings } from '../../settings/migrate';
import { defaultSettings, type Settings } from '../../settings/schema';
import { parseSettingsText, unreadableSettingsWarning } from '../../settings/settings-text';
import type { SettingsStore } from '../../settings/store';

const FILE = 'settings.json';

/**
 * Settings in electron-store (`settings.json` in userData), read field by field with the same schema as every
 * host: a refused value costs that value only, named in a warning. A file electron-store cannot read at all is
 * never reset silently (its `clearInvalidConfig` stays off): it is set aside as `settings.json.corrupt-<time>`,
 * as the web and headless hosts' file store does, and the warning names it.
 */
export function createElectronSettingsStore(userData: string): SettingsStore {
  const path = join(userData, FILE);
  let store: Store<{ settings?: unknown }> | undefined;
  /** The store, opened on first use; an unreadable file is set aside first (the warning is returned once). */
  function open(): { store: Store<{ settings?: unknown }>; setAside?: { keptAs: string; where?: string } } {
    if (store) return { store };
    const make = () =>
      // 0600 from the moment it exists, as every file in the data folder (conf's default is 0666 less the umask).
      new Store<{ settings?: unknown }>({
        name: 'settings',
        cwd: userData,
        clearInvalidConfig: false,
        configFileMode: 0o600,
        // A byte-order mark (a hand edit in Notepad) is read past, and a syntax error says where it is.
        deserialize: (text: string) => {
          const parsed = parseSettingsText(text);
          if (!parsed.ok) throw new SyntaxError(parsed.error);
          return parsed.value as { settings?: unknown };
        },
      });
    try {
      store = make();
      return { store };
    } catch (error) {
      // Not JSON (a torn write, a hand edit): electron-store refuses to open it; keep it and start afresh.
      const keptAs = `${path}.corrupt-${Date.now()}`;
      try {
        renameSync(path, keptAs);
      } catch {
        throw error;
      }
      store = make();
      return {
        store,
        setAside: { keptAs, ...(error instanceof SyntaxError ? { where: error.message } : {}) },
      };
    }
  }
  return {
    async load() {
      const { store: opened, setAside } = open();
      if (setAside)
        return {
          settings: defaultSettings(),
          warning: unreadableSettingsWarning(setAside.keptAs, setAside.where),
        };
      const raw = opened.get('settings');
      if (raw === undefined) return { settings: defaultSettings() };
      const kept = settingsKeepingGoodFields(migrateSavedSettings(raw));
      if (kept)
        return kept.refused.length === 0
          ? { settings: kept.settings }
          : { settings: kept.settings, warning: refusedFieldsWarning(path, kept.refused) };
      opened.set('settings-corrupt', raw);
      return {
        settings: defaultSettings(),
        warning: startupWarning(
          'settings_unreadable',
          `The settings could not be read, so Packbench started with default settings (the old ones were kept as "settings-corrupt" in ${path}).`,
          { keptAs: `"settings-corrupt" in ${path}` },
        ),
      };
    },
    async save(settings: Settings) {
      open().store.set('settings', settings);
    },
  };
}
