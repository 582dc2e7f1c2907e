import { describe, expect, it } from 'vitest';
import type { PrinterConfig, RoutingSettings } from '../../../preload/api';
import type { RouteDocument } from '../../../main/printers/router';
import { routeDocument, routeExplicit } from '../../../main/printers/router';

const printers: PrinterConfig[] = [
  { kind: 'zpl-tcp', id: 'zebra', name: 'Zebra desk 1', host: '10.0.0.5', port: 9100 },
  { kind: 'zpl-tcp', id: 'zebra-db', name: 'Zebra DB Schenker', host: '10.0.0.6', port: 9100 },
  { kind: 'os-queue', id: 'laser', name: 'Office laser', queue: 'HP_Laser', media: 'A4' },
  { kind: 'file', id: 'folder', name: 'Folder', directory: 'out' },
];

const routing: RoutingSettings = {
  rules: [
    { carrierId: 'DBSCHENKER', format: 'zpl', printerId: 'zebra-db' },
    { kind: 'customs', printerId: 'laser' },
    { kind: 'waybill', format: 'pdf', printerId: 'zebra' }, // misconfigured: a zpl-tcp printer never gets a PDF
    { kind: 'return_label', printerId: 'removed-printer' }, // names a printer that no longer exists
  ],
  labelPrinterId: 'zebra',
  documentPrinterId: 'laser',
};

const doc = (over: Partial<RouteDocument>): RouteDocument => ({
  id: 'shp-1-print-1',
  kind: 'label',
  format: 'zpl',
  ...over,
});

describe('routeDocument', () => {
  it.each([
    ['a ZPL label goes to the label printer by default', doc({}), 'zebra', { default: 'label' }],
    ['the carrier rule wins for its ZPL labels', doc({ carrierId: 'DBSCHENKER' }), 'zebra-db', { rule: 0 }],
    [
      'the carrier rule does not take the carrier’s PDFs',
      doc({ carrierId: 'DBSCHENKER', format: 'pdf', media: 'laser-a4' }),
      'laser',
      { default: 'document' },
    ],
    [
      'customs documents go to the laser by rule, whatever the format',
      doc({ kind: 'customs', format: 'pdf' }),
      'laser',
      { rule: 1 },
    ],
    [
      'a rule that would send a PDF to a ZPL socket is skipped',
      doc({ kind: 'waybill', format: 'pdf', media: 'laser-a4' }),
      'laser',
      { default: 'document' },
    ],
    [
      'a rule naming a removed printer is skipped',
      doc({ kind: 'return_label' }),
      'zebra',
      { default: 'label' },
    ],
    [
      'an A4 PDF goes to the document printer',
      doc({ format: 'pdf', media: 'laser-a4' }),
      'laser',
      { default: 'document' },
    ],
    [
      'a thermal PDF label cannot go to a ZPL socket, so the document printer takes it',
      doc({ format: 'pdf', media: 'thermo-190' }),
      'laser',
      { default: 'document' },
    ],
  ])('%s', (_name, document, printerId, via) => {
    const routed = routeDocument(document, routing, printers);
    expect(routed.ok && routed.value.printer.id).toBe(printerId);
    expect(routed.ok && routed.value.via).toEqual(via);
  });

  it('first matching rule wins even when a later one matches too', () => {
    const r: RoutingSettings = {
      rules: [
        { kind: 'label', printerId: 'folder' },
        { kind: 'label', printerId: 'zebra' },
      ],
    };
    const routed = routeDocument(doc({}), r, printers);
    expect(routed.ok && routed.value.printer.id).toBe('folder');
  });

  it('a thermal PDF goes to the label printer when that printer takes PDFs', () => {
    const r: RoutingSettings = { rules: [], labelPrinterId: 'folder', documentPrinterId: 'laser' };
    const routed = routeDocument(doc({ format: 'pdf', media: 'thermo-190' }), r, printers);
    expect(routed.ok && routed.value.printer.id).toBe('folder');
  });

  it('says which document found no printer, and why', () => {
    const routed = routeDocument(
      doc({ id: 'shp-9-print-3', format: 'pdf', media: 'laser-a4', carrierId: 'PLAB' }),
      { rules: [], labelPrinterId: 'zebra' },
      printers,
    );
    expect(routed.ok).toBe(false);
    if (routed.ok) return;
    expect(routed.error.code).toBe('no_printer');
    expect(routed.error.documentId).toBe('shp-9-print-3');
    expect(routed.error.message).toContain('shp-9-print-3');
    expect(routed.error.message).toContain('PDF');
  });

  it('every PDF kind (manifest, waybill, customs) goes to a network office printer on its raw port', () => {
    const office: PrinterConfig = {
      kind: 'raw-tcp',
      id: 'office',
      name: 'Office',
      host: '10.0.0.9',
      port: 9100,
    };
    const r: RoutingSettings = { rules: [], labelPrinterId: 'zebra', documentPrinterId: 'office' };
    for (const kind of ['manifest', 'waybill', 'customs'] as const) {
      const routed = routeDocument(doc({ kind, format: 'pdf', media: 'laser-a4' }), r, [...printers, office]);
      expect(routed.ok && routed.value).toEqual({ printer: office, via: { default: 'document' } });
    }
    // ZPL labels still go to the Zebra; the office printer takes ZPL only when no label printer is set.
    expect(routeDocument(doc({}), r, [...printers, office])).toMatchObject({
      value: { printer: { id: 'zebra' } },
    });
    const noZebra = routeDocument(doc({}), { rules: [], documentPrinterId: 'office' }, [office]);
    expect(noZebra.ok && noZebra.value.printer.id).toBe('office');
  });

  it('no printers at all is a clear error, not a crash', () => {
    const routed = routeDocument(doc({}), { rules: [] }, []);
    expect(routed.ok ? undefined : routed.error.code).toBe('no_printer');
  });
});

describe('routeExplicit', () => {
  it('takes the chosen printer when it accepts the format', () => {
    const routed = routeExplicit(doc({}), 'folder', printers);
    expect(routed.ok && routed.value.printer.id).toBe('folder');
  });
  it('refuses a PDF for a ZPL socket printer', () => {
    const routed = routeExplicit(doc({ format: 'pdf' }), 'zebra', printers);
    expect(routed.ok ? undefined : routed.error.code).toBe('format_not_accepted');
  });
  it('refuses an unknown printer', () => {
    const routed = routeExplicit(doc({}), 'nope', printers);
    expect(routed.ok ? undefined : routed.error.code).toBe('unknown_printer');
  });
});
