import { PDFDocument } from 'pdf-lib';
import { afterEach, describe, expect, it } from 'vitest';
import { ASA, shipment, startHarness, THERMO_ZPL, THERMO_ZPL_UTF8, type Harness } from './harness';
import { pdfText } from './pdf-text';

let h: Harness;
afterEach(async () => h?.stop());

interface Print {
  id: string;
  description: string;
  href: string;
  data: string | null;
}
interface Result {
  href: string;
  id: string;
  status: string;
  shipmentNo: string;
  orderNo: string;
  parcelCount: number;
  consolidated: boolean;
  returnShipment: boolean;
  parcels: Array<{ parcelNo: string }>;
  prints: Print[];
}

const HOUR = 60 * 60 * 1000;

async function book(body: Record<string, unknown>, query = '?returnFile=true'): Promise<Result[]> {
  const res = await h.call('POST', `/shipments${query}`, body);
  expect(res.status, res.text).toBe(201);
  return res.json as Result[];
}

describe('POST /shipments', () => {
  it('answers 201 with an array of shipment results shaped as nshift-api.md 1.3', async () => {
    h = await startHarness();
    const [result, ...rest] = await book({
      printConfig: THERMO_ZPL,
      shipment: shipment({ parcels: [{ copies: 2, weight: 1 }] }),
    });
    expect(rest).toHaveLength(0);
    expect(result).toMatchObject({
      status: 'PRINTED',
      orderNo: 'ORD-T1',
      reference: 'REF-T1',
      serviceId: 'P19',
      parcelCount: 2,
      rcvName: 'Åsa Öberg',
      rcvZipcode: '11359',
      rcvCity: 'STOCKHOLM',
      rcvCountry: 'SE',
      normalShipment: true,
      returnShipment: false,
      consolidated: false,
      previousPrints: null,
    });
    expect(typeof result!.id).toBe('string');
    expect(result!.href).toBe(`${h.url}/ufoweb-sim-20260115/rs-extapi/v1/shipments/${result!.id}`);
    expect(result!.shipmentNo).toMatch(/^\d{20}$/);
    expect(result!.parcels.map((p) => p.parcelNo)).toHaveLength(2);
    expect((result as unknown as { created: string }).created).toBe('2026-01-15T09:00:00.000+0000');
    expect(result!.prints).toHaveLength(1);
    expect(result!.prints[0]).toMatchObject({ description: 'Label' });
    expect(result!.prints[0]!.href.startsWith('http://127.0.0.1:')).toBe(true);
    expect(typeof result!.prints[0]!.data).toBe('string');
  });

  it('leaves data null without returnFile, and the href (followed as given) serves the bytes', async () => {
    h = await startHarness();
    const [result] = await book({ printConfig: THERMO_ZPL, shipment: shipment() }, '');
    const print = result!.prints[0]!;
    expect(print.data).toBeNull();
    const raw = await h.call('GET', print.href, undefined, { accept: 'application/octet-stream' });
    expect(raw.status).toBe(200);
    expect(raw.headers.get('content-type')).toBe('application/octet-stream');
    expect(raw.bytes.subarray(0, 3).toString('latin1')).toBe('^XA');
  });

  it('writes ZPL in code page 850 under ^CI13 by default: Å is the byte 0x8F', async () => {
    h = await startHarness();
    const [result] = await book({ printConfig: THERMO_ZPL, shipment: shipment() });
    const zpl = Buffer.from(result!.prints[0]!.data!, 'base64');
    const text = zpl.toString('latin1');
    expect(text).toContain('^CI13');
    expect(text).toContain('^PW856');
    expect(text).toContain('^LL1520');
    expect(text).toContain(`^BCN`);
    expect(text).toContain(`^FD>;${result!.parcels[0]!.parcelNo}^FS`);
    expect(zpl.includes(Buffer.from([0x8f]))).toBe(true);
    expect(zpl.includes(Buffer.from('Å', 'utf8'))).toBe(false);
  });

  it('writes ^CI28 and ^FH hex escapes (_C3_85 for Å) when the target asks for charset UTF8, the bytes stay ASCII', async () => {
    h = await startHarness();
    const [result] = await book({ printConfig: THERMO_ZPL_UTF8, shipment: shipment() });
    const zpl = Buffer.from(result!.prints[0]!.data!, 'base64');
    expect(zpl.every((b) => b < 0x80)).toBe(true);
    const text = zpl.toString('ascii');
    expect(text).toContain('^CI28');
    expect(text).toContain('^FH_^FD_C3_85sa _C3_96berg^FS');
  });

  it('makes one label per parcel sized to the media', async () => {
    h = await startHarness();
    const [result] = await book({
      printConfig: { target1Media: 'thermo-brev3', target1Type: 'zpl' },
      shipment: shipment({ parcels: [{ copies: 3, weight: 1 }] }),
    });
    const text = Buffer.from(result!.prints[0]!.data!, 'base64').toString('latin1');
    expect(text.match(/\^XA/g)).toHaveLength(3);
    expect(text.match(/\^XZ/g)).toHaveLength(3);
    expect(text).toContain('^LL576');
  });

  it('makes PDF labels when the first target is pdf, and a customs declaration for a receiver outside the EU', async () => {
    h = await startHarness();
    const [result] = await book({
      printConfig: { target1Media: 'laser-a4', target1Type: 'pdf' },
      shipment: shipment({
        receiver: {
          name: 'Jörgen Ødegård',
          address1: 'Kongens gate 5',
          zipcode: '0153',
          city: 'OSLO',
          country: 'NO',
        },
      }),
    });
    expect(result!.prints.map((p) => p.description)).toEqual(['Label', 'Customs declaration']);
    const label = Buffer.from(result!.prints[0]!.data!, 'base64');
    expect(label.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await PDFDocument.load(label)).getPageCount()).toBe(1);
    expect(await pdfText(label)).toContain('Jörgen Ødegård');
    const customs = Buffer.from(result!.prints[1]!.data!, 'base64');
    expect(await pdfText(customs)).toContain('Customs declaration');
  });

  it('returns two results for a combined normal + return booking', async () => {
    h = await startHarness();
    const results = await book({
      printConfig: THERMO_ZPL,
      shipment: shipment({ service: { id: 'P19', addons: [{ id: 'RETURN' }] } }),
    });
    expect(results.map((r) => r.returnShipment)).toEqual([false, true]);
    expect(results[1]!.prints[0]!.description).toBe('Return label');
  });

  it.each([
    [
      'a receiver without zipcode',
      { receiver: { ...ASA, zipcode: undefined } },
      'ZipCode',
      'Address_Zipcode',
    ],
    ['an unknown service', { service: { id: 'NOPE' } }, 'Service', 'Service_Id'],
    [
      'a parcel over the service weight limit',
      { parcels: [{ copies: 1, weight: 25 }] },
      'Weight',
      'Parcel_Weight',
    ],
  ])(
    'answers 422 with a validation list for %s, and creates nothing',
    async (_name, overrides, messageCode, field) => {
      h = await startHarness();
      const res = await h.call('POST', '/shipments?returnFile=true', {
        printConfig: THERMO_ZPL,
        shipment: shipment(overrides),
      });
      expect(res.status).toBe(422);
      const items = res.json as Array<Record<string, string>>;
      expect(items).toContainEqual(expect.objectContaining({ messageCode, field, type: 'error' }));
      for (const item of items)
        expect(Object.keys(item).sort()).toEqual(['field', 'location', 'message', 'messageCode', 'type']);
      expect(h.sim.state.shipments.size).toBe(0);
      expect(h.sim.records()).toHaveLength(0);
    },
  );
});

