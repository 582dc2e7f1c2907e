import { describe, expect, it } from 'vitest';
import { code128Modules, code128Values, code128WidthsOf } from '../../../main/simulator/code128';

describe('Code 128', () => {
  it('packs an even run of digits into subset C with the mod-103 checksum', () => {
    // start C 105, "12", "34", checksum (105 + 12·1 + 34·2) mod 103 = 82, stop
    expect(code128Values('1234')).toEqual([105, 12, 34, 82, 106]);
  });

  it('uses subset B for anything else', () => {
    expect(code128Values('A1')).toEqual([104, 33, 17, (104 + 33 + 17 * 2) % 103, 106]);
  });

  it('gives every symbol 11 modules and the stop 13: a 20-digit parcel number is 145 modules', () => {
    for (let v = 0; v < 106; v++)
      expect([...code128WidthsOf(v)!].reduce((a, b) => a + Number(b), 0)).toBe(11);
    expect([...code128WidthsOf(106)!].reduce((a, b) => a + Number(b), 0)).toBe(13);
    expect(code128Modules('00735000001234560019').reduce((a, b) => a + b, 0)).toBe(145);
  });
});
