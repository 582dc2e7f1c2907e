import * as z from '../zod';
import { documentRefSchema } from './document';
import { failureSchema } from './failure';
import {
  heldReasonSchema,
  jobKindSchema,
  jobStateSchema,
  resolvedSourceSchema,
  spoolJobStateSchema,
} from './job';

/**
 * What a job looks like to whoever watches it: the UI's rows, the headless host's lines, the checkpoint a start
 * reads instead of the whole journal. Built from the journal by main/station/jobs.ts; the contract names it.
 */

/** A document of a job: what the journal names, and where it went and how far it got. */
export const jobDocumentSchema = z.extend(documentRefSchema, {
  printerId: z.optional(z.string()),
  printerName: z.optional(z.string()),
  spoolJobId: z.optional(z.string()),
  state: spoolJobStateSchema,
  /** Why it is held, while it is. */
  heldReason: z.optional(heldReasonSchema),
});
export type JobDocument = z.infer<typeof jobDocumentSchema>;

/** What nShift's booking answer says of a shipment: the journal's `booked` records it, a job's shipment shows it. */
export const shipmentFactsSchema = z.object({
  shipmentId: z.string(),
  shipmentNo: z.optional(z.string()),
  orderNo: z.optional(z.string()),
  parcelNos: z.array(z.string()),
  receiverName: z.optional(z.string()),
  serviceId: z.optional(z.string()),
});

export const jobShipmentSchema = z.object({
  ...shipmentFactsSchema.shape,
  state: z.enum(['booking', 'booked', 'printing', 'printed', 'held', 'failed', 'cancelled']),
  documents: z.array(jobDocumentSchema),
  failure: z.optional(failureSchema),
  /** Shown for reference (a duplicate's existing shipment, a cancel target): not booked by this job. */
  reference: z.optional(z.boolean()),
});
export type JobShipment = z.infer<typeof jobShipmentSchema>;

export const jobViewSchema = z.object({
  id: z.string(),
  kind: jobKindSchema,
  /** The scanned or typed code (or the command's argument). */
  scan: z.string(),
  state: jobStateSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * The journal's sequence numbers of the job's first and latest entries. They grow with every entry whatever the
   * PC's clock does, so whoever orders jobs, or versions of one job, goes by them: `createdAt` and `updatedAt` are
   * the wall clock, which NTP or the domain can step back by minutes. Absent on a job a checkpoint kept from before
   * they were.
   */
  createdSeq: z.optional(z.number()),
  updatedSeq: z.optional(z.number()),
  source: z.optional(resolvedSourceSchema),
  orderNo: z.optional(z.string()),
  shipments: z.array(jobShipmentSchema),
  /** A split order: how many of its shipments are done. */
  progress: z.optional(z.object({ done: z.number(), total: z.number() })),
  failure: z.optional(failureSchema),
  /** Set when the scan was already booked: the existing shipment, reprint one key away. */
  duplicateOf: z.optional(
    z.object({ shipmentId: z.string(), shipmentNo: z.optional(z.string()), jobId: z.optional(z.string()) }),
  ),
  /**
   * A reprint: the job whose shipments it printed again (their booking, or the scan that found them already
   * booked), when today's journal has it. The UI shows the reprint on that job's row, not as a new booking.
   */
  reprintOf: z.optional(z.string()),
  /**
   * A consolidated close, or a reprint of one: the key the packer knows the consolidated shipment by (e.g.
   * KONS-4001), when nShift listed one. `scan` stays the consolidated shipment's id, which the close was asked for.
   */
  consolidationKey: z.optional(z.string()),
});
export type JobView = z.infer<typeof jobViewSchema>;
