import type { Summary } from './stats';

export interface ScaleResult {
  orders: number;
  stored: number;
  limitPerSecond: number;
  firstLoad: { seconds: number; requests: number; peakPerSecond: number; meanPerSecond: number };
  refresh: { seconds: number; requests: number; newFound: number };
  indexed: { orders: number; stored: number };
  memoryMb: number;
  scans: { idle: Summary; during: Summary; medianRatio: number; p95Ratio: number };
}

export async function runScale(_options: { latencyMs: number; quick: boolean; log: (line: string) => void }): Promise<ScaleResult> {
  throw new Error('not yet');
}
