/**
 * Every path of the Delivery API (rs-extapi v1) in one table. Paths marked (assumed) in
 * docs/nshift-api.md live here and nowhere else, so a real account that shows otherwise is a one-line fix.
 *
 * `idempotent` decides retries: only idempotent routes are retried on network errors and 5xx/429/503.
 * A non-idempotent route whose request may have reached the server ends as `outcome_unknown`.
 * `license` names the nShift licence key a 403 most likely means is missing (seed's licence table).
 */

import type { RouteDef } from '../shared/routes';

export type { HttpMethod, Query, QueryValue, RouteDef } from '../shared/routes';
export { buildPath, joinUrl, queryString } from '../shared/routes';

const PRINT = 'REST API Print';
const TRACKBACK = 'REST API TrackBack';
const DISCARD = 'REST API Discard';
const STORE = 'REST API Store';
const DELIVERY_CHECKOUT = 'REST API Delivery checkout';
const PRINT_CONSOLIDATION = 'REST API Print and Consolidation';
const DISCARD_CONSOLIDATION = 'REST API Discard and Consolidation';
const ADDRESS_BOOK = 'REST API AddressBook';
const HISTORY = 'REST API Shipment History';
const PRICE = 'REST API price enquiry';
const STATUS_EVENTS = 'REST API Status events';
const ONBOARDING = 'REST API Onboarding';

const get = (path: string, license?: string): RouteDef => ({
  method: 'GET',
  path,
  license,
  idempotent: true,
});
const put = (path: string, license?: string): RouteDef => ({
  method: 'PUT',
  path,
  license,
  idempotent: true,
});
const patch = (path: string, license?: string): RouteDef => ({
  method: 'PATCH',
  path,
  license,
  idempotent: false,
});
const del = (path: string, license?: string): RouteDef => ({
  method: 'DELETE',
  path,
  license,
  idempotent: true,
});
/** A POST that creates something: never retried. */
const post = (path: string, license?: string): RouteDef => ({
  method: 'POST',
  path,
  license,
  idempotent: false,
});
/** A POST that only reads (price enquiry, a feed page by fetchId): safe to repeat. */
const postQuery = (path: string, license?: string): RouteDef => ({
  method: 'POST',
  path,
  license,
  idempotent: true,
});

