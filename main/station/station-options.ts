import type { DemoPrinterFault, StationStatus } from '../../preload/api';
import type { createDeliveryClient } from '../nshift/delivery';
import type { CheckoutClientOptions } from '../nshift/checkout';
import type { PrintServiceOptions } from '../printers/print-service';
import type { SettingsLayer } from '../settings/in-force';
import type { SecretVault, SettingsStore } from '../settings/store';
import type { LocalIndexOptions } from './local-index';
import type { ShipmentNumbersOptions } from './workflows/shipment-numbers';

/**
 * What a host gives `createStation` (station.ts, which exports it too). In a module of its own so that each part
 * of the station names the options it reads without importing the wiring that imports it.
 */
export interface StationOptions {
  dataDir: string;
  host: StationStatus['host'];
  version: string;
  demo?: boolean;
  settingsStore: SettingsStore;
  vault: SecretVault;
  /** The Checkout client credentials (same kind of vault, its own slot). None: Checkout is never asked. */
  checkoutVault?: SecretVault;
  /** The Checkout client's options (tests shorten timeouts). */
  checkoutClientOptions?: Partial<CheckoutClientOptions>;
  /** Settings forced by the host for this run (demo mode, flags); applied over the stored ones, never saved. */
  overrides?: readonly SettingsLayer[];
  /**
   * Demo mode's virtual label printer, so the UI can switch its faults (`setDemoPrinterFault`). Without it (every
   * station that is not a demo) the method is refused.
   */
  demoPrinter?: { setFault(fault: DemoPrinterFault): Promise<void> };
  /** The computer's name, the station's name while its setting is empty (tests give one). */
  computerName?: string;
  /** How often a key nShift could not be asked about (it did not answer) is checked again; default 30 s. */
  accountRecheckMs?: number;
  /** How many jobs run at once. 1 keeps labels in scan order, which a print-and-apply line needs. */
  concurrency?: number;
  log?: (line: string) => void;
  now?: () => Date;
  /** The Delivery client's transport options (tests shorten timeouts). */
  clientOptions?: Partial<Parameters<typeof createDeliveryClient>[0]>;
  /**
   * How order bookings' shipment numbers are batched (shipment-numbers.ts). Tests and demo mode look each up at
   * once (`maxWaitMs: 0`), as a person trying the station expects to read the number beside the label.
   */
  shipmentNumbers?: ShipmentNumbersOptions;
  /** Local index options beyond the settings (tests and benchmarks pace it differently). */
  indexOptions?: Partial<Omit<LocalIndexOptions, 'client' | 'intervalMs' | 'log'>>;
  /** Spool and driver options (tests shorten backoff and timeouts). */
  printServiceOptions?: Pick<
    PrintServiceOptions,
    'backoffMs' | 'holdAfterAttempts' | 'driverOptions' | 'clock'
  >;
  /**
   * The status-event follower's clock (epoch ms) and how often it checks whether a read is due. Tests and
   * demo mode pass the simulator's clock, so moving it moves the feed's schedule.
   */
  statusEvents?: { now?: () => number; checkEveryMs?: number };
}
