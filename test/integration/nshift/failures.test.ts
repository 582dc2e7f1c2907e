/**
 * How the Delivery client reads nShift's failures and limits, on the simulator over real HTTP on 127.0.0.1: what
 * comes where a document should (a maintenance page, an error body with a 200), the token exchange's refusals, and
 * nShift's documented error bodies (Unifaun's RAML, `test/fixtures/nshift/delivery/`).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { DeliveryClient } from '../../../main/nshift/delivery/client';
import type { PrintConfig } from '../../../main/nshift/delivery/types';
import { failureFromDelivery } from '../../../main/station/failures';
import { harnessClient, shipment, startHarness, type Harness } from '../simulator/harness';
import { unwrap } from '../../support/unwrap';

let h: Harness | undefined;
let client: DeliveryClient | undefined;
afterEach(async () => {
  await client?.close();
  await h?.stop();
  client = undefined;
  h = undefined;
});

async function start(): Promise<{ h: Harness; client: DeliveryClient }> {
  h = await startHarness();
  // No test waits on the wall clock: a retry's backoff is not slept.
  client = harnessClient(h, { sleep: async () => {} });
  return { h, client };
}

/** Labels only as ZPL: a document nShift sends for it can only be ZPL, so the content must say so. */
const ZPL_ONLY: PrintConfig = { target1Media: 'thermo-190', target1Type: 'zpl' };
const PDF_ONLY: PrintConfig = { target1Media: 'laser-a4', target1Type: 'pdf' };

const MAINTENANCE_PAGE =
  '<!DOCTYPE html>\n<html><head><title>nShift Delivery</title></head><body><h1>Planned maintenance</h1>' +
  '<p>nShift Delivery is unavailable until 06:00 CET.</p></body></html>';

/** A shipment booked without its documents inline, so that they are downloaded by their `href`. */
async function bookedByHref(client: DeliveryClient, printConfig: PrintConfig) {
  const [result] = unwrap(
    await client.shipments.create({ printConfig, shipment: shipment() }, { returnFile: false }),
  );
  expect(result!.prints.every((p) => !p.data && p.href)).toBe(true);
  return result!;
}

describe('a document download that brings something else than a document', () => {
  it.each([
    ['a ZPL label', ZPL_ONLY],
    ['a PDF', PDF_ONLY],
  ])(
    '%s answered with an HTML maintenance page (200) is an error, never a document to print',
    async (_what, config) => {
      const { h, client } = await start();
      const result = await bookedByHref(client, config);
      h.sim.faults.failNext(1, {
        method: 'GET',
        path: '/shipments/*/prints/*',
        status: 200,
        text: MAINTENANCE_PAGE,
        contentType: 'text/html; charset=utf-8',
      });
      const documents = await client.documents.fromShipmentResult(result, config);
      expect(documents).toMatchObject({
        ok: false,
        error: { kind: 'malformed', operation: 'documents.fetchByHref' },
      });
    },
  );

  it('an HTML page sent as application/octet-stream is still no label', async () => {
    const { h, client } = await start();
    const result = await bookedByHref(client, ZPL_ONLY);
    h.sim.faults.failNext(1, {
      method: 'GET',
      path: '/shipments/*/prints/*',
      status: 200,
      text: `\n  ${MAINTENANCE_PAGE}`,
      contentType: 'application/octet-stream',
    });
    const documents = await client.documents.fromShipmentResult(result, ZPL_ONLY);
    expect(documents).toMatchObject({ ok: false, error: { kind: 'malformed' } });
  });

  it("nShift's error body under a 200 is an error that carries nShift's message", async () => {
    const { h, client } = await start();
    const result = await bookedByHref(client, ZPL_ONLY);
    h.sim.faults.failNext(1, {
      method: 'GET',
      path: '/shipments/*/prints/*',
      status: 200,
      body: { code: 'INTERNAL', message: 'Internal error' },
    });
    const documents = await client.documents.fromShipmentResult(result, ZPL_ONLY);
    expect(documents).toMatchObject({ ok: false, error: { kind: 'malformed' } });
    if (!documents.ok) expect(documents.error.message).toContain('Internal error');
  });

  it('the real label still comes down after such an answer, and a ZPL label sent as text/plain is taken', async () => {
    const { h, client } = await start();
    const result = await bookedByHref(client, ZPL_ONLY);
    h.sim.faults.failNext(1, {
      method: 'GET',
      path: '/shipments/*/prints/*',
      status: 200,
      text: MAINTENANCE_PAGE,
    });
    expect((await client.documents.fromShipmentResult(result, ZPL_ONLY)).ok).toBe(false);
    const documents = unwrap(await client.documents.fromShipmentResult(result, ZPL_ONLY));
    expect(documents.map((d) => d.format)).toEqual(['zpl']);
    const zpl = documents[0]!.bytes.toString('latin1');
    h.sim.faults.failNext(1, {
      method: 'GET',
      path: '/shipments/*/prints/*',
      status: 200,
      text: zpl,
      contentType: 'text/plain; charset=IBM850',
    });
    const asText = unwrap(await client.documents.fromShipmentResult(result, ZPL_ONLY));
    expect(asText.map((d) => d.format)).toEqual(['zpl']);
  });
});

