import { describe, expect, it } from 'vitest';
import { compilePattern, Faults } from '../../../main/simulator/faults';
import { gs1CheckDigit, parseQueryDate, sscc } from '../../../main/simulator/format';
import { parsePrintConfig, pickTarget } from '../../../main/simulator/print-config';

describe('print config', () => {
  it('picks the first target whose media fits: labels take any, A4 needs laser A4', () => {
    const parsed = parsePrintConfig({
      target1Media: 'thermo-190',
      target1Type: 'zpl',
      target1Options: [
        { key: 'charset', value: 'Utf8' },
        { key: 'mode', value: 'TT' },
      ],
      target2Media: 'laser-a5',
      target2Type: 'pdf',
      target3Media: 'laser-a4',
      target3Type: 'pdf',
    });
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(pickTarget(parsed.targets, 'parcel-label')).toMatchObject({
      type: 'zpl',
      charset: 'UTF8',
      mode: 'TT',
      media: { id: 'thermo-190' },
    });
    expect(pickTarget(parsed.targets, 'a4').media.id).toBe('laser-a4');
  });

  it('defaults to thermo-190 zpl cp850 + laser-a4 pdf without a printConfig', () => {
    const parsed = parsePrintConfig(undefined);
    expect(parsed.ok && parsed.targets.map((t) => [t.media.id, t.type, t.charset])).toEqual([
      ['thermo-190', 'zpl', 'cp850'],
      ['laser-a4', 'pdf', 'cp850'],
    ]);
  });

  it('rejects unknown media', () => {
    expect(parsePrintConfig({ target1Media: 'thermo-999' })).toMatchObject({
      ok: false,
      field: 'target1Media',
    });
  });
});

describe('fault path patterns', () => {
  it('matches * within one segment and ** across segments', () => {
    expect(compilePattern('/shipments/*/prints')!.test('/shipments/12/prints')).toBe(true);
    expect(compilePattern('/shipments/*/prints')!.test('/shipments/12/34/prints')).toBe(false);
    expect(compilePattern('/shipments/**')!.test('/shipments/12/prints/3')).toBe(true);
    expect(compilePattern('/shipments')!.test('/shipments/12')).toBe(false);
  });

  it('counts failures down and stops', () => {
    const faults = new Faults(() => undefined);
    faults.failNext(2, { method: 'POST', status: 503 });
    expect(faults.takeFailure('GET', '/x')).toBeUndefined();
    expect(faults.takeFailure('POST', '/x')?.status).toBe(503);
    expect(faults.takeFailure('POST', '/x')?.status).toBe(503);
    expect(faults.takeFailure('POST', '/x')).toBeUndefined();
  });
});

describe('numbers and dates', () => {
  it('makes SSCC-style numbers with a valid GS1 check digit', () => {
    const n = sscc('7350', 42);
    expect(n).toMatch(/^00\d{18}$/);
    expect(gs1CheckDigit(n.slice(2, 19))).toBe(n[19]);
    expect(gs1CheckDigit('400638133393')).toBe('1'); // GTIN 4006381333931
  });

  it('reads bare dates as whole days and nShift timestamps with +0000', () => {
    expect(parseQueryDate('2026-01-15', 'from')).toBe(Date.UTC(2026, 0, 15));
    expect(parseQueryDate('2026-01-15', 'to')).toBe(Date.UTC(2026, 0, 16) - 1);
    expect(parseQueryDate('2024-05-03T13:18:30.904+0000', 'from')).toBe(
      Date.UTC(2024, 4, 3, 13, 18, 30, 904),
    );
  });
});
