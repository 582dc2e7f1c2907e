import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BookingRecordJson } from '../../../main/simulator/records';
import { makePlan, scanKey } from '../../soak/plan';
import { checkBookings, checkLabels, grepSecrets, parcelNoOfLabel } from '../../soak/verify';

/**
 * The soak's checks must be able to fail: a doubled booking, a doubled or missing label and a leaked secret are
 * each caught. And its plan is the same for the same seed.
 */

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'packbench-soak-checks-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function record(
  seq: number,
  code: string,
  parcelNos: string[],
  extra: Partial<BookingRecordJson> = {},
): BookingRecordJson {
  return {
    seq,
    route: 'orders',
    shipmentId: String(1000 + seq),
    shipmentNo: `S${seq}`,
    orderNo: code,
    internalReference: code,
    orderId: String(seq),
    storedId: null,
    consolidatedId: null,
    partOrderNo: null,
    parcelNos,
    created: '2026-01-01 10:00:00',
    cancelled: false,
    ...extra,
  };
}

const label = (parcelNo: string): Buffer =>
  Buffer.from(`^XA^FO70,60^BY3,3,260^BCN,260,Y,N,N^FD>;${parcelNo}^FS^XZ`, 'latin1');

describe('the soak checks', () => {
  it('count a code booked twice as doubled, an unbooked one as lost, and an unscanned one as phantom', () => {
    const records = [
      record(1, 'SOAK-1', ['P1']),
      record(2, 'SOAK-1', ['P2']),
      record(3, 'SOAK-9', ['P3']),
      record(4, 'SOAK-3', ['P4'], { cancelled: true }),
    ];
    const figures = checkBookings(records, {
      scanned: new Map([
        ['SOAK-1', 'order'],
        ['SOAK-2', 'order'],
        ['SOAK-3', 'order'],
      ]),
    });
    expect(figures.doubled).toEqual([{ code: 'SOAK-1', shipmentIds: ['1001', '1002'] }]);
    expect(figures.notBooked).toEqual(['SOAK-2', 'SOAK-3']);
    expect(figures.phantom).toEqual(['SOAK-9']);
  });

  it('count a label printed twice as doubled, a missing one as lost unless its spool job is held, and a stray one as unknown', async () => {
    const dataDir = join(dir, 'data');
    await mkdir(join(dataDir, 'spool'), { recursive: true });
    const held = {
      version: 1,
      id: 'sp-held',
      seq: 1,
      printerId: 'label',
      printerName: 'Label',
      document: { id: 'd', kind: 'label', format: 'zpl' },
      bytes: 10,
      state: 'held',
      attempts: 1,
      createdAt: '2026-01-01T00:00:00Z',
      updatedAt: '2026-01-01T00:00:00Z',
      ttlFrom: 0,
      nextAttemptAt: 0,
      heldReason: 'restart',
      shipmentId: '1003',
    };
    await writeFile(join(dataDir, 'spool', 'sp-held.json'), JSON.stringify(held));
    const records = [record(1, 'A', ['P1']), record(2, 'B', ['P2']), record(3, 'C', ['P3'])];
    const figures = await checkLabels(records, [label('P1'), label('P1'), label('P9')], dataDir);
    expect(figures.doubled).toEqual([{ shipmentId: '1001', parcelNo: 'P1', times: 2 }]);
    expect(figures.lost).toEqual([{ shipmentId: '1002', parcelNo: 'P2' }]);
    expect(figures.held).toEqual([
      { spoolJobId: 'sp-held', shipmentId: '1003', heldReason: 'restart', alsoPrinted: false },
    ]);
    expect(figures.unknown).toBe(1);
    expect(parcelNoOfLabel(label('00735000001234560033'))).toBe('00735000001234560033');
  });

  it('find a secret planted anywhere in the artifacts, in plain or base64 form', async () => {
    await mkdir(join(dir, 'a', 'b'), { recursive: true });
    await writeFile(
      join(dir, 'a', 'b', 'deep.bin'),
      Buffer.concat([Buffer.from([0, 255, 1]), Buffer.from('xx-the-secret-xx')]),
    );
    await writeFile(join(dir, 'clean.txt'), 'nothing here');
    await writeFile(join(dir, 'b64.log'), Buffer.from('the-secret').toString('base64'));
    const figures = await grepSecrets(
      [dir],
      [
        { label: 'plain', bytes: Buffer.from('the-secret') },
        { label: 'base64', bytes: Buffer.from(Buffer.from('the-secret').toString('base64')) },
      ],
    );
    expect(figures.filesScanned).toBe(3);
    expect(figures.hits.map((h) => h.needle).sort()).toEqual(['base64', 'plain']);
  });

  it('plan the same day for the same seed, with every kind of scan and the faults spread over the day', () => {
    const a = makePlan({ scans: 2000, seed: 6, kills: 3, outages: 3, tokenExpiries: 2 });
    const b = makePlan({ scans: 2000, seed: 6, kills: 3, outages: 3, tokenExpiries: 2 });
    expect(a.scans.map((s) => s.line.toString('hex'))).toEqual(b.scans.map((s) => s.line.toString('hex')));
    expect(a.schedule).toEqual(b.schedule);
    const kinds = new Set(a.scans.map((s) => s.kind));
    expect([...kinds].sort()).toEqual(['bad', 'order', 'rescan', 'stored', 'unknown']);
    expect(a.schedule.kills).toHaveLength(3);
    for (const k of a.schedule.kills) expect(k.afterScans).toBeGreaterThan(0);
    // Bad input is what the station will journal for it: a short printable form, never 10,000 characters.
    for (const s of a.scans.filter((x) => x.kind === 'bad')) expect(s.key.length).toBeLessThanOrEqual(64);
    expect(scanKey(Buffer.from('SOAK-1'))).toBe('SOAK-1');
  });
});
