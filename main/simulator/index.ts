/** The nShift Delivery simulator: public surface for tests, benchmarks, demo mode and the CLI. */
export {
  createSimulator,
  type Simulator,
  type SimulatorOptions,
  type StartOptions,
  type StartedSimulator,
  type AddApiKeyInput,
} from './server';
export { createManualClock, createRealTimeClock, type SimClock } from './clock';
export { ALL_LICENSES, isLicense, type License } from './licenses';
export {
  Faults,
  type FaultStats,
  type LatencyRuleInput,
  type FailRuleInput,
  type RandomFaultsInput,
  type Matcher,
  type PathPattern,
} from './faults';
export {
  seedDemoData,
  seedDemoDataWithCheckout,
  seedOrders,
  seedStoredShipments,
  seedPrinters,
  ensureDemoAccount,
  DEMO_API_KEY_ID,
  DEMO_API_KEY_SECRET,
  DEMO_CONSOLIDATION_KEY,
  DEMO_ORDER_CHANNEL_ID,
  DEMO_DELIVERY_OPTIONS,
  DEMO_RECEIVERS,
  type DemoSample,
} from './demo';
export {
  ensureCheckoutAccount,
  CHECKOUT_DEMO_CLIENT_ID,
  CHECKOUT_DEMO_CLIENT_SECRET,
  CHECKOUT_DEMO_CONNECTION_ID,
  CHECKOUT_PENDING_CONNECTION_ID,
} from './checkout/account';
export { CHECKOUT_SESSION_TTL_MS } from './checkout/routes';
export {
  checkOutSplitOrder,
  demoCheckoutClient,
  seedCheckoutDemo,
  DEMO_SPLIT_ORDER,
  DEMO_STORED_SPLIT_ORDER,
  storePreparedShipments,
  DEMO_CHECKOUT_PENDING_ORDER,
  DEMO_CHECKOUT_MISSING_ORDER,
  type WebShopOrder,
} from './checkout/web-shop';
export { CHECKOUT_TOKEN_TTL_S } from './checkout/identity';
export { BENCH_PRINT_CLIENT_ID, BENCH_ZPL_PRINTER_ID, BENCH_PDF_PRINTER_ID } from './routes/print';
export {
  CARRIERS,
  MEDIA,
  findService,
  type CarrierSpec,
  type ServiceSpec,
  type MediaSpec,
} from './catalogue';
export { buildZplLabels, zplField, type ParcelLabel, type LabelParty, type ZplOptions } from './zpl';
export { buildPdfLabels, buildWaybillPdf, buildManifestPdf, buildCustomsPdf, toWinAnsi } from './pdf';
export type { BookingRecordJson } from './records';
export type {
  SimState,
  SimShipment,
  SimStored,
  SimOrder,
  SimConsolidated,
  SimDocument,
  ValidationItem,
  ShipmentStatus,
} from './state';
