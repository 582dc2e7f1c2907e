/**
 * The Delivery client's contract, over real HTTP. The same suite runs against the simulator (always) and
 * against a real nShift account when NSHIFT_BASE_URL, NSHIFT_API_KEY_ID and NSHIFT_API_KEY_SECRET are set (CI sets
 * none of them, so nothing here reaches an outside address unless someone asks for it). Bookings there use
 * `test: true`; optional NSHIFT_SENDER_QUICKID and NSHIFT_SERVICE_ID pick the sender and service. Checks that need
 * seeded data, a moved clock or injected faults only run on the simulator.
 *
 * Every route nShift's documentation corrected is called on the real account too: the address book under
 * `/addresses/…` by page, waybills under `/shipment-waybills`, prices answering `{priceData, errorList}`, the
 * history's `{page, totalPages, shipments}`, the print-client list by page. Two things a real account cannot undo
 * run there only when asked:
 *
 * - manifests need NSHIFT_MANIFEST_TYPE (a list type of the account): its lists are read (one of them with its
 *   documents, shipments, PDFs and a copy). NSHIFT_MANIFEST_CREATE=1 also makes one, which takes every available
 *   shipment of the type, real ones included: only on an account that books test shipments alone.
 * - print jobs need NSHIFT_PRINT_PRINTER_ID (a Print Client label printer's id): a shipment's and a consolidated
 *   shipment's label are sent to it, and come out on paper; with NSHIFT_PRINT_PDF_PRINTER_ID (a Print Client
 *   printer that takes PDF) and the manifest variables above, the manifest read or made is sent there too.
 *
 * The prepared shipments a Checkout partial shipment becomes are in checkout-contract.test.ts. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeliveryClient } from '../../../main/nshift/delivery/client';
import type { DeliveryClient } from '../../../main/nshift/delivery/client';
import { createMemoryFetchIdStore } from '../../../main/nshift/delivery/batches';
import type { ApiKey } from '../../../main/nshift/shared/token-manager';
import type { DeliveryError } from '../../../main/nshift/delivery/errors';
import type { Manifest, Printer, ShipmentResult } from '../../../main/nshift/delivery/schemas';
import type { PrintConfig, Shipment } from '../../../main/nshift/delivery/types';
import type { Result } from '../../../main/result';
import { createManualClock, createSimulator, seedDemoData } from '../../../main/simulator/index';
import type { Simulator } from '../../../main/simulator/index';
import { unwrap } from '../../support/unwrap';

interface Target {
  baseUrl: string;
  apiKey: ApiKey;
  sim?: Simulator;
}

const real = {
  baseUrl: process.env.NSHIFT_BASE_URL,
  id: process.env.NSHIFT_API_KEY_ID,
  secret: process.env.NSHIFT_API_KEY_SECRET,
};
const hasRealAccount = Boolean(real.baseUrl && real.id && real.secret);

const KEY = { id: 'contract-key', secret: 'contract-secret-Åä-42' };

const ZPL_THEN_A4: PrintConfig = {
  target1Media: 'thermo-190',
  target1Type: 'zpl',
  target1Options: [{ key: 'mode', value: 'DT' }],
  target2Media: 'laser-a4',
  target2Type: 'pdf',
};
const ZPL_UTF8: PrintConfig = {
  ...ZPL_THEN_A4,
  target1Options: [
    { key: 'mode', value: 'DT' },
    { key: 'charset', value: 'UTF8' },
  ],
};
const A4_PDF: PrintConfig = { target1Media: 'laser-a4', target1Type: 'pdf' };

function failure<T>(result: Result<T, DeliveryError>): DeliveryError {
  if (result.ok) throw new Error(`expected an error, got ${JSON.stringify(result.value).slice(0, 300)}`);
  return result.error;
}

let seq = 0;
function testShipment(extra: Partial<Shipment> = {}): Shipment {
  seq++;
  return {
    sender: { quickId: process.env.NSHIFT_SENDER_QUICKID ?? '1' },
    receiver: {
      name: 'Åsa Öberg',
      address1: 'Storgatan 1',
      zipcode: '11359',
      city: 'STOCKHOLM',
      country: 'SE',
      email: 'asa@example.com',
      mobile: '+46701234567',
    },
    service: { id: process.env.NSHIFT_SERVICE_ID ?? 'P19' },
    parcels: [{ copies: 1, weight: 1.2, contents: 'Goods' }],
    orderNo: `PB-CONTRACT-${Date.now()}-${seq}`,
    test: true,
    ...extra,
  };
}

function contract(name: string, isSim: boolean, target: () => Target): void {
  const simOnly = it.skipIf(!isSim);
  let client: DeliveryClient;
  const requestLog: string[] = [];
  /** The list type the manifest checks read (a real account: only the one it names), and whether one may be made. */
  const manifestType = isSim ? 'PLAB' : process.env.NSHIFT_MANIFEST_TYPE;
  const mayCreateManifest = isSim || process.env.NSHIFT_MANIFEST_CREATE === '1';
  /** The Print Client printers the print-job checks print on, labels and PDFs (a real account: only those named). */
  const namedPrinter = (name: string) => (isSim ? undefined : Number(process.env[name]) || undefined);
  const printPrinterId = namedPrinter('NSHIFT_PRINT_PRINTER_ID');
  const printPdfPrinterId = namedPrinter('NSHIFT_PRINT_PDF_PRINTER_ID');
  /** The simulator's printer that takes a format. */
  const simPrinter = (printers: Printer[], format: 'zpl' | 'pdf'): number =>
    (printers.find((p) => p.formats?.includes(format)) ?? printers[0]!).id;
  /** The manifest the manifest checks made or read, for the manifest's print job. */
  let lastManifest: Manifest | undefined;

  beforeAll(() => {
    const t = target();
    client = createDeliveryClient({
      baseUrl: t.baseUrl,
      apiKey: t.apiKey,
      logger: (l) => requestLog.push(l),
      token: { renewInBackground: false },
    });
  });
  afterAll(async () => {
    await client?.close();
    // Whatever happened above, no log line carries the secret.
    expect(requestLog.join('\n')).not.toContain(target().apiKey.secret);
  });

  describe(`${name}: auth`, () => {
    it('warm() exchanges the key for a token', async () => {
      expect(await client.warm()).toEqual({ ok: true, value: undefined });
    });

    it('a wrong key is auth invalid_key, and its secret is in no error', async () => {
      const wrong = createDeliveryClient({
        baseUrl: target().baseUrl,
        apiKey: { id: target().apiKey.id, secret: 'definitely-wrong-secret' },
      });
      const error = failure(await wrong.orders.list({}));
      expect(error).toMatchObject({ kind: 'auth', reason: 'invalid_key' });
      expect(JSON.stringify(error)).not.toContain('definitely-wrong-secret');
      await wrong.close();
    });

    simOnly('expired tokens are re-exchanged once and the call succeeds', async () => {
      unwrap(await client.orders.list({}));
      target().sim?.faults.expireAllTokens();
      expect((await client.orders.list({})).ok).toBe(true);
    });

    simOnly('403 names the missing licence', async () => {
      const sim = target().sim!;
      sim.addApiKey({ id: 'no-discard', secret: 'no-discard-secret', licenses: ['REST API Print'] });
      const limited = createDeliveryClient({
        baseUrl: target().baseUrl,
        apiKey: { id: 'no-discard', secret: 'no-discard-secret' },
      });
      expect(failure(await limited.shipments.cancel('1'))).toMatchObject({
        kind: 'access',
        status: 403,
        license: 'REST API Discard',
      });
      expect(failure(await limited.history.search({}))).toMatchObject({
        kind: 'access',
        license: 'REST API Shipment History',
      });
      await limited.close();
    });
  });

  describe(`${name}: shipments and documents`, () => {
    let booked: ShipmentResult;

    it('books and prints with returnFile: the label arrives as ZPL bytes in cp850', async () => {
      const results = unwrap(
        await client.shipments.create({ shipment: testShipment(), printConfig: ZPL_THEN_A4 }),
      );
      expect(results.length).toBeGreaterThanOrEqual(1);
      booked = results[0]!;
      expect(booked.id).toMatch(/\S/);
      expect(booked.prints.length).toBeGreaterThan(0);
      expect(booked.prints[0]?.data).toBeTruthy();
      const docs = unwrap(await client.documents.fromShipmentResult(booked, ZPL_THEN_A4));
      const label = docs.find((d) => d.format === 'zpl');
      expect(label).toMatchObject({ kind: 'label', charset: 'cp850', shipmentId: booked.id });
      expect(label?.bytes.subarray(0, 3).toString('latin1')).toBe('^XA');
    });

    it('with charset UTF8 asked, the ZPL document says so', async () => {
      const [result] = unwrap(
        await client.shipments.create({ shipment: testShipment(), printConfig: ZPL_UTF8 }),
      );
      const docs = unwrap(await client.documents.fromShipmentResult(result!, ZPL_UTF8));
      expect(docs.find((d) => d.format === 'zpl')?.charset).toBe('UTF8');
    });

    it('invalid shipment data is a validation error with the 422 list', async () => {
      const error = failure(
        await client.shipments.create({
          shipment: testShipment({ receiver: { name: 'No Zip', city: 'STOCKHOLM', country: 'SE' } }),
          printConfig: ZPL_THEN_A4,
        }),
      );
      expect(error.kind).toBe('validation');
      expect(
        error.kind === 'validation' &&
          error.errors.some((e) => /zip/i.test(e.field) || /zip/i.test(e.messageCode)),
      ).toBe(true);
    });

    it('lists documents without inline data and downloads them through their href', async () => {
      const prints = unwrap(await client.shipments.listPrints(booked.id, { returnFile: false }));
      expect(prints.length).toBeGreaterThan(0);
      expect(prints[0]?.href).toMatch(/^https?:\/\//);
      const docs = unwrap(
        await client.documents.fromPrints(
          prints,
          { idPrefix: `shp-${booked.id}`, shipmentId: booked.id },
          ZPL_THEN_A4,
        ),
      );
      expect(docs[0]?.bytes.length).toBeGreaterThan(10);
      const withData = unwrap(await client.shipments.listPrints(booked.id));
      expect(withData[0]?.data).toBeTruthy();
    });

    it('fetches a document by ids and by href, as raw bytes', async () => {
      const print = booked.prints[0]!;
      const byIds = unwrap(
        await client.shipments.fetchPrint(booked.id, print.id, 'application/octet-stream'),
      );
      expect(byIds.equals(Buffer.from(print.data!, 'base64'))).toBe(true);
      const byHref = unwrap(
        await client.shipments.fetchPrint(print.href!, undefined, 'application/octet-stream'),
      );
      expect(byHref.equals(byIds)).toBe(true);
    });

    it('makes document copies, and PDF copies through the legacy pdfs paths', async () => {
      const copies = unwrap(await client.shipments.copyPrints(booked.id, A4_PDF));
      expect(copies.length).toBeGreaterThan(0);
      expect(Buffer.from(copies[0]!.data!, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const pdfs = unwrap(await client.shipments.copyPdfs(booked.id, A4_PDF));
      expect(pdfs[0]?.pdf ?? pdfs[0]?.data).toBeTruthy();
      const listed = unwrap(await client.shipments.listPdfs(booked.id));
      expect(listed.length).toBeGreaterThan(0);
      const pdf = unwrap(await client.shipments.fetchPdf(booked.id, listed[0]!.id));
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    });

    simOnly('a document is gone after one hour: not_found', async () => {
      const [fresh] = unwrap(
        await client.shipments.create({ shipment: testShipment(), printConfig: ZPL_THEN_A4 }),
      );
      target().sim!.clock.advance(61 * 60 * 1000);
      expect(failure(await client.shipments.fetchPrint(fresh!.id, fresh!.prints[0]!.id))).toMatchObject({
        kind: 'not_found',
      });
    });

    it('the printed-shipments feed yields bookings and stores the next fetchId', async () => {
      const store = createMemoryFetchIdStore();
      const ids: string[] = [];
      for await (const item of client.shipments.printedFeed({ store, maxCalls: 20 }))
        ids.push(unwrap(item).id);
      if (isSim) expect(ids).toContain(booked.id);
      expect(typeof store.snapshot().shipments).toBe('number');
    });

    it('cancels a shipment; an unknown one is not_found', async () => {
      const [toCancel] = unwrap(
        await client.shipments.create({ shipment: testShipment(), printConfig: ZPL_THEN_A4 }),
      );
      expect(await client.shipments.cancel(toCancel!.id)).toEqual({ ok: true, value: undefined });
      expect(failure(await client.shipments.cancel('999999999'))).toMatchObject({ kind: 'not_found' });
    });

    simOnly(
      'the connection dropped after a committed booking is outcome_unknown, sent exactly once',
      async () => {
        const sim = target().sim!;
        const before = sim.records().length;
        sim.faults.dropAfterCommit(1, { method: 'POST', path: '/shipments' });
        const mark = requestLog.length;
        const error = failure(
          await client.shipments.create({ shipment: testShipment(), printConfig: ZPL_THEN_A4 }),
        );
        expect(error).toMatchObject({ kind: 'outcome_unknown', operation: 'shipments.create' });
        expect(requestLog.slice(mark).filter((l) => l.includes('shipments.create'))).toHaveLength(1);
        expect(sim.records().length).toBe(before + 1); // it was booked: the station must look it up, not rebook
      },
    );

    simOnly(
      'a dropped answer to a stored booking or an order booking is outcome_unknown too, sent once',
      async () => {
        const sim = target().sim!;
        const stored = unwrap(await client.storedShipments.create(testShipment()));
        sim.faults.dropAfterCommit(1, { method: 'POST', path: '/stored-shipments/*/shipments' });
        let mark = requestLog.length;
        expect(failure(await client.storedShipments.book(stored.id, ZPL_THEN_A4))).toMatchObject({
          kind: 'outcome_unknown',
          operation: 'storedShipments.book',
        });
        expect(requestLog.slice(mark).filter((l) => l.includes('storedShipments.book'))).toHaveLength(1);

        const [order] = unwrap(await client.orders.list({ internalReference: 'ORD-1003' }));
        sim.faults.dropAfterCommit(1, { method: 'POST', path: '/orders/shipments' });
        mark = requestLog.length;
        expect(
          failure(await client.orders.createShipment({ orderId: order!.id, printConfig: ZPL_THEN_A4 })),
        ).toMatchObject({ kind: 'outcome_unknown' });
        expect(requestLog.slice(mark).filter((l) => l.includes('orders.createShipment'))).toHaveLength(1);
        // What nShift has decides: the order shows as shipped, so the station must not book it again.
        expect(unwrap(await client.orders.get(order!.id)).status).toBe('SHIPPED');
      },
    );

    simOnly('a GET answered 503 with Retry-After is retried', async () => {
      target().sim!.faults.failNext(1, {
        method: 'GET',
        path: '/orders',
        status: 503,
        headers: { 'retry-after': '0' },
      });
      expect((await client.orders.list({})).ok).toBe(true);
    });
  });

  describe(`${name}: stored shipments`, () => {
    it('create, list by orderNo, get, replace, book, and delete', async () => {
      const shipment = testShipment();
      const stored = unwrap(await client.storedShipments.create(shipment));
      expect(stored.status).toBe('READY');
      const listed = unwrap(
        await client.storedShipments.list({
          searchField: 'orderNo',
          searchOp: 'equals',
          searchValue: shipment.orderNo,
          status: 'ready',
        }),
      );
      expect(listed.map((s) => s.id)).toContain(stored.id);
      expect(unwrap(await client.storedShipments.get(stored.id)).id).toBe(stored.id);
      unwrap(
        await client.storedShipments.replace(stored.id, { ...shipment, parcels: [{ copies: 2, weight: 2 }] }),
      );
      const results = unwrap(await client.storedShipments.book(stored.id, ZPL_THEN_A4));
      expect(results[0]?.prints[0]?.data).toBeTruthy();

      const other = unwrap(await client.storedShipments.create(testShipment()));
      expect(await client.storedShipments.delete(other.id)).toEqual({ ok: true, value: undefined });
      expect(failure(await client.storedShipments.get(other.id))).toMatchObject({ kind: 'not_found' });
    });

    it('an INVALID stored shipment is stored with its statuses and cannot be booked (422)', async () => {
      const stored = unwrap(
        await client.storedShipments.create(
          testShipment({ receiver: { name: 'No Zip', city: 'X', country: 'SE' } }),
        ),
      );
      expect(stored.status).toBe('INVALID');
      expect(stored.statuses?.length).toBeGreaterThan(0);
      expect(failure(await client.storedShipments.book(stored.id, ZPL_THEN_A4))).toMatchObject({
        kind: 'validation',
      });
    });
  });

  describe(`${name}: consolidated shipments`, () => {
    it('create/add, list open, documents, delete parcel group, close, delete', async () => {
      const key = `PB-KONS-${Date.now()}`;
      const consolidate = (orderNo: string) =>
        testShipment({ orderNo, options: [{ id: 'CONSOLIDATE', key }] });
      const [first] = unwrap(
        await client.consolidated.create({ shipment: consolidate(`${key}-A`), printConfig: ZPL_THEN_A4 }),
      );
      expect(first?.consolidated).toBe(true);
      const [second] = unwrap(
        await client.consolidated.create({ shipment: consolidate(`${key}-B`), printConfig: ZPL_THEN_A4 }),
      );
      expect(second?.id).toBe(first?.id);
      const open = unwrap(await client.consolidated.listOpen({}));
      expect(open.map((c) => c.id)).toContain(first!.id);
      const prints = unwrap(await client.consolidated.listPrints(first!.id));
      expect(prints.length).toBeGreaterThan(0);
      const bytes = unwrap(
        await client.consolidated.fetchPrint(first!.id, prints[0]!.id, 'application/octet-stream'),
      );
      expect(bytes.length).toBeGreaterThan(10);
      expect(await client.consolidated.deleteParcelGroup(first!.id, `${key}-B`)).toEqual({
        ok: true,
        value: undefined,
      });
      const closed = unwrap(await client.consolidated.close(first!.id, ZPL_THEN_A4));
      expect(closed.length).toBeGreaterThan(0);

      const key2 = `${key}-2`;
      const [another] = unwrap(
        await client.consolidated.create({
          shipment: testShipment({ options: [{ id: 'consolidate', key: key2 }] }),
          printConfig: ZPL_THEN_A4,
        }),
      );
      // nShift adds a cancelled shipment for the labels printed earlier; the client finds it when it can.
      const deleted = unwrap(await client.consolidated.delete(another!.id));
      if (isSim)
        expect(deleted.cancelled).toMatchObject({ shipmentNo: another!.shipmentNo, status: 'CANCELLED' });
    });
  });

  describe(`${name}: orders`, () => {
    simOnly('finds an order by what the packer scans, books it and fetches its documents', async () => {
      const [order] = unwrap(await client.orders.list({ internalReference: 'ORD-1001' }));
      expect(order).toMatchObject({ internalReference: 'ORD-1001', status: 'OPEN' });
      expect(unwrap(await client.orders.get(order!.id)).id).toBe(order!.id);
      const booked = unwrap(
        await client.orders.createShipment({ orderId: order!.id, printConfig: ZPL_THEN_A4 }),
      );
      expect(booked.trackingNumbers.length).toBe(2);
      const prints = unwrap(await client.shipments.listPrints(booked.shipmentId, { returnFile: true }));
      const docs = unwrap(
        await client.documents.fromPrints(
          prints,
          { idPrefix: `shp-${booked.shipmentId}`, shipmentId: booked.shipmentId },
          ZPL_THEN_A4,
        ),
      );
      expect(docs.some((d) => d.format === 'zpl' && d.charset === 'cp850')).toBe(true);
      expect(unwrap(await client.orders.get(order!.id)).status).toBe('SHIPPED');
      expect(failure(await client.orders.createShipment({ orderId: order!.id }))).toMatchObject({
        kind: 'validation',
      });
    });

    simOnly('an order without postal code fails validation', async () => {
      const [order] = unwrap(await client.orders.list({ internalReference: 'ORD-1900' }));
      expect(
        failure(await client.orders.createShipment({ orderId: order!.id, printConfig: ZPL_THEN_A4 })),
      ).toMatchObject({ kind: 'validation' });
    });

    it('order channels, orders, comments and delivery options: create, read, update, delete', async () => {
      const types = unwrap(await client.orderChannels.types());
      expect(Array.isArray(types)).toBe(true);
      const channel = unwrap(
        await client.orderChannels.create({
          name: 'Contract shop',
          integration: 'API',
          integrationReference: 'contract',
        }),
      );
      const channelId = channel.id!;
      expect(unwrap(await client.orderChannels.get(channelId)).id).toBe(channelId);
      expect(unwrap(await client.orderChannels.list()).map((c) => c.id)).toContain(channelId);
      unwrap(
        await client.orderChannels.update(channelId, {
          name: 'Contract shop 2',
          integration: 'API',
          integrationReference: 'contract',
        }),
      );

      const option = unwrap(
        await client.deliveryOptions.create({
          orderChannelId: channelId,
          carrierId: 'PLAB',
          serviceId: 'P19',
          sender: { name: 'Lager', zipcode: '11122', city: 'STOCKHOLM', country: 'SE' },
        }),
      );
      const optionId = option.id!;
      expect(unwrap(await client.deliveryOptions.get(optionId)).id).toBe(optionId);
      expect(unwrap(await client.deliveryOptions.list()).map((o) => o.id)).toContain(optionId);
      unwrap(
        await client.deliveryOptions.update(optionId, {
          orderChannelId: channelId,
          carrierId: 'PLAB',
          serviceId: 'P19',
        }),
      );
      expect(
        unwrap(await client.deliveryOptions.createRate(optionId, { zone: 'SE', price: 49 })).id,
      ).toBeTruthy();

      const created = unwrap(
        await client.orders.create({
          orderChannelId: channelId,
          internalReference: `PB-ORDER-${Date.now()}`,
          receiver: { name: 'Å', zipcode: '11359', city: 'STOCKHOLM', country: 'SE' },
          parcels: [{ weight: 1 }],
          deliveryOptionId: optionId,
        }),
      );
      const orderId = created.id!;
      unwrap(
        await client.orders.update(orderId, {
          orderChannelId: channelId,
          internalReference: 'PB-ORDER-UPDATED',
          parcels: [{ weight: 2 }],
        }),
      );
      const comment = unwrap(
        await client.comments.create({ orderId, type: 'internal', value: 'packed by contract test' }),
      );
      expect(unwrap(await client.comments.get(comment.id!)).id).toBe(comment.id);
      expect(await client.comments.delete(comment.id!)).toEqual({ ok: true, value: undefined });
      expect(await client.orders.delete(orderId)).toEqual({ ok: true, value: undefined });
      expect(failure(await client.orders.get(orderId))).toMatchObject({ kind: 'not_found' });
      expect(await client.deliveryOptions.delete(optionId)).toEqual({ ok: true, value: undefined });
      expect(await client.orderChannels.delete(channelId)).toEqual({ ok: true, value: undefined });
    });
  });

  describe(`${name}: end of day and follow-up`, () => {
    it.skipIf(!manifestType)(
      'manifests: create with documents inline, list, get, shipments, documents, PDFs, copy',
      async (test) => {
        const type = manifestType!;
        let manifest: Manifest | undefined;
        if (mayCreateManifest) {
          unwrap(await client.shipments.create({ shipment: testShipment(), printConfig: ZPL_THEN_A4 }));
          manifest = unwrap(await client.manifests.create({ manifestType: type }));
          expect(manifest.manifestType).toBe(type);
          expect(manifest.prints[0]?.pdf ?? manifest.prints[0]?.data).toBeTruthy();
        }
        const listed = unwrap(await client.manifests.list(type));
        if (manifest) expect(listed.map((m) => m.manifestId)).toContain(manifest.manifestId);
        manifest ??= listed.at(-1);
        if (!manifest) return test.skip(`no manifest of type ${type} on this account to read`);
        lastManifest = manifest;
        const { manifestId } = manifest;
        expect(unwrap(await client.manifests.get(type, manifestId)).manifestId).toBe(manifestId);
        expect(Array.isArray(unwrap(await client.manifests.shipments(type, manifestId)))).toBe(true);
        const prints = unwrap(await client.manifests.listPrints(type, manifestId));
        const pdf = unwrap(await client.manifests.fetchPrint(type, manifestId, prints[0]!.id));
        expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
        const pdfs = unwrap(await client.manifests.listPdfs(type, manifestId));
        const legacy = unwrap(await client.manifests.fetchPdf(type, manifestId, pdfs[0]!.id));
        expect(legacy.subarray(0, 5).toString('latin1')).toBe('%PDF-');
        const copy = unwrap(await client.manifests.copy(type, manifestId));
        expect(copy.length).toBeGreaterThan(0);
      },
    );

    it('waybills: create, list, get', async () => {
      const [shipment] = unwrap(
        await client.shipments.create({ shipment: testShipment(), printConfig: ZPL_THEN_A4 }),
      );
      const waybill = unwrap(
        await client.waybills.create({
          waybill: { type: 'BULK', shipmentIds: [shipment!.id] },
          printConfig: A4_PDF,
        }),
      );
      expect(waybill.prints.length).toBeGreaterThan(0);
      expect(unwrap(await client.waybills.list()).map((w) => w.id)).toContain(waybill.id);
      expect(unwrap(await client.waybills.get(waybill.id)).id).toBe(waybill.id);
    });

    it('shipment history finds a booking by order number, one page or every page', async () => {
      const shipment = testShipment();
      unwrap(await client.shipments.create({ shipment, printConfig: ZPL_THEN_A4 }));
      const found = unwrap(
        await client.history.search({ searchField: 'orderNo', searchValue: shipment.orderNo, page: 0 }),
      );
      expect(found.map((s) => s.orderNo)).toContain(shipment.orderNo);
      // Every page until the one `totalPages` names.
      const all = unwrap(
        await client.history.searchAll({ searchField: 'orderNo', searchValue: shipment.orderNo }),
      );
      expect(all.map((s) => s.orderNo)).toContain(shipment.orderNo);
    });

    simOnly('status events come through the alerts feed', async () => {
      const [shipment] = unwrap(
        await client.shipments.create({ shipment: testShipment(), printConfig: ZPL_THEN_A4 }),
      );
      target().sim!.deliver(shipment!.id);
      const codes: string[] = [];
      for await (const item of client.alerts.feed({ store: createMemoryFetchIdStore(), maxCalls: 20 }))
        codes.push(unwrap(item).alertCode ?? '');
      expect(codes).toContain('STATUS_DELIVERED');
    });

    it('prices and the price history feed', async () => {
      const price = unwrap(
        await client.prices.fetch({
          shipment: testShipment(),
          additionalSurcharges: { amount: 10, percent: 10 },
        }),
      );
      // The figures come from the answer's priceData (docs/nshift-api.md 1.9), not from its top level.
      expect(price.price).toBeDefined();
      expect(price.priceWithAdditionalSurcharges).toBeDefined();
      const items: unknown[] = [];
      for await (const item of client.prices.historyFeed({ store: createMemoryFetchIdStore(), maxCalls: 20 }))
        items.push(unwrap(item));
      if (isSim) expect(items.length).toBeGreaterThan(0);
    });

    it('code lists name carriers and services', async () => {
      const partners = unwrap(await client.codeLists.partners({ language: 'en' }));
      expect(Array.isArray(partners)).toBe(true);
    });
  });

  describe(`${name}: print client`, () => {
    it('print clients and printers by page, each also by id; print jobs listed', async () => {
      const clients = unwrap(await client.print.clients());
      expect(unwrap(await client.print.clients({ page: 0, size: 50 })).length).toBe(
        Math.min(clients.length, 50),
      );
      const printers = unwrap(await client.print.printers());
      if (isSim) expect(clients.length * printers.length).toBeGreaterThan(0);
      const first = clients[0];
      if (first) {
        expect(unwrap(await client.print.client(first.id)).id).toBe(first.id);
        expect(Array.isArray(unwrap(await client.print.clientPrinters(first.id)))).toBe(true);
      }
      if (printers[0]) expect(unwrap(await client.print.printer(printers[0].id)).id).toBe(printers[0].id);
      expect(Array.isArray(unwrap(await client.print.jobs({})))).toBe(true);
    });

    it.skipIf(!isSim && !printPrinterId)(
      'sends a shipment’s, a manifest’s and a consolidated shipment’s document to a printer',
      async () => {
        const printers = unwrap(await client.print.printers({ size: 50 }));
        const zplPrinter = printPrinterId ?? simPrinter(printers, 'zpl');
        const pdfPrinter = isSim ? simPrinter(printers, 'pdf') : printPdfPrinterId;
        const [shipment] = unwrap(
          await client.shipments.create({ shipment: testShipment(), printConfig: ZPL_THEN_A4 }),
        );
        const job = unwrap(
          await client.print.createShipmentPrintJob(shipment!.id, shipment!.prints[0]!.id, {
            printerId: zplPrinter,
            contentType: 'raw_uri',
          }),
        );
        expect(unwrap(await client.print.job(job.id)).id).toBe(job.id);
        expect(unwrap(await client.print.jobs({})).map((j) => j.id)).toContain(job.id);

        // The manifest read or made above, on a PDF printer (the real account: only with both named).
        if (lastManifest && pdfPrinter !== undefined) {
          const prints = unwrap(
            await client.manifests.listPrints(lastManifest.manifestType, lastManifest.manifestId),
          );
          unwrap(
            await client.print.createManifestPrintJob(
              lastManifest.manifestType,
              lastManifest.manifestId,
              prints[0]!.id,
              { printerId: pdfPrinter, contentType: 'pdf_uri' },
            ),
          );
        }
        const [cons] = unwrap(
          await client.consolidated.create({
            shipment: testShipment({ options: [{ id: 'CONSOLIDATE', key: `PJ-${Date.now()}` }] }),
            printConfig: ZPL_THEN_A4,
          }),
        );
        unwrap(
          await client.print.createConsolidatedPrintJob(cons!.id, cons!.prints[0]!.id, {
            printerId: zplPrinter,
          }),
        );
      },
    );
  });

  describe(`${name}: address book, webhooks, onboarding`, () => {
    it('senders: create, list, get, update, replace, delete', async () => {
      const created = unwrap(
        await client.senders.create({
          name: 'Contract sender',
          zipcode: '11122',
          city: 'STOCKHOLM',
          country: 'SE',
        }),
      );
      const id = created.id!;
      expect(unwrap(await client.senders.list()).map((s) => s.id)).toContain(id);
      expect(unwrap(await client.senders.get(id)).id).toBe(id);
      expect(unwrap(await client.senders.update(id, { city: 'UPPSALA' })).city).toBe('UPPSALA');
      unwrap(
        await client.senders.replace(id, {
          name: 'Replaced',
          zipcode: '75320',
          city: 'UPPSALA',
          country: 'SE',
        }),
      );
      expect(await client.senders.delete(id)).toEqual({ ok: true, value: undefined });
      expect(failure(await client.senders.get(id))).toMatchObject({ kind: 'not_found' });
    });

    it('receivers: create, fetch, replace, update, delete', async () => {
      const created = unwrap(
        await client.receivers.create({
          name: 'Contract receiver',
          zipcode: '11359',
          city: 'STOCKHOLM',
          country: 'SE',
        }),
      );
      const id = created.id!;
      expect(unwrap(await client.receivers.fetch({ receiverId: id })).map((r) => r.id)).toContain(id);
      unwrap(
        await client.receivers.replace(id, {
          name: 'Replaced',
          zipcode: '11359',
          city: 'STOCKHOLM',
          country: 'SE',
        }),
      );
      unwrap(await client.receivers.update(id, { city: 'SOLNA' }));
      expect(await client.receivers.delete(id)).toEqual({ ok: true, value: undefined });
    });

    it('webhooks: the nine operations', async () => {
      const hook = unwrap(
        await client.webhooks.create({
          url: 'https://example.com/hook',
          subjectType: 'SHIPMENT',
          label: 'contract',
        }),
      );
      const id = hook.id!;
      expect(unwrap(await client.webhooks.list()).map((h) => h.id)).toContain(id);
      expect(unwrap(await client.webhooks.get(id)).id).toBe(id);
      unwrap(
        await client.webhooks.update(id, {
          url: 'https://example.com/hook2',
          subjectType: 'SHIPMENT',
          label: 'contract',
        }),
      );
      const tested = unwrap(await client.webhooks.test(id)) as { webhookEventId?: string } | undefined;
      const events = unwrap(await client.webhooks.events(id));
      if (isSim) {
        const eventId = tested?.webhookEventId ?? String(events[0]?.webhookEventId);
        expect(
          (unwrap(await client.webhooks.event(id, eventId)) as Record<string, unknown>).webhookEventId,
        ).toBe(eventId);
        unwrap(await client.webhooks.resend(id, eventId));
      }
      expect(await client.webhooks.delete(id)).toEqual({ ok: true, value: undefined });
    });

    simOnly('onboarding: accounts, applications, languages', async () => {
      unwrap(await client.onboarding.accounts());
      unwrap(await client.onboarding.language());
      const app = unwrap(await client.onboarding.createApplication({ name: 'Contract AB' })) as {
        id?: string;
      };
      unwrap(await client.onboarding.applicationLanguage(String(app.id)));
    });
  });
}

describe('Delivery client contract: simulator', () => {
  let sim: Simulator;
  let baseUrl = '';
  beforeAll(async () => {
    sim = createSimulator({ clock: createManualClock() });
    sim.addApiKey({ id: KEY.id, secret: KEY.secret });
    seedDemoData(sim);
    baseUrl = (await sim.start()).deliveryBaseUrl;
  });
  afterAll(async () => {
    await sim?.stop();
  });
  contract('simulator', true, () => ({ baseUrl, apiKey: KEY, sim }));
});

describe.skipIf(!hasRealAccount)('Delivery client contract: real nShift account', () => {
  contract('real account', false, () => ({
    baseUrl: real.baseUrl ?? '',
    apiKey: { id: real.id ?? '', secret: real.secret ?? '' },
  }));
});
