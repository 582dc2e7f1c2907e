/** The nShift Delivery API client: import from here. */
export { createDeliveryClient } from './client';
export type { DeliveryClient, DeliveryClientOptions, ApiKey, ApiKeySource } from './client';
export type { FeedOptions, Feed } from './feeds';
export type { ConsolidatedDeletion } from './consolidated';
export type { DeliveryError, DeliveryErrorKind, ValidationItem, NetworkCause, AuthReason } from './errors';
export { describeDeliveryError } from './errors';
export type { PreparedBookOptions, PreparedShipments } from './prepared-shipments';
export { consolidationKeyOf, isConsolidateOption } from './consolidation';
export { ROUTES } from './routes';
export type { OperationName, RouteDef } from './routes';
export type * from './schemas';
export type * from './types';
export { fetchInBatches, createFileFetchIdStore, createMemoryFetchIdStore } from './batches';
export type { FetchIdStore, FeedName } from './batches';
export { createFeedRateGuard, FEED_MIN_INTERVAL_MS } from './feed-rate';
export type { FeedRateGuard, FeedRateState, FeedSlot } from './feed-rate';
export {
  documentsFromPrints,
  documentsFromShipmentResult,
  zplCharsetOf,
  zplCharsetOfDocument,
  acceptFor,
  printTargets,
} from './documents';
export type { DocumentContext, DocumentOwner } from './documents';
