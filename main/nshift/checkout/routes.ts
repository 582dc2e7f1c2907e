/**
 * Every path of the Checkout service (nshift-api.md section 2) in one table. `base: 'auth'` paths hang off
 * the identity service's address, the rest off the checkout base URL.
 */
import type { HttpMethod } from '../delivery/routes';

export interface CheckoutRouteDef {
  method: HttpMethod;
  base: 'auth' | 'checkout';
  path: string;
  idempotent: boolean;
}

const r = (
  method: HttpMethod,
  path: string,
  idempotent: boolean,
  base: 'auth' | 'checkout' = 'checkout',
): CheckoutRouteDef => ({ method, path, idempotent, base });

export const CHECKOUT_ROUTES = {
  // A token request changes nothing: safe to retry with backoff (the seed recommends it).
  'token.issue': r('POST', '/idp/connect/token', true, 'auth'),
  'sessions.create': r('POST', '/options/v1/sessions/{connectionId}', false),
  'options.fetch': r('POST', '/options/v1/shipping-options/{sessionId}', true),
  'splitSessions.create': r('POST', '/options/v1/split-shipments/sessions/{checkoutConnectionId}', false),
  'splitSessions.update': r('PUT', '/options/v1/split-shipments/sessions/{sessionId}', true),
  'splitOptions.fetch': r('POST', '/options/v1/split-shipments/shipping-options/{sessionId}', true),
  'splitShipments.create': r('POST', '/shipments/v1/split-shipments/shipments', false),
  'shipments.create': r('POST', '/shipments/v1/shipments', false),
  'shipments.list': r('GET', '/shipments/v1/shipments', true),
  'shipments.get': r('GET', '/shipments/v1/shipments/{shipmentId}', true),
  'shipments.delete': r('DELETE', '/shipments/v1/shipments/{shipmentId}', true),
  'shipments.anonymize': r('POST', '/shipments/v1/shipments/{shipmentId}/anonymize', true), // (assumed)
  'shipments.anonymizeByContact': r('POST', '/shipments/v1/shipments/anonymize', true), // (assumed)
} as const satisfies Record<string, CheckoutRouteDef>;

export type CheckoutOperation = keyof typeof CHECKOUT_ROUTES;

export const DEFAULT_CHECKOUT_BASE_URL = 'https://api.nshiftportal.com/checkout';
export const DEFAULT_CHECKOUT_AUTH_URL = 'https://account.nshiftportal.com';