describe('shipment documents', () => {
  it('lists, fetches and copies documents; after one hour fetch is 404 and data null until a copy', async () => {
    h = await startHarness();
    const [result] = await book({ printConfig: THERMO_ZPL, shipment: shipment() });
    const id = result!.id;
    const printId = result!.prints[0]!.id;
    const listed = await h.call('GET', `/shipments/${id}/prints?returnFile=true`);
    expect((listed.json as Print[])[0]).toMatchObject({ id: printId, description: 'Label' });
    expect((listed.json as Print[])[0]!.data).toBe(result!.prints[0]!.data);
    const fetched = await h.call('GET', `/shipments/${id}/prints/${printId}`, undefined, {
      accept: 'application/octet-stream',
    });
    expect(fetched.bytes.equals(Buffer.from(result!.prints[0]!.data!, 'base64'))).toBe(true);

    h.clock.advance(HOUR);
    expect(
      (
        await h.call('GET', `/shipments/${id}/prints/${printId}`, undefined, {
          accept: 'application/octet-stream',
        })
      ).status,
    ).toBe(404);
    expect(
      ((await h.call('GET', `/shipments/${id}/prints?returnFile=true`)).json as Print[])[0]!.data,
    ).toBeNull();

    const copy = await h.call('POST', `/shipments/${id}/prints?returnFile=true`, THERMO_ZPL_UTF8);
    expect(copy.status).toBe(201);
    const fresh = (copy.json as Print[])[0]!;
    expect(fresh.id).not.toBe(printId);
    expect(Buffer.from(fresh.data!, 'base64').toString('ascii')).toContain('^CI28');
    expect(
      (
        await h.call('GET', `/shipments/${id}/prints/${fresh.id}`, undefined, {
          accept: 'application/octet-stream',
        })
      ).status,
    ).toBe(200);
  });

  it('serves the legacy /pdfs routes with field pdf', async () => {
    h = await startHarness();
    const [result] = await book({ printConfig: THERMO_ZPL, shipment: shipment() });
    const copy = await h.call('POST', `/shipments/${result!.id}/pdfs?inlinePdf=true`, THERMO_ZPL);
    expect(copy.status).toBe(201);
    const pdf = (copy.json as Array<{ id: string; pdf: string }>)[0]!;
    expect(Buffer.from(pdf.pdf, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const raw = await h.call('GET', `/shipments/${result!.id}/pdfs/${pdf.id}`, undefined, {
      accept: 'application/pdf',
    });
    expect(raw.headers.get('content-type')).toBe('application/pdf');
    await PDFDocument.load(raw.bytes);
  });

  it('answers 404 with an empty body for unknown shipments and prints', async () => {
    h = await startHarness();
    const res = await h.call('GET', '/shipments/999/prints');
    expect(res.status).toBe(404);
    expect(res.text).toBe('');
  });
});

describe('DELETE /shipments/{id}', () => {
  it('cancels with 204; the shipment shows CANCELLED in history and in the records', async () => {
    h = await startHarness();
    const [result] = await book({ printConfig: THERMO_ZPL, shipment: shipment() });
    const res = await h.call('DELETE', `/shipments/${result!.id}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    const history = await h.call(
      'GET',
      `/shipments-history?searchField=shipmentNo&searchValue=${result!.shipmentNo}`,
    );
    expect((history.json as { shipments: Result[] }).shipments[0]).toMatchObject({
      id: result!.id,
      status: 'CANCELLED',
    });
    expect(h.sim.records()[0]).toMatchObject({ shipmentId: result!.id, cancelled: true });
  });

  it('exposes the carrier status once handed over, and refuses to cancel a delivered shipment', async () => {
    h = await startHarness();
    const [result] = await book({ printConfig: THERMO_ZPL, shipment: shipment() });
    h.sim.handOver(result!.id);
    const history = await h.call('GET', `/shipments-history?searchField=orderNo&searchValue=ORD-T1`);
    expect((history.json as { shipments: Result[] }).shipments[0]!.status).toBe('IN_TRANSIT');
    h.sim.deliver(result!.id);
    const res = await h.call('DELETE', `/shipments/${result!.id}`);
    expect(res.status).toBe(422);
    expect(h.sim.state.shipments.get(result!.id)!.status).toBe('DELIVERED');
  });
});
