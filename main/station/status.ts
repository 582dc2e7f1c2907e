import type { DemoPrinterFault, StationEvent, StationStatus } from '../../preload/api';
import type { PrintService } from '../printers/print-service';
import type { Settings } from '../settings/schema';
import { labelPrinterId } from './label-printer';
import type { LocalIndex } from './local-index';
import type { StationOptions } from './station-options';

/**
 * What the station says about itself (`StationStatus`): the status bar, the setup and the Scan screen's readiness
 * read it; it is told to the subscribers whenever a part of it changes.
 */
export interface StatusReporter {
  now(): StationStatus;
  /** Tells the subscribers the status as it is now. */
  emit(): void;
  /** Demo mode: what the virtual label printer was switched to. */
  demoPrinterFaultSet(fault: DemoPrinterFault): void;
}

export function createStatusReporter(
  options: Pick<StationOptions, 'host' | 'version' | 'demo' | 'demoPrinter'> & {
    computerName: string;
    settings(): Settings;
    account(): StationStatus['account'];
    printService: PrintService;
    index: LocalIndex | undefined;
    emit(event: StationEvent): void;
  },
): StatusReporter {
  const { printService, index, computerName } = options;
  let demoPrinterFault: DemoPrinterFault = 'none';
  function status(): StationStatus {
    const printers = printService.printerStates();
    const settings = options.settings();
    const labelPrinter = labelPrinterId(settings);
    return {
      host: options.host,
      version: options.version,
      stationName: settings.station.name || computerName,
      demo: options.demo ?? false,
      account: options.account(),
      printers,
      queueLength: printService.unfinished().length,
      ...(labelPrinter ? { labelPrinterId: labelPrinter } : {}),
      ...(options.demoPrinter ? { demoPrinterFault } : {}),
      ...(index?.refreshedAt() ? { indexRefreshedAt: index.refreshedAt()!.toISOString() } : {}),
    };
  }
  return {
    now: status,
    emit: () => options.emit({ type: 'status', status: status() }),
    demoPrinterFaultSet(fault) {
      demoPrinterFault = fault;
    },
  };
}
