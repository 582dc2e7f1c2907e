import type { Settings } from '../settings/schema';
import { defaultOrder, routeDocument, type RouteDocument } from '../printers/router';

/**
 * The printer a label goes to when no carrier or service rule picks another, by the router's own rules: the
 * station's status names it, and the Scan screen says "Ready to scan" only while there is one.
 *
 * A label the station would print on the label printer (ZPL, or a PDF for thermal media) that finds only the
 * document printer has none: that is where a fresh station's labels would go (the host's `documents` folder),
 * written to a file instead of printed. A label the print configuration makes for A4 paper goes to the document
 * printer by design, so that one counts.
 */
export function labelPrinterId(settings: Settings): string | undefined {
  const target = settings.printConfig.targets[0];
  if (!target) return undefined;
  const label: RouteDocument = { id: 'label', kind: 'label', format: target.type, media: target.media };
  const route = routeDocument(label, settings.routing, settings.printers);
  if (!route.ok) return undefined;
  const { via, printer } = route.value;
  const fellToDocuments =
    'default' in via && via.default === 'document' && defaultOrder(label)[0] === 'label';
  return fellToDocuments ? undefined : printer.id;
}
