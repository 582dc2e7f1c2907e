/**
 * Which printer gets a document: the first routing rule that matches kind × format × carrier/service and
 * names a configured printer that takes the format; then the station defaults (ZPL and thermal labels → the
 * label printer, PDFs → the document printer). Pure: same inputs, same answer.
 */
import type { PrinterConfig, RoutingRule, RoutingSettings } from '../../preload/api';
import type { PrintableDocument } from '../labels/document';
import type { Result } from '../result';
import { err, ok } from '../result';
import { acceptsFormat } from './driver';

export type RouteDocument = Pick<
  PrintableDocument,
  'id' | 'kind' | 'format' | 'media' | 'carrierId' | 'serviceId'
>;

export interface RouteChoice {
  printer: PrinterConfig;
  /** What decided: a rule (its index) or a station default. */
  via: { rule: number } | { default: 'label' | 'document' } | { explicit: true };
}

export interface RouteError {
  code: 'no_printer' | 'unknown_printer' | 'format_not_accepted';
  documentId: string;
  message: string;
}

export function ruleMatches(rule: RoutingRule, doc: RouteDocument): boolean {
  return (
    (rule.kind === undefined || rule.kind === doc.kind) &&
    (rule.format === undefined || rule.format === doc.format) &&
    (rule.carrierId === undefined || rule.carrierId === doc.carrierId) &&
    (rule.serviceId === undefined || rule.serviceId === doc.serviceId)
  );
}

function describe(doc: RouteDocument): string {
  const extras = [
    doc.carrierId && `carrier ${doc.carrierId}`,
    doc.serviceId && `service ${doc.serviceId}`,
  ].filter(Boolean);
  return `${doc.kind.replace('_', ' ')} ${doc.id} (${doc.format.toUpperCase()}${extras.length ? `, ${extras.join(', ')}` : ''})`;
}

/** A PDF made for thermal media is a label; A4/A5 and unknown media are documents for the office printer. */
export function defaultOrder(doc: RouteDocument): ('label' | 'document')[] {
  if (doc.format === 'zpl') return ['label', 'document'];
  return doc.media?.startsWith('thermo') ? ['label', 'document'] : ['document'];
}

export function routeDocument(
  doc: RouteDocument,
  routing: RoutingSettings,
  printers: readonly PrinterConfig[],
): Result<RouteChoice, RouteError> {
  const byId = (id: string | undefined): PrinterConfig | undefined =>
    id === undefined ? undefined : printers.find((p) => p.id === id);

  for (const [index, rule] of routing.rules.entries()) {
    if (!ruleMatches(rule, doc)) continue;
    const printer = byId(rule.printerId);
    // A rule naming a removed printer, or one that cannot take this format, falls through to the next.
    if (printer && acceptsFormat(printer, doc.format)) return ok({ printer, via: { rule: index } });
  }
  for (const which of defaultOrder(doc)) {
    const printer = byId(which === 'label' ? routing.labelPrinterId : routing.documentPrinterId);
    if (printer && acceptsFormat(printer, doc.format)) return ok({ printer, via: { default: which } });
  }
  return err({
    code: 'no_printer',
    documentId: doc.id,
    message: `No printer for ${describe(doc)}: no routing rule or station default names a printer that takes ${doc.format.toUpperCase()}`,
  });
}

/** The packer or a test print chose the printer: it must exist and take the format. */
export function routeExplicit(
  doc: RouteDocument,
  printerId: string,
  printers: readonly PrinterConfig[],
): Result<RouteChoice, RouteError> {
  const printer = printers.find((p) => p.id === printerId);
  if (!printer)
    return err({
      code: 'unknown_printer',
      documentId: doc.id,
      message: `No printer with id ${printerId} for ${describe(doc)}`,
    });
  if (!acceptsFormat(printer, doc.format)) {
    return err({
      code: 'format_not_accepted',
      documentId: doc.id,
      message: `${printer.name} does not take ${doc.format.toUpperCase()}: cannot print ${describe(doc)}`,
    });
  }
  return ok({ printer, via: { explicit: true } });
}
