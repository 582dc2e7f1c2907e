import { describe, expect, it } from 'vitest';
import { acceptsFormat } from '../../../main/printers/driver';
import { parsePrinterUrl } from '../../../main/hosts/shared/printer-url';

describe('command-line printer URLs', () => {
  it('tcp:// as the label printer is a Zebra (ZPL only)', () => {
    const label = parsePrinterUrl('tcp://10.0.0.5:9100', 'label', 'label', 'Label printer', '/data');
    expect(label).toMatchObject({ kind: 'zpl-tcp', host: '10.0.0.5', port: 9100 });
    expect(acceptsFormat(label, 'pdf')).toBe(false);
  });

  it('tcp:// as the document printer is a network printer’s raw port that takes PDFs', () => {
    const document = parsePrinterUrl(
      'tcp://[::1]:9101',
      'document',
      'documents',
      'Document printer',
      '/data',
    );
    expect(document).toMatchObject({ kind: 'raw-tcp', id: 'documents', host: '::1', port: 9101 });
    expect(acceptsFormat(document, 'pdf')).toBe(true);
  });

  it('the port defaults to 9100; file: folders are inside the data directory unless absolute', () => {
    expect(parsePrinterUrl('tcp://printer.local', 'document', 'd', 'D', '/data')).toMatchObject({
      port: 9100,
    });
    expect(parsePrinterUrl('file:docs', 'document', 'd', 'D', '/data')).toMatchObject({
      kind: 'file',
      directory: '/data/docs',
    });
  });

  it('refuses anything else and says what is accepted', () => {
    expect(() => parsePrinterUrl('lpr://x', 'document', 'd', 'D', '/data')).toThrow(
      /tcp:\/\/HOST:PORT or file:DIR/,
    );
    expect(() => parsePrinterUrl('tcp://x:99999', 'label', 'l', 'L', '/data')).toThrow(
      /not tcp:\/\/HOST:PORT/,
    );
  });
});
