/**
 * Every path of the Delivery API (rs-extapi v1) in one table, and where each comes from. The client calls
 * these rows; the simulator serves the same rows by operation name (main/simulator/operations.ts), so the two
 * cannot drift. docs/nshift-api.md is this table in words, with the counts; a test keeps the two equal.
 *
 * `source` says what public material shows each row (nShift's help centre, Unifaun's RAML, real clients of
 * the service): nShift's own documentation wins (docs/nshift-api.md). A row marked `assumed` is a one-line change
 * when a real account shows otherwise.
 *
 * `idempotent` decides retries: only idempotent routes are retried on network errors and 5xx/429/503.
 * A non-idempotent route whose request may have reached the server ends as `outcome_unknown`.
 * `license` names the nShift licence key a 403 most likely means is missing (docs/nshift-api.md 1.1).
 */

import type { RouteDef, RouteSource } from '../shared/routes';

export type { HttpMethod, Query, QueryValue, RouteDef, RouteSource } from '../shared/routes';
export { buildPath, joinUrl, queryString } from '../shared/routes';

const PRINT = 'REST API Print';
const TRACKBACK = 'REST API TrackBack';
const DISCARD = 'REST API Discard';
const STORE = 'REST API Store';
const DELIVERY_CHECKOUT = 'REST API Delivery checkout';
/**
 * Consolidated shipments need two keys, "REST API Print and Consolidation" (or Discard for the deletes; Unifaun's
 * RAML). A 403 that names none most likely means the second: a station that books at all holds the first.
 */
const CONSOLIDATION = 'Consolidation';
const ADDRESS_BOOK = 'REST API AddressBook';
const HISTORY = 'REST API Shipment History';
const PRICE = 'REST API price enquiry';
const STATUS_EVENTS = 'REST API Status events';
const ONBOARDING = 'REST API Onboarding';

/** The public material the rows cite (docs/nshift-api.md, "Sources", says what each shows). */
export const SOURCES = {
  shipments: 'https://helpcenter.nshift.com/hc/en-us/articles/7471973291292-Integration-via-API-shipments',
  printedFeed: 'https://developers.nshiftone.com/delivery/shipments/get-shipments',
  stored: 'https://help.unifaun.com/uo-se/en/integrations/apiconnect/stored-shipments.html',
  consolidated:
    'https://help.unifaun.com/uo-dk/da/-en--integrations/-en--apiconnect/-en--consolidated-shipments.html',
  manifests:
    'https://helpcenter.nshift.com/hc/en-us/articles/7413383935516-Integration-via-API-shipment-manifests',
  waybills: 'https://helpcenter.nshift.com/hc/en-us/articles/7475474830364',
  prepared: 'https://helpcenter.nshift.com/hc/en-us/articles/7553024469404',
  print: 'https://helpcenter.nshift.com/hc/en-us/articles/9466306501276-Integration-via-API-print',
  alerts: 'https://helpcenter.nshift.com/hc/en-us/articles/10676128243356-Integration-via-API-alerts',
  prices: 'https://help.unifaun.com/uo-se/en/integrations/price-via-api/price.html',
  priceAnswer: 'https://helpcenter.nshift.com/hc/en-us/articles/10663465999260',
  senders: 'https://help.unifaun.com/uo-se/en/integrations/address-book-via-api/senders.html',
  receivers: 'https://help.unifaun.com/uo-se/en/integrations/address-book-via-api/receivers.html',
  raml: 'tipishev/unifaun-rest-client raml/root-resource-v1.raml',
  solidus: 'futhr/solidus_nshift lib/solidus_nshift/delivery/client.rb',
  polr: 'PolrSE/Unifaun.Rest.Client src/Unifaun.Rest.Client/UnifaunRestClient.cs',
  forss: 'forss-it/unifaun src/Unifaun.php',
} as const;

