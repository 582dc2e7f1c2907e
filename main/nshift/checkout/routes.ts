/**
 * Every path of the Checkout service in one table. `base: 'auth'` paths hang off the identity service's
 * address, the rest off the checkout base URL. Where each row comes from (nShift's help centre, a real client
 * of the service, the seed, or assumed) is docs/nshift-checkout-api.md; a path a real account shows otherwise is
 * a one-line change here.
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
  // Confirmed: nShift help centre (Getting started with nShift Checkout API) and every real client read.
  'token.issue': r('POST', '/idp/connect/token', true, 'auth'),
  'sessions.create': r('POST', '/options/v1/sessions/{connectionId}', true),
  'options.fetch': r('POST', '/options/v1/shipping-options/{sessionId}', true),
  // Seed, exact (split shipment); no public client uses them.
  'splitSessions.create': r('POST', '/options/v1/split-shipments/sessions/{checkoutConnectionId}', true),
  'splitSessions.update': r('PUT', '/options/v1/split-shipments/sessions/{sessionId}', true),
  'splitOptions.fetch': r('POST', '/options/v1/split-shipments/shipping-options/{sessionId}', true),
  'splitShipments.create': r('POST', '/shipments/v1/split-shipments/shipments', false),
  // Confirmed (help centre, real clients): create with `?extended-result=true`, fetch and delete by id.
  'shipments.create': r('POST', '/shipments/v1/shipments', false),
  /** The list (seed: "filter by parameters"); filters (assumed): `orderId`, `dateFrom`, `dateTo`, `page`, `size`. */
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
