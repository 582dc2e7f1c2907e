/**
 * nShift licence keys (seed: "License keys needed"). A key without the licence an operation needs gets 403
 * with a body naming the licence, so a station can tell the packer exactly which one to order.
 */
export const ALL_LICENSES = [
  'REST API Print',
  'REST API TrackBack',
  'REST API Discard',
  'REST API Store',
  'REST API Delivery checkout',
  'Consolidation',
  'REST API AddressBook',
  'REST API Shipment History',
  'REST API price enquiry',
  'REST API Status events',
  'REST API Onboarding',
] as const;

export type License = (typeof ALL_LICENSES)[number];

export function isLicense(value: string): value is License {
  return (ALL_LICENSES as readonly string[]).includes(value);
}
