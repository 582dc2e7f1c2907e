/**
 * The Delivery client's prepared-shipment operations against the simulator over real HTTP: fetch one (the bare
 * shipment nShift's help centre shows), book and print it (its labels inline with `returnFile`, consumed unless
 * `keepPreparedShipment`), turn it into a stored shipment, delete it, and what each answers for an id nShift no
 * longer holds.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDeliveryClient, type DeliveryClient } from '../../../main/nshift/delivery/client';
import type { DeliveryError } from '../../../main/nshift/delivery/errors';
import type { PrintConfig } from '../../../main/nshift/delivery/types';
import type { Result } from '../../../main/result';
import {
  createSimulator,
  DEMO_API_KEY_ID,
  DEMO_API_KEY_SECRET,
  ensureDemoAccount,
  type Simulator,
} from '../../../main/simulator/index';
import { createPrepared } from '../../../main/simulator/routes/prepared';
import { unwrap } from '../../support/unwrap';

const ZPL: PrintConfig = { target1Media: 'thermo-190', target1Type: 'zpl' };

let sim: Simulator;
let client: DeliveryClient;

beforeEach(async () => {
  sim = createSimulator();
  ensureDemoAccount(sim);
  const started = await sim.start();
  client = createDeliveryClient({
    baseUrl: started.deliveryBaseUrl,
    apiKey: { id: DEMO_API_KEY_ID, secret: DEMO_API_KEY_SECRET },
    token: { renewInBackground: false },
  });
});
afterEach(async () => {
  await client.close();
  await sim.stop();
});

function failure<T>(result: Result<T, DeliveryError>): DeliveryError {
  if (result.ok) throw new Error(`expected an error, got ${JSON.stringify(result.value).slice(0, 300)}`);
  return result.error;
}

/** A prepared shipment as the simulated Checkout makes one (checkout/partials.ts). */
function prepare(prepareId: string, orderNo: string, receiverName = 'Åsa Öberg'): void {
  createPrepared(sim.context, prepareId, {
    sender: { quickId: '1' },
    receiver: {
      name: receiverName,
      address1: 'Storgatan 1',
      zipcode: '11359',
      city: 'STOCKHOLM',
      country: 'SE',
    },
    service: { id: 'P19' },
    parcels: [{ copies: 1, weight: 2, contents: 'Goods' }],
    orderNo,
  });
}

describe('prepared shipments through the Delivery client', () => {
  it('fetches one as the bare shipment, and books it once: labels inline, the prepared shipment gone afterwards', async () => {
    prepare('ps-1', 'WEB-1');
    expect(unwrap(await client.preparedShipments.get('ps-1'))).toMatchObject({
      orderNo: 'WEB-1',
      service: { id: 'P19' },
      receiver: { name: 'Åsa Öberg', zipcode: '11359' },
    });
    const booked = unwrap(await client.preparedShipments.book('ps-1', ZPL));
    expect(booked).toHaveLength(1);
    expect(booked[0]).toMatchObject({ orderNo: 'WEB-1', serviceId: 'P19', status: 'PRINTED' });
    expect(booked[0]!.prints?.[0]?.data).toEqual(expect.any(String)); // returnFile=true by default
    expect(sim.records().filter((r) => r.route === 'prepared')).toHaveLength(1);
    // Booking consumed it: a second booking finds nothing, and books nothing.
    expect(failure(await client.preparedShipments.get('ps-1')).kind).toBe('not_found');
    expect(failure(await client.preparedShipments.book('ps-1', ZPL)).kind).toBe('not_found');
    expect(sim.records().filter((r) => r.route === 'prepared')).toHaveLength(1);
  });

  it('keepPreparedShipment keeps it for another booking (a backorder, parts sent from elsewhere)', async () => {
    prepare('ps-2', 'WEB-2');
    unwrap(
      await client.preparedShipments.book('ps-2', ZPL, { keepPreparedShipment: true, returnFile: false }),
    );
    expect(unwrap(await client.preparedShipments.get('ps-2')).orderNo).toBe('WEB-2');
    unwrap(await client.preparedShipments.book('ps-2', ZPL));
    expect(sim.records().filter((r) => r.orderNo === 'WEB-2')).toHaveLength(2);
    expect(failure(await client.preparedShipments.get('ps-2')).kind).toBe('not_found');
  });

  it('turns one into a READY stored shipment, completed with the fields it is given; the prepared one is gone', async () => {
    prepare('ps-3', 'WEB-3');
    const stored = unwrap(await client.preparedShipments.toStored('ps-3', { senderReference: 'WEB-3-A' }));
    expect(stored).toMatchObject({ status: 'READY', orderNo: 'WEB-3' });
    expect(sim.state.stored.get(stored.id)?.data).toMatchObject({
      senderReference: 'WEB-3-A',
      orderNo: 'WEB-3',
    });
    expect(failure(await client.preparedShipments.get('ps-3')).kind).toBe('not_found');
    expect(failure(await client.preparedShipments.toStored('ps-3')).kind).toBe('not_found');
  });

  it('deletes one: 204, and no further operation works on the id', async () => {
    prepare('ps-4', 'WEB-4');
    expect(await client.preparedShipments.delete('ps-4')).toEqual({ ok: true, value: undefined });
    expect(failure(await client.preparedShipments.get('ps-4')).kind).toBe('not_found');
    expect(failure(await client.preparedShipments.delete('ps-4')).kind).toBe('not_found');
  });

  it('a shipment nShift would not book is refused with its validation list, and stays prepared', async () => {
    createPrepared(sim.context, 'ps-5', {
      sender: { quickId: '1' },
      receiver: { name: 'No Postcode', city: 'STOCKHOLM', country: 'SE' },
      service: { id: 'P19' },
      parcels: [{ copies: 1, weight: 1 }],
      orderNo: 'WEB-5',
    });
    const refused = failure(await client.preparedShipments.book('ps-5', ZPL));
    expect(refused).toMatchObject({ kind: 'validation', status: 422 });
    expect(refused.kind === 'validation' && refused.errors.length).toBeGreaterThan(0);
    expect(unwrap(await client.preparedShipments.get('ps-5')).orderNo).toBe('WEB-5');
  });

  it('booking is never retried: an answer lost after the commit is outcome_unknown, and nShift booked once', async () => {
    prepare('ps-6', 'WEB-6');
    sim.faults.dropAfterCommit(1, { path: '/prepared-shipments/*/shipments' });
    expect(failure(await client.preparedShipments.book('ps-6', ZPL)).kind).toBe('outcome_unknown');
    expect(sim.records().filter((r) => r.orderNo === 'WEB-6')).toHaveLength(1);
  });
});
