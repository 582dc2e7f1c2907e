import { join } from 'node:path';
import { readFileIfExists, writeFileAtomic } from '../../files/atomic';
import type { ApiKey } from '../../settings/store';
import { createSimulator, type Simulator } from '../../simulator/server';
import {
  DEMO_API_KEY_ID,
  DEMO_API_KEY_SECRET,
  seedDemoDataWithCheckout,
  type DemoSample,
} from '../../simulator/demo';
import { CHECKOUT_DEMO_CLIENT_ID, CHECKOUT_DEMO_CLIENT_SECRET } from '../../simulator/checkout/account';
import { createVirtualZebra, type VirtualZebra } from '../../simulator/virtual-zebra';
import type { StationOptions } from '../../station/station';
import type { DemoPrinterFault } from '../../../preload/api';

/** Demo mode: the nShift simulator and a virtual Zebra in this process, so a fresh machine can do the main job. */
export interface Demo {
  simulator: Simulator;
  zebra: VirtualZebra;
  deliveryUrl: string;
  labelPrinterUrl: string;
  apiKey: ApiKey;
  /** The demo station has Checkout credentials too, so the two "nothing found" messages can be seen. */
  checkout: { baseUrl: string; authUrl: string; key: ApiKey };
  samples: DemoSample[];
  /**
   * The station runs its status-event schedule on the simulator's clock (checked every second), so moving
   * that clock forward through the control API brings the carriers' events in without waiting minutes; and it
   * looks up each order booking's shipment number at once rather than in batches.
   */
  stationOptions: Pick<StationOptions, 'statusEvents' | 'shipmentNumbers'>;
  /** The virtual Zebra works, is switched off (refuses connections) or reports out of paper or its head open. */
  setLabelPrinterFault(fault: DemoPrinterFault): Promise<void>;
  stop(): Promise<void>;
}

export async function startDemo(
  options: {
    log?: (line: string) => void;
    zebraPort?: number;
    simulatorPort?: number;
    /** The simulator's block of ids (claimDemoIdBlock): 0, the documented ids, for a demo's own fresh folder. */
    idBlock?: number;
  } = {},
): Promise<Demo> {
  // Carriers move booked shipments on as time passes, so History shows a tracking timeline in demo mode too.
  const simulator = createSimulator({ carrierProgress: true, idBlock: options.idBlock ?? 0 });
  const started = await simulator.start({ port: options.simulatorPort ?? 0 });
  let zebra: VirtualZebra;
  let samples: DemoSample[];
  try {
    // The split orders are made the real way: a web shop's checkout over HTTP (token, session, options, partial
    // shipments), which the simulated Checkout turns into prepared shipments in Delivery.
    samples = await seedDemoDataWithCheckout(simulator);
    zebra = await createVirtualZebra({ port: options.zebraPort ?? 0 });
  } catch (error) {
    await simulator.stop(); // half a demo is no demo: nothing stays listening
    throw error;
  }
  options.log?.(
    `demo: nShift simulator at ${started.deliveryBaseUrl} (Checkout at ${started.checkoutBaseUrl}), virtual Zebra at tcp://${zebra.host}:${zebra.port}`,
  );
  return {
    simulator,
    zebra,
    deliveryUrl: started.deliveryBaseUrl,
    labelPrinterUrl: `tcp://${zebra.host}:${zebra.port}`,
    apiKey: { id: DEMO_API_KEY_ID, secret: DEMO_API_KEY_SECRET },
    checkout: {
      baseUrl: started.checkoutBaseUrl,
      authUrl: started.checkoutAuthUrl,
      key: { id: CHECKOUT_DEMO_CLIENT_ID, secret: CHECKOUT_DEMO_CLIENT_SECRET },
    },
    samples,
    stationOptions: {
      statusEvents: { now: () => simulator.clock.now(), checkEveryMs: 1000 },
      // Someone trying the station reads the shipment number beside each label at once; the simulated account
      // has no load to save by batching the look-ups.
      shipmentNumbers: { maxWaitMs: 0 },
    },
    async setLabelPrinterFault(fault) {
      if (fault === 'offline') return zebra.offline();
      await zebra.online();
      zebra.normal();
      zebra.status(fault === 'none' ? [] : fault);
    },
    async stop() {
      await zebra.close();
      await simulator.stop();
    },
  };
}

/** Where a kept demo folder counts the demo runs it has seen. */
const DEMO_RUNS_FILE = 'demo-runs.json';

/**
 * The block of simulator ids for a demo run on a kept data folder (`--demo --data-dir DIR`): each run on the same
 * folder takes the next one. The simulator starts empty every run and would hand out shipment ids the folder's
 * journal and label cache already hold for other orders (a reprint then printed another receiver's label).
 */
export async function claimDemoIdBlock(dataDir: string): Promise<number> {
  const file = join(dataDir, DEMO_RUNS_FILE);
  let runs = 0;
  try {
    const parsed: unknown = JSON.parse((await readFileIfExists(file))?.toString('utf8') ?? '{"runs":0}');
    const counted = (parsed as { runs?: unknown } | null)?.runs;
    if (typeof counted === 'number' && Number.isSafeInteger(counted) && counted >= 0) runs = counted;
  } catch {
    // A garbled count names no block; one of the high ones picked by the minute is far from any counted run.
    runs = 100 + (Math.floor(Date.now() / 60_000) % 700);
  }
  await writeFileAtomic(file, `${JSON.stringify({ runs: runs + 1 })}\n`);
  return runs;
}
