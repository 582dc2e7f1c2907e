import type { Settings } from '../../settings/schema';
import type { Demo } from './demo';
import { parsePrinterUrl } from './printer-url';

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
}

/** The flags become settings for this run only: they are applied over the stored settings, never saved. */
export function overridesFromFlags(
  flags: StationFlags,
  demo: Demo | undefined,
  dataDir: string,
): (s: Settings) => Settings {
  const labelUrl = flags.labelPrinter ?? demo?.labelPrinterUrl;
  const label = labelUrl ? parsePrinterUrl(labelUrl, 'label', 'Label printer', dataDir) : undefined;
  const document = parsePrinterUrl(
    flags.documentPrinter ?? 'file:documents',
    'documents',
    'Document printer',
    dataDir,
  );
  if (label && label.kind !== 'zpl-tcp') throw new Error('--label-printer must be tcp://HOST:PORT');
  return (stored) => {
    const next: Settings = structuredClone(stored);
    const deliveryUrl = flags.deliveryUrl ?? demo?.deliveryUrl;
    if (deliveryUrl) next.deliveryUrl = deliveryUrl;
    const checkoutUrl = flags.checkoutUrl ?? demo?.checkout.baseUrl;
    const checkoutAuthUrl = flags.checkoutAuthUrl ?? demo?.checkout.authUrl;
    if (checkoutUrl) next.checkout = { ...next.checkout, baseUrl: checkoutUrl };
    if (checkoutAuthUrl) next.checkout = { ...next.checkout, authUrl: checkoutAuthUrl };
    const printers = next.printers.filter((p) => p.id !== label?.id && p.id !== document.id);
    if (label) printers.push(label);
    if (flags.documentPrinter || !next.routing.documentPrinterId) printers.push(document);
    next.printers = printers;
    if (label) next.routing = { ...next.routing, labelPrinterId: label.id };
    if (flags.documentPrinter || !next.routing.documentPrinterId)
      next.routing = { ...next.routing, documentPrinterId: document.id };
    if (flags.holdAfterSeconds !== undefined) next.spool = { ttlMinutes: flags.holdAfterSeconds / 60 };
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
  };
}
