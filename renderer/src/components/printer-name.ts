import type { TFunction } from 'i18next';
import type { JobView } from '../../../preload/api';

/**
 * The names the station gives the printers a command-line flag or demo mode sets (main/hosts/shared/overrides.ts):
 * "Label printer (tcp://…)" and "Document printer (file:documents)". The station names them in English, for its
 * logs and the headless host; a screen shows them in the packer's language, the address as it is.
 * `test/unit/renderer/printer-name.test.ts` holds this to the names the station gives.
 */
const APP_NAMED = /^(Label|Document) printer \((.+)\)$/;

/** A printer's name as the packer reads it: the app's own names translated, an admin's names as typed. */
export function printerName(t: TFunction, name: string): string {
  const named = APP_NAMED.exec(name);
  if (!named) return name;
  return t(
    named[1] === 'Label' ? 'settings.printers.appNamed.label' : 'settings.printers.appNamed.document',
    {
      address: named[2],
    },
  );
}

/** Where a job's documents went, each printer once, as the packer reads their names. */
export function jobPrinterNames(t: TFunction, job: JobView): string[] {
  const names = job.shipments.flatMap((shipment) =>
    shipment.documents.map((document) => document.printerName),
  );
  return [...new Set(names.filter((name): name is string => Boolean(name)))].map((name) =>
    printerName(t, name),
  );
}
