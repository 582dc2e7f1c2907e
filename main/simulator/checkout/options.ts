/**
 * Delivery options from the simulator's carrier catalogue: the services the session's configuration offers
 * (all of them when it names none) that can carry the shipment's weight, priced from the catalogue. Services
 * with the pickup-point add-on offer a pickup point.
 */
import { CARRIERS, findCarrier, type ServiceSpec } from '../catalogue';

export interface DeliveryOption {
  id: string;
  carrierId: string;
  carrierName: string;
  serviceId: string;
  name: string;
  price: { amount: number; currency: string };
  deliveryTime: { minDays: number; maxDays: number };
  pickupPoints: Array<{ id: string; name: string }>;
}

function weightOf(input: Record<string, unknown>): number {
  const parcels = Array.isArray(input.parcels) ? (input.parcels as Array<Record<string, unknown>>) : [];
  const total = parcels.reduce((sum, p) => sum + (Number(p.weight) || 0), 0);
  return total || Number(input.weight) || 1;
}

export function optionsFor(
  input: Record<string, unknown>,
  offered: readonly string[] | undefined,
  currency: string,
): DeliveryOption[] {
  const weight = weightOf(input);
  const services: ServiceSpec[] = CARRIERS.flatMap((c) => c.services).filter(
    (s) => (!offered || offered.includes(s.id)) && s.maxWeightKg >= weight,
  );
  return services.map((s) => ({
    id: `opt-${s.id}`,
    carrierId: s.carrierId,
    carrierName: findCarrier(s.carrierId)?.name ?? s.carrierId,
    serviceId: s.id,
    name: s.name,
    price: { amount: s.basePrice + s.pricePerKg * Math.ceil(weight), currency },
    deliveryTime: { minDays: 1, maxDays: s.maxWeightKg > 100 ? 5 : 3 },
    pickupPoints: s.addons.includes('PUPOPT')
      ? [{ id: `${s.carrierId}-PUP-1`, name: `${s.name} pickup point` }]
      : [],
  }));
}
