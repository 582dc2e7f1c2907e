import type { StationContext } from './context';
import type { NshiftConnections } from './nshift-connections';
import { pruneDataDir, type PruneReport } from './retention';
import type { StationOptions } from './station-options';

/** The first pruning waits this long after start: start-up and the first scans have the disk to themselves. */
const PRUNE_FIRST_AFTER_MS = 5 * 60 * 1000;
/** The label cache's index is read this long after start (or at its first use, if sooner). */
const LABEL_INDEX_AFTER_MS = 1000;

/**
 * What the station does on its own once it has started, on timers that never keep the process alive: the idle
 * printers' states, a key nShift did not answer for asked about again, pruning by age, and the label cache's index
 * read soon after the start.
 */
export interface Maintenance {
  /** Prunes journal, label cache and spool by the retention settings now (also a few minutes after start, then daily). */
  prune(): Promise<PruneReport>;
  /** Stops every timer (a pruning under way is the station's deferred work, awaited on close). */
  stop(): void;
}

/** Starts the timers, and checks the idle printers at once. */
export function startMaintenance(
  ctx: StationContext,
  connections: Pick<NshiftConnections, 'recheckIfOffline'>,
  options: Pick<StationOptions, 'accountRecheckMs'>,
): Maintenance {
  const { printService, labelCache, log } = ctx;
  /**
   * Every printer's state for the status bar, checked at start and every 30 s. A printer with labels on their
   * way is left alone: its spool reports its state with every send.
   */
  async function checkIdlePrinters(): Promise<void> {
    const busy = new Set(
      printService
        .unfinished()
        .filter((j) => j.state === 'queued' || j.state === 'sending')
        .map((j) => j.printerId),
    );
    for (const printer of ctx.settings().printers) {
      if (!busy.has(printer.id)) await printService.checkPrinter(printer.id).catch(() => undefined);
    }
  }
  const printerChecks = setInterval(() => void checkIdlePrinters(), 30_000);
  printerChecks.unref();
  // nShift did not answer the key's check (at start, or when asked): the status says so, and the Scan screen says
  // a scan cannot succeed, until a check gets through. Without this it would say so until someone asked again.
  const accountChecks = setInterval(() => connections.recheckIfOffline(), options.accountRecheckMs ?? 30_000);
  accountChecks.unref();

  // Pruning by age: a few minutes after start (never on the way to `ready` or the first scans), then daily.
  let pruning: Promise<PruneReport> | undefined;
  function prune(): Promise<PruneReport> {
    pruning ??= pruneDataDir(ctx).finally(() => (pruning = undefined));
    return pruning;
  }
  function prunedInBackground(): void {
    ctx.defer(async () => {
      const report = await prune();
      const { journalFiles, jobs, labels, spoolRecords } = report;
      if (journalFiles.length + jobs + labels + spoolRecords > 0)
        log(
          `pruned by age: ${journalFiles.length} journal files, ${labels} labels, ${spoolRecords} spool records; ${jobs} jobs forgotten from memory`,
        );
    });
  }
  const firstPrune = setTimeout(prunedInBackground, PRUNE_FIRST_AFTER_MS);
  firstPrune.unref();
  const dailyPrune = setInterval(prunedInBackground, 24 * 60 * 60 * 1000);
  dailyPrune.unref();

  void checkIdlePrinters();
  // The label cache's index is read in the background, soon after the start rather than on its way: a reprint
  // then finds it in memory. A scan's labels are written without it.
  const cacheWarm = setTimeout(() => void labelCache.open(), LABEL_INDEX_AFTER_MS);
  cacheWarm.unref();

  return {
    prune,
    stop() {
      clearInterval(printerChecks);
      clearInterval(accountChecks);
      clearTimeout(firstPrune);
      clearInterval(dailyPrune);
      clearTimeout(cacheWarm);
    },
  };
}
