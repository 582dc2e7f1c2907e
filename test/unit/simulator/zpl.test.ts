import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { MEDIA } from '../../../main/simulator/catalogue';
import { buildZplLabels, zplField, type ParcelLabel } from '../../../main/simulator/zpl';

const label = (overrides: Partial<ParcelLabel> = {}): ParcelLabel => ({
  sender: { name: 'Lager AB', address1: 'Industrigatan 5', zipcode: '21616', city: 'LIMHAMN', country: 'SE' },
  receiver: {
    name: 'Åsa Öberg',
    address1: 'Storgatan 1',
    zipcode: '11359',
    city: 'STOCKHOLM',
    country: 'SE',
  },
  carrierName: 'PostNord',
  serviceName: 'PostNord MyPack Collect',
  serviceId: 'P19',
  shipmentNo: '00735000504895030018',
  parcelNo: '00735000001234560019',
  parcelIndex: 1,
  parcelCount: 1,
  weightKg: 1.5,
  orderNo: 'ORD-1001',
  shipDate: '2026-01-15',
  ...overrides,
});

describe('zplField', () => {
  it('keeps cp850 characters as characters', () => {
    expect(zplField('Åsa', 'cp850')).toBe('^FDÅsa^FS');
  });
  it('writes UTF-8 hex escapes under ^FH for UTF8', () => {
    expect(zplField('Åsa Øre', 'UTF8')).toBe('^FH_^FD_C3_85sa _C3_98re^FS');
  });
  it('escapes ^, ~ and _ so data can never end the field', () => {
    expect(zplField('a^b~c_d', 'cp850')).toBe('^FH_^FDa_5Eb_7Ec_5Fd^FS');
  });
  it('replaces control characters', () => {
    expect(zplField('a\nb', 'cp850')).toBe('^FDa b^FS');
  });
});

describe('buildZplLabels', () => {
  it('encodes cp850 under ^CI13 with sender, receiver, service, shipment number and a Code 128 of the parcel number', () => {
    const bytes = buildZplLabels([label()], { media: MEDIA['thermo-190']!, charset: 'cp850', mode: 'DT' });
    const text = iconv.decode(bytes, 'cp850');
    expect(text.startsWith('^XA\n^CI13\n^PW856\n^LL1520')).toBe(true);
    expect(text.trimEnd().endsWith('^XZ')).toBe(true);
    for (const part of [
      'Lager AB',
      'Åsa Öberg',
      '11359 STOCKHOLM',
      'PostNord MyPack Collect',
      '00735000504895030018',
      '^MTD',
    ])
      expect(text).toContain(part);
    expect(text).toContain('^BCN,260,Y,N,N^FD>;00735000001234560019^FS');
    expect(bytes.indexOf(0x8f)).toBeGreaterThan(0); // Å
    expect(bytes.indexOf(0x99)).toBeGreaterThan(0); // Ö
  });

  it('stays pure ASCII under ^CI28 for UTF8', () => {
    const bytes = buildZplLabels(
      [label({ receiver: { name: 'Søren Kjær', city: 'KØBENHAVN', zipcode: '1165', country: 'DK' } })],
      { media: MEDIA['thermo-190']!, charset: 'UTF8', mode: 'TT' },
    );
    expect(bytes.every((b) => b < 0x80)).toBe(true);
    const text = bytes.toString('ascii');
    expect(text).toContain('^CI28');
    expect(text).toContain('^MTT');
    expect(text).toContain('S_C3_B8ren Kj_C3_A6r');
  });

  it('sizes ^PW/^LL to the media at 8 dots per mm and applies the offsets with ^LH', () => {
    const text = buildZplLabels([label()], {
      media: MEDIA['thermo-se']!,
      charset: 'cp850',
      mode: 'DT',
      xOffsetMm: 2,
      yOffsetMm: 1,
    }).toString('latin1');
    expect(text).toContain('^PW856');
    expect(text).toContain('^LL2008');
    expect(text).toContain('^LH16,8');
  });

  it('makes one ^XA…^XZ block per parcel and swaps the parties on a return label', () => {
    const text = buildZplLabels(
      [
        label({ parcelIndex: 1, parcelCount: 2 }),
        label({ parcelIndex: 2, parcelCount: 2, returnLabel: true }),
      ],
      { media: MEDIA['thermo-190']!, charset: 'cp850', mode: 'DT' },
    ).toString('latin1');
    const blocks = text.split('^XZ').filter((b) => b.includes('^XA'));
    expect(blocks).toHaveLength(2);
    expect(blocks[1]).toContain('RETURN');
    expect(blocks[1]!.indexOf('Lager AB')).toBeGreaterThan(blocks[1]!.indexOf('To:'));
  });
});
