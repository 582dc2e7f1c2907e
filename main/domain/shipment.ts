/**
 * nShift's word for a cancelled shipment (its `status`, in any case): its label is void, it is never reprinted,
 * booked on or put in a manifest. The journal's shipments are shown with it too once this station cancelled them.
 */
export const CANCELLED_STATUS = 'CANCELLED';

/** Whether a shipment's status says it is cancelled: the one place that decides it. */
export function isCancelledStatus(status: string | null | undefined): boolean {
  return (status ?? '').toUpperCase() === CANCELLED_STATUS;
}
