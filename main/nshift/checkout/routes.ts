/**
 * Every path of the Checkout service (nshift-api.md section 2, seed 000) in one table. `base: 'auth'` paths
 * hang off the identity service's address, the rest off the checkout base URL.
 *
 * The seed gives the token and the four split paths exactly; nshift-api.md adds the single-shipment ones.
 * Every row marked (assumed) is a path no public material shows: a real account that shows otherwise is a
 * one-line change here (main/nshift/README.md lists them too).
 *
 * Retries: sessions and options only create throw-away state (an unused session expires), so they are
 * retried like reads; creating a partial shipment is the one step that must not happen twice blindly.
 */
import type { RouteDef } from '../shared/routes';

export interface CheckoutRouteDef extends RouteDef {
  base: 'auth' | 'checkout';
}

type Method = RouteDef['method'];
const r = (method: Method, path: string, idempotent: boolean, base: 'auth' | 'checkout' = 'checkout') => ({
  method,
  path,
  idempotent,
  base,
});
/** The five operations of a managed resource (senders, configurations, connections): all (assumed). */
const crud = <P extends string, Id extends string>(prefix: P, id: Id, path: string) =>
  ({
    [`${prefix}.list`]: r('GET', path, true),
    [`${prefix}.create`]: r('POST', path, false),
    [`${prefix}.get`]: r('GET', `${path}/{${id}}`, true),
    [`${prefix}.update`]: r('PUT', `${path}/{${id}}`, true),
    [`${prefix}.delete`]: r('DELETE', `${path}/{${id}}`, true),
  }) as Record<`${P}.${'list' | 'create' | 'get' | 'update' | 'delete'}`, CheckoutRouteDef>;

export const CHECKOUT_ROUTES = {
  // Seed, exact. A token request changes nothing: safe to retry with backoff (the seed recommends it).
  'token.issue': r('POST', '/idp/connect/token', true, 'auth'),
  // nshift-api.md section 2 (single shipment).
  'sessions.create': r('POST', '/options/v1/sessions/{connectionId}', true),
  'options.fetch': r('POST', '/options/v1/shipping-options/{sessionId}', true),
  // Seed, exact (split shipment).
  'splitSessions.create': r('POST', '/options/v1/split-shipments/sessions/{checkoutConnectionId}', true),
  'splitSessions.update': r('PUT', '/options/v1/split-shipments/sessions/{sessionId}', true),
  'splitOptions.fetch': r('POST', '/options/v1/split-shipments/shipping-options/{sessionId}', true),
  'splitShipments.create': r('POST', '/shipments/v1/split-shipments/shipments', false),
  // Partial shipments: nshift-api.md section 2.
  'shipments.create': r('POST', '/shipments/v1/shipments', false),
  /** Filters (assumed): `orderNo`, `dateFrom`, `dateTo` (YYYY-MM-DD, inclusive), `page`, `size`. */
  'shipments.list': r('GET', '/shipments/v1/shipments', true),
  'shipments.get': r('GET', '/shipments/v1/shipments/{shipmentId}', true),
  'shipments.delete': r('DELETE', '/shipments/v1/shipments/{shipmentId}', true),
  'shipments.anonymize': r('POST', '/shipments/v1/shipments/{shipmentId}/anonymize', true), // (assumed)
  'shipments.anonymizeByContact': r('POST', '/shipments/v1/shipments/anonymize', true), // (assumed)
  // Management API (optional in the seed): every path (assumed).
  ...crud('senders', 'senderId', '/management/v1/senders'),
  ...crud('configurations', 'configurationId', '/management/v1/configurations'),
  'configurations.getStatus': r('GET', '/management/v1/configurations/{configurationId}/status', true),
  'configurations.updateStatus': r('PUT', '/management/v1/configurations/{configurationId}/status', true),
  'configurations.versions': r('GET', '/management/v1/configurations/{configurationId}/versions', true),
  ...crud('connections', 'connectionId', '/management/v1/connections'),
  /** (assumed) `?dateFrom=&dateTo=` (YYYY-MM-DD, both inclusive) → `text/csv`. */
  'metrics.fetch': r('GET', '/metrics/v1/usage', true),
} as const satisfies Record<string, CheckoutRouteDef>;

export type CheckoutOperation = keyof typeof CHECKOUT_ROUTES;

export const DEFAULT_CHECKOUT_BASE_URL = 'https://api.nshiftportal.com/checkout';
export const DEFAULT_CHECKOUT_AUTH_URL = 'https://account.nshiftportal.com';
