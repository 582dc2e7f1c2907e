import { afterEach, describe, expect, it } from 'vitest';
import { BENCH_PDF_PRINTER_ID, BENCH_ZPL_PRINTER_ID, seedDemoData } from '../../../main/simulator/index';
import { shipment, startHarness, THERMO_ZPL, type Harness } from './harness';

let h: Harness;
afterEach(async () => h?.stop());

async function bookOne(overrides: Record<string, unknown> = {}): Promise<{
  id: string;
  shipmentNo: string;
  parcels: Array<{ parcelNo: string }>;
  prints: Array<{ id: string }>;
}> {
  const res = await h.call('POST', '/shipments', { printConfig: THERMO_ZPL, shipment: shipment(overrides) });
  expect(res.status).toBe(201);
  return (
    res.json as Array<{
      id: string;
      shipmentNo: string;
      parcels: Array<{ parcelNo: string }>;
      prints: Array<{ id: string }>;
    }>
  )[0]!;
}

describe('print client, printers and jobs', () => {
  it('lists the bench print client with a ZPL and a PDF printer', async () => {
    h = await startHarness();
    // nShift requires `page` on the client list (help centre, article 9466306501276).
    expect(await h.call('GET', '/print/clients')).toMatchObject({ status: 400, json: { code: 'MISSING' } });
    const clients = (await h.call('GET', '/print/clients?page=0&size=50')).json as Array<{
      id: number;
      name: string;
      state: string;
    }>;
    expect(clients).toEqual([
      expect.objectContaining({ id: 1, name: 'Packbench bench PC', state: 'connected', inet: '127.0.0.1' }),
    ]);
    const printers = (await h.call('GET', '/print/clients/1/printers')).json as Array<{
      id: number;
      formats: string[];
    }>;
    expect(printers.map((p) => [p.id, p.formats])).toEqual([
      [BENCH_ZPL_PRINTER_ID, ['raw']],
      [BENCH_PDF_PRINTER_ID, ['pdf']],
    ]);
    expect((await h.call('GET', `/print/printers/${BENCH_PDF_PRINTER_ID}`)).json).toMatchObject({
      clientId: 1,
    });
  });

  it('creates a job for a shipment document: QUEUED, then DONE as time passes', async () => {
    h = await startHarness();
    const s = await bookOne();
    const res = await h.call('POST', `/shipments/${s.id}/prints/${s.prints[0]!.id}/print-jobs`, {
      printerId: BENCH_ZPL_PRINTER_ID,
    });
    expect(res.status).toBe(201);
    const job = res.json as { id: number; status: string; contentType: string };
    expect(job).toMatchObject({ status: 'QUEUED', contentType: 'raw_uri' });
    h.clock.advance(1000);
    expect((await h.call('GET', `/print/jobs/${job.id}`)).json).toMatchObject({ status: 'DONE' });
    expect((await h.call('GET', '/print/jobs?status=done')).json as unknown[]).toHaveLength(1);
    const wrong = await h.call('POST', `/shipments/${s.id}/prints/${s.prints[0]!.id}/print-jobs`, {
      printerId: BENCH_PDF_PRINTER_ID,
    });
    expect(wrong.status).toBe(422);
  });
});

describe('shipment history', () => {
  it('is newest first, 50 a page, searchable by orderNo, shipmentNo and parcelNo', async () => {
    h = await startHarness();
    for (let i = 0; i < 55; i++) {
      await bookOne({ orderNo: `H-${i}` });
      h.clock.advance(1000);
    }
    type Page = { page: number; totalPages: number; shipments: Array<{ id: string; orderNo: string }> };
    const history = async (query: string) =>
      (await h.call('GET', `/shipments-history?${query}`)).json as Page;
    const page0 = await history('page=0');
    expect(page0).toMatchObject({ page: 0, totalPages: 2 });
    expect(page0.shipments).toHaveLength(50);
    expect(page0.shipments[0]!.orderNo).toBe('H-54');
    expect((await history('page=1')).shipments).toHaveLength(5);
    const target = h.sim.records().find((r) => r.orderNo === 'H-7')!;
    for (const [field, value] of [
      ['orderNo', 'H-7'],
      ['shipmentNo', target.shipmentNo],
      ['parcelNo', target.parcelNos[0]!],
    ]) {
      const found = await history(`searchField=${field}&searchValue=${value}`);
      expect(found.shipments.map((f) => f.id)).toEqual([target.shipmentId]);
    }
    expect((await history('status=cancelled')).shipments).toHaveLength(0);
    // The seed's path; a real client of the service reads /shipments-history (futhr/solidus_nshift).
    expect((await h.call('GET', '/shipment-history?page=0')).status).toBe(404);
  });
});

