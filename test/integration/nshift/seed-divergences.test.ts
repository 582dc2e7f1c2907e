/**
 * Where the client or the simulator had drifted from the Delivery contract (docs/nshift-api.md; issue 12, point 5),
 * and the manifest fetches of its 1.6 (point 3): each checked on the simulator's own answers and through the client, over
 * real HTTP on 127.0.0.1.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { DeliveryClient } from '../../../main/nshift/delivery/client';
import { seedPrinters } from '../../../main/simulator/index';
import { harnessClient, shipment, startHarness, THERMO_ZPL, type Harness } from '../simulator/harness';
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
  client = harnessClient(h);
  return { h, client };
}

interface Print {
  id: string;
  data?: string | null;
  pdf?: string | null;
}

/** Labels as A4 PDFs, so a consolidated shipment's PDF list has something in it. */
const PDF_ONLY = { target1Media: 'laser-a4', target1Type: 'pdf' };

const consolidate = (key: string, orderNo: string, service = 'P19') =>
  shipment({ orderNo, service: { id: service }, options: [{ id: 'CONSOLIDATE', key }] });

describe('the consolidated PDF list takes inlinePdf', () => {
  it('simulator: the PDF list inlines by inlinePdf, the document list by returnFile, neither by the other', async () => {
    const { h } = await start();
    const [open] = (
      await h.call('POST', '/consolidated-shipments', {
        printConfig: PDF_ONLY,
        shipment: consolidate('K-1', 'K-1-A'),
      })
    ).json as Array<{ id: string }>;
    const list = async (path: string) => (await h.call('GET', path)).json as Print[];
    const pdfs = `/consolidated-shipments/${open!.id}/pdfs`;
    const prints = `/consolidated-shipments/${open!.id}/prints`;
    const inlined = await list(`${pdfs}?inlinePdf=true`);
    expect(inlined.length).toBeGreaterThan(0);
    expect(inlined.every((p) => p.pdf)).toBe(true);
    expect((await list(`${pdfs}?returnFile=true`)).map((p) => p.pdf ?? null)).toEqual(
      inlined.map(() => null),
    );
    const documents = await list(`${prints}?returnFile=true`);
    expect(documents.every((p) => p.data)).toBe(true);
    expect((await list(`${prints}?inlinePdf=true`)).map((p) => p.data ?? null)).toEqual(
      documents.map(() => null),
    );
  });

  it('client: listPdfs asks with inlinePdf and gets every PDF inline; fetchPdf gets the same bytes', async () => {
    const { client } = await start();
    const [open] = unwrap(
      await client.consolidated.create({ shipment: consolidate('K-2', 'K-2-A'), printConfig: PDF_ONLY }),
    );
    const pdfs = unwrap(await client.consolidated.listPdfs(open!.id));
    expect(pdfs.length).toBeGreaterThan(0);
    for (const pdf of pdfs) {
      expect(pdf.pdf).toBeTruthy();
      const bytes = unwrap(await client.consolidated.fetchPdf(open!.id, pdf.id));
      expect(bytes.equals(Buffer.from(pdf.pdf!, 'base64'))).toBe(true);
    }
  });
});

describe('a consolidated booking that was not consolidated is not silently accepted', () => {
  it('simulator: a service that does not consolidate books a normal shipment, consolidated false', async () => {
    const { h } = await start();
    const res = await h.call('POST', '/consolidated-shipments?returnFile=true', {
      printConfig: THERMO_ZPL,
      shipment: consolidate('K-UPS', 'UPS-1', 'UPSSTD'),
    });
    expect(res.status).toBe(201);
    const [result] = res.json as Array<{ id: string; consolidated: boolean }>;
    expect(result!.consolidated).toBe(false);
    expect((await h.call('GET', '/consolidated-shipments')).json).toEqual([]);
    expect(h.sim.records().map((r) => [r.orderNo, r.route])).toEqual([['UPS-1', 'shipments']]);
  });

  it('client: refuses to send a consolidated booking without the CONSOLIDATE option, which would book a normal shipment', async () => {
    const { h, client } = await start();
    const refused = await client.consolidated.create({
      shipment: shipment({ orderNo: 'NO-KEY-1' }),
      printConfig: THERMO_ZPL,
    });
    expect(refused).toMatchObject({
      ok: false,
      error: { kind: 'validation', status: 0, errors: [{ field: 'Option_Key' }] },
    });
    const keyless = await client.consolidated.create({
      shipment: shipment({ orderNo: 'NO-KEY-2', options: [{ id: 'CONSOLIDATE' }] }),
      printConfig: THERMO_ZPL,
    });
    expect(keyless.ok).toBe(false);
    expect(h.sim.records()).toEqual([]);
  });
});

