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
    expect(loaded.warning).toMatch(/default settings/);
    expect((await readdir(d)).some((f) => f.startsWith('settings.json.corrupt-'))).toBe(true);
  });

  it('the view for the UI carries a mask, never the secret', () => {
    const key = { id: 'key-id', secret: 'super-secret-value' };
    const view = settingsView(defaultSettings(), key, resolveSettings(defaultSettings(), []).inForce);
    expect(JSON.stringify(view)).not.toContain('super-secret-value');
    expect(view.account).toMatchObject({ apiKeyId: 'key-id', hasSecret: true });
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