describe('prices', () => {
  it('computes percent on price plus amount, and records the price history', async () => {
    h = await startHarness();
    const res = await h.call('POST', '/prices', {
      shipment: shipment({ parcels: [{ copies: 1, weight: 2 }] }),
      additionalSurcharges: { amount: 10, percent: 10 },
    });
    expect(res.status).toBe(200);
    const body = (res.json as { priceData: { price: number; priceWithAdditionalSurcharges: number } })
      .priceData;
    expect(body.priceWithAdditionalSurcharges).toBeCloseTo((body.price + 10) * 1.1, 5);
    expect(res.json).toMatchObject({
      priceData: { totalWeight: 2, chargeableWeight: 2, additionalSurcharges: expect.any(Number) },
      errorList: null,
    });
    const history = (await h.call('POST', '/prices/history?fetchId=-1')).json as {
      done: boolean;
      prices: unknown[];
    };
    expect(history).toMatchObject({ done: true });
    expect(history.prices).toHaveLength(1);
  });
});

describe('address book, code lists, order management, webhooks, waybills, onboarding', () => {
  it('keeps senders and receivers; a deleted id is dead', async () => {
    h = await startHarness();
    const sender = (
      await h.call('POST', '/addresses/senders', {
        quickId: '7',
        name: 'Lager 7',
        zipcode: '11122',
        city: 'STOCKHOLM',
        country: 'SE',
      })
    ).json as { id: string };
    expect(
      (await h.call('PATCH', `/addresses/senders/${sender.id}`, { name: 'Lager Sju' })).json,
    ).toMatchObject({
      name: 'Lager Sju',
      quickId: '7',
    });
    // A shipment can name the sender by quickId.
    const s = await bookOne({ sender: { quickId: '7' } });
    expect(h.sim.state.shipments.get(s.id)!.sender.name).toBe('Lager Sju');
    expect((await h.call('DELETE', `/addresses/senders/${sender.id}`)).status).toBe(204);
    // nShift documents no fetch by id: the list filtered by the id finds nothing any more.
    expect((await h.call('GET', `/addresses/senders?page=0&senderId=${sender.id}`)).json).toEqual([]);
    const receiver = (await h.call('POST', '/addresses/receivers', { name: 'Åsa' })).json as { id: string };
    expect((await h.call('GET', `/addresses/receivers?page=0&receiverId=${receiver.id}`)).json).toEqual([
      expect.objectContaining({ name: 'Åsa' }),
    ]);
    expect(
      (await h.call('PUT', `/addresses/receivers/${receiver.id}`, { name: 'Åsa Ö' })).json,
    ).toMatchObject({
      name: 'Åsa Ö',
    });
    expect((await h.call('DELETE', `/addresses/receivers/${receiver.id}`)).status).toBe(204);
  });

  it("lists the address book under /addresses by page, as nShift documents; the seed's /senders is no path", async () => {
    h = await startHarness();
    for (const path of ['/addresses/senders', '/addresses/receivers'])
      expect(await h.call('GET', path)).toMatchObject({ status: 400, json: { code: 'MISSING' } });
    for (const n of [1, 2, 3])
      await h.call('POST', '/addresses/receivers', { name: `R${n}`, quickId: `Q${n}` });
    const page = async (query: string) =>
      ((await h.call('GET', `/addresses/receivers?${query}`)).json as Array<{ name: string }>).map(
        (r) => r.name,
      );
    expect(await page('page=0')).toEqual(['R1', 'R2', 'R3']);
    expect(await page('page=1')).toEqual([]);
    expect(await page('page=0&quickId=Q2')).toEqual(['R2']);
    // `since` in nShift's compact formats: everything here was made on 2026-01-15.
    expect(await page('page=0&since=20260115')).toHaveLength(3);
    expect(await page('page=0&since=260116')).toEqual([]);
    expect((await h.call('GET', '/addresses/senders?page=0&quickId=1')).json).toEqual([
      expect.objectContaining({ id: '1' }),
    ]);
    for (const [method, path] of [
      ['GET', '/senders'],
      ['POST', '/senders'],
      ['GET', '/receivers?receiverId=1'],
      ['POST', '/receivers'],
    ] as const)
      expect((await h.call(method, path, method === 'POST' ? { name: 'x' } : undefined)).status).toBe(404);
  });

  it('serves the partner code list with services and weight limits', async () => {
    h = await startHarness();
    const partners = (await h.call('GET', '/meta/lists/partners?language=en')).json as Array<{
      id: string;
      services: Array<{ id: string; maxWeight: number }>;
    }>;
    const plab = partners.find((p) => p.id === 'PLAB')!;
    expect(plab.services.map((s) => s.id)).toEqual(expect.arrayContaining(['P15', 'P19', 'P52']));
  });

  it('manages order channels, delivery options (+ rates) and comments', async () => {
    h = await startHarness();
    seedDemoData(h.sim);
    const channel = (
      await h.call('POST', '/order-channels', {
        name: 'Shop',
        integration: 'SHOPIFY',
        integrationReference: 'x',
      })
    ).json as { id: string };
    expect((await h.call('GET', `/order-channels/${channel.id}`)).json).toMatchObject({ name: 'Shop' });
    expect(((await h.call('GET', '/order-channels/types')).json as unknown[]).length).toBeGreaterThan(0);
    const option = (
      await h.call('POST', '/delivery-options', {
        orderChannelId: channel.id,
        carrierId: 'PLAB',
        serviceId: 'P19',
      })
    ).json as { id: string };
    expect(
      (await h.call('POST', `/delivery-options/${option.id}/rates`, { zone: 'SE', price: 49 })).status,
    ).toBe(201);
    expect((await h.call('GET', `/delivery-options/${option.id}`)).json).toMatchObject({
      rates: [expect.objectContaining({ price: 49 })],
    });
    const [order] = (await h.call('GET', '/orders?internalReference=ORD-1001')).json as Array<{ id: string }>;
    const comment = (
      await h.call('POST', '/comments', { orderId: order!.id, type: 'internal', value: 'Fragile' })
    ).json as { id: string };
    expect((await h.call('GET', `/comments/${comment.id}`)).json).toMatchObject({ value: 'Fragile' });
    expect((await h.call('DELETE', `/comments/${comment.id}`)).status).toBe(204);
    // A type nShift cannot map is refused like any unmappable body: 400 with the list by field.
    const wrongType = await h.call('POST', '/comments', { orderId: order!.id, type: 'nope', value: 'x' });
    expect(wrongType.status).toBe(400);
    expect(wrongType.json).toEqual([expect.objectContaining({ field: 'type' })]);
  });

  it('records webhooks and their test events', async () => {
    h = await startHarness();
    const hook = (
      await h.call('POST', '/webhooks', {
        url: 'https://example.com/hook',
        subjectType: 'SHIPMENT',
        label: 'ERP',
      })
    ).json as { id: string };
    const event = (await h.call('POST', `/webhooks/${hook.id}/test`)).json as { webhookEventId: string };
    expect((await h.call('GET', `/webhooks/${hook.id}/events`)).json as unknown[]).toHaveLength(1);
    expect((await h.call('GET', `/webhooks/${hook.id}/events/${event.webhookEventId}`)).status).toBe(200);
    expect((await h.call('POST', `/webhooks/${hook.id}/events/${event.webhookEventId}/resend`)).status).toBe(
      200,
    );
    expect(
      (await h.call('PUT', `/webhooks/${hook.id}`, { url: 'https://example.com/2' })).json,
    ).toMatchObject({ url: 'https://example.com/2' });
    expect((await h.call('DELETE', `/webhooks/${hook.id}`)).status).toBe(204);
  });

  it('prints a waybill over bulk shipments and serves onboarding', async () => {
    h = await startHarness();
    const s = await bookOne();
    const res = await h.call('POST', '/shipment-waybills?returnFile=true', {
      printConfig: THERMO_ZPL,
      waybill: { type: 'BULK', shipmentIds: [s.id] },
    });
    expect(res.status).toBe(201);
    const waybill = res.json as {
      id: string;
      prints: Array<{ data: string; description: string; href: string }>;
    };
    expect(waybill.prints[0]!.description).toBe('Waybill');
    expect(Buffer.from(waybill.prints[0]!.data, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await h.call('GET', `/shipment-waybills/${waybill.id}`)).status).toBe(200);
    // The document's href is under the waybills' documented root, and answers the same bytes.
    expect(waybill.prints[0]!.href).toContain(`/rs-extapi/v1/shipment-waybills/${waybill.id}/prints/`);
    const raw = await h.call('GET', waybill.prints[0]!.href, undefined, { accept: 'application/pdf' });
    expect(raw.bytes.equals(Buffer.from(waybill.prints[0]!.data, 'base64'))).toBe(true);
    // The seed's /waybills is no path of nShift's (article 7475474830364: /shipment-waybills).
    expect((await h.call('GET', '/waybills')).status).toBe(404);
    expect((await h.call('GET', `/waybills/${waybill.id}`)).status).toBe(404);
    expect(
      (await h.call('POST', '/waybills', { waybill: { type: 'BULK', shipmentIds: [s.id] } })).status,
    ).toBe(404);
    expect((await h.call('GET', '/onboarding/accounts')).status).toBe(200);
    const app = (await h.call('POST', '/onboarding/applications', { name: 'x' })).json as { id: string };
    expect((await h.call('GET', `/onboarding/applications/${app.id}/language`)).status).toBe(200);
    expect((await h.call('GET', '/onboarding/language')).status).toBe(200);
  });
});