describe('deleting a consolidated shipment leaves the cancelled shipment the seed says is added', () => {
  it('simulator: the history shows a CANCELLED shipment with the consolidated number, its parcels and labels', async () => {
    const { h } = await start();
    const [open] = (
      await h.call('POST', '/consolidated-shipments?returnFile=true', {
        printConfig: THERMO_ZPL,
        shipment: consolidate('K-3', 'K-3-A'),
      })
    ).json as Array<{ id: string; shipmentNo: string; parcels: Array<{ parcelNo: string }> }>;
    expect((await h.call('DELETE', `/consolidated-shipments/${open!.id}`)).status).toBe(204);
    const history = (
      (await h.call('GET', `/shipments-history?searchField=shipmentNo&searchValue=${open!.shipmentNo}`))
        .json as {
        shipments: Array<{
          status: string;
          consolidated: boolean;
          parcels: Array<{ parcelNo: string }>;
          prints: Print[];
        }>;
      }
    ).shipments;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ status: 'CANCELLED', consolidated: true });
    expect(history[0]!.parcels.map((p) => p.parcelNo)).toEqual(open!.parcels.map((p) => p.parcelNo));
    expect(history[0]!.prints.length).toBeGreaterThan(0);
  });

  it('client: delete returns that cancelled shipment', async () => {
    const { client } = await start();
    const [open] = unwrap(
      await client.consolidated.create({ shipment: consolidate('K-4', 'K-4-A'), printConfig: THERMO_ZPL }),
    );
    const deleted = unwrap(await client.consolidated.delete(open!.id));
    expect(deleted.cancelled).toMatchObject({ shipmentNo: open!.shipmentNo, status: 'CANCELLED' });
    expect(deleted.cancelled?.parcels?.map((p) => p.parcelNo)).toEqual(open!.parcels?.map((p) => p.parcelNo));
  });
});

describe('print-client printer lists page through page and size', () => {
  it('simulator: a page holds at most 50 printers, for all printers and for one client', async () => {
    const { h } = await start();
    seedPrinters(h.sim, 118, 'Dock printer ');
    const all = async (path: string) => (await h.call('GET', path)).json as Array<{ id: number }>;
    expect(await all('/print/printers')).toHaveLength(50);
    expect(await all('/print/printers?page=2&size=50')).toHaveLength(20);
    expect(await all('/print/clients/1/printers')).toHaveLength(50);
    expect(await all('/print/clients/1/printers?page=2')).toHaveLength(20);
  });

  it('client: printers() and clientPrinters() return every page, and one page when asked for one', async () => {
    const { h, client } = await start();
    const seeded = seedPrinters(h.sim, 118, 'Dock printer ');
    const everything = unwrap(await client.print.printers());
    expect(everything).toHaveLength(120);
    expect(everything.map((p) => p.id)).toEqual(expect.arrayContaining(seeded));
    expect(unwrap(await client.print.clientPrinters(1))).toHaveLength(120);
    expect(unwrap(await client.print.printers({ page: 1 }))).toHaveLength(50);
  });
});

describe('validation errors come from any 4xx that carries the error list', () => {
  const badBody = {
    printConfig: THERMO_ZPL,
    shipment: shipment({ parcels: [{ copies: 1, weight: 'heavy' }] }),
  };

  it('simulator: a body nShift cannot map answers 400 with the error list by field', async () => {
    const { h } = await start();
    const res = await h.call('POST', '/shipments', badBody);
    expect(res.status).toBe(400);
    expect(res.json).toEqual([
      expect.objectContaining({ field: 'shipment.parcels.0.weight', type: 'error', messageCode: 'Illegal' }),
    ]);
    expect(h.sim.records()).toEqual([]);
  });

  it('client: that 400 is a validation error with the list, not a server error', async () => {
    const { client } = await start();
    const booked = await client.shipments.create(
      badBody as unknown as Parameters<DeliveryClient['shipments']['create']>[0],
    );
    expect(booked).toMatchObject({
      ok: false,
      error: { kind: 'validation', status: 400, errors: [{ field: 'shipment.parcels.0.weight' }] },
    });
  });

  it('client: a 4xx without the list keeps its own meaning', async () => {
    const { h, client } = await start();
    h.sim.faults.failNext(1, { path: '/orders', status: 409, body: { code: 'ILLEGAL', message: 'busy' } });
    expect(await client.orders.list()).toMatchObject({ ok: false, error: { kind: 'server', status: 409 } });
  });
});

