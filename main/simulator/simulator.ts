/**
 * What a simulator is to those who drive it (tests, benchmarks, demo mode, the control API, the web shop): its own
 * module, apart from createSimulator (server.ts), because the control API and the demo data drive a simulator
 * that the server serves them from, and their importing server.ts for its type made a cycle.
 */
import type { SimClock } from './clock';
import type { SimContext } from './context';
import type { Faults } from './faults';
import type { License } from './licenses';
import type { BookingRecordJson } from './records';
import type { RequestStats } from './request-stats';
import type { ApiKey, FeedCall, SimState } from './state';
import type { CheckoutClientRecord } from './checkout/state';

export interface StartOptions {
  port?: number;
  host?: string;
}

export interface StartedSimulator {
  url: string;
  deliveryBaseUrl: string;
  /** The Checkout service's base URL (`{base_url}` of section 2). */
  checkoutBaseUrl: string;
  /** The identity service's base URL (`{auth_url}`): tokens at `/idp/connect/token` below it. */
  checkoutAuthUrl: string;
}

export interface AddApiKeyInput {
  id: string;
  secret: string;
  /** Default: every licence. */
  licenses?: readonly License[];
}

export interface Simulator {
  readonly state: SimState;
  readonly clock: SimClock;
  readonly faults: Faults;
  readonly context: SimContext;
  /** Set once started. */
  readonly url: string | undefined;
  readonly deliveryBaseUrl: string | undefined;
  readonly checkoutBaseUrl: string | undefined;
  readonly checkoutAuthUrl: string | undefined;
  start(opts?: StartOptions): Promise<StartedSimulator>;
  stop(): Promise<void>;
  addApiKey(input: AddApiKeyInput): ApiKey;
  /** A Checkout API client (client id + secret); `enabled: false` models a client disabled in the portal. */
  addCheckoutClient(input: { id: string; secret: string; enabled?: boolean }): CheckoutClientRecord;
  /** A token for a key without going through HTTP (handy in tests). */
  issueToken(keyId: string): string;
  /** The carrier picked the shipment up: status IN_TRANSIT and a status event. */
  handOver(shipmentId: string): boolean;
  /** Delivered: status DELIVERED and a STATUS_DELIVERED event. */
  deliver(shipmentId: string): boolean;
  /** Every call of the batch feeds (`/shipments`, `/alerts`, `/prices/history`) and the refusals. */
  feedCalls(feed?: FeedCall['feed']): FeedCall[];
  /** While false, every Delivery API request is cut off before an answer (nShift unreachable). */
  setReachable(reachable: boolean): void;
  /** Every booking ever made. */
  records(): BookingRecordJson[];
  /** Requests per account, endpoint and second, and the feeds' rate rule (see request-stats.ts). */
  readonly requests: RequestStats;
  /** The Delivery routes it serves, each with the client operation it serves (main/simulator/operations.ts). */
  deliveryRoutes(): Array<{ method: string; pattern: string; operation: string | undefined }>;
}
