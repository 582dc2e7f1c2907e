import type { PrinterConfig } from '../../../preload/api';
import type { SpoolAwareDriver } from '../driver';
import type { PrintJobApi } from '../print-job-api';
import { createFileDriver } from './file';
import type { OsQueueOptions } from './os-queue';
import { createOsQueueDriver } from './os-queue';
import type { PrintClientOptions } from './print-client';
import { createPrintClientDriver } from './print-client';
import type { RawTcpOptions } from './raw-tcp';
import { createRawTcpDriver } from './raw-tcp';
import type { ZplTcpOptions } from './zpl-tcp';
import { createZplTcpDriver } from './zpl-tcp';

export interface DriverFactoryOptions {
  dataDir: string;
  printJobApi?: PrintJobApi;
  zplTcp?: ZplTcpOptions;
  rawTcp?: RawTcpOptions;
  osQueue?: OsQueueOptions;
  printClient?: Omit<PrintClientOptions, 'api'>;
}

/** One driver per printer config, by kind. */
export function createDriver(config: PrinterConfig, options: DriverFactoryOptions): SpoolAwareDriver {
  switch (config.kind) {
    case 'zpl-tcp':
      return createZplTcpDriver(config, options.zplTcp);
    case 'os-queue':
      return createOsQueueDriver(config, options.osQueue);
    case 'print-client':
      return createPrintClientDriver(config, {
        ...options.printClient,
        ...(options.printJobApi ? { api: options.printJobApi } : {}),
      });
    case 'file':
      return createFileDriver(config, { dataDir: options.dataDir });
    case 'raw-tcp':
      return createRawTcpDriver(config, options.rawTcp);
  }
}

export {
  createZplTcpDriver,
  createOsQueueDriver,
  createPrintClientDriver,
  createFileDriver,
  createRawTcpDriver,
};
export { discoverOsQueues } from './os-queue';
