/**
 * Delivery options from the simulator's carrier catalogue, in nShift Checkout's shape: the services the
 * session's configuration offers (all of them when it names none) that can carry the shipment's weight, priced
 * from the catalogue in the session's currency. Services with the pickup-point add-on offer a pickup point.
 * An option's id names its service (`opt-P19`), so a partial shipment's `optionId` leads back to it.
 */
import type { CheckoutPackage, ContextBody } from '../../nshift/checkout';
import { CARRIERS, findCarrier, type ServiceSpec } from '../catalogue';

export interface SimDeliveryOption {
  optionId: string;
  valid: boolean;
  name: string;
  carrierId: string;
  carrierName: string;
  carrierProductId: string;
  price: number;
  deliveryTime: { earliestDays: number; latestDays: number };
  pickupPoints: Array<{ pickupPointId: string; name: string }>;
  timeSlots: never[];
}

const OPTION_PREFIX = 'opt-';

/** The catalogue service an option id stands for. */
export function serviceOfOption(optionId: string): ServiceSpec | undefined {
  if (!optionId.startsWith(OPTION_PREFIX)) return undefined;
  const serviceId = optionId.slice(OPTION_PREFIX.length);
  return CARRIERS.flatMap((c) => c.services).find((s) => s.id === serviceId);
}

/** The pickup point a service offers (one per carrier and service). */
export function pickupPointOf(service: ServiceSpec): { pickupPointId: string; name: string } | undefined {
  return service.addons.includes('PUPOPT')
    ? { pickupPointId: `${service.carrierId}-PUP-1`, name: `${service.name} pickup point` }
    : undefined;
}

/** `totalWeightKg` when given, else the packages' `weightKg`, else one kilogram. */
export function weightOf(input: { totalWeightKg?: number | null; packages?: CheckoutPackage[] }): number {
  const packages = input.packages ?? [];
  const total = packages.reduce((sum, p) => sum + (p.weightKg ?? 0), 0);
  return input.totalWeightKg || total || 1;
}

export function optionsFor(input: ContextBody, offered: readonly string[] | undefined): SimDeliveryOption[] {
  const weight = weightOf(input);
  const services: ServiceSpec[] = CARRIERS.flatMap((c) => c.services).filter(
    (s) => (!offered || offered.includes(s.id)) && s.maxWeightKg >= weight,
  );
  return services.map((s) => {
    const pickup = pickupPointOf(s);
    return {
      optionId: `${OPTION_PREFIX}${s.id}`,
      valid: true,
      name: s.name,
      carrierId: s.carrierId,
      carrierName: findCarrier(s.carrierId)?.name ?? s.carrierId,
      carrierProductId: s.id,
      price: s.basePrice + s.pricePerKg * Math.ceil(weight),
      deliveryTime: { earliestDays: 1, latestDays: s.maxWeightKg > 100 ? 5 : 3 },
      pickupPoints: pickup ? [pickup] : [],
      timeSlots: [],
    };
  });
}
