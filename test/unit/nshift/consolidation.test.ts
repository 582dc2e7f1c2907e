import { describe, expect, it } from 'vitest';
import { consolidationKeyOf } from '../../../main/nshift/delivery/consolidation';

describe('what nShift reads as a consolidated booking', () => {
  it('takes the key of the CONSOLIDATE option, whatever its case', () => {
    expect(consolidationKeyOf({ options: [{ id: 'ENOT' }, { id: 'consolidate', key: 'K-7' }] })).toBe('K-7');
  });

  it('has no key for a shipment without the option, or with a blank key', () => {
    expect(consolidationKeyOf({})).toBeUndefined();
    expect(consolidationKeyOf({ options: [{ id: 'CONSOLIDATE' }] })).toBeUndefined();
    expect(consolidationKeyOf({ options: [{ id: 'CONSOLIDATE', key: '  ' }] })).toBeUndefined();
  });
});