const cite = (...refs: string[]) => refs.join(' · ');
const confirmed = (ref: string, note?: string): RouteSource => ({
  status: 'confirmed',
  ref,
  ...(note ? { note } : {}),
});
const fixed = (ref: string, note?: string): RouteSource => ({
  status: 'fixed',
  ref,
  ...(note ? { note } : {}),
});
const seed = (note?: string): RouteSource => ({ status: 'seed', ...(note ? { note } : {}) });
const assumed = (note?: string, ref?: string): RouteSource => ({
  status: 'assumed',
  ...(ref ? { ref } : {}),
  ...(note ? { note } : {}),
});
/** An operation nShift's print article names, under a path that could not be read there. */
const printArticle = (what: string) => assumed(`"${what}"; path not readable`, SOURCES.print);
/** An operation the shipment-manifests article names, placed under its documented root. */
const manifestArticle = (what: string) => assumed(`${what}, under the documented root`, SOURCES.manifests);
/** Order management, webhooks and onboarding: no public page shows their paths (docs/nshift-api.md 1.8). */
const ORDER_MANAGEMENT = assumed('the seed names the operation, not its path; no public page shows it');

const route =
  (method: RouteDef['method'], idempotent: boolean) =>
  (path: string, source: RouteSource, license?: string): RouteDef => ({
    method,
    path,
    license,
    idempotent,
    source,
  });
const get = route('GET', true);
const put = route('PUT', true);
const patch = route('PATCH', false);
const del = route('DELETE', true);
/** A POST that creates something: never retried. */
const post = route('POST', false);
/** A POST that only reads (price enquiry, a feed page by fetchId): safe to repeat. */
const postQuery = route('POST', true);