describe("the seed's five manifest fetches", () => {
  async function dayWithManifest(
    h: Harness,
  ): Promise<{ manifestId: string; shipmentNos: Record<string, string> }> {
    for (const [orderNo, service] of [
      ['M-1', 'P19'],
      ['M-2', 'DHLPAK'],
      ['M-3', 'P19'],
    ] as const)
      expect(
        (
          await h.call('POST', '/shipments', {
            printConfig: THERMO_ZPL,
            shipment: shipment({ orderNo, service: { id: service } }),
          })
        ).status,
      ).toBe(201);
    const created = (await h.call('POST', '/shipment-manifests/PNL/manifests', {})).json as {
      manifestId: string;
    };
    const shipmentNos = Object.fromEntries(h.sim.records().map((r) => [r.orderNo, r.shipmentNo]));
    return { manifestId: created.manifestId, shipmentNos };
  }

  it('simulator: the printed manifest, its shipments filtered by number, carrier and service, its PDF list and PDF', async () => {
    const { h } = await start();
    const { manifestId, shipmentNos } = await dayWithManifest(h);
    const base = `/shipment-manifests/PNL/manifests/${manifestId}`;
    expect((await h.call('GET', base)).json).toMatchObject({
      manifestType: 'PNL',
      manifestId,
      shipmentCount: 3,
    });
    expect((await h.call('GET', '/shipment-manifests/PNL/manifests/999')).status).toBe(404);
    const orderNos = async (query: string) =>
      ((await h.call('GET', `${base}/shipments${query}`)).json as Array<{ orderNo: string }>).map(
        (s) => s.orderNo,
      );
    expect(await orderNos('')).toEqual(['M-1', 'M-2', 'M-3']);
    expect(await orderNos('?searchField=orderNo&searchValue=m-2')).toEqual(['M-2']);
    expect(await orderNos(`?searchField=shipmentNo&searchValue=${shipmentNos['M-3']}`)).toEqual(['M-3']);
    expect(await orderNos('?carrierId=PLAB')).toEqual(['M-1', 'M-3']);
    expect(await orderNos('?serviceId=DHLPAK')).toEqual(['M-2']);
    const pdfs = (await h.call('GET', `${base}/pdfs?inlinePdf=true`)).json as Print[];
    expect(pdfs).toHaveLength(1);
    const raw = await h.call('GET', `${base}/pdfs/${pdfs[0]!.id}`, undefined, { accept: 'application/pdf' });
    expect(raw.bytes.equals(Buffer.from(pdfs[0]!.pdf!, 'base64'))).toBe(true);
  });

  it('client: get, shipments with filters, listPdfs and fetchPdf, listPrints and fetchPrint', async () => {
    const { h, client } = await start();
    const { manifestId, shipmentNos } = await dayWithManifest(h);
    const printed = unwrap(await client.manifests.get('PNL', manifestId));
    expect(printed).toMatchObject({ manifestId, shipmentCount: 3 });
    expect(printed.prints[0]?.data).toBeTruthy();
    const filtered = unwrap(
      await client.manifests.shipments('PNL', manifestId, {
        searchField: 'parcelNo',
        searchValue: h.sim.records().find((r) => r.orderNo === 'M-1')!.parcelNos[0],
      }),
    );
    expect(filtered.map((s) => s.shipmentNo)).toEqual([shipmentNos['M-1']]);
    expect(
      unwrap(await client.manifests.shipments('PNL', manifestId, { carrierId: 'DHL' })).map((s) => s.orderNo),
    ).toEqual(['M-2']);
    const [pdf] = unwrap(await client.manifests.listPdfs('PNL', manifestId));
    expect(
      unwrap(await client.manifests.fetchPdf('PNL', manifestId, pdf!.id))
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
    const [document] = unwrap(await client.manifests.listPrints('PNL', manifestId));
    expect(unwrap(await client.manifests.fetchPrint('PNL', manifestId, document!.id)).length).toBeGreaterThan(
      100,
    );
  });
});
