import { describe, expect, it } from 'vitest';
import { ROUTES, buildPath, joinUrl } from '../../../main/nshift/delivery/routes';
import type { RouteDef } from '../../../main/nshift/delivery/routes';

/** Every method + path of nshift-api.md section 1 (the contract), as written there. */
const DOCUMENTED = `
GET /sessions/jwt
POST /addresses/senders
GET /addresses/senders
PATCH /addresses/senders/{senderId}
PUT /addresses/senders/{senderId}
DELETE /addresses/senders/{senderId}
POST /addresses/receivers
GET /addresses/receivers
PUT /addresses/receivers/{receiverId}
PATCH /addresses/receivers/{receiverId}
DELETE /addresses/receivers/{receiverId}
POST /shipments
GET /shipments
DELETE /shipments/{shipmentId}
POST /shipments/{shipmentId}/prints
GET /shipments/{shipmentId}/prints
GET /shipments/{shipmentId}/prints/{printId}
POST /shipments/{shipmentId}/pdfs
GET /shipments/{shipmentId}/pdfs
GET /shipments/{shipmentId}/pdfs/{pdfId}
POST /stored-shipments
GET /stored-shipments
GET /stored-shipments/{storedId}
PUT /stored-shipments/{storedId}
DELETE /stored-shipments/{storedId}
POST /stored-shipments/{storedId}/shipments
POST /consolidated-shipments
GET /consolidated-shipments
DELETE /consolidated-shipments/{consolidatedId}
DELETE /consolidated-shipments/{consolidatedId}/parcel-groups/{partOrderNo}
POST /consolidated-shipments/{consolidatedId}/shipments
GET /consolidated-shipments/{consolidatedId}/prints
GET /consolidated-shipments/{consolidatedId}/prints/{printId}
POST /shipment-manifests/{manifestType}/manifests
GET /shipment-manifests/{manifestType}/manifests
GET /shipment-manifests/{manifestType}/manifests/{manifestId}/shipments
GET /shipment-manifests/{manifestType}/manifests/{manifestId}/prints
GET /shipment-manifests/{manifestType}/manifests/{manifestId}/prints/{printId}
POST /shipment-manifests/{manifestType}/manifests/{manifestId}/prints
GET /print/clients
GET /print/clients/{clientId}
GET /print/clients/{clientId}/printers
GET /print/printers
GET /print/printers/{printerId}
GET /print/jobs
GET /print/jobs/{printJobId}
POST /shipments/{shipmentId}/prints/{printId}/print-jobs
POST /consolidated-shipments/{id}/prints/{printId}/print-jobs
POST /shipment-manifests/{manifestType}/manifests/{manifestId}/prints/{printId}/print-jobs
GET /order-channels
POST /order-channels
GET /order-channels/{id}
PUT /order-channels/{id}
DELETE /order-channels/{id}
GET /order-channels/types
GET /orders
GET /orders/{orderId}
PUT /orders/{orderId}
DELETE /orders/{orderId}
POST /orders
POST /orders/shipments
POST /comments
GET /comments/{id}
DELETE /comments/{id}
GET /delivery-options
POST /delivery-options
GET /delivery-options/{id}
PUT /delivery-options/{id}
DELETE /delivery-options/{id}
POST /delivery-options/{id}/rates
GET /shipments-history
GET /alerts
POST /prices
POST /prices/history
GET /meta/lists/partners
GET /onboarding/accounts
POST /onboarding/applications
GET /onboarding/applications/{applicationId}/language
GET /onboarding/language
GET /shipment-waybills
GET /shipment-waybills/{waybillId}
POST /shipment-waybills
GET /webhooks
POST /webhooks
GET /webhooks/{id}
PUT /webhooks/{id}
DELETE /webhooks/{id}
GET /webhooks/{id}/events
GET /webhooks/{id}/events/{webhookEventId}
POST /webhooks/{id}/test
POST /webhooks/{id}/events/{webhookEventId}/resend
`
  .trim()
  .split('\n');

const shape = (method: string, path: string) => `${method} ${path.replace(/\{\w+\}/g, '{}')}`;

describe('route table', () => {
  const table = new Set(
    Object.values(ROUTES as Record<string, RouteDef>).map((r) => shape(r.method, r.path)),
  );

  it.each(DOCUMENTED)('has a route for %s', (line) => {
    const [method, path] = line.split(' ') as [string, string];
    expect(table).toContain(shape(method, path));
  });

  /** The seed's manifest fetches and consolidated PDF routes, with the paths decided in main/nshift/README.md. */
  it.each([
    ['manifest documents', 'GET /shipment-manifests/{}/manifests/{}/prints'],
    ['a manifest document', 'GET /shipment-manifests/{}/manifests/{}/prints/{}'],
    ['the manifest PDF', 'GET /shipment-manifests/{}/manifests/{}/pdfs/{}'],
    ['the printed manifest', 'GET /shipment-manifests/{}/manifests/{}'],
    ['the filtered shipment list', 'GET /shipment-manifests/{}/manifests/{}/shipments'],
    ['the manifest PDF list', 'GET /shipment-manifests/{}/manifests/{}/pdfs'],
    ['the consolidated PDF list', 'GET /consolidated-shipments/{}/pdfs'],
    ['a consolidated PDF', 'GET /consolidated-shipments/{}/pdfs/{}'],
  ])('has a route for %s (%s)', (_what, line) => {
    expect(table).toContain(line);
  });

  it('names the evidence of every row: a public source for every path it calls confirmed or fixed', () => {
    for (const [operation, route] of Object.entries(ROUTES as Record<string, RouteDef>)) {
      expect(route.source, operation).toBeDefined();
      if (route.source!.status === 'confirmed' || route.source!.status === 'fixed')
        expect(route.source!.ref, operation).toMatch(/^https:\/\/|^[\w.-]+\/[\w.-]+ /);
    }
  });

  it('retries nothing that books: every POST that creates is non-idempotent', () => {
    for (const name of [
      'shipments.create',
      'storedShipments.book',
      'orders.createShipment',
      'consolidated.create',
      'consolidated.close',
      'waybills.create',
    ] as const) {
      expect(ROUTES[name].idempotent).toBe(false);
    }
  });

  it('fills path parameters encoded and keeps the base path', () => {
    const path = buildPath(
      ROUTES['consolidated.deleteParcelGroup'],
      { consolidatedId: '7', partOrderNo: 'ORD 1/2' },
      { a: 1, b: undefined },
    );
    expect(path).toBe('/consolidated-shipments/7/parcel-groups/ORD%201%2F2?a=1');
    expect(joinUrl('https://api.unifaun.com/rs-extapi/v1/', path)).toBe(
      'https://api.unifaun.com/rs-extapi/v1/consolidated-shipments/7/parcel-groups/ORD%201%2F2?a=1',
    );
  });
});