export const ROUTES = {
  // 1.1 authentication
  'sessions.token': get('/sessions/jwt', seed('the RAML documents the bearer token, not the exchange path')),

  // 1.9 address book: `/addresses/…`, and a list needs `page` (from 0, 50 a page). An earlier `/senders`,
  // `/receivers` were shorthand. One sender is fetched through the list (`senderId`): no GET by id shown.
  'senders.create': post('/addresses/senders', fixed(SOURCES.senders)),
  'senders.list': get(
    '/addresses/senders',
    fixed(SOURCES.senders, 'query page (required), quickId, senderId, since'),
  ),
  'senders.update': patch('/addresses/senders/{senderId}', fixed(SOURCES.senders)),
  'senders.replace': put('/addresses/senders/{senderId}', fixed(SOURCES.senders)),
  'senders.delete': del('/addresses/senders/{senderId}', fixed(SOURCES.senders)),
  'receivers.create': post('/addresses/receivers', fixed(SOURCES.receivers)),
  'receivers.fetch': get(
    '/addresses/receivers',
    fixed(SOURCES.receivers, 'query page (required), quickId, receiverId, since'),
    ADDRESS_BOOK,
  ),
  'receivers.replace': put('/addresses/receivers/{receiverId}', fixed(SOURCES.receivers)),
  'receivers.update': patch('/addresses/receivers/{receiverId}', fixed(SOURCES.receivers)),
  'receivers.delete': del('/addresses/receivers/{receiverId}', fixed(SOURCES.receivers)),

  // 1.3 shipments and documents
  'shipments.create': post(
    '/shipments',
    confirmed(cite(SOURCES.shipments, SOURCES.raml, SOURCES.solidus)),
    PRINT,
  ),
  'shipments.printedFeed': get('/shipments', confirmed(cite(SOURCES.printedFeed, SOURCES.raml)), TRACKBACK),
  'shipments.cancel': del(
    '/shipments/{shipmentId}',
    confirmed(cite(SOURCES.shipments, SOURCES.raml)),
    DISCARD,
  ),
  'shipments.copyPrints': post('/shipments/{shipmentId}/prints', seed(), PRINT),
  'shipments.listPrints': get(
    '/shipments/{shipmentId}/prints',
    confirmed(cite(SOURCES.shipments, SOURCES.solidus)),
    PRINT,
  ),
  'shipments.fetchPrint': get(
    '/shipments/{shipmentId}/prints/{printId}',
    confirmed(cite(SOURCES.shipments, SOURCES.solidus)),
    PRINT,
  ),
  'shipments.copyPdfs': post(
    '/shipments/{shipmentId}/pdfs',
    assumed('the seed names a PDF copy, not its path'),
    PRINT,
  ),
  'shipments.listPdfs': get(
    '/shipments/{shipmentId}/pdfs',
    confirmed(SOURCES.raml, 'the legacy PDF list'),
    PRINT,
  ),
  'shipments.fetchPdf': get(
    '/shipments/{shipmentId}/pdfs/{pdfId}',
    confirmed(cite(SOURCES.raml, SOURCES.forss)),
    PRINT,
  ),
  /** Any document by its `href`, followed as given (the path here is only for logs). */
  'documents.fetchByHref': get(
    '{href}',
    confirmed(SOURCES.shipments, 'documents are returned as a URL'),
    PRINT,
  ),

  // 1.4 stored shipments
  'storedShipments.create': post(
    '/stored-shipments',
    confirmed(cite(SOURCES.stored, SOURCES.raml, SOURCES.polr)),
    STORE,
  ),
  'storedShipments.list': get('/stored-shipments', confirmed(cite(SOURCES.stored, SOURCES.raml)), STORE),
  'storedShipments.get': get('/stored-shipments/{storedId}', seed(), DELIVERY_CHECKOUT),
  'storedShipments.replace': put('/stored-shipments/{storedId}', seed(), STORE),
  'storedShipments.delete': del(
    '/stored-shipments/{storedId}',
    confirmed(cite(SOURCES.stored, SOURCES.raml)),
    STORE,
  ),
  'storedShipments.book': post(
    '/stored-shipments/{storedId}/shipments',
    confirmed(cite(SOURCES.stored, SOURCES.raml)),
    PRINT,
  ),

  // --- prepared shipments: a Checkout partial shipment in Delivery (docs/nshift-checkout-api.md, "Prepared
  // shipments"; nShift help centre article 7553024469404). Paths confirmed; licences assumed. Book: body the
  // print configuration, query `returnFile`, `keepPreparedShipment`.
  'preparedShipments.get': get(
    '/prepared-shipments/{prepareId}',
    confirmed(SOURCES.prepared, 'licence assumed'),
    DELIVERY_CHECKOUT,
  ),
  'preparedShipments.delete': del(
    '/prepared-shipments/{prepareId}',
    confirmed(SOURCES.prepared, 'licence assumed'),
    DELIVERY_CHECKOUT,
  ),
  'preparedShipments.book': post(
    '/prepared-shipments/{prepareId}/shipments',
    confirmed(SOURCES.prepared, 'licence and body (the print configuration) assumed'),
    PRINT,
  ),
  'preparedShipments.toStored': post(
    '/prepared-shipments/{prepareId}/stored-shipments',
    confirmed(SOURCES.prepared, 'licence assumed'),
    STORE,
  ),
  // --- end of prepared shipments

  // 1.5 consolidated shipments
  'consolidated.create': post(
    '/consolidated-shipments',
    confirmed(cite(SOURCES.consolidated, SOURCES.raml)),
    CONSOLIDATION,
  ),
  'consolidated.listOpen': get(
    '/consolidated-shipments',
    confirmed(cite(SOURCES.consolidated, SOURCES.raml)),
    CONSOLIDATION,
  ),
  'consolidated.delete': del(
    '/consolidated-shipments/{consolidatedId}',
    confirmed(SOURCES.raml),
    CONSOLIDATION,
  ),
  'consolidated.deleteParcelGroup': del(
    '/consolidated-shipments/{consolidatedId}/parcel-groups/{partOrderNo}',
    assumed('the seed names it (by consolidated id and part order number), not its path'),
    CONSOLIDATION,
  ),
  'consolidated.close': post(
    '/consolidated-shipments/{consolidatedId}/shipments',
    confirmed(SOURCES.raml),
    CONSOLIDATION,
  ),
  'consolidated.listPrints': get(
    '/consolidated-shipments/{consolidatedId}/prints',
    assumed("the shipments' `prints` names; the RAML shows only `pdfs`"),
    CONSOLIDATION,
  ),
  'consolidated.fetchPrint': get(
    '/consolidated-shipments/{consolidatedId}/prints/{printId}',
    assumed("the shipments' `prints` names; the RAML shows only `pdfs`"),
    CONSOLIDATION,
  ),
  // The legacy consolidated PDF list (query `inlinePdf`) and PDF fetch (docs/nshift-api.md 1.5).
  'consolidated.listPdfs': get(
    '/consolidated-shipments/{consolidatedId}/pdfs',
    confirmed(SOURCES.raml),
    CONSOLIDATION,
  ),
  'consolidated.fetchPdf': get(
    '/consolidated-shipments/{consolidatedId}/pdfs/{pdfId}',
    confirmed(SOURCES.raml),
    CONSOLIDATION,
  ),

  // 1.6 manifests ("shipment lists"): everything under `/shipment-manifests/{manifestType}/manifests`, documents
  // inline in `prints[].data` with `returnFile`. The article names documents, a filtered list, the previously
  // printed list and a copy without paths we could read: those rows are assumed under its root. The legacy PDF
  // list and PDF keep the legacy `pdfs` name (query `inlinePdf`, field `pdf`).
  'manifests.create': post(
    '/shipment-manifests/{manifestType}/manifests',
    fixed(SOURCES.manifests, 'path and returnFile; the body (print configuration and filters) is assumed'),
    PRINT,
  ),
  'manifests.list': get(
    '/shipment-manifests/{manifestType}/manifests',
    manifestArticle('"previously printed shipment lists"'),
  ),
  'manifests.get': get(
    '/shipment-manifests/{manifestType}/manifests/{manifestId}',
    manifestArticle('the printed shipment list'),
  ),
  'manifests.shipments': get(
    '/shipment-manifests/{manifestType}/manifests/{manifestId}/shipments',
    manifestArticle('"a filtered shipment list" (filter names assumed)'),
  ),
  'manifests.listPrints': get(
    '/shipment-manifests/{manifestType}/manifests/{manifestId}/prints',
    manifestArticle('"shipment list documents"'),
  ),
  'manifests.fetchPrint': get(
    '/shipment-manifests/{manifestType}/manifests/{manifestId}/prints/{printId}',
    fixed(SOURCES.manifests),
  ),
  'manifests.listPdfs': get(
    '/shipment-manifests/{manifestType}/manifests/{manifestId}/pdfs',
    manifestArticle("the seed's PDF list"),
  ),
  'manifests.fetchPdf': get(
    '/shipment-manifests/{manifestType}/manifests/{manifestId}/pdfs/{pdfId}',
    manifestArticle("the seed's PDF"),
  ),
  'manifests.copy': post(
    '/shipment-manifests/{manifestType}/manifests/{manifestId}/prints',
    manifestArticle('"a shipment list copy"'),
    PRINT,
  ),

  // 1.9 waybills: the root `/shipment-waybills` (list, view, print); the view and print paths are assumed under it.
  'waybills.list': get('/shipment-waybills', fixed(SOURCES.waybills, 'the root; cited by the contract')),
  'waybills.get': get(
    '/shipment-waybills/{waybillId}',
    assumed('"view a waybill", under the documented root', SOURCES.waybills),
  ),
  'waybills.create': post(
    '/shipment-waybills',
    assumed('"print a waybill", under the documented root', SOURCES.waybills),
    PRINT,
  ),

  // 1.9 history: `/shipments-history` answering `{page, totalPages, shipments}` (a real client; no nShift page found).
  'history.search': get(
    '/shipments-history',
    fixed(SOURCES.solidus, 'a third-party client of the real service'),
    HISTORY,
  ),

  // 1.7 print client, printers, jobs: the article names every operation; only the clients' paths could be read.
  'printClients.list': get('/print/clients', confirmed(SOURCES.print, 'page (required) and size')),
  'printClients.get': get('/print/clients/{clientId}', confirmed(SOURCES.print)),
  'printClients.printers': get(
    '/print/clients/{clientId}/printers',
    printArticle('printers for a print client'),
  ),
  'printers.list': get('/print/printers', printArticle('printers')),
  'printers.get': get('/print/printers/{printerId}', printArticle('a printer')),
  'printJobs.list': get('/print/jobs', printArticle('print jobs')),
  'printJobs.get': get('/print/jobs/{printJobId}', printArticle('a print job')),
  'printJobs.createForShipment': post(
    '/shipments/{shipmentId}/prints/{printId}/print-jobs',
    printArticle('send a print job to a printer'),
    PRINT,
  ),
  'printJobs.createForConsolidated': post(
    '/consolidated-shipments/{consolidatedId}/prints/{printId}/print-jobs',
    printArticle('send a print job to a printer'),
    PRINT,
  ),
  'printJobs.createForManifest': post(
    '/shipment-manifests/{manifestType}/manifests/{manifestId}/prints/{printId}/print-jobs',
    assumed('"send a print job to a printer"; under the shipment lists\' documented root', SOURCES.print),
    PRINT,
  ),

  // 1.9 prices, status events, code lists
  'prices.fetch': postQuery(
    '/prices',
    fixed(
      cite(SOURCES.prices, SOURCES.priceAnswer, SOURCES.polr),
      "the answer is {priceData, errorList}; PolrSE's client reads a flat {price, …}, taken too",
    ),
    PRICE,
  ),
  'prices.historyFeed': postQuery('/prices/history', confirmed(SOURCES.prices), PRICE),
  'alerts.feed': get('/alerts', confirmed(SOURCES.alerts), STATUS_EVENTS),
  'codeLists.partners': get('/meta/lists/partners', confirmed(SOURCES.polr, 'query language'), STORE),

  // 1.9 onboarding (partner network only)
  'onboarding.accounts': get('/onboarding/accounts', ORDER_MANAGEMENT, ONBOARDING),
  'onboarding.createApplication': post('/onboarding/applications', ORDER_MANAGEMENT, ONBOARDING),
  'onboarding.applicationLanguage': get(
    '/onboarding/applications/{applicationId}/language',
    ORDER_MANAGEMENT,
    ONBOARDING,
  ),
  'onboarding.language': get('/onboarding/language', ORDER_MANAGEMENT, ONBOARDING),

  // 1.8 order management
  'orderChannels.list': get('/order-channels', ORDER_MANAGEMENT),
  'orderChannels.create': post('/order-channels', ORDER_MANAGEMENT),
  'orderChannels.get': get('/order-channels/{orderChannelId}', ORDER_MANAGEMENT),
  'orderChannels.update': put('/order-channels/{orderChannelId}', ORDER_MANAGEMENT),
  'orderChannels.delete': del('/order-channels/{orderChannelId}', ORDER_MANAGEMENT),
  'orderChannels.types': get('/order-channels/types', ORDER_MANAGEMENT),
  'orders.list': get('/orders', ORDER_MANAGEMENT),
  'orders.create': post('/orders', ORDER_MANAGEMENT),
  'orders.get': get('/orders/{orderId}', ORDER_MANAGEMENT),
  'orders.update': put('/orders/{orderId}', ORDER_MANAGEMENT),
  'orders.delete': del('/orders/{orderId}', ORDER_MANAGEMENT),
  'orders.createShipment': post('/orders/shipments', ORDER_MANAGEMENT),
  'comments.create': post('/comments', ORDER_MANAGEMENT),
  'comments.get': get('/comments/{commentId}', ORDER_MANAGEMENT),
  'comments.delete': del('/comments/{commentId}', ORDER_MANAGEMENT),
  'deliveryOptions.list': get('/delivery-options', ORDER_MANAGEMENT),
  'deliveryOptions.create': post('/delivery-options', ORDER_MANAGEMENT),
  'deliveryOptions.get': get('/delivery-options/{deliveryOptionId}', ORDER_MANAGEMENT),
  'deliveryOptions.update': put('/delivery-options/{deliveryOptionId}', ORDER_MANAGEMENT),
  'deliveryOptions.delete': del('/delivery-options/{deliveryOptionId}', ORDER_MANAGEMENT),
  'deliveryOptions.createRate': post('/delivery-options/{deliveryOptionId}/rates', ORDER_MANAGEMENT),

  // 1.9 webhooks: the nine operations
  'webhooks.list': get('/webhooks', ORDER_MANAGEMENT),
  'webhooks.create': post('/webhooks', ORDER_MANAGEMENT),
  'webhooks.get': get('/webhooks/{webhookId}', ORDER_MANAGEMENT),
  'webhooks.update': put('/webhooks/{webhookId}', ORDER_MANAGEMENT),
  'webhooks.delete': del('/webhooks/{webhookId}', ORDER_MANAGEMENT),
  'webhooks.events': get('/webhooks/{webhookId}/events', ORDER_MANAGEMENT),
  'webhooks.event': get('/webhooks/{webhookId}/events/{webhookEventId}', ORDER_MANAGEMENT),
  'webhooks.test': post('/webhooks/{webhookId}/test', ORDER_MANAGEMENT),
  'webhooks.resend': post('/webhooks/{webhookId}/events/{webhookEventId}/resend', ORDER_MANAGEMENT),
} as const satisfies Record<string, RouteDef>;

export type OperationName = keyof typeof ROUTES;
