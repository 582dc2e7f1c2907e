import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { MEDIA } from '../../../main/simulator/catalogue';
import {
  buildCustomsPdf,
  buildManifestPdf,
  buildPdfLabels,
  buildWaybillPdf,
  toWinAnsi,
} from '../../../main/simulator/pdf';
import { pdfText } from '../../integration/simulator/pdf-text';

const party = {
  name: 'Åsa Öberg',
  address1: 'Storgatan 1',
  zipcode: '11359',
  city: 'STOCKHOLM',
  country: 'SE',
};

describe('toWinAnsi', () => {
  it('keeps Nordic and West-European letters', () => {
    expect(toWinAnsi('Åsa Öberg, Søren Kjær, Müller, Noël, €')).toBe(
      'Åsa Öberg, Søren Kjær, Müller, Noël, €',
    );
  });
  it('replaces characters outside WinAnsi deliberately instead of throwing', () => {
    expect(toWinAnsi('Łódź 東京 ő')).toBe('Lódz ?? o');
  });
});

describe('PDF builders', () => {
  it('makes one page per parcel label at the media size, even with characters outside WinAnsi', async () => {
    const label = {
      sender: party,
      receiver: { ...party, name: 'Łukasz Żółć 東' },
      carrierName: 'PostNord',
      serviceName: 'MyPack',
      serviceId: 'P19',
      shipmentNo: '1',
      parcelNo: '00735000001234560019',
      parcelCount: 2,
      shipDate: '2026-01-15',
    };
    const bytes = await buildPdfLabels(
      [
        { ...label, parcelIndex: 1 },
        { ...label, parcelIndex: 2 },
      ],
      MEDIA['thermo-190']!,
    );
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(2);
    const { width, height } = doc.getPage(0).getSize();
    expect(Math.round((width * 25.4) / 72)).toBe(107);
    expect(Math.round((height * 25.4) / 72)).toBe(190);
    const text = await pdfText(bytes);
    expect(text).toContain('Lukasz Zólc ?');
    expect(text).toContain('00735000001234560019');
  });

  it('lists one manifest row per shipment across pages', async () => {
    const rows = Array.from({ length: 60 }, (_, i) => ({
      shipmentNo: `SHP${String(i).padStart(4, '0')}`,
      receiver: 'Åsa Öberg, STOCKHOLM',
      parcels: 1 + (i % 3),
      serviceId: 'P19',
    }));
    const bytes = await buildManifestPdf({
      manifestType: 'PLAB',
      manifestId: '4401',
      date: '2026-01-15',
      rows,
    });
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(2);
    const text = await pdfText(bytes);
    for (const row of rows) expect(text).toContain(row.shipmentNo);
    expect(text).toContain('Shipments: 60');
  });

  it('makes A4 waybills and customs declarations that load back', async () => {
    const waybill = await buildWaybillPdf({
      title: 'Waybill',
      shipmentNo: 'S1',
      carrierName: 'PostNord',
      serviceName: 'Parcel',
      sender: party,
      receiver: party,
      shipDate: '2026-01-15',
      parcels: [{ parcelNo: 'P1', weightKg: 2 }],
    });
    const { width, height } = (await PDFDocument.load(waybill)).getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
    const customs = await buildCustomsPdf({
      shipmentNo: 'S1',
      sender: party,
      receiver: { ...party, country: 'NO' },
      parcels: [{ parcelNo: 'P1', contents: 'Shoes' }],
      date: '2026-01-15',
    });
    expect(await pdfText(customs)).toContain('Shoes');
  });

  it('is deterministic: the same input gives the same bytes', async () => {
    const input = {
      manifestType: 'PLAB',
      manifestId: '1',
      date: '2026-01-15',
      rows: [{ shipmentNo: 'A', receiver: 'B', parcels: 1, serviceId: 'P19' }],
    };
    expect((await buildManifestPdf(input)).equals(await buildManifestPdf(input))).toBe(true);
  });
});
