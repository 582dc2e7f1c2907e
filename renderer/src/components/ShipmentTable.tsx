import { useTranslation } from 'react-i18next';
import type { ShipmentSummary } from '../../../preload/api';
import { formatDateTime } from '../i18n/format';
import { ListTable } from './ListTable';
import { Numbers } from './Numbers';

/** Shipments as nShift lists them: the number on the label, order, receiver, service, parcels, booked. */
export function ShipmentTable({
  label,
  shipments,
  empty,
  testId,
  failed,
}: {
  label: string;
  shipments: readonly ShipmentSummary[] | undefined;
  empty: string;
  testId?: string;
  /** The list could not be read (the failure shows above it): it claims no loading. */
  failed?: boolean;
}) {
  const { t, i18n } = useTranslation();
  return (
    <ListTable
      label={label}
      rows={shipments}
      empty={empty}
      testId={testId}
      loading={failed ? null : undefined}
      columns={[
        t('shipments.shipmentNo'),
        t('shipments.orderNo'),
        t('shipments.receiver'),
        t('shipments.service'),
        t('shipments.parcels'),
        t('shipments.booked'),
      ]}
    >
      {(shipment) => (
        <tr key={shipment.shipmentId} data-shipment-id={shipment.shipmentId}>
          <td className="mono">{shipment.shipmentNo ?? '–'}</td>
          <td className="mono">{shipment.orderNo ?? '–'}</td>
          <td>
            {shipment.receiverName ?? '–'}
            {shipment.receiverCity ? `, ${shipment.receiverCity}` : null}
          </td>
          <td>{shipment.serviceId ?? '–'}</td>
          <td>
            <Numbers numbers={shipment.parcelNos} />
          </td>
          <td>{formatDateTime(shipment.created, i18n.language)}</td>
        </tr>
      )}
    </ListTable>
  );
}
