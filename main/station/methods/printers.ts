import { startTestPrint } from '../workflows/test-print';
import type { Methods, StationParts } from './types';

/** The Settings screen's printers: found on the network, added, removed, a test label printed. */
export function printerMethods({
  ctx,
  runner,
  settings,
}: StationParts): Methods<'discoverPrinters' | 'savePrinter' | 'removePrinter' | 'testPrinter'> {
  return {
    discoverPrinters: () => ctx.printService.discover(),
    async savePrinter(printer) {
      await settings.savePrinter(printer);
      return settings.view();
    },
    async removePrinter({ printerId }) {
      await settings.removePrinter(printerId);
      return settings.view();
    },
    testPrinter: (input) => startTestPrint(ctx, runner.startJob, input),
  };
}
