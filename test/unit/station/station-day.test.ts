/**
 * The station's day in Helsinki (this file runs in a process of its own: vitest's forks pool), across both
 * daylight-saving changes of 2026 and past midnight, where UTC is still on the day before.
 */
import { describe, expect, it } from 'vitest';
import {
  journalDaysOf,
  startOfStationDay,
  stationDay,
  stationDayBounds,
  stationDayOf,
} from '../../../main/station/station-day';

process.env.TZ = 'Europe/Helsinki';

const HOUR = 3_600_000;

describe("the station's day (Europe/Helsinki)", () => {
  it('starts at the station’s midnight: 01:30 local is the new day while UTC is still on the last', () => {
    const at = new Date('2026-11-27T23:30:00Z'); // 01:30 on the 28th in Helsinki (UTC+2)
    expect(stationDay(at)).toBe('2026-11-28');
    expect(startOfStationDay(at)).toBe('2026-11-27T22:00:00.000Z');
    expect(stationDayOf('2026-11-27T21:59:59.999Z')).toBe('2026-11-27');
  });

  it('is 23 hours long when the clocks go forward and 25 when they go back', () => {
    const length = (day: string): number => {
      const { from, to } = stationDayBounds(day);
      return (Date.parse(to) - Date.parse(from)) / HOUR;
    };
    expect(length('2026-03-29')).toBe(23);
    expect(length('2026-10-25')).toBe(25);
    expect(length('2026-11-28')).toBe(24);
    expect(stationDayBounds('2026-10-25')).toEqual({
      from: '2026-10-24T21:00:00.000Z',
      to: '2026-10-25T22:00:00.000Z',
    });
  });

  it("is read from the journal's UTC day files it spans", () => {
    const since = startOfStationDay(new Date('2026-11-28T10:00:00Z'));
    expect(journalDaysOf(since, new Date('2026-11-28T10:00:00Z'))).toEqual(['2026-11-27', '2026-11-28']);
    expect(journalDaysOf('2026-12-31T22:00:00.000Z', new Date('2027-01-01T05:00:00Z'))).toEqual([
      '2026-12-31',
      '2027-01-01',
    ]);
  });
});
