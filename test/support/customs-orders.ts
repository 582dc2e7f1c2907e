import {
  DEMO_DELIVERY_OPTIONS,
  DEMO_ORDER_CHANNEL_ID,
  DEMO_RECEIVERS,
  ensureDemoAccount,
} from '../../main/simulator/demo';
import { createOrder } from '../../main/simulator/routes/orders';
import type { Simulator } from '../../main/simulator/server';

/**
 * `count` open orders `${prefix}1…` to Oslo (outside the EU): nShift makes a ZPL label and an A4 customs declaration
 * for each, the two documents a disk that fills up must never split. Returns their codes.
 */
export function seedCustomsOrders(sim: Simulator, count: number, prefix: string): string[] {
  ensureDemoAccount(sim);
  const codes: string[] = [];
  for (let i = 1; i <= count; i++) {
    const code = `${prefix}${i}`;
    createOrder(sim.context, {
      orderChannelId: DEMO_ORDER_CHANNEL_ID,
      internalReference: code,
      receiver: DEMO_RECEIVERS[1]!,
      parcels: [{ weight: 1 + (i % 4), contents: 'Goods' }],
      deliveryOptionId: DEMO_DELIVERY_OPTIONS.P15,
    });
    codes.push(code);
  }
  return codes;
}
