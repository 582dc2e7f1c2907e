import { PDFDocument } from 'pdf-lib';
import { afterEach, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../main/simulator/index';
import { shipment, startHarness, THERMO_ZPL, type Harness } from './harness';
import { pdfText } from './pdf-text';

let h: Harness;
afterEach(async () => h?.stop());

interface Feed {
  fetchId: number;
  done: boolean;
  minDelay: number;
  shipments: Array<{ id: string; orderNo: string }>;
}
interface Result {
  id: string;
  shipmentNo: string;
  status: string;
  consolidated: boolean;
  parcels: Array<{ parcelNo: string }>;
  prints: Array<{ id: string; description: string; data: string | null; href: string }>;
}

async function bookMany(n: number, prefix = 'F-'): Promise<void> {
  for (let i = 0; i < n; i++)
    expect(
      (
        await h.call('POST', '/shipments', {
          printConfig: THERMO_ZPL,
          shipment: shipment({ orderNo: `${prefix}${i}` }),
        })
      ).status,
    ).toBe(201);
}

describe('printed-shipments feed (fetch in batches)', () => {
  it('pages 100 at a time with advancing fetchIds and done at the end', async () => {
    h = await startHarness();
    await bookMany(230);
    const first = (await h.call('GET', '/shipments?fetchId=-1')).json as Feed;
    expect(first.shipments).toHaveLength(100);
    expect(first.done).toBe(false);
    expect(first.minDelay).toBe(0);
    const second = (await h.call('GET', `/shipments?fetchId=${first.fetchId}`)).json as Feed;
    expect(second.shipments).toHaveLength(100);
    expect(second.shipments[0]!.orderNo).toBe('F-100');
    const third = (await h.call('GET', `/shipments?fetchId=${second.fetchId}`)).json as Feed;
    expect(third.shipments.map((s) => s.orderNo).at(-1)).toBe('F-229');
    expect(third.done).toBe(true);
    const empty = (await h.call('GET', `/shipments?fetchId=${third.fetchId}`)).json as Feed;
    expect(empty).toMatchObject({ fetchId: third.fetchId, done: true, shipments: [] });
    expect(empty.minDelay).toBe(5 * 60 * 1000);
    await bookMany(1, 'LATE-');
    h.clock.advance(5 * 60 * 1000);
    const later = (await h.call('GET', `/shipments?fetchId=${empty.fetchId}`)).json as Feed;
    expect(later.shipments.map((s) => s.orderNo)).toEqual(['LATE-0']);
    expect(later.minDelay).toBe(0);
  });

  it('reports status events after hand-over and delivery on /alerts', async () => {
    h = await startHarness();
    await bookMany(1);
    const id = h.sim.records()[0]!.shipmentId;
    h.sim.handOver(id);
    h.sim.deliver(id);
    const alerts = (await h.call('GET', '/alerts?fetchId=-1')).json as {
      done: boolean;
      alerts: Array<{ alertCode: string; shipmentInfo: { orderNo: string } }>;
    };
    expect(alerts.alerts.map((a) => a.alertCode)).toEqual(['STATUS_IN_TRANSIT', 'STATUS_DELIVERED']);
    expect(alerts.alerts[1]!.shipmentInfo.orderNo).toBe('F-0');
  });
});

describe('consolidated shipments', () => {
  const consolidate = (orderNo: string, key = 'KEY-1') => ({
    printConfig: THERMO_ZPL,
    shipment: shipment({ orderNo, service: { id: 'P15' }, options: [{ id: 'consolidate', key }] }),
  });

  it('joins bookings with the same key, prints only parcel labels while open, and closes with an A4 waybill', async () => {
    h = await startHarness();
    const a = await h.call('POST', '/consolidated-shipments?returnFile=true', consolidate('C-1'));
    expect(a.status).toBe(201);
    const [first] = a.json as Result[];
    expect(first).toMatchObject({ consolidated: true });
    expect(first!.prints.map((p) => p.description)).toEqual(['Label']);
    const b = await h.call('POST', '/shipments?returnFile=true', consolidate('C-2'));
    const [second] = b.json as Result[];
    expect(second!.id).toBe(first!.id);
    expect(second!.shipmentNo).toBe(first!.shipmentNo);
    expect((await h.call('POST', '/shipments', consolidate('C-3', 'OTHER'))).status).toBe(201);

    const open = (await h.call('GET', '/consolidated-shipments?searchField=orderNo&searchValue=C-2'))
      .json as Array<{ id: string; status: string; parcelGroups: unknown[] }>;
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ id: first!.id, status: 'OPEN' });
    expect(open[0]!.parcelGroups).toHaveLength(2);

    const closed = await h.call(
      'POST',
      `/consolidated-shipments/${first!.id}/shipments?returnFile=true`,
      THERMO_ZPL,
    );
    expect(closed.status).toBe(201);
    const [final] = closed.json as Result[];
    expect(final).toMatchObject({ consolidated: true, shipmentNo: first!.shipmentNo, status: 'PRINTED' });
    expect(final!.parcels).toHaveLength(2);
    expect(final!.prints.map((p) => p.description)).toEqual(['Waybill']);
    const waybill = Buffer.from(final!.prints[0]!.data!, 'base64');
    const pdf = await PDFDocument.load(waybill);
    const { width, height } = pdf.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
    expect(await pdfText(waybill)).toContain(first!.parcels[0]!.parcelNo);
    expect(
      (await h.call('GET', '/consolidated-shipments?searchField=orderNo&searchValue=C-1')).json as unknown[],
    ).toHaveLength(0);
    const docs = (await h.call('GET', `/consolidated-shipments/${first!.id}/prints`)).json as Array<{
      id: string;
      description: string;
    }>;
    expect(docs.map((d) => d.description)).toEqual(['Label', 'Label', 'Waybill']);
    const raw = await h.call('GET', `/consolidated-shipments/${first!.id}/prints/${docs[2]!.id}`, undefined, {
      accept: 'application/pdf',
    });
    expect(raw.bytes.equals(waybill)).toBe(true);
  });

  it('deletes a parcel group, and deleting the consolidated shipment adds a cancelled shipment object', async () => {
    h = await startHarness();
    const [first] = (await h.call('POST', '/consolidated-shipments', consolidate('C-1'))).json as Result[];
    await h.call('POST', '/consolidated-shipments', consolidate('C-2'));
    expect((await h.call('DELETE', `/consolidated-shipments/${first!.id}/parcel-groups/C-1`)).status).toBe(
      204,
    );
    expect((await h.call('DELETE', `/consolidated-shipments/${first!.id}/parcel-groups/C-1`)).status).toBe(
      404,
    );
    expect(h.sim.records().map((r) => [r.partOrderNo, r.cancelled])).toEqual([
      ['C-1', true],
      ['C-2', false],
    ]);
    expect((await h.call('DELETE', `/consolidated-shipments/${first!.id}`)).status).toBe(204);
    const history = ((await h.call('GET', '/shipments-history')).json as { shipments: Result[] }).shipments;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      status: 'CANCELLED',
      consolidated: true,
      shipmentNo: first!.shipmentNo,
    });
    expect(h.sim.records().every((r) => r.cancelled)).toBe(true);
    expect((await h.call('GET', '/consolidated-shipments')).json).toEqual([]);
  });

  it('lets a READY stored shipment with CONSOLIDATE join the open demo consolidated shipment', async () => {
    h = await startHarness();
    seedDemoData(h.sim);
    const stored = (await h.call('POST', '/stored-shipments', consolidate('ST-1', 'KONS-4001').shipment))
      .json as { id: string };
    const res = await h.call('POST', `/stored-shipments/${stored.id}/shipments`, THERMO_ZPL);
    expect(res.status).toBe(201);
    expect((res.json as Result[])[0]!.consolidated).toBe(true);
    expect(h.sim.records().at(-1)).toMatchObject({
      storedId: stored.id,
      partOrderNo: 'ST-1',
      route: 'consolidated',
    });
    const open = (await h.call('GET', '/consolidated-shipments?searchField=key&searchValue=KONS-4001'))
      .json as Array<{ parcelGroups: unknown[] }>;
    expect(open[0]!.parcelGroups).toHaveLength(2);
  });
});

