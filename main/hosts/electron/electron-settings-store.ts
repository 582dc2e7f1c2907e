import Store from 'electron-store';
import { defaultSettings, settingsSchema, type Settings } from '../../settings/schema';
import { migrateSavedSettings } from '../../settings/migrate';
import type { SettingsStore } from '../../settings/store';

/** Settings in electron-store (config.json in userData); parsed with the same schema as every host. */
export function createElectronSettingsStore(): SettingsStore {
  const store = new Store<{ settings?: unknown }>({ name: 'settings', clearInvalidConfig: true });
  return {
    async load() {
      const raw = store.get('settings');
      if (raw === undefined) return { settings: defaultSettings() };
      const parsed = settingsSchema.safeParse(migrateSavedSettings(raw));
      if (parsed.success) return { settings: parsed.data };
      store.set('settings-corrupt', raw);
      return {
        settings: defaultSettings(),
        warning:
          'The settings could not be read, so Packbench started with default settings (the old ones were kept as "settings-corrupt").',
      };
    },
    async save(settings: Settings) {
      store.set('settings', settings);
    },
  };
}
