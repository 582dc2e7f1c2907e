/**
 * The carriers, services and media the simulator knows: enough for realistic validation (unknown service,
 * weight over the limit) and for the code list `/meta/lists/partners`.
 */
export interface ServiceSpec {
  id: string;
  name: string;
  carrierId: string;
  maxWeightKg: number;
  /** Price in SEK for the price enquiry: base + per started kg. */
  basePrice: number;
  pricePerKg: number;
  addons: string[];
  /**
   * Whether a CONSOLIDATE option joins a consolidated shipment. A service that does not consolidate books a
   * normal shipment instead (`consolidated: false` in the answer): the station must notice, not assume.
   */
  consolidates: boolean;
}

export interface CarrierSpec {
  id: string;
  name: string;
  services: ServiceSpec[];
}

function service(
  carrierId: string,
  id: string,
  name: string,
  maxWeightKg: number,
  basePrice: number,
  pricePerKg: number,
  addons: string[],
  consolidates = true,
): ServiceSpec {
  return { id, name, carrierId, maxWeightKg, basePrice, pricePerKg, addons, consolidates };
}

export const CARRIERS: CarrierSpec[] = [
  {
    id: 'PLAB',
    name: 'PostNord',
    services: [
      service('PLAB', 'P15', 'PostNord Parcel', 35, 129, 6, ['NOT', 'DLV', 'PUPOPT']),
      service('PLAB', 'P17', 'PostNord MyPack Home', 20, 89, 4, ['NOT', 'DLV']),
      service('PLAB', 'P19', 'PostNord MyPack Collect', 20, 59, 3, ['NOT', 'PUPOPT']),
      service('PLAB', 'P52', 'PostNord Pallet', 1000, 690, 2, ['NOT', 'DLV']),
      service('PLAB', 'P24', 'PostNord MyPack Return', 20, 59, 3, []),
    ],
  },
  {
    id: 'DHL',
    name: 'DHL Freight',
    services: [
      service('DHL', 'DHLPAK', 'DHL Paket', 35, 119, 5, ['NOT', 'DLV']),
      service('DHL', 'ASPO', 'DHL Service Point', 20, 65, 3, ['NOT', 'PUPOPT']),
      service('DHL', 'ASWP2', 'DHL Pall', 1000, 650, 2, ['DLV']),
    ],
  },
  {
    id: 'BRING',
    name: 'Bring',
    services: [service('BRING', 'BPAK', 'Bring Business Parcel', 35, 135, 6, ['NOT'])],
  },
  {
    id: 'UPS',
    name: 'UPS',
    services: [service('UPS', 'UPSSTD', 'UPS Standard', 70, 210, 8, ['NOT'], false)],
  },
];

const SERVICES = new Map(CARRIERS.flatMap((c) => c.services.map((s) => [s.id.toUpperCase(), s] as const)));

export function findService(id: string | undefined): ServiceSpec | undefined {
  return id ? SERVICES.get(id.toUpperCase()) : undefined;
}

export function findCarrier(id: string): CarrierSpec | undefined {
  return CARRIERS.find((c) => c.id === id);
}

export interface MediaSpec {
  id: string;
  widthMm: number;
  heightMm: number;
  /** Laser media take A4 documents (waybills, customs, manifests); any media takes a parcel label. */
  laser: boolean;
}

export const MEDIA: Record<string, MediaSpec> = {
  'laser-a5': { id: 'laser-a5', widthMm: 148, heightMm: 210, laser: true },
  'laser-2a5': { id: 'laser-2a5', widthMm: 210, heightMm: 297, laser: true },
  'laser-ste': { id: 'laser-ste', widthMm: 210, heightMm: 297, laser: true },
  'laser-a4': { id: 'laser-a4', widthMm: 210, heightMm: 297, laser: true },
  'thermo-se': { id: 'thermo-se', widthMm: 107, heightMm: 251, laser: false },
  'thermo-190': { id: 'thermo-190', widthMm: 107, heightMm: 190, laser: false },
  'thermo-165': { id: 'thermo-165', widthMm: 107, heightMm: 165, laser: false },
  'thermo-brev3': { id: 'thermo-brev3', widthMm: 107, heightMm: 72, laser: false },
  'thermo-225': { id: 'thermo-225', widthMm: 107, heightMm: 225, laser: false },
  'thermo-250': { id: 'thermo-250', widthMm: 107, heightMm: 250, laser: false },
};

/** Laser media that take a full A4 page (A5 does not). */
export function takesA4(media: MediaSpec): boolean {
  return media.laser && media.widthMm >= 210;
}

/** EU member states: receivers elsewhere get a customs declaration. */
// prettier-ignore
export const EU_COUNTRIES = new Set([
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE',
]);
