import { describe, expect, it } from 'vitest';
import { displayScan, MAX_SCAN_LENGTH, parseScanCode } from '../../../main/station/scan-code';

describe('parseScanCode', () => {
  it.each([
    ['ORD-1001', 'ORD-1001'],
    ['  ORD-1001\r', 'ORD-1001'],
    ['\x1dSSCC00370123456789012345\x1d', 'SSCC00370123456789012345'],
    ['Ordre-ÆØÅ-7', 'Ordre-ÆØÅ-7'],
  ])('accepts %j as %j', (raw, code) => {
    expect(parseScanCode(raw)).toEqual({ ok: true, value: code });
  });

  it.each([
    ['empty', '   '],
    ['control characters', 'ORD\x00-1'],
    ['escape sequences', '\x1b[2JORD'],
    ['invalid UTF-8 (replacement characters)', 'ORD-\ufffd\ufffd'],
    ['overlong', 'X'.repeat(MAX_SCAN_LENGTH + 1)],
    ['markup', '<script>alert(1)</script>'],
  ])('refuses %s with a message', (_name, raw) => {
    const result = parseScanCode(raw);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message.length).toBeGreaterThan(10);
  });

  it('names the characters no code has in the detail too, and an AIM prefix as its own detail', () => {
    expect(parseScanCode('ORD<1>')).toMatchObject({
      ok: false,
      error: { detail: { detail: 'scan_characters', params: { characters: '"<", ">"' } } },
    });
    expect(parseScanCode(']C1ORD-1005')).toMatchObject({
      ok: false,
      error: { detail: { detail: 'scan_aim_prefix', params: { characters: '"]"', prefix: ']C1' } } },
    });
    const many = parseScanCode('A<>{}[]|B');
    expect(many).toMatchObject({
      ok: false,
      error: { detail: { params: { characters: '"<", ">", "{", "}", "[", …' } } },
    });
    if (!many.ok) expect(many.error.message).toContain('"<", ">", "{", "}", "[" and 2 more.');
  });

  it('shows a bad scan in a short printable form', () => {
    expect(displayScan('A\x00B')).toBe('A?B');
    expect(displayScan('x'.repeat(10_000))).toHaveLength(64);
  });
});
