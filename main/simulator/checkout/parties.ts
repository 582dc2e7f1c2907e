/**
 * Checkout and Delivery name the same address fields differently: Checkout writes `postalCode`, Delivery
 * `zipcode`. A partial shipment's receiver becomes its prepared shipment's receiver through here, and the
 * configuration's sender (kept in Delivery's names, as the account holds it) is shown in Checkout's.
 */
import type { Party } from '../schemas';
import type { CheckoutParty } from './state';

const SHARED = [
  'name',
  'address1',
  'address2',
  'city',
  'state',
  'country',
  'contact',
  'email',
  'phone',
  'mobile',
  'doorCode',
] as const;

function copyShared(from: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of SHARED) {
    const value = from[key];
    if (typeof value === 'string' && value !== '') out[key] = value;
  }
  return out;
}

export function toDeliveryParty(party: CheckoutParty): Party {
  return { ...copyShared(party), ...(party.postalCode ? { zipcode: party.postalCode } : {}) };
}

export function toCheckoutParty(party: Party): CheckoutParty {
  return {
    ...copyShared(party),
    ...(typeof party.zipcode === 'string' && party.zipcode ? { postalCode: party.zipcode } : {}),
  };
}
