/** What every route and workflow of the simulator shares. */
import type { SimClock } from './clock';
import type { Random } from './random';
import type { RequestStats } from './request-stats';
import type { SimState } from './state';

export interface SimContext {
  state: SimState;
  clock: SimClock;
  random: Random;
  tokenTtlMs: number;
  documentTtlMs: number;
  /** How long a print job stays QUEUED (sim clock) before it is DONE. */
  printJobMs: number;
  /** Whether a stored shipment's fetch answers its shipment data with the summary (server.ts `storedFetch`). */
  storedFetch: 'with-shipment' | 'summary';
  /** Absolute prefix for `href` values, e.g. `http://127.0.0.1:4321/ufoweb-sim-20260115/rs-extapi/v1`. */
  hrefBase: string;
  /** Requests per account, endpoint and second; the feeds' rate rule. */
  requests: RequestStats;
}

export const HOUR_MS = 60 * 60 * 1000;