describe('manifests', () => {
  it('creates a PDF manifest listing exactly the day’s shipments that are not cancelled and on no manifest yet', async () => {
    h = await startHarness();
    h.clock.advance(-24 * 60 * 60 * 1000);
    await bookMany(1, 'YESTERDAY-');
    h.clock.advance(24 * 60 * 60 * 1000);
    await bookMany(3, 'TODAY-');
    expect(
      (
        await h.call('POST', '/shipments', {
          printConfig: THERMO_ZPL,
          shipment: shipment({ orderNo: 'DHL-1', service: { id: 'DHLPAK' } }),
        })
      ).status,
    ).toBe(201);
    const cancelled = h.sim.records().find((r) => r.orderNo === 'TODAY-1')!;
    expect((await h.call('DELETE', `/shipments/${cancelled.shipmentId}`)).status).toBe(204);

    const res = await h.call('POST', '/shipment-manifests/PLAB/manifests?returnFile=true', {});
    expect(res.status).toBe(201);
    const manifest = res.json as {
      manifestType: string;
      manifestId: string;
      shipmentCount: number;
      prints: Array<{ id: string; data: string; description: string }>;
    };
    expect(manifest).toMatchObject({ manifestType: 'PLAB', shipmentCount: 3 });
    const pdf = Buffer.from(manifest.prints[0]!.data, 'base64');
    await PDFDocument.load(pdf);
    const text = await pdfText(pdf);
    const shipmentNo = (orderNo: string) => h.sim.records().find((r) => r.orderNo === orderNo)!.shipmentNo;
    for (const o of ['TODAY-0', 'TODAY-2', 'DHL-1']) expect(text).toContain(shipmentNo(o));
    for (const o of ['TODAY-1', 'YESTERDAY-0']) expect(text).not.toContain(shipmentNo(o));
    expect(text).toContain('Åsa Öberg');

    // A manifest made later holds only what no earlier one holds (DHL-1 is on the first): of one carrier here.
    await bookMany(1, 'LATE-');
    expect(
      (
        await h.call('POST', '/shipments', {
          printConfig: THERMO_ZPL,
          shipment: shipment({ orderNo: 'DHL-2', service: { id: 'DHLPAK' } }),
        })
      ).status,
    ).toBe(201);
    const carrier = (await h.call('POST', '/shipment-manifests/PLAB/manifests', { carrierId: 'DHL' }))
      .json as {
      shipmentCount: number;
      manifestId: string;
    };
    expect(carrier.shipmentCount).toBe(1);
    const shipments = (
      await h.call('GET', `/shipment-manifests/PLAB/manifests/${carrier.manifestId}/shipments`)
    ).json as Array<{
      orderNo: string;
    }>;
    expect(shipments.map((s) => s.orderNo)).toEqual(['DHL-2']);
    const rest = (await h.call('POST', '/shipment-manifests/PLAB/manifests', {})).json as {
      manifestId: string;
    };
    const restShipments = (
      await h.call('GET', `/shipment-manifests/PLAB/manifests/${rest.manifestId}/shipments`)
    ).json as Array<{
      orderNo: string;
    }>;
    expect(restShipments.map((s) => s.orderNo)).toEqual(['LATE-0']);
    const first = (await h.call('GET', `/shipment-manifests/PLAB/manifests/${manifest.manifestId}/shipments`))
      .json as Array<{
      orderNo: string;
    }>;
    expect(first.map((s) => s.orderNo).sort()).toEqual(['DHL-1', 'TODAY-0', 'TODAY-2']);
    const raw = await h.call(
      'GET',
      `/shipment-manifests/PLAB/manifests/${manifest.manifestId}/prints/${manifest.prints[0]!.id}`,
      undefined,
      { accept: 'application/pdf' },
    );
    expect(raw.bytes.equals(pdf)).toBe(true);
    expect((await h.call('GET', '/shipment-manifests/PLAB/manifests')).json as unknown[]).toHaveLength(3);
  });
});

