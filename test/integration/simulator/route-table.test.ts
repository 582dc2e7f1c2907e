/**
 * Client and simulator take their Delivery paths from one table (main/nshift/delivery/routes.ts): the
 * simulator registers each handler by operation name. These tests fail when an operation exists on one side
 * only, unless main/simulator/operations.ts lists it with its reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, type OperationName } from '../../../main/nshift/delivery/routes';
import { NOT_SIMULATED, SIMULATOR_ONLY, patternOf } from '../../../main/simulator/operations';
import { createSimulator } from '../../../main/simulator/index';
import { startHarness, type Harness } from './harness';

const operations = Object.keys(ROUTES) as OperationName[];
const served = createSimulator().deliveryRoutes();

describe('one route table for client and simulator', () => {
  it('serves every operation of the client, except those listed as not simulated', () => {
    const missing = operations.filter(
      (op) => NOT_SIMULATED[op] === undefined && !served.some((r) => r.operation === op),
    );
    expect(missing).toEqual([]);
  });

  it('serves each operation on the method and path of the client, once', () => {
    for (const op of operations) {
      const routes = served.filter((r) => r.operation === op);
      if (NOT_SIMULATED[op] !== undefined) {
        expect(routes, `${op} is listed as not simulated`).toEqual([]);
        continue;
      }
      expect(routes).toEqual([
        { method: ROUTES[op].method, pattern: patternOf(ROUTES[op].path), operation: op },
      ]);
    }
  });

  it('serves no Delivery route that is no client operation, except those listed with a reason', () => {
    const unnamed = served
      .filter((r) => r.operation === undefined)
      .map((r) => ({ method: r.method, pattern: r.pattern }));
    expect(unnamed).toEqual(SIMULATOR_ONLY.map(({ method, pattern }) => ({ method, pattern })));
    for (const extra of [...SIMULATOR_ONLY, ...Object.values(NOT_SIMULATED)])
      expect(typeof extra === 'string' ? extra : extra.why).toMatch(/\w{8}/);
  });
});

describe('paths the client does not use are not there', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.stop();
  });

  it.each([
    ['POST', '/manifests?inlinePdf=true'],
    ['GET', '/manifests'],
    ['GET', '/manifests/PNL/1/prints'],
    ['POST', '/waybills?returnFile=true'],
    ['GET', '/waybills'],
    ['POST', '/senders'],
    ['GET', '/senders'],
    ['GET', '/senders/1'],
    ['POST', '/receivers'],
    ['GET', '/receivers?receiverId=1'],
    ['GET', '/shipment-history?page=0'],
  ] as const)(
    "the seed's or an earlier guess's %s %s answers 404, as on the real service",
    async (method, path) => {
      const res = await h.call(method, path, method === 'POST' ? { manifestType: 'PNL' } : undefined);
      expect(res.status).toBe(404);
      expect(res.bytes).toHaveLength(0);
    },
  );

  it('an unknown path answers 404 with an empty body, as nShift does', async () => {
    const res = await h.call('GET', '/no-such-resource');
    expect(res.status).toBe(404);
    expect(res.bytes).toHaveLength(0);
  });
});
