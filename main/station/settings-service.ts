import type { PrinterConfig, SettingsView, StartupWarning } from '../../preload/api';
import { resolveSettings } from '../settings/in-force';
import { applySettingsPatch, settingsView, type Settings, type SettingsPatchInput } from '../settings/schema';
import type { SecretsInForce } from './nshift-connections';
import type { StationOptions } from './station-options';

/**
 * The station's settings: the saved ones (what Settings edits and `saveSettings` patches) and the ones in force
 * (the saved ones under the host's layers: demo mode, flags), made anew with every save. The layers are never
 * saved.
 */
export interface SettingsService {
  /** What this run uses. */
  inForce(): Settings;
  /** The UI's view: the saved settings to edit, and what this run uses with where it comes from. */
  view(): SettingsView;
  /** Why the stored file could not be read as it was (set aside, a field refused), if it could not. */
  readonly loadWarning: StartupWarning | undefined;
  patch(patch: SettingsPatchInput): Promise<void>;
  /** Adds a printer, or replaces the one with its id. */
  savePrinter(printer: PrinterConfig): Promise<void>;
  /** Removes a printer and every routing rule and default that names it. */
  removePrinter(printerId: string): Promise<void>;
}

export async function openSettingsService(
  options: Pick<StationOptions, 'settingsStore' | 'overrides'> & {
    /** The secrets usable at the addresses in force, for the view. */
    secrets(): SecretsInForce;
    /** Saved: the settings in force are new, these were the ones before. */
    changed(before: Settings): Promise<void>;
  },
): Promise<SettingsService> {
  const loaded = await options.settingsStore.load();
  let storedSettings = loaded.settings;
  let resolved = resolveSettings(storedSettings, options.overrides ?? []);
  let settings = resolved.settings;

  async function saveSettings(next: Settings): Promise<void> {
    await options.settingsStore.save(next);
    storedSettings = next;
    const before = settings;
    resolved = resolveSettings(storedSettings, options.overrides ?? []);
    settings = resolved.settings;
    await options.changed(before);
  }

  return {
    inForce: () => settings,
    view() {
      const { key, checkoutKey, notes } = options.secrets();
      return settingsView(storedSettings, key, resolved.inForce, checkoutKey, notes);
    },
    loadWarning: loaded.warning,
    async patch(patch) {
      await saveSettings(applySettingsPatch(storedSettings, patch));
    },
    async savePrinter(printer) {
      const printers = storedSettings.printers.filter((p) => p.id !== printer.id).concat(printer);
      await saveSettings({ ...storedSettings, printers });
    },
    async removePrinter(printerId) {
      const routing = {
        ...storedSettings.routing,
        rules: storedSettings.routing.rules.filter((r) => r.printerId !== printerId),
        ...(storedSettings.routing.labelPrinterId === printerId ? { labelPrinterId: undefined } : {}),
        ...(storedSettings.routing.documentPrinterId === printerId ? { documentPrinterId: undefined } : {}),
      };
      await saveSettings({
        ...storedSettings,
        printers: storedSettings.printers.filter((p) => p.id !== printerId),
        routing,
      });
    },
  };
}
