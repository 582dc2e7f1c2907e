import { resolveSettings } from '../../../main/settings/in-force';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFileSettingsStore } from '../../../main/settings/file-store';
import { createFileVault } from '../../../main/settings/file-vault';
import {
  applySettingsPatch,
  defaultSettings,
  settingsPatchSchema,
  settingsView,
} from '../../../main/settings/schema';

const dir = () => mkdtemp(join(tmpdir(), 'packbench-settings-'));

describe('settings', () => {
  it('start from defaults that book with a ZPL label target and an A4 PDF target', () => {
    const s = defaultSettings();
    expect(s.printConfig.targets.map((t) => t.type)).toEqual(['zpl', 'pdf']);
    expect(s.scanner.duplicateWindowMs).toBe(2000);
    expect(s.spool.ttlMinutes).toBe(10);
  });

  it('survive a save and load', async () => {
    const store = createFileSettingsStore(await dir());
    const next = applySettingsPatch(defaultSettings(), {
      language: 'sv',
      scanner: { prefix: '#', suffix: '', duplicateWindowMs: 1500 },
    });
    await store.save(next);
    expect((await store.load()).settings).toEqual(next);
  });

  it('a corrupt settings file is set aside with a message and the station starts on defaults', async () => {
    const d = await dir();
    await writeFile(join(d, 'settings.json'), '{"language": "sv", "printers": [ {"kind": "zpl-tc');
    const loaded = await createFileSettingsStore(d).load();
    expect(loaded.settings).toEqual(defaultSettings());
    expect(loaded.warning?.message).toMatch(/default settings/);
    expect((await readdir(d)).some((f) => f.startsWith('settings.json.corrupt-'))).toBe(true);
  });

  it('a settings file an admin saved with a byte-order mark (Notepad, PowerShell 5.1) is read as it is, not set aside', async () => {
    const d = await dir();
    const saved = {
      ...defaultSettings(),
      language: 'sv',
      scanner: { prefix: '#', suffix: '', duplicateWindowMs: 1500 },
    };
    await writeFile(join(d, 'settings.json'), `\uFEFF${JSON.stringify(saved, null, 2)}\r\n`);
    const loaded = await createFileSettingsStore(d).load();
    expect(loaded.warning).toBeUndefined();
    expect(loaded.settings).toEqual(saved);
    expect(await readdir(d)).toEqual(['settings.json']);
  });

  it('a settings file a hand edit broke is set aside with a warning naming the line and column to correct', async () => {
    const d = await dir();
    await writeFile(join(d, 'settings.json'), '{\n  "language": "sv"\n  "sounds": { "enabled": false }\n}\n');
    const loaded = await createFileSettingsStore(d).load();
    expect(loaded.settings).toEqual(defaultSettings());
    expect(loaded.warning?.message).toMatch(/line 3, column 3/);
    expect(loaded.warning?.message).toMatch(/settings\.json\.corrupt-\d+/);
    // The same place as parameters, for the admin's language (docs/settings.md).
    expect(loaded.warning).toMatchObject({
      code: 'settings_unreadable',
      params: { line: 3, column: 3, keptAs: expect.stringMatching(/settings\.json\.corrupt-\d+$/) },
    });
  });

  it('the view for the UI carries a mask, never the secret', () => {
    const key = { id: 'key-id', secret: 'super-secret-value' };
    const view = settingsView(defaultSettings(), key, resolveSettings(defaultSettings(), []).inForce);
    expect(JSON.stringify(view)).not.toContain('super-secret-value');
    expect(view.account).toMatchObject({ apiKeyId: 'key-id', hasSecret: true });
  });
});

describe('settings saved before the prepared scan source (version 1)', () => {
  /** A settings.json as Packbench wrote it before version 2: every section, and no settingsVersion. */
  async function oldFile(sources: string[]): Promise<string> {
    const d = await dir();
    const { settingsVersion: _version, ...before } = defaultSettings();
    const old = { ...before, language: 'sv', resolve: { sources, indexRefreshSeconds: 30 } };
    await writeFile(join(d, 'settings.json'), JSON.stringify(old, null, 2));
    return d;
  }

  it('a scan lookup left at the old default gets the new default, prepared shipments included', async () => {
    const loaded = await createFileSettingsStore(await oldFile(['order', 'stored', 'shipment'])).load();
    expect(loaded.warning).toBeUndefined();
    expect(loaded.settings.resolve).toEqual({
      sources: ['order', 'stored', 'prepared', 'shipment'],
      indexRefreshSeconds: 30,
    });
    expect(loaded.settings.language).toBe('sv');
    expect(loaded.settings.settingsVersion).toBe(2);
  });

  it('a scan lookup the admin changed is kept as it is', async () => {
    for (const sources of [['stored', 'order'], ['shipment', 'order', 'stored'], ['order']]) {
      const loaded = await createFileSettingsStore(await oldFile(sources)).load();
      expect(loaded.settings.resolve.sources).toEqual(sources);
    }
  });

  it('once saved in version 2, the old list an admin chooses again stays chosen across restarts', async () => {
    const store = createFileSettingsStore(await oldFile(['order', 'stored', 'shipment']));
    const migrated = (await store.load()).settings;
    await store.save(
      applySettingsPatch(migrated, {
        resolve: { sources: ['order', 'stored', 'shipment'], indexRefreshSeconds: 30 },
      }),
    );
    expect((await store.load()).settings.resolve.sources).toEqual(['order', 'stored', 'shipment']);
  });

  it('the UI’s view carries no settingsVersion: nothing for an admin to edit', () => {
    const view = settingsView(defaultSettings(), undefined, resolveSettings(defaultSettings(), []).inForce);
    expect(Object.keys(view)).not.toContain('settingsVersion');
  });
});

