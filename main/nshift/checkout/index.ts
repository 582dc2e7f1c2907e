/** The nShift Checkout client: import from here. */
export { createCheckoutClient } from './client';
export type {
  CheckoutClient,
  CheckoutClientOptions,
  CheckoutCredentials,
  CheckoutError,
  ManagedResource,
} from './client';
export { sessionSchema, partialShipmentSchema } from './schemas';
export type {
  CheckoutJson,
  CheckoutRecord,
  CheckoutSession,
  PartialShipment,
  PartialShipmentFilter,
  SplitBody,
} from './schemas';
export { SESSION_LIFETIME_MS } from './sessions';
export { CHECKOUT_ROUTES, DEFAULT_CHECKOUT_AUTH_URL, DEFAULT_CHECKOUT_BASE_URL } from './routes';
export type { CheckoutOperation, CheckoutRouteDef } from './routes';
