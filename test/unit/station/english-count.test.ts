import { describe, expect, it } from 'vitest';
import { counted } from '../../../main/station/english-count';

describe("the station's English counts", () => {
  it('says one thing in the singular and every other count in the plural, never "(s)"', () => {
    expect(counted(1, 'partial shipment', 'partial shipments')).toBe('1 partial shipment');
    expect(counted(0, 'label', 'labels')).toBe('0 labels');
    expect(counted(3, 'unfinished job', 'unfinished jobs')).toBe('3 unfinished jobs');
  });
});
