import { describe, expect, it } from 'vitest';
import { manifestOf } from '../../../main/nshift/delivery/schemas';

describe('a shipment list as nShift answers it', () => {
  it('takes its id from manifestId or id, and its type from the path when the answer does not repeat it', () => {
    expect(manifestOf('PNL').parse({ id: 77, prints: [{ id: 5, href: 'h', data: null }] })).toMatchObject({
      manifestType: 'PNL',
      manifestId: '77',
      prints: [{ id: '5' }],
    });
    expect(manifestOf('PNL').parse({ manifestType: 'PNL', manifestId: '78' })).toMatchObject({
      manifestId: '78',
      prints: [],
    });
  });

  it('refuses an answer without any id: the station could not name the list it printed', () => {
    expect(manifestOf('PNL').safeParse({ prints: [] }).success).toBe(false);
  });
});
