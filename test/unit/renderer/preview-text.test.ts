// @vitest-environment node
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { decodeCp850 } from '../../../renderer/src/preview/cp850';
import {
  decodeZplText,
  readableZpl,
  resolveFieldHex,
  zplFieldTexts,
  zplForRenderer,
} from '../../../renderer/src/preview/zpl-text';
import { TEST_CHARACTERS, buildZplTestLabel } from '../../../main/labels/test-label';
import type { ZplCharset } from '../../../preload/api';

function testLabelBase64(charset: ZplCharset): string {
  const label = buildZplTestLabel({
    printerName: 'Packing ^Zebra~ _1',
    charset,
    now: new Date('2026-11-21T10:00:00Z'),
  });
  if (!label.ok) throw new Error(label.error.message);
  return label.value.bytes.toString('base64');
}

describe('cp850 decoding', () => {
  it('matches iconv-lite for every byte', () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect(decodeCp850(all)).toBe(iconv.decode(Buffer.from(all), 'cp850'));
  });
});

describe('ZPL text for preview', () => {
  it('decodes a cp850 label with Nordic letters', () => {
    const bytes = iconv.encode('^XA^FO10,10^FDÅsa Öberg, Ærøskøbing^FS^XZ', 'cp850');
    expect(decodeZplText(bytes.toString('base64'), 'cp850')).toBe(
      '^XA^FO10,10^FDÅsa Öberg, Ærøskøbing^FS^XZ',
    );
  });

  it('resolves ^FH hex escapes as UTF-8 in a UTF8 label', () => {
    const zpl = '^XA^CI28^FO10,10^FH^FD_C3_85sa _C3_96berg^FS^FO10,60^FDplain _C3^FS^XZ';
    const base64 = Buffer.from(zpl, 'utf8').toString('base64');
    const text = readableZpl(base64, 'UTF8');
    expect(zplFieldTexts(text)).toEqual(['Åsa Öberg', 'plain _C3']);
  });

  it('honours a custom hex indicator and cp850 escapes', () => {
    expect(resolveFieldHex('^FH\\^FD\\8Fngby^FS', 'cp850')).toBe('^FH\\^FDÅngby^FS');
  });
});

describe('ZPL for the renderer', () => {
  it('turns a cp850 label into UTF-8 ZPL so Nordic letters draw correctly', () => {
    const bytes = iconv.encode('^XA^CI0^FO10,10^FDÅsa Öberg^FS^FO10,50^FH^FD_8Fngby^FS^XZ', 'cp850');
    expect(zplForRenderer(bytes.toString('base64'), 'cp850')).toBe(
      '^XA^CI28^FO10,10^FDÅsa Öberg^FS^FO10,50^FH^FDÅngby^FS^XZ',
    );
  });

  it('keeps a UTF8 label in UTF-8 with its escapes resolved', () => {
    const zpl = '^XA^CI28^FO10,10^FH^FD_C3_85sa^FS^XZ';
    expect(zplForRenderer(Buffer.from(zpl).toString('base64'), 'UTF8')).toBe(
      '^XA^CI28^FO10,10^FH^FDÅsa^FS^XZ',
    );
  });

  it.each<ZplCharset>(['cp850', 'UTF8'])(
    'keeps every word of the %s printer test label, ^ and ~ included, inside its field',
    (charset) => {
      const zpl = zplForRenderer(testLabelBase64(charset), charset);
      const command = charset === 'cp850' ? '^CI13' : '^CI28';
      // The escaped caret stays escaped under ^FH: a raw ^ would end the field and the rest would be lost.
      expect(zpl).toContain(`^FH_^FDCharset: ${charset} (_5ECI${command.slice(3)})^FS`);
      expect(zpl).toContain('^FH_^FDPrinter: Packing _5EZebra_7E _5F1^FS');
      // What a ZPL reader draws: the fields as the printer prints them.
      expect(zplFieldTexts(resolveFieldHex(zpl, 'UTF8'))).toEqual([
        'Packbench test label',
        'Printer: Packing ^Zebra~ _1',
        `Charset: ${charset} (${command})`,
        TEST_CHARACTERS,
        '2026-11-21T10:00:00.000Z',
        'PACKBENCH-TEST',
      ]);
      // One charset for the renderer: UTF-8, announced once per label.
      expect(zpl.match(/\^CI\d+/g)).toEqual(['^CI28']);
    },
  );

  it('leaves field data alone when it only replaces the ^CI commands', () => {
    const zpl = '^XA^CI13,36,35^FO0,0^FDplain^FS^XZ';
    expect(zplForRenderer(Buffer.from(zpl, 'latin1').toString('base64'), 'cp850')).toBe(
      '^XA^CI28^FO0,0^FDplain^FS^XZ',
    );
  });
});
