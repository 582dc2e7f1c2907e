import type { PrinterConfig } from '../../../preload/api';
import type { SettingsLayer } from '../../settings/in-force';
import type { Settings } from '../../settings/schema';
import { plainHttpRefusal } from '../../service-url';
import type { Demo } from './demo';
import { parsePrinterUrl, type PrinterRole } from './printer-url';

/** Command-line settings shared by the headless and web hosts. */
export interface StationFlags {
  deliveryUrl?: string;
  /** nShift Checkout's base URL and its identity service's (`auth URL`). */
  checkoutUrl?: string;
  checkoutAuthUrl?: string;
  labelPrinter?: string;
  documentPrinter?: string;
  media?: string;
  charset?: 'cp850' | 'UTF8';
  /** The spool TTL for this run: a label older than this is held, not printed. */
  holdAfterSeconds?: number;
  /** The manifest types `:manifest` accepts in this run (headless `--manifest-type`, repeatable). */
  manifestTypes?: string[];
}

/**
 * nShift addresses given on the command line (`--delivery-url`, `--checkout-url`, `--checkout-auth-url`): http(s),
 * and plain http only to this computer, as in Settings, since the API key or client secret goes there.
 */
export function checkServiceUrlFlags(values: Readonly<Record<string, string | undefined>>): void {
  for (const [flag, value] of Object.entries(values)) {
    if (value === undefined) continue;
    if (!/^https?:\/\//.test(value)) throw new Error(`--${flag} must be an http(s) URL`);
    const refusal = plainHttpRefusal(value);
    if (refusal) throw new Error(`--${flag}: ${refusal}`);
  }
}

/** The printer in a role for this run: it replaces a saved printer of the same id and becomes the role's default. */
function withPrinter(settings: Settings, printer: PrinterConfig, role: PrinterRole): Settings {
  settings.printers = settings.printers.filter((p) => p.id !== printer.id).concat(printer);
  settings.routing = {
    ...settings.routing,
    ...(role === 'label' ? { labelPrinterId: printer.id } : { documentPrinterId: printer.id }),
  };
  return settings;
}

/**
 * Demo mode and the flags become settings for this run only, as two layers over the stored settings (demo first,
 * so a flag wins): applied at every settings change, shown with their source, never saved. URLs are parsed here,
 * at start, so a wrong one stops the host before its first scan.
 *
 * `--label-printer` is a Zebra's raw port; a host that says so (`labelToFile`: the headless host) also takes
 * `file:DIR`, labels written to a folder because the operator asked for it.
 */
export function settingsLayers(
  flags: StationFlags,
  demo: (Pick<Demo, 'deliveryUrl' | 'labelPrinterUrl'> & Partial<Pick<Demo, 'checkout'>>) | undefined,
  dataDir: string,
  { labelToFile = false }: { labelToFile?: boolean } = {},
): SettingsLayer[] {
  const printer = (url: string, role: PrinterRole): PrinterConfig =>
    role === 'label'
      ? parsePrinterUrl(url, role, 'label', 'Label printer', dataDir)
      : parsePrinterUrl(url, role, 'documents', 'Document printer', dataDir);
  const label = flags.labelPrinter ? printer(flags.labelPrinter, 'label') : undefined;
  if (label && label.kind !== 'zpl-tcp' && !(labelToFile && label.kind === 'file'))
    throw new Error(`--label-printer must be tcp://HOST:PORT${labelToFile ? ' or file:DIR' : ''}`);
  const document = flags.documentPrinter ? printer(flags.documentPrinter, 'document') : undefined;
  // Without a document printer from anywhere else, PDFs go to the folder "documents" in the data directory.
  const documentsFolder = printer('file:documents', 'document');
  const defaultDocuments = (s: Settings): Settings =>
    s.routing.documentPrinterId ? s : withPrinter(s, documentsFolder, 'document');

  const layers: SettingsLayer[] = [];
  if (demo) {
    const zebra = printer(demo.labelPrinterUrl, 'label');
    layers.push({
      source: 'demo',
      apply: (s) => {
        const withCheckout = demo.checkout
          ? {
              ...s,
              checkout: { ...s.checkout, baseUrl: demo.checkout.baseUrl, authUrl: demo.checkout.authUrl },
            }
          : s;
        return defaultDocuments(
          withPrinter({ ...withCheckout, deliveryUrl: demo.deliveryUrl }, zebra, 'label'),
        );
      },
    });
  }
  layers.push({
    source: 'flag',
    apply(s) {
      let next = s;
      if (flags.deliveryUrl) next.deliveryUrl = flags.deliveryUrl;
      if (flags.checkoutUrl) next.checkout = { ...next.checkout, baseUrl: flags.checkoutUrl };
      if (flags.checkoutAuthUrl) next.checkout = { ...next.checkout, authUrl: flags.checkoutAuthUrl };
      if (label) next = withPrinter(next, label, 'label');
      next = document ? withPrinter(next, document, 'document') : defaultDocuments(next);
      if (flags.holdAfterSeconds !== undefined) next.spool = { ttlMinutes: flags.holdAfterSeconds / 60 };
      if (flags.manifestTypes?.length) next.manifest = { types: [...flags.manifestTypes] };
      if (flags.media || flags.charset) {
        const zpl = next.printConfig.targets.find((t) => t.type === 'zpl');
        if (zpl) {
          if (flags.media) zpl.media = flags.media;
          if (flags.charset) zpl.charset = flags.charset;
        } else {
          next.printConfig.targets.unshift({
            media: flags.media ?? 'thermo-190',
            type: 'zpl',
            charset: flags.charset ?? 'cp850',
          });
        }
      }
      return next;
    },
  });
  return layers;
}
