import { failureOf } from '../failures';
import { StationError } from '../station-error';
import type { Methods, StationParts } from './types';

/** The status bar, what the start found, and demo mode's switch for its virtual printer's faults. */
export function statusMethods({
  ctx,
  status,
  startup,
  demoPrinter,
}: StationParts): Methods<'getStatus' | 'getStartupWarnings' | 'setDemoPrinterFault'> {
  const { printService } = ctx;
  return {
    async getStatus() {
      return status.now();
    },
    async getStartupWarnings() {
      // A copy: the caller (a host, a test) gets this start's list, never a handle on the station's own.
      return { startedAt: startup.startedAt, warnings: startup.warnings.map((w) => structuredClone(w)) };
    },
    async setDemoPrinterFault({ fault }) {
      if (!demoPrinter) {
        const message = 'Printer faults can be switched only in demo mode.';
        throw StationError.notFound(message, failureOf('no_such_printer', message, {}));
      }
      await demoPrinter.setFault(fault);
      status.demoPrinterFaultSet(fault);
      // Said at once, not at the next 30-second check: the switch is there to watch the station answer.
      await Promise.all(
        ctx.settings().printers.map((p) => printService.checkPrinter(p.id).catch(() => undefined)),
      );
      status.emit();
      return status.now();
    },
  };
}
