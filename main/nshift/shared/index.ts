/** What both nShift clients share that code outside main/nshift/ may use: import from here. */
export type { ApiError, AuthReason, NetworkCause, ValidationItem } from './errors';
export { describeApiError } from './errors';
export type { ApiKey, ApiKeySource } from './token-manager';
export { RequestRate } from './request-rate';