export const ROUTES = {
  // 1.1 authentication
  'sessions.token': get('/sessions/jwt'),

  // 1.9 address book
  'senders.create': post('/senders'),
  'senders.list': get('/senders'),
  'senders.get': get('/senders/{senderId}'),
  'senders.update': patch('/senders/{senderId}'),
  'senders.replace': put('/senders/{senderId}'),
  'senders.delete': del('/senders/{senderId}'),
  'receivers.create': post('/receivers'),
  'receivers.fetch': get('/receivers', ADDRESS_BOOK),
  'receivers.get': get('/receivers/{receiverId}', ADDRESS_BOOK),
  'receivers.replace': put('/receivers/{receiverId}'),
  'receivers.update': patch('/receivers/{receiverId}'),
  'receivers.delete': del('/receivers/{receiverId}'),

  // 1.3 shipments and documents
  'shipments.create': post('/shipments', PRINT),
  'shipments.printedFeed': get('/shipments', TRACKBACK),
  'shipments.cancel': del('/shipments/{shipmentId}', DISCARD),
  'shipments.copyPrints': post('/shipments/{shipmentId}/prints', PRINT),
  'shipments.listPrints': get('/shipments/{shipmentId}/prints', PRINT),
  'shipments.fetchPrint': get('/shipments/{shipmentId}/prints/{printId}', PRINT),
  'shipments.copyPdfs': post('/shipments/{shipmentId}/pdfs', PRINT),
  'shipments.listPdfs': get('/shipments/{shipmentId}/pdfs', PRINT),
  'shipments.fetchPdf': get('/shipments/{shipmentId}/pdfs/{pdfId}', PRINT),
  /** Any document by its `href`, followed as given (the path here is only for logs). */
  'documents.fetchByHref': get('{href}', PRINT),

  // 1.4 stored shipments
  'storedShipments.create': post('/stored-shipments', STORE),
  'storedShipments.list': get('/stored-shipments', STORE),
  'storedShipments.get': get('/stored-shipments/{storedId}', DELIVERY_CHECKOUT),
  'storedShipments.replace': put('/stored-shipments/{storedId}', STORE),
  'storedShipments.delete': del('/stored-shipments/{storedId}', STORE),
  'storedShipments.book': post('/stored-shipments/{storedId}/shipments', PRINT),

  // --- prepared shipments: a Checkout partial shipment in Delivery (docs/nshift-checkout-api.md, "Prepared
  // shipments"; nShift help centre article 7553024469404). Paths confirmed; licences assumed. Book: body the
  // print configuration, query `returnFile`, `keepPreparedShipment`.
  'preparedShipments.get': get('/prepared-shipments/{prepareId}', DELIVERY_CHECKOUT),
  'preparedShipments.delete': del('/prepared-shipments/{prepareId}', DELIVERY_CHECKOUT),
  'preparedShipments.book': post('/prepared-shipments/{prepareId}/shipments', PRINT),
  'preparedShipments.toStored': post('/prepared-shipments/{prepareId}/stored-shipments', STORE),
  // --- end of prepared shipments

  // 1.5 consolidated shipments
  'consolidated.create': post('/consolidated-shipments', PRINT_CONSOLIDATION),
  'consolidated.listOpen': get('/consolidated-shipments', PRINT_CONSOLIDATION),
  'consolidated.delete': del('/consolidated-shipments/{consolidatedId}', DISCARD_CONSOLIDATION),
  'consolidated.deleteParcelGroup': del(
    '/consolidated-shipments/{consolidatedId}/parcel-groups/{partOrderNo}',
    DISCARD_CONSOLIDATION,
  ), // (assumed)
  'consolidated.close': post('/consolidated-shipments/{consolidatedId}/shipments', PRINT_CONSOLIDATION),
  'consolidated.listPrints': get('/consolidated-shipments/{consolidatedId}/prints', PRINT_CONSOLIDATION),
  'consolidated.fetchPrint': get(
    '/consolidated-shipments/{consolidatedId}/prints/{printId}',
    PRINT_CONSOLIDATION,
  ),
  // The seed's consolidated PDF list (query `inlinePdf`) and PDF fetch, under the legacy `pdfs` name the
  // shipments' PDF routes use (assumed).
  'consolidated.listPdfs': get('/consolidated-shipments/{consolidatedId}/pdfs', PRINT_CONSOLIDATION),
  'consolidated.fetchPdf': get('/consolidated-shipments/{consolidatedId}/pdfs/{pdfId}', PRINT_CONSOLIDATION),

  // 1.6 manifests (assumed paths). The seed's five fetches: documents (`listPrints`, `fetchPrint`), the PDF
  // (`fetchPdf`), the printed manifest (`get`), the shipments with their filters (`shipments`: searchField
  // orderNo/shipmentNo/parcelNo/reference, searchOp, searchValue, carrierId, serviceId, status), the PDF list
  // (`listPdfs`, query `inlinePdf`).
  'manifests.create': post('/manifests', PRINT),
  'manifests.list': get('/manifests'),
  'manifests.get': get('/manifests/{manifestType}/{manifestId}'), // (assumed)
  'manifests.shipments': get('/manifests/{manifestType}/{manifestId}/shipments'),
  'manifests.listPrints': get('/manifests/{manifestType}/{manifestId}/prints'),
  'manifests.fetchPrint': get('/manifests/{manifestType}/{manifestId}/prints/{printId}'),
  'manifests.listPdfs': get('/manifests/{manifestType}/{manifestId}/pdfs'), // (assumed)
  'manifests.fetchPdf': get('/manifests/{manifestType}/{manifestId}/pdfs/{pdfId}'), // (assumed)
  'manifests.copy': post('/manifests/{manifestType}/{manifestId}/prints', PRINT),

  // 1.9 waybills (assumed)
  'waybills.list': get('/waybills'),
  'waybills.get': get('/waybills/{waybillId}'),
  'waybills.create': post('/waybills', PRINT),

  // 1.9 history (assumed path)
  'history.search': get('/shipment-history', HISTORY),

  // 1.7 print client, printers, jobs
  'printClients.list': get('/print/clients'),
  'printClients.get': get('/print/clients/{clientId}'),
  'printClients.printers': get('/print/clients/{clientId}/printers'),
  'printers.list': get('/print/printers'),
  'printers.get': get('/print/printers/{printerId}'),
  'printJobs.list': get('/print/jobs'),
  'printJobs.get': get('/print/jobs/{printJobId}'),
  'printJobs.createForShipment': post('/shipments/{shipmentId}/prints/{printId}/print-jobs', PRINT), // (assumed)
  'printJobs.createForConsolidated': post(
    '/consolidated-shipments/{consolidatedId}/prints/{printId}/print-jobs',
    PRINT,
  ), // (assumed)
  'printJobs.createForManifest': post('/manifests/{manifestId}/prints/{printId}/print-jobs', PRINT), // (assumed)

  // 1.9 prices, status events, code lists
  'prices.fetch': postQuery('/prices', PRICE),
  'prices.historyFeed': postQuery('/prices/history', PRICE), // (assumed path)
  'alerts.feed': get('/alerts', STATUS_EVENTS),
  'codeLists.partners': get('/meta/lists/partners', STORE),

  // 1.9 onboarding (assumed paths)
  'onboarding.accounts': get('/onboarding/accounts', ONBOARDING),
  'onboarding.createApplication': post('/onboarding/applications', ONBOARDING),
  'onboarding.applicationLanguage': get('/onboarding/applications/{applicationId}/language', ONBOARDING),
  'onboarding.language': get('/onboarding/language', ONBOARDING),

  // 1.8 order management (assumed paths)
  'orderChannels.list': get('/order-channels'),
  'orderChannels.create': post('/order-channels'),
  'orderChannels.get': get('/order-channels/{orderChannelId}'),
  'orderChannels.update': put('/order-channels/{orderChannelId}'),
  'orderChannels.delete': del('/order-channels/{orderChannelId}'),
  'orderChannels.types': get('/order-channels/types'),
  'orders.list': get('/orders'),
  'orders.create': post('/orders'),
  'orders.get': get('/orders/{orderId}'),
  'orders.update': put('/orders/{orderId}'),
  'orders.delete': del('/orders/{orderId}'),
  'orders.createShipment': post('/orders/shipments'),
  'comments.create': post('/comments'),
  'comments.get': get('/comments/{commentId}'),
  'comments.delete': del('/comments/{commentId}'),
  'deliveryOptions.list': get('/delivery-options'),
  'deliveryOptions.create': post('/delivery-options'),
  'deliveryOptions.get': get('/delivery-options/{deliveryOptionId}'),
  'deliveryOptions.update': put('/delivery-options/{deliveryOptionId}'),
  'deliveryOptions.delete': del('/delivery-options/{deliveryOptionId}'),
  'deliveryOptions.createRate': post('/delivery-options/{deliveryOptionId}/rates'),

  // 1.9 webhooks (assumed): the nine operations
  'webhooks.list': get('/webhooks'),
  'webhooks.create': post('/webhooks'),
  'webhooks.get': get('/webhooks/{webhookId}'),
  'webhooks.update': put('/webhooks/{webhookId}'),
  'webhooks.delete': del('/webhooks/{webhookId}'),
  'webhooks.events': get('/webhooks/{webhookId}/events'),
  'webhooks.event': get('/webhooks/{webhookId}/events/{webhookEventId}'),
  'webhooks.test': post('/webhooks/{webhookId}/test'),
  'webhooks.resend': post('/webhooks/{webhookId}/events/{webhookEventId}/resend'),
} as const satisfies Record<string, RouteDef>;

export type OperationName = keyof typeof ROUTES;
