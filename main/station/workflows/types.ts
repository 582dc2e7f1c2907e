import type { JobKind, JobShipment } from '../../../preload/api';

/** What a person reads on the label and the screen for a shipment: its numbers and receiver, never only its id. */
export type ShipmentFacts = Pick<
  JobShipment,
  'shipmentId' | 'shipmentNo' | 'orderNo' | 'parcelNos' | 'receiverName' | 'serviceId'
>;

/** What a job's first journal entry says besides its kind and code. */
export interface JobStart {
  /** A reprint: the job whose shipments it prints again (their booking, or the scan that found them booked). */
  reprintOf?: string;
  /**
   * A consolidated close (or a reprint of one): the key the packer knows the consolidated shipment by, where the
   * job's code is its id.
   */
  consolidationKey?: string;
}

/** Starts a job: journalled first, then `run` on the station's queue. Resolves with the job id at once. */
export type StartJob = (
  kind: JobKind,
  scan: string,
  run: (jobId: string) => Promise<void>,
  start?: JobStart,
) => Promise<string>;