describe('manifests under /shipment-manifests/{manifestType}/manifests (nShift help centre, article 7413383935516)', () => {
  it('inlines documents in prints[].data with returnFile only, and their href is the documented fetch path', async () => {
    h = await startHarness();
    await bookMany(2, 'DOC-');
    const byUrl = (await h.call('POST', '/shipment-manifests/PNL/manifests', {})).json as {
      manifestId: string;
      prints: Array<{ id: string; href: string; data: string | null }>;
    };
    expect(byUrl.prints[0]!.data).toBeNull();
    expect(byUrl.prints[0]!.href).toMatch(
      new RegExp(
        `/rs-extapi/v1/shipment-manifests/PNL/manifests/${byUrl.manifestId}/prints/${byUrl.prints[0]!.id}$`,
      ),
    );
    const raw = await h.call('GET', byUrl.prints[0]!.href, undefined, { accept: 'application/pdf' });
    expect(raw.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const listed = (
      await h.call('GET', `/shipment-manifests/PNL/manifests/${byUrl.manifestId}/prints?returnFile=true`)
    ).json as Array<{ data: string }>;
    expect(Buffer.from(listed[0]!.data, 'base64').equals(raw.bytes)).toBe(true);
    // The seed's `inlinePdf` is not the manifests' switch: it inlines nothing on the documented routes.
    const other = (
      await h.call('GET', `/shipment-manifests/PNL/manifests/${byUrl.manifestId}/prints?inlinePdf=true`)
    ).json as Array<{ data: string | null }>;
    expect(other[0]!.data).toBeNull();
  });

  it('lists each type on its own, refuses a body that names another type, and answers 404 on the old /manifests', async () => {
    h = await startHarness();
    await bookMany(1, 'T-');
    expect((await h.call('POST', '/shipment-manifests/PNL/manifests', { manifestType: 'DHL' })).status).toBe(
      422,
    );
    expect((await h.call('POST', '/shipment-manifests/PNL/manifests', { manifestType: 'PNL' })).status).toBe(
      201,
    );
    expect((await h.call('GET', '/shipment-manifests/PNL/manifests')).json as unknown[]).toHaveLength(1);
    expect((await h.call('GET', '/shipment-manifests/DHL/manifests')).json as unknown[]).toHaveLength(0);
    for (const [method, path] of [
      ['POST', '/manifests?inlinePdf=true'],
      ['GET', '/manifests'],
      ['GET', '/manifests/PNL/1'],
      ['GET', '/manifests/PNL/1/prints'],
    ] as const)
      expect(
        (await h.call(method, path, method === 'POST' ? { manifestType: 'PNL' } : undefined)).status,
      ).toBe(404);
  });
});
