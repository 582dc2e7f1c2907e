import type { StationMethodName } from './api';

/** Every StationApi method by name, for hosts that route by name (IPC channel `packbench:<name>`, `POST /api/<name>`). */
export const STATION_METHOD_NAMES = [
  'scan',
  'listJobs',
  'getJob',
  'reprint',
  'lookupShipment',
  'cancelShipment',
  'listStored',
  'bookStored',
  'deleteStored',
  'listConsolidated',
  'closeConsolidated',
  'deleteConsolidated',
  'deleteParcelGroup',
  'createManifest',
  'listManifests',
  'reprintManifest',
  'listManifestShipments',
  'listUnmanifested',
  'searchHistory',
  'getShipmentTimeline',
  'getStatus',
  'getStartupWarnings',
  'getSettings',
  'saveSettings',
  'setApiKey',
  'testConnection',
  'discoverPrinters',
  'savePrinter',
  'removePrinter',
  'testPrinter',
  'listSpool',
  'releaseSpoolJob',
  'cancelSpoolJob',
  'retrySpoolJob',
  'getDocumentPreview',
  // nShift Checkout
  'setCheckoutCredentials',
  'listPartialShipments',
  'deletePartialShipment',
  'anonymizePartialShipments',
  'exportCheckoutMetrics',
  // Demo mode only
  'setDemoPrinterFault',
] as const satisfies readonly StationMethodName[];

// Fails to compile when a method is added to StationMethods but not listed above.
type Missing = Exclude<StationMethodName, (typeof STATION_METHOD_NAMES)[number]>;
const _everyMethodListed: Missing extends never ? true : Missing = true;
void _everyMethodListed;