describe('the encrypted file vault', () => {
  it('stores the key encrypted and gives it back', async () => {
    const d = await dir();
    const vault = createFileVault(d, { PACKBENCH_VAULT_KEY: 'passphrase' });
    await vault.set({ id: 'key-id', secret: 'super-secret-value' });
    expect(await vault.get()).toEqual({ id: 'key-id', secret: 'super-secret-value' });
    const onDisk = await readFile(join(d, 'secrets.enc'));
    expect(onDisk.includes(Buffer.from('super-secret-value'))).toBe(false);
  });

  it('with the wrong encryption key it reports no key rather than garbage', async () => {
    const d = await dir();
    await createFileVault(d, { PACKBENCH_VAULT_KEY: 'right' }).set({ id: 'a', secret: 'b' });
    expect(await createFileVault(d, { PACKBENCH_VAULT_KEY: 'wrong' }).get()).toBeUndefined();
  });

  it('without PACKBENCH_VAULT_KEY it makes a private key file readable only by this user', async () => {
    const d = await dir();
    const vault = createFileVault(d, {});
    await vault.set({ id: 'a', secret: 'b' });
    const { stat } = await import('node:fs/promises');
    expect((await stat(join(d, 'vault.key'))).mode & 0o077).toBe(0);
    expect(await createFileVault(d, {}).get()).toEqual({ id: 'a', secret: 'b' });
  });
});

describe('a settings patch', () => {
  it('merges a section one level deep, keeping what the patch does not name', () => {
    const start = applySettingsPatch(defaultSettings(), {
      resolve: { sources: ['order'], indexRefreshSeconds: 0 },
    });
    const next = applySettingsPatch(start, { resolve: { sources: ['stored', 'order'] } });
    expect(next.resolve).toEqual({ sources: ['stored', 'order'], indexRefreshSeconds: 0 });
  });

  it('naming one field of the Checkout or tracking section keeps the others, not their defaults', () => {
    const start = applySettingsPatch(defaultSettings(), {
      checkout: {
        baseUrl: 'https://checkout.example/api',
        authUrl: 'https://id.example',
        connectionId: 'c-1',
      },
      statusEvents: { follow: true, stationsOnAccount: 4 },
    });
    // As the station gets it: judged by the patch schema first (main/hosts/shared/schemas.ts).
    const next = applySettingsPatch(
      start,
      settingsPatchSchema.parse({
        checkout: { baseUrl: 'https://checkout2.example/api' },
        statusEvents: { follow: false },
      }),
    );
    expect(next.checkout).toEqual({
      baseUrl: 'https://checkout2.example/api',
      authUrl: 'https://id.example',
      connectionId: 'c-1',
    });
    expect(next.statusEvents).toEqual({ follow: false, stationsOnAccount: 4 });
  });

  it('replaces lists whole (print targets, routing rules)', () => {
    const next = applySettingsPatch(defaultSettings(), {
      printConfig: { targets: [{ media: 'thermo-brev3', type: 'zpl' }] },
    });
    expect(next.printConfig.targets).toEqual([{ media: 'thermo-brev3', type: 'zpl' }]);
  });
});

describe("the station's name (issue 29, point 9)", () => {
  it('is empty by default: the station then goes by the computer’s name', () => {
    expect(defaultSettings().station).toEqual({ name: '' });
  });

  it('is saved trimmed, and refused past 60 characters', () => {
    expect(applySettingsPatch(defaultSettings(), { station: { name: '  Bench 3  ' } }).station).toEqual({
      name: 'Bench 3',
    });
    expect(settingsPatchSchema.safeParse({ station: { name: 'x'.repeat(61) } }).success).toBe(false);
  });
});
