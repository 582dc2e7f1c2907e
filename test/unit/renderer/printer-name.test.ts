// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { settingsLayers } from '../../../main/hosts/shared/overrides';
import { defaultSettings } from '../../../main/settings/schema';
import { printerName } from '../../../renderer/src/components/printer-name';
import { LANGUAGES } from '../../../renderer/src/i18n';
import { createI18n } from './catalogues';

type Demo = Parameters<typeof settingsLayers>[1];

/** The printers a run has once its flags and demo mode are laid over the saved settings. */
function printersOfRun(flags: Parameters<typeof settingsLayers>[0], demo: Demo): string[] {
  let settings = defaultSettings();
  for (const layer of settingsLayers(flags, demo, '/data')) settings = layer.apply(structuredClone(settings));
  return settings.printers.map((printer) => printer.name);
}

/** The printers the station names itself: the flags' label and document printers, demo mode's Zebra and folder. */
function appNamedPrinters(): string[] {
  const demo = { deliveryUrl: 'http://127.0.0.1:1/rs-extapi/v1', labelPrinterUrl: 'tcp://127.0.0.1:9101' };
  return [
    ...new Set([
      ...printersOfRun(
        { labelPrinter: 'tcp://10.0.0.5:9100', documentPrinter: 'tcp://10.0.0.6:9100' },
        undefined,
      ),
      ...printersOfRun({}, demo),
    ]),
  ];
}

describe('the printers the station names itself', () => {
  it('are named in every language, the address kept as it is', () => {
    const names = appNamedPrinters();
    expect(names.length).toBeGreaterThanOrEqual(3);
    for (const language of LANGUAGES.filter((l) => l !== 'en')) {
      const { t } = createI18n(language);
      for (const name of names) {
        const shown = printerName(t, name);
        expect(shown, `${language}: ${name}`).not.toBe(name);
        expect(shown).not.toMatch(/Label printer|Document printer|settings\./);
        expect(shown).toContain(/\((.+)\)$/.exec(name)![1]!);
      }
    }
    const { t } = createI18n('en');
    for (const name of names) expect(printerName(t, name)).toBe(name);
  });

  it('leave a name an admin gave as it is, in every language', () => {
    for (const language of LANGUAGES) {
      const { t } = createI18n(language);
      expect(printerName(t, 'Zebra ZD421 packing 3')).toBe('Zebra ZD421 packing 3');
      expect(printerName(t, 'Label printer')).toBe('Label printer');
    }
  });
});
