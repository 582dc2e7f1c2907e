import { useTranslation } from 'react-i18next';

/**
 * nShift's own status word for a shipment, a stored or a consolidated shipment (PRINTED, READY, INVALID, OPEN…) in
 * the packer's words, from the catalogue (`shipments.status`); a word this build does not know is shown as nShift
 * sent it, since it is still the truest thing to show. `data-status` keeps nShift's word for tests and support.
 */
export function NshiftStatus({ status }: { status: string }) {
  const { t, i18n } = useTranslation();
  const key = `shipments.status.${status.toUpperCase()}`;
  return <span data-status={status}>{i18n.exists(key) ? t(key) : status}</span>;
}
