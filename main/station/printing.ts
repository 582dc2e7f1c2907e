import type { SpoolJobView, StartupWarning, StationEvent } from '../../preload/api';
import { startupWarning } from '../domain';
import type { LabelCache } from '../labels/label-cache';
import type { DeliveryClient } from '../nshift/delivery';
import { join } from 'node:path';
import { createPrintService, type PrintService, type SpoolFilesUnread } from '../printers/print-service';
import type { Settings } from '../settings/schema';
import { awaitsPrintCall, failForSpoolJob, recordPrintState, type StationContext } from './context';
import type { JobBook } from './jobs';
import { createPrintJobApi } from './print-job-api';
import type { StationOptions } from './station-options';
import { counted } from './english-count';

/**
 * The station's print service: its printers and routing from the settings in force, the bytes of a booking's
 * labels kept by the label cache rather than by the spool, and what the spool does later (a held label released
 * and printed) journalled and told to the subscribers.
 */
export function openStationPrinting(
  options: Pick<StationOptions, 'dataDir' | 'printServiceOptions'> & {
    settings(): Settings;
    client(): DeliveryClient;
    labelCache: LabelCache;
    jobs: JobBook;
    /** The workflows' context, which holds this print service: asked for only once events come. */
    ctx(): StationContext;
    emit(event: StationEvent): void;
    /** A spool job or a printer changed: the status is told anew. */
    statusChanged(): void;
    log(line: string): void;
  },
): PrintService {
  const { labelCache, jobs, log } = options;
  const printService: PrintService = createPrintService({
    dataDir: options.dataDir,
    getConfig: () => ({
      printers: options.settings().printers,
      routing: options.settings().routing,
      ttlMinutes: options.settings().spool.ttlMinutes,
    }),
    printJobApi: createPrintJobApi(options.client),
    // A label printer is on the local network: trying again every few seconds costs nothing, and the label
    // comes out within seconds of the printer being back rather than after a long backoff.
    backoffMs: (attempts) => Math.min(5_000, 500 * 2 ** Math.max(0, attempts - 1)),
    ...options.printServiceOptions,
    // A booking's label on its way out is kept by the label cache, not by the spool; and the journal's
    // `printed` settles a spool job whose move to done/ never landed.
    ownerBytes: async (documentId) => (await labelCache.get(documentId))?.document.bytes,
    ownerPrinted: async ({ stationJobId, documentId, spoolJobId }) => {
      if (!(await jobs.ensure(stationJobId))) return false;
      return (
        jobs
          .get(stationJobId)
          ?.shipments.some((s) =>
            s.documents.some(
              (d) => d.documentId === documentId && d.state === 'printed' && d.spoolJobId === spoolJobId,
            ),
          ) ?? false
      );
    },
    onEvent: (event) => {
      options.emit(event);
      if (event.type === 'spool') void followSpoolJob(event.job);
      if (event.type === 'spool' || event.type === 'printer') options.statusChanged();
    },
  });

  /**
   * A held document released later and printed (or failed): the journal learns it from the spool's event. One that
   * failed where no print call waits for it (released, retried) fails its job with what the printer said.
   */
  async function followSpoolJob(spoolJob: SpoolJobView): Promise<void> {
    if (!spoolJob.stationJobId) return;
    if (
      spoolJob.state !== 'printed' &&
      spoolJob.state !== 'held' &&
      spoolJob.state !== 'cancelled' &&
      spoolJob.state !== 'failed'
    )
      return;
    const ctx = options.ctx();
    // Asked now, as the event comes: the print call hears the same answer just after, and then no longer waits.
    const failsItsJob =
      spoolJob.state === 'failed' && !awaitsPrintCall(ctx, spoolJob.stationJobId, spoolJob.documentId);
    // A label spooled while its booking's journal entry is still being written: the print call journals its
    // first answer after that entry (and a restart adopts what the spool did), so it is not written first here.
    const job = ctx.jobs.get(spoolJob.stationJobId);
    if (job && !job.shipments.some((s) => s.documents.some((d) => d.documentId === spoolJob.documentId)))
      return;
    try {
      // Named as the print call names it: the two share one entry when both report the same state at once.
      const printerName = printService.printerStates().find((p) => p.printerId === spoolJob.printerId)?.name;
      await recordPrintState(ctx, spoolJob.stationJobId, spoolJob.shipmentId, spoolJob.documentId, {
        state: spoolJob.state,
        printerId: spoolJob.printerId,
        ...(printerName ? { printerName } : {}),
        spoolJobId: spoolJob.id,
        bytes: spoolJob.bytes,
        ...(spoolJob.heldReason ? { heldReason: spoolJob.heldReason } : {}),
      });
      if (failsItsJob) await failForSpoolJob(ctx, spoolJob.stationJobId, spoolJob);
    } catch (error) {
      log(`could not journal spool state of ${spoolJob.id}: ${String(error)}`);
    }
  }

  return printService;
}

/**
 * The start's words for spool records it could not read whole (print-service.ts, SpoolFilesUnread): those held
 * for the packer, and those left where they are, each named by its file in `spoolDir`, with what to do.
 */
export function spoolWarnings(
  spoolDir: string,
  { heldUnread, unreadable }: SpoolFilesUnread,
): StartupWarning[] {
  const files = (names: string[]) => names.map((name) => join(spoolDir, name)).join(', ');
  return [
    ...(heldUnread.length > 0
      ? [
          startupWarning(
            'spool_held_unread',
            `The print spool holds ${counted(heldUnread.length, 'label', 'labels')} a newer Packbench kept in a form this version cannot read whole (${files(heldUnread)}): each is held, since it may have printed; look at the printer, then release or cancel it.`,
            { count: heldUnread.length, files: files(heldUnread) },
          ),
        ]
      : []),
    ...(unreadable.length > 0
      ? [
          startupWarning(
            'spool_unreadable',
            `The print spool holds ${counted(unreadable.length, 'record', 'records')} that could not be read at all, left where they are (${files(unreadable)}): what they stood for is not printed from here; check which labels are missing and reprint them.`,
            { count: unreadable.length, files: files(unreadable) },
          ),
        ]
      : []),
  ];
}
