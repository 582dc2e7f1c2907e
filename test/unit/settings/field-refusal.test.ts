import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { settingsKeepingGoodFields } from '../../../main/settings/field-refusal';
import { createFileSettingsStore } from '../../../main/settings/file-store';
import { defaultSettings } from '../../../main/settings/schema';
import { createElectronSettingsStore } from '../../../main/hosts/electron/electron-settings-store';

// electron-store itself runs (on its own file in a temporary folder); only Electron, which it asks for its app
// paths when none is given, is absent here.
vi.mock('electron', () => ({ default: {} }));

const dir = () => mkdtemp(join(tmpdir(), 'packbench-fields-'));

/** A settings file as an administrator leaves it: a good station, with one printer's port typed wrong. */
function stationWithOneBadPort() {
  return {
    deliveryUrl: 'https://api.unifaun.com/rs-extapi/v1',
    language: 'sv',
    printers: [
      { kind: 'zpl-tcp', id: 'zebra-1', name: 'Bench 1', host: '10.0.0.11', port: 9100 },
      { kind: 'zpl-tcp', id: 'zebra-2', name: 'Bench 2', host: '10.0.0.12', port: 9100 },
      { kind: 'zpl-tcp', id: 'zebra-3', name: 'Bench 3', host: '10.0.0.13', port: '9100x' },
      { kind: 'file', id: 'docs', name: 'Documents', directory: '/srv/docs' },
    ],
    routing: { rules: [], labelPrinterId: 'zebra-1', documentPrinterId: 'docs' },
    spool: { ttlMinutes: 'ten' },
    scanner: { prefix: '', suffix: '', duplicateWindowMs: 1500 },
  };
}

describe('a settings value the schema refuses', () => {
  it('costs that value only: its default, or the list entry it is in; the rest stays in force', () => {
    const kept = settingsKeepingGoodFields(stationWithOneBadPort());
    expect(kept).toBeDefined();
    const { settings, refused } = kept!;
    expect(settings.language).toBe('sv');
    expect(settings.scanner.duplicateWindowMs).toBe(1500);
    expect(settings.routing.labelPrinterId).toBe('zebra-1');
    expect(settings.printers.map((p) => p.id)).toEqual(['zebra-1', 'zebra-2', 'docs']);
    expect(settings.spool.ttlMinutes).toBe(defaultSettings().spool.ttlMinutes);
    expect(refused.map((r) => [r.field, r.dropped])).toEqual([
      ['spool.ttlMinutes', 'spool.ttlMinutes'],
      ['printers[2].port', 'printers[2]'],
    ]);
  });

  it('names each refused field by its place in the file, even after an entry before it was left out', () => {
    const raw = stationWithOneBadPort();
    raw.printers[0] = { kind: 'zpl-tcp', id: 'zebra-1', name: 'Bench 1', host: '10.0.0.11', port: 70000 };
    const { settings, refused } = settingsKeepingGoodFields(raw)!;
    expect(settings.printers.map((p) => p.id)).toEqual(['zebra-2', 'docs']);
    expect(refused.map((r) => r.field)).toEqual(
      expect.arrayContaining(['printers[0].port', 'printers[2].port', 'spool.ttlMinutes']),
    );
  });

  it('a file that is not an object keeps nothing', () => {
    expect(settingsKeepingGoodFields([1, 2])).toBeUndefined();
    expect(settingsKeepingGoodFields('settings')).toBeUndefined();
  });
});

describe('the settings file (web and headless hosts)', () => {
  it('keeps every good field, names the refused one in the warning, and leaves the file as it was', async () => {
    const d = await dir();
    const text = JSON.stringify(stationWithOneBadPort());
    await writeFile(join(d, 'settings.json'), text);
    const loaded = await createFileSettingsStore(d).load();
    expect(loaded.settings.language).toBe('sv');
    expect(loaded.settings.printers).toHaveLength(3);
    expect(loaded.warning?.message).toContain(`${join(d, 'settings.json')}: `);
    expect(loaded.warning?.message).toContain('printers[2].port was refused (');
    expect(loaded.warning?.message).toContain('printers[2] is left out');
    expect(loaded.warning?.message).toContain('spool.ttlMinutes was refused (');
    expect(loaded.warning?.message).toContain('using the default');
    expect(loaded.warning?.message).not.toMatch(/started with default settings/);
    expect(await readFile(join(d, 'settings.json'), 'utf8')).toBe(text);
    expect((await readdir(d)).filter((f) => f.includes('corrupt'))).toEqual([]);
  });
});

describe('the Electron host’s settings (electron-store)', () => {
  it('a file that is not JSON is set aside and named, never reset silently', async () => {
    const d = await dir();
    await writeFile(join(d, 'settings.json'), '{"settings": {"language": "sv", "printers": [ {"kind"');
    const loaded = await createElectronSettingsStore(d).load();
    expect(loaded.settings).toEqual(defaultSettings());
    const keptAs = (await readdir(d)).find((f) => f.startsWith('settings.json.corrupt-'));
    expect(keptAs).toBeDefined();
    expect(await readFile(join(d, keptAs!), 'utf8')).toContain('"language": "sv"');
    expect(loaded.warning?.message).toContain(join(d, keptAs!));
  });

  it('a refused value costs that value only, as in the settings file', async () => {
    const d = await dir();
    await writeFile(join(d, 'settings.json'), JSON.stringify({ settings: stationWithOneBadPort() }));
    const store = createElectronSettingsStore(d);
    const loaded = await store.load();
    expect(loaded.settings.language).toBe('sv');
    expect(loaded.settings.printers.map((p) => p.id)).toEqual(['zebra-1', 'zebra-2', 'docs']);
    expect(loaded.warning?.message).toContain('printers[2].port was refused (');
    await store.save(loaded.settings);
    expect((await createElectronSettingsStore(d).load()).warning).toBeUndefined();
  });
});