describe("the token exchange's refusals say what nShift said", () => {
  it('a 429 with a Retry-After longer than the client waits is rate_limited with that wait, not a server fault', async () => {
    const { h, client } = await start();
    h.sim.faults.failNext(1, {
      path: '/sessions/jwt',
      status: 429,
      body: { code: 'ILLEGAL', message: 'Too many requests' },
      headers: { 'retry-after': '120' },
    });
    expect(await client.warm()).toMatchObject({
      ok: false,
      error: { kind: 'rate_limited', operation: 'sessions.token', status: 429, retryAfterMs: 120_000 },
    });
  });

  it('a 503 with a Retry-After (a maintenance window) is rate_limited with that wait', async () => {
    const { h, client } = await start();
    h.sim.faults.failNext(1, {
      path: '/sessions/jwt',
      status: 503,
      text: MAINTENANCE_PAGE,
      headers: { 'retry-after': '3600' },
    });
    expect(await client.warm()).toMatchObject({
      ok: false,
      error: { kind: 'rate_limited', status: 503, retryAfterMs: 3_600_000 },
    });
  });

  it("a 400 {code, message} keeps nShift's code and message", async () => {
    const { h, client } = await start();
    h.sim.faults.failNext(1, {
      path: '/sessions/jwt',
      status: 400,
      body: { code: 'ILLEGAL', message: 'Illegal API key format' },
    });
    expect(await client.warm()).toMatchObject({
      ok: false,
      error: { kind: 'server', status: 400, code: 'ILLEGAL', message: 'Illegal API key format' },
    });
  });

  it('a 404 (an address that is not the exchange) stays a fault of the service, not an unknown code', async () => {
    const { h, client } = await start();
    h.sim.faults.failNext(1, { path: '/sessions/jwt', status: 404 });
    expect(await client.warm()).toMatchObject({ ok: false, error: { kind: 'server', status: 404 } });
  });
});

describe("nShift's documented 400 {code, message} reaches the packer in nShift's words", () => {
  it('a booking refused with 400 (missing or illegal arguments, Unifaun\'s RAML) is a refusal naming what nShift said, not "scan again in a moment"', async () => {
    const { h, client } = await start();
    const stored = (await h.call('POST', '/stored-shipments', shipment({ orderNo: 'ORD-400' }))).json as {
      id: string;
    };
    h.sim.faults.failNext(1, {
      method: 'POST',
      path: '/stored-shipments/*/shipments',
      status: 400,
      body: { code: 'ILLEGAL', message: 'Illegal shipDate argument' },
    });
    const booked = await client.storedShipments.book(stored.id, ZPL_ONLY);
    expect(booked).toMatchObject({ ok: false, error: { kind: 'server', status: 400, code: 'ILLEGAL' } });
    if (booked.ok) return;
    const failure = failureFromDelivery(booked.error);
    expect(failure).toMatchObject({
      reason: 'validation',
      code: 'validation',
      detail: 'request_refused',
      params: { status: 400 },
      errors: [{ field: 'ILLEGAL', message: 'Illegal shipDate argument' }],
    });
    expect(failure.message).toContain('Illegal shipDate argument');
    expect(failure.message).not.toMatch(/scan again in a moment/);
  });

  it('a 5xx is still a fault of nShift to try again later', async () => {
    const { h, client } = await start();
    h.sim.faults.failNext(3, { method: 'GET', path: '/stored-shipments', status: 500 });
    const listed = await client.storedShipments.list({});
    expect(listed.ok).toBe(false);
    if (listed.ok) return;
    expect(failureFromDelivery(listed.error)).toMatchObject({ code: 'server_error', detail: 'http_status' });
  });
});
