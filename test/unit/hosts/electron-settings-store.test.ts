/**
 * The desktop app keeps its settings in electron-store, not in the file store: an upgraded desktop station's saved
 * settings go through the same migration (main/settings/migrate.ts) as the other hosts'. electron-store itself
 * runs, on its own file in a temporary folder; only Electron, which it asks for its app paths when none is given,
 * is absent here.
 */
import { mkdtemp, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createElectronSettingsStore } from '../../../main/hosts/electron/electron-settings-store';
import { defaultSettings } from '../../../main/settings/schema';

vi.mock('electron', () => ({ default: {} }));

/** A desktop station's settings as a version before the `prepared` source saved them, with these sources. */
async function savedBeforePrepared(sources: string[]): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'packbench-electron-settings-'));
  const { settingsVersion: _version, ...before } = defaultSettings();
  const settings = { ...before, resolve: { sources, indexRefreshSeconds: 60 } };
  await writeFile(join(dir, 'settings.json'), JSON.stringify({ settings }));
  return dir;
}

describe('the desktop app’s saved settings', () => {
  it('saved before the prepared source, with the old default lookup: loaded with prepared shipments looked up', async () => {
    const loaded = await createElectronSettingsStore(
      await savedBeforePrepared(['order', 'stored', 'shipment']),
    ).load();
    expect(loaded.warning).toBeUndefined();
    expect(loaded.settings.resolve.sources).toEqual(['order', 'stored', 'prepared', 'shipment']);
  });

  it('saved before it with a lookup the admin changed: kept', async () => {
    const loaded = await createElectronSettingsStore(await savedBeforePrepared(['stored', 'order'])).load();
    expect(loaded.settings.resolve.sources).toEqual(['stored', 'order']);
  });

  it('a file an admin saved with a byte-order mark (Notepad, PowerShell 5.1) is read as it is, not set aside', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'packbench-electron-settings-'));
    const settings = { ...defaultSettings(), language: 'fi' };
    await writeFile(join(dir, 'settings.json'), `\uFEFF${JSON.stringify({ settings }, null, 2)}`);
    const loaded = await createElectronSettingsStore(dir).load();
    expect(loaded.warning).toBeUndefined();
    expect(loaded.settings).toEqual(settings);
  });

  it('a file a hand edit broke is set aside with a warning naming the line and column to correct', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'packbench-electron-settings-'));
    await writeFile(join(dir, 'settings.json'), '{\n  "settings": {\n    "language": "fi",\n  }\n}\n');
    const loaded = await createElectronSettingsStore(dir).load();
    expect(loaded.settings).toEqual(defaultSettings());
    expect(loaded.warning?.message).toMatch(/line 4, column 3/);
    expect(loaded.warning?.message).toMatch(/settings\.json\.corrupt-\d+/);
  });

  it('writes a new settings file 0600 from the start, whatever the umask', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'packbench-electron-settings-'));
    const before = process.umask(0o022);
    try {
      await createElectronSettingsStore(dir).save(defaultSettings());
    } finally {
      process.umask(before);
    }
    expect((await stat(join(dir, 'settings.json'))).mode & 0o777).toBe(0o600);
  });
});
