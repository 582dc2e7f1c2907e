import type { ReactNode } from 'react';
import type { ShipmentSummary } from '../../../preload/api';
import { formatDateTime } from '../i18n/format';
import { Numbers } from './Numbers';

/** What each screen calls the facts, in its own words (the Cancel screen says "Service", History "Carrier service"). */
export interface ShipmentFactLabels {
  order: string;
  receiver: string;
  service: string;
  parcels: string;
  created: string;
}

/**
 * The facts a packer checks before acting on a shipment (order, receiver, service, parcels, when booked), as
 * rows of the caller's `<dl>`; a fact nShift did not give is left out rather than shown empty.
 */
export function ShipmentFacts({
  shipment,
  labels,
  language,
}: {
  shipment: ShipmentSummary & { carrierId?: string };
  labels: ShipmentFactLabels;
  language: string;
}) {
  const { orderNo, receiverName, receiverCity, serviceId, carrierId, parcelNos, created } = shipment;
  return (
    <>
      {orderNo ? <Fact label={labels.order} value={orderNo} mono /> : null}
      {receiverName ? (
        <Fact
          label={labels.receiver}
          value={receiverCity ? `${receiverName}, ${receiverCity}` : receiverName}
        />
      ) : null}
      {serviceId ? (
        <Fact label={labels.service} value={carrierId ? `${carrierId} · ${serviceId}` : serviceId} />
      ) : null}
      <Fact label={labels.parcels} value={<Numbers numbers={parcelNos} />} />
      {created ? <Fact label={labels.created} value={formatDateTime(created, language)} /> : null}
    </>
  );
}

function Fact({ label, value, mono }: { label: string; value: ReactNode; mono?: boolean }) {
  return (
    <>
      <dt>{label}</dt>
      <dd className={mono ? 'mono' : undefined}>{value}</dd>
    </>
  );
}
