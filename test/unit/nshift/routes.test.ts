import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTES, buildPath, joinUrl } from '../../../main/nshift/delivery/routes';
import type { RouteDef } from '../../../main/nshift/delivery/routes';

/**
 * The route table of docs/nshift-api.md, the contract in the project's words: every row's operation, method,
 * path and evidence, exactly as written there.
 */
const DOC = readFileSync(join(__dirname, '../../../docs/nshift-api.md'), 'utf8');
const DOC_ROWS = [
  ...DOC.matchAll(/^\| `([\w.]+)` +\| (GET|POST|PUT|PATCH|DELETE) +\| `([^`]+)` +\| (\w+) +\|/gm),
].map(([, operation, method, path, status]) => ({
  operation: operation!,
  method: method!,
  path: path!,
  status: status!,
}));
const DOCUMENTED = DOC_ROWS.filter((r) => r.path !== '{href}').map((r) => `${r.method} ${r.path}`);

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

  it('is the table docs/nshift-api.md shows: the same operations, methods, paths and evidence', () => {
    expect(DOC_ROWS).toEqual(
      Object.entries(ROUTES as Record<string, RouteDef>).map(([operation, r]) => ({
        operation,
        method: r.method,
        path: r.path,
        status: r.source?.status,
      })),
    );
  });

  it('counts its evidence in docs/nshift-api.md as the table has it', () => {
    const counts = { confirmed: 0, fixed: 0, seed: 0, assumed: 0 };
    for (const r of Object.values(ROUTES as Record<string, RouteDef>)) counts[r.source!.status]++;
    const total = Object.keys(ROUTES).length;
    expect(DOC).toContain(
      `Of the ${total} Delivery operations, **${counts.confirmed} confirmed**, **${counts.fixed} fixed**`,
    );
    expect(DOC).toContain(`**${counts.seed} from the seed**, **${counts.assumed} assumed**`);
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
