import type { InForce, PrinterConfig, SettingSource, SettingsInForce } from '../../preload/api';
import type { Settings } from './schema';

/**
 * Settings a host forces for one run, over the saved ones: demo mode (the simulator, the virtual Zebra) and the
 * command-line flags of the web and headless hosts. A layer only ever changes the settings in force: nothing of it
 * is saved, and saving never writes it back.
 */
export interface SettingsLayer {
  source: Exclude<SettingSource, 'settings'>;
  apply(settings: Settings): Settings;
}

/** The parts of the settings a layer may override, each read the same way for every layer. */
const TRACKED = {
  deliveryUrl: (s: Settings) => s.deliveryUrl,
  checkoutUrl: (s: Settings) => s.checkout.baseUrl,
  checkoutAuthUrl: (s: Settings) => s.checkout.authUrl,
  labelPrinterId: (s: Settings) => s.routing.labelPrinterId,
  documentPrinterId: (s: Settings) => s.routing.documentPrinterId,
  spoolTtlMinutes: (s: Settings) => s.spool.ttlMinutes,
  printTargets: (s: Settings) => s.printConfig.targets,
  manifestTypes: (s: Settings) => s.manifest.types,
} as const;
type Tracked = keyof typeof TRACKED;

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * The settings a station runs on — the saved ones with each layer applied in turn, later layers winning — and,
 * for the view, where each overridable part comes from: `settings` unless a layer changed it, else the last layer
 * that did. Provenance is found by comparing before and after each layer, so a layer declares nothing beyond the
 * change it makes, and a new kind of override is reported the moment it exists.
 */
export function resolveSettings(
  saved: Settings,
  layers: readonly SettingsLayer[],
): { settings: Settings; inForce: SettingsInForce } {
  const sources = new Map<Tracked, SettingSource>();
  const printerSources = new Map<string, SettingSource>();
  let current = saved;
  for (const layer of layers) {
    const next = layer.apply(structuredClone(current));
    for (const [key, read] of Object.entries(TRACKED) as [Tracked, (s: Settings) => unknown][]) {
      if (!same(read(current), read(next))) sources.set(key, layer.source);
    }
    for (const printer of next.printers) {
      const before = current.printers.find((p) => p.id === printer.id);
      if (!before || !same(before, printer)) printerSources.set(printer.id, layer.source);
    }
    current = next;
  }
  const inForce = <T>(key: Tracked, value: T): InForce<T> => ({
    value,
    source: sources.get(key) ?? 'settings',
  });
  const { labelPrinterId, documentPrinterId } = current.routing;
  return {
    settings: current,
    inForce: {
      deliveryUrl: inForce('deliveryUrl', current.deliveryUrl),
      checkoutUrl: inForce('checkoutUrl', current.checkout.baseUrl),
      checkoutAuthUrl: inForce('checkoutAuthUrl', current.checkout.authUrl),
      printers: current.printers.map((printer): InForce<PrinterConfig> => ({
        value: printer,
        source: printerSources.get(printer.id) ?? 'settings',
      })),
      ...(labelPrinterId ? { labelPrinterId: inForce('labelPrinterId', labelPrinterId) } : {}),
      ...(documentPrinterId ? { documentPrinterId: inForce('documentPrinterId', documentPrinterId) } : {}),
      spoolTtlMinutes: inForce('spoolTtlMinutes', current.spool.ttlMinutes),
      printTargets: inForce('printTargets', current.printConfig.targets),
      manifestTypes: inForce('manifestTypes', current.manifest.types),
    },
  };
}
