import { seedDemoData } from '../../main/simulator/demo';
import { createSimulator, type Simulator } from '../../main/simulator/server';
import type { SimDocument } from '../../main/simulator/state';
import {
  createVirtualOfficePrinter,
  type VirtualOfficePrinter,
} from '../../main/simulator/virtual-office-printer';
import { createVirtualZebra, type VirtualZebra } from '../../main/simulator/virtual-zebra';

/**
 * What a station prints against, all on 127.0.0.1: the simulator with the demo's data over HTTP, a virtual Zebra
 * for labels and a virtual office printer (a network printer's raw port) for documents.
 */
export interface PrintWorld {
  sim: Simulator;
  deliveryBaseUrl: string;
  zebra: VirtualZebra;
  office: VirtualOfficePrinter;
  /** The bytes of every document nShift made with that description, in the order it made them. */
  made(description: SimDocument['description']): Buffer[];
  close(): Promise<void>;
}

export async function startPrintWorld(): Promise<PrintWorld> {
  const sim = createSimulator();
  seedDemoData(sim);
  const { deliveryBaseUrl } = await sim.start();
  const zebra = await createVirtualZebra();
  const office = await createVirtualOfficePrinter();
  return {
    sim,
    deliveryBaseUrl,
    zebra,
    office,
    made: (description) =>
      [...sim.state.documents.values()].filter((d) => d.description === description).map((d) => d.bytes),
    async close() {
      await office.close();
      await zebra.close();
      await sim.stop();
    },
  };
}
