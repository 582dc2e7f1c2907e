/**
 * The desktop app keeps its settings in electron-store, not in settings.json: an upgraded desktop station's saved
 * settings go through the same migration (main/settings/migrate.ts) as the other hosts'.
 */
import { describe, expect, it, vi } from 'vitest';
import { createElectronSettingsStore } from '../../../main/hosts/electron/electron-settings-store';
import { defaultSettings } from '../../../main/settings/schema';

const kept = vi.hoisted(() => new Map<string, unknown>());
vi.mock('electron-store', () => ({
  default: class {
    get(key: string): unknown {
      return kept.get(key);
    }
    set(key: string, value: unknown): void {
      kept.set(key, value);
    }
  },
}));

describe('the desktop app’s saved settings', () => {
  it('saved before the prepared source, with the old default lookup: loaded with prepared shipments looked up', async () => {
    const { settingsVersion: _version, ...before } = defaultSettings();
    kept.set('settings', {
      ...before,
      resolve: { sources: ['order', 'stored', 'shipment'], indexRefreshSeconds: 60 },
    });
    const loaded = await createElectronSettingsStore().load();
    expect(loaded.warning).toBeUndefined();
    expect(loaded.settings.resolve.sources).toEqual(['order', 'stored', 'prepared', 'shipment']);
  });

  it('saved before it with a lookup the admin changed: kept', async () => {
    const { settingsVersion: _version, ...before } = defaultSettings();
    kept.set('settings', { ...before, resolve: { sources: ['stored', 'order'], indexRefreshSeconds: 60 } });
    expect((await createElectronSettingsStore().load()).settings.resolve.sources).toEqual([
      'stored',
      'order',
    ]);
  });
});
