import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { decodeZplForPreview, encodeZpl, findUnencodable, zplFieldData } from '../../../main/labels/charset';
import { buildPdfTestPage, buildZplTestLabel, TEST_CHARACTERS } from '../../../main/labels/test-label';

const now = new Date('2026-01-05T08:00:00.000Z');

describe('charset-true ZPL', () => {
  it('encodes ÅÄÖ åäö Øø Ææ é ü as their code page 850 bytes', () => {
    const encoded = encodeZpl('ÅÄÖåäöØøÆæéü', 'cp850');
    expect(encoded.ok && [...encoded.value]).toEqual([
      0x8f, 0x8e, 0x99, 0x86, 0x84, 0x94, 0x9d, 0x9b, 0x92, 0x91, 0x82, 0x81,
    ]);
  });

  it('writes UTF-8 as ^FH hex escapes, as nShift does (Å → _C3_85)', () => {
    expect(zplFieldData('Å', 'UTF8')).toBe('_C3_85');
    expect(zplFieldData('Ø_^~', 'UTF8')).toBe('_C3_98_5F_5E_7E');
  });

  it('reports € and CJK characters cp850 cannot carry instead of printing "?"', () => {
    const encoded = encodeZpl('Pris 10 € – 東京', 'cp850');
    expect(encoded.ok).toBe(false);
    if (encoded.ok) return;
    expect(encoded.error.code).toBe('unencodable_characters');
    expect(encoded.error.characters).toEqual(['€', '–', '東', '京']);
    expect(encoded.error.message).toContain('U+20AC');
  });

  it('UTF-8 carries them', () => {
    expect(findUnencodable('10 € 東京', 'UTF8')).toEqual([]);
  });

  it('the cp850 test label carries the Nordic line as cp850 bytes under ^CI13', () => {
    const label = buildZplTestLabel({ printerName: 'Zebra 1', charset: 'cp850', now });
    expect(label.ok).toBe(true);
    if (!label.ok) return;
    expect(label.value.bytes.includes(iconv.encode(TEST_CHARACTERS, 'cp850'))).toBe(true);
    expect(label.value.bytes.toString('latin1')).toContain('^CI13');
    expect(label.value.charset).toBe('cp850');
    expect(decodeZplForPreview(label.value.bytes, 'cp850')).toContain(TEST_CHARACTERS);
  });

  it('the UTF-8 test label is ASCII with ^FH escapes under ^CI28, and previews as the same text', () => {
    const label = buildZplTestLabel({ printerName: 'Zebra_1', charset: 'UTF8', now });
    expect(label.ok).toBe(true);
    if (!label.ok) return;
    const text = label.value.bytes.toString('latin1');
    expect(text).toContain('^CI28');
    expect(text).toContain('_C3_85_C3_84_C3_96'); // ÅÄÖ
    expect([...label.value.bytes].every((b) => b < 0x80)).toBe(true);
    const preview = decodeZplForPreview(label.value.bytes, 'UTF8');
    expect(preview).toContain(TEST_CHARACTERS);
    expect(preview).toContain('Printer: Zebra_1');
  });

  it('a test label with a character the charset lacks is refused with the list', () => {
    const label = buildZplTestLabel({ printerName: 'Zebra', charset: 'cp850', now, extraText: 'Åsa 5 €' });
    expect(label.ok ? [] : label.error.characters).toEqual(['€']);
  });

  it('previews raw cp850 nShift bytes without ^FH', () => {
    const bytes = Buffer.concat([
      Buffer.from('^XA^CI13^FO10,10^FD'),
      iconv.encode('Göteborg Ærø', 'cp850'),
      Buffer.from('^FS^XZ'),
    ]);
    expect(decodeZplForPreview(bytes, 'cp850')).toBe('^XA^CI13^FO10,10^FDGöteborg Ærø^FS^XZ');
  });

  it('leaves underscores alone in fields without ^FH, and honours a custom ^FH indicator', () => {
    const bytes = Buffer.from('^XA^FDa_C3_85^FS^FH#^FDb#C3#85^FS^XZ', 'latin1');
    expect(decodeZplForPreview(bytes, 'UTF8')).toBe('^XA^FDa_C3_85^FS^FH#^FDbÅ^FS^XZ');
  });

  it('builds a one-page PDF test page', async () => {
    const page = await buildPdfTestPage({ printerName: 'Laser', now });
    expect(page.format).toBe('pdf');
    expect(page.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});
