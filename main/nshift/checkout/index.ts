/** The nShift Checkout client: import from here. */
export { createCheckoutClient } from './client';
export type {
  CheckoutClient,
  CheckoutClientOptions,
  CheckoutCredentials,
  CheckoutError,
  ManagedResource,
} from './client';
export {
  sessionSchema,
  partialShipmentSchema,
  contextBodySchema,
  partialShipmentRequestSchema,
  splitShipmentsRequestSchema,
} from './schemas';
export type {
  CheckoutAddress,
  CheckoutJson,
  CheckoutOptions,
  CheckoutPackage,
  CheckoutRecord,
  CheckoutSession,
  ContextBody,
  DeliveryOption,
  PartialShipment,
  PartialShipmentFilter,
  PartialShipmentRequest,
  SplitBody,
  SplitOptions,
  SplitShipmentsRequest,
} from './schemas';
export { prepareIdOf } from './prepared';
export { SESSION_LIFETIME_MS } from './sessions';
export { CHECKOUT_ROUTES, DEFAULT_CHECKOUT_AUTH_URL, DEFAULT_CHECKOUT_BASE_URL } from './routes';
export type { CheckoutOperation, CheckoutRouteDef } from './routes';
