/**
 * The simulator serves the Delivery client's own route table (main/nshift/delivery/routes.ts): each handler is
 * registered by operation name and takes its method and path from the table, so a path corrected there is
 * corrected for the client and the simulator at once. The simulator may import the client's table; the client
 * never imports the simulator. test/integration/simulator/route-table.test.ts fails when an operation is served by
 * one side and not the other, unless it is listed below with its reason.
 */
import { ROUTES, type OperationName } from '../nshift/delivery';
import type { Handler, RouteOptions, Router } from './http';

/** A route-table path (`/shipments/{shipmentId}`) as a router pattern (`/shipments/:shipmentId`). */
export function patternOf(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/** Serves one client operation: its method and path come from the route table, its params keep their names. */
export function serve(
  router: Router,
  operation: OperationName,
  handler: Handler,
  options: Omit<RouteOptions, 'operation'> = {},
): void {
  const route = ROUTES[operation];
  router.add(route.method, patternOf(route.path), handler, { ...options, operation });
}

/** Client operations the simulator does not serve under their own name, and why. */
export const NOT_SIMULATED: Readonly<Partial<Record<OperationName, string>>> = {
  'documents.fetchByHref':
    'the client follows a document href as given; the simulator answers it on the route the href names',
};

/** Delivery routes the simulator serves that are no client operation (router patterns), and why. */
export const SIMULATOR_ONLY: readonly { method: string; pattern: string; why: string }[] = [
  {
    method: 'POST',
    pattern: '/sessions/jwt',
    why: 'the seed and public examples also exchange the key with POST; the client uses GET',
  },
  {
    method: 'GET',
    pattern: '/shipment-waybills/:waybillId/prints/:printId',
    why: "a waybill's document: the client reaches it through the href its prints carry",
  },
];
