import { describe, expect, it } from 'vitest';
import { consolidationKeyOf } from '../../../main/nshift/delivery/consolidation';
import { asksForReturnShipment, withConsolidationKey } from '../../../main/station/shipment-rules';

describe("the station's rules over a shipment", () => {
  it('knows a booking makes a return shipment too when the service has the RETURN addon', () => {
    expect(asksForReturnShipment({ service: { id: 'P19', addons: [{ id: 'return' }] } })).toBe(true);
    expect(asksForReturnShipment({ service: { id: 'P19', addons: [{ id: 'NOTSMS' }] } })).toBe(false);
    expect(asksForReturnShipment({})).toBe(false);
  });

  it("gives a stored shipment the station's key in place of any CONSOLIDATE option, keeping everything else", () => {
    const shipment = {
      orderNo: 'O-1',
      custom: { kept: true },
      options: [{ id: 'ENOT', to: 'a@example.com' }, { id: 'Consolidate' }],
    };
    const consolidated = withConsolidationKey(shipment, 'K-9');
    expect(consolidated).toEqual({
      orderNo: 'O-1',
      custom: { kept: true },
      options: [
        { id: 'ENOT', to: 'a@example.com' },
        { id: 'CONSOLIDATE', key: 'K-9' },
      ],
    });
    expect(consolidationKeyOf(consolidated)).toBe('K-9');
    expect(withConsolidationKey({ orderNo: 'O-2' }, 'K-9').options).toEqual([
      { id: 'CONSOLIDATE', key: 'K-9' },
    ]);
  });
});
