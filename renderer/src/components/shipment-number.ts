import type { TFunction } from 'i18next';
import type { JobShipment, JobView } from '../../../preload/api';
import { printerName } from './printer-name';

type Numbered = Pick<JobShipment, 'shipmentNo' | 'orderNo' | 'parcelNos'>;

export interface ShipmentNumber {
  kind: 'shipment' | 'order' | 'parcel';
  value: string;
}

/**
 * The number a person can match against the label for a shipment: nShift's shipment number, else the order
 * number, else the first parcel number. Never the internal shipment id, which is printed nowhere.
 */
export function shipmentNumber(shipment: Numbered, orderNo?: string): ShipmentNumber | undefined {
  if (shipment.shipmentNo) return { kind: 'shipment', value: shipment.shipmentNo };
  const order = shipment.orderNo ?? orderNo;
  if (order) return { kind: 'order', value: order };
  const parcel = shipment.parcelNos[0];
  if (parcel) return { kind: 'parcel', value: parcel };
  return undefined;
}

/** "Shipment 7100003", or "Order SO-2002" / "Parcel 0073…" when nShift's shipment number is not known. */
export function shipmentName(t: TFunction, shipment: Numbered, orderNo?: string): string {
  const number = shipmentNumber(shipment, orderNo);
  if (!number) return t('numbers.unnumbered');
  if (number.kind === 'shipment') return t('scan.shipment', { number: number.value });
  return t(`numbers.${number.kind}`, { number: number.value });
}

/**
 * The code a job is known by on screen: what was scanned or asked for, except for a consolidated shipment, which
 * is asked for by its id but known at the bench by its key (the id is then secondary: see `consolidatedId`).
 */
export function jobCode(job: Pick<JobView, 'scan' | 'consolidationKey'>): string {
  return job.consolidationKey ?? job.scan;
}

/** What a job is known by on screen, in words: a test label by its printer (the app's printer names translated). */
export function jobLabel(t: TFunction, job: Pick<JobView, 'kind' | 'scan' | 'consolidationKey'>): string {
  return job.kind === 'test_print' ? printerName(t, job.scan) : jobCode(job);
}

/** The numbers of a job's shipments, for a list cell. */
export function shipmentNumbers(job: JobView): string {
  return job.shipments
    .map((shipment) => shipmentNumber(shipment, job.orderNo)?.value)
    .filter((value): value is string => Boolean(value))
    .join(', ');
}
