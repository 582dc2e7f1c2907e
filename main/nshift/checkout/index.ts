/** The nShift Checkout client: import from here. */
export { createCheckoutClient, sessionSchema } from './client';
export type {
  CheckoutClient,
  CheckoutClientOptions,
  CheckoutCredentials,
  CheckoutError,
  CheckoutSession,
  CheckoutJson,
} from './client';
export { CHECKOUT_ROUTES, DEFAULT_CHECKOUT_AUTH_URL, DEFAULT_CHECKOUT_BASE_URL } from './routes';
export type { CheckoutOperation, CheckoutRouteDef } from './routes';
