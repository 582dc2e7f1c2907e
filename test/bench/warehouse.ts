import type { Summary } from './stats';

export interface WarehouseResult {
  stations: number;
  orders: number;
  contested: number;
  exactlyOnce: { booked: number; expected: number; doubleBooked: number; duplicates: number; contested: number; duplicatesMatchingSimulator: boolean };
  rate: { peakPerSecond: number; meanPerSecond: number; limitPerSecond: number; busiestEndpoint: string; busiestEndpointPeak: number; feedCalls: number; feedViolations: number };
  single: { labelsPerMinute: number; scan: Summary };
  warehouse: { labelsPerMinute: number; scan: Summary };
}

export async function runWarehouse(_options: { repoRoot: string; latencyMs: number; quick: boolean; log: (line: string) => void }): Promise<WarehouseResult> {
  throw new Error('not yet');
}
