/**
 * Demo data: what a fresh machine needs to show the app's main job with no nShift account, and bulk
 * helpers for benchmarks and soak tests. Everything is created in process (no HTTP), synchronously.
 */
import { commitShipment, expandParcels, newShipmentNo, DEFAULT_SENDER } from './booking';
import { MEDIA } from './catalogue';
import { parcelLabels, storeDocument } from './documents';
import type { Party, ShipmentInput } from './schemas';
import type { Simulator } from './server';
import { nextId, type SimConsolidated } from './state';
import { createOrder } from './routes/orders';
import { createStored } from './routes/stored';
import { BENCH_PRINT_CLIENT_ID } from './routes/print';
import { buildZplLabels } from './zpl';
import { ensureCheckoutAccount } from './checkout/account';
import { seedCheckoutDemo } from './checkout/web-shop';

export const DEMO_API_KEY_ID = 'demo';
export const DEMO_API_KEY_SECRET = 'demo-secret';
export const DEMO_ORDER_CHANNEL_ID = 'demo-webshop';
/** Delivery options of the demo order channel, by service. */
export const DEMO_DELIVERY_OPTIONS = { P19: 'do-p19', P15: 'do-p15', DHLPAK: 'do-dhlpak' } as const;
export const DEMO_CONSOLIDATION_KEY = 'KONS-4001';

export interface DemoSample {
  code: string;
  description: string;
}

const seeded = new WeakMap<Simulator, DemoSample[]>();

export const DEMO_RECEIVERS: Party[] = [
  {
    name: 'Åsa Öberg',
    address1: 'Storgatan 1',
    zipcode: '11359',
    city: 'STOCKHOLM',
    country: 'SE',
    email: 'asa.oberg@example.com',
    mobile: '+46701234567',
  },
  {
    name: 'Jörgen Ødegård',
    address1: 'Kongens gate 5',
    zipcode: '0153',
    city: 'OSLO',
    country: 'NO',
    email: 'jorgen@example.com',
  },
  {
    name: 'Søren Kjær',
    address1: 'Nørregade 10',
    zipcode: '1165',
    city: 'KØBENHAVN K',
    country: 'DK',
    mobile: '+4520123456',
  },
  {
    name: 'Jürgen Müller',
    address1: 'Königsallee 12',
    zipcode: '40212',
    city: 'DÜSSELDORF',
    country: 'DE',
    email: 'juergen@example.com',
  },
  {
    name: 'Märta Ängström',
    address1: 'Ängsvägen 3',
    zipcode: '41319',
    city: 'GÖTEBORG',
    country: 'SE',
    mobile: '+46709876543',
  },
  {
    name: 'Frédéric Noël',
    address1: '12 Rue de la Paix',
    zipcode: '75002',
    city: 'PARIS',
    country: 'FR',
    email: 'frederic@example.com',
  },
  {
    name: 'Björn Ståhl',
    address1: 'Åkervägen 7',
    zipcode: '75320',
    city: 'UPPSALA',
    country: 'SE',
    mobile: '+46705551234',
  },
  { name: 'Æsa Ærøskøbing', address1: 'Vestergade 2', zipcode: '5970', city: 'ÆRØSKØBING', country: 'DK' },
];

function receiver(i: number): Party {
  return DEMO_RECEIVERS[i % DEMO_RECEIVERS.length]!;
}

/** The demo account's API key, order channel and delivery options, and the Checkout account; safe to call more than once. */
export function ensureDemoAccount(sim: Simulator): void {
  ensureCheckoutAccount(sim);
  if (!sim.state.apiKeys.has(DEMO_API_KEY_ID))
    sim.addApiKey({ id: DEMO_API_KEY_ID, secret: DEMO_API_KEY_SECRET });
  const { orderChannels, deliveryOptions } = sim.state.stores;
  if (!orderChannels.has(DEMO_ORDER_CHANNEL_ID))
    orderChannels.set(DEMO_ORDER_CHANNEL_ID, {
      id: DEMO_ORDER_CHANNEL_ID,
      name: 'Demo webshop',
      integration: 'API',
      integrationReference: 'demo',
    });
  const carriers: Record<string, string> = { P19: 'PLAB', P15: 'PLAB', DHLPAK: 'DHL' };
  for (const [serviceId, id] of Object.entries(DEMO_DELIVERY_OPTIONS)) {
    if (!deliveryOptions.has(id))
      deliveryOptions.set(id, {
        id,
        orderChannelId: DEMO_ORDER_CHANNEL_ID,
        carrierId: carriers[serviceId],
        serviceId,
        sender: DEFAULT_SENDER,
        name: `Demo ${serviceId}`,
      });
  }
}

function storedShipment(
  orderNo: string,
  r: Party,
  serviceId: string,
  weights: number[],
  reference?: string,
): ShipmentInput {
  return {
    sender: { quickId: '1' },
    receiver: r,
    service: { id: serviceId },
    parcels: weights.map((weight) => ({ copies: 1, weight, contents: 'Goods' })),
    orderNo,
    senderReference: reference ?? orderNo,
  };
}

/** Sync ZPL labels (cp850, thermo-190) for shipments the demo books itself. */
function printDemoLabel(
  sim: Simulator,
  owner: { kind: 'shipment' | 'consolidated'; id: string },
  labels: ReturnType<typeof parcelLabels>,
): string {
  const bytes = buildZplLabels(labels, { media: MEDIA['thermo-190']!, charset: 'cp850', mode: 'DT' });
  return storeDocument(sim.context, {
    owner,
    description: 'Label',
    format: 'zpl',
    media: 'thermo-190',
    charset: 'cp850',
    bytes,
  }).id;
}

/** Everything of the demo, including the web-shop orders made through Checkout over HTTP (started simulator). */
export async function seedDemoDataWithCheckout(sim: Simulator): Promise<DemoSample[]> {
  const delivery = seedDemoData(sim);
  const checkout = await seedCheckoutDemo(sim, receiver(4), {
    id: DEMO_API_KEY_ID,
    secret: DEMO_API_KEY_SECRET,
  });
  return [...delivery, ...checkout];
}

/**
 * Seeds the demo account and its samples (idempotent per simulator: a second call adds nothing and
 * returns the same list). Returns what a packer can scan, with what each sample shows.
 */
export function seedDemoData(sim: Simulator): DemoSample[] {
  ensureDemoAccount(sim);
  const ctx = sim.context;
  const samples: DemoSample[] = [];
  const already = seeded.get(sim);
  if (already) return already;

  const open: Array<[string, number, keyof typeof DEMO_DELIVERY_OPTIONS, number[], string]> = [
    [
      'ORD-1001',
      0,
      'P19',
      [1.2, 0.8],
      'Open order, Åsa Öberg, Stockholm: two parcels, PostNord MyPack Collect',
    ],
    [
      'ORD-1002',
      1,
      'P15',
      [3.5],
      'Open order to Oslo (outside the EU): label plus an A4 customs declaration',
    ],
    ['ORD-1003', 2, 'P19', [0.6], 'Open order, Søren Kjær, København (ø, æ)'],
    [
      'ORD-1004',
      3,
      'DHLPAK',
      [4.0, 2.2, 1.1],
      'Open order, Jürgen Müller, Düsseldorf: three parcels, DHL Paket',
    ],
    ['ORD-1005', 4, 'P19', [2.0], 'Open order, Märta Ängström, Göteborg (ä, Ä)'],
    ['ORD-1006', 5, 'P15', [1.5], 'Open order, Frédéric Noël, Paris (é, ë)'],
  ];
  for (const [ref, r, service, weights, description] of open) {
    createOrder(ctx, {
      orderChannelId: DEMO_ORDER_CHANNEL_ID,
      internalReference: ref,
      receiver: receiver(r),
      parcels: weights.map((weight) => ({ weight, contents: 'Goods' })),
      deliveryOptionId: DEMO_DELIVERY_OPTIONS[service],
    });
    samples.push({ code: ref, description });
  }

  const { zipcode: _zip, ...noZip } = DEMO_RECEIVERS[6]!;
  createOrder(ctx, {
    orderChannelId: DEMO_ORDER_CHANNEL_ID,
    internalReference: 'ORD-1900',
    receiver: noZip,
    parcels: [{ weight: 1, contents: 'Goods' }],
    deliveryOptionId: DEMO_DELIVERY_OPTIONS.P19,
  });
  samples.push({
    code: 'ORD-1900',
    description: 'Order that fails validation: the receiver has no postal code (422)',
  });

  // Booked earlier today: scanning it again is a duplicate; its parcel number offers a reprint.
  const booked = createOrder(ctx, {
    orderChannelId: DEMO_ORDER_CHANNEL_ID,
    internalReference: 'ORD-1500',
    receiver: receiver(0),
    parcels: [{ weight: 1.0, contents: 'Goods' }],
    deliveryOptionId: DEMO_DELIVERY_OPTIONS.P19,
  });
  const now = ctx.clock.now();
  const dayStart = now - (now % 86_400_000);
  const earlier = Math.max(dayStart, now - 30 * 60 * 1000);
  const [shipment] = commitShipment(
    ctx,
    {
      receiver: booked.receiver,
      service: { id: 'P19' },
      parcels: [{ copies: 1, weight: 1.0, contents: 'Goods', reference: booked.parcels[0]!.id }],
      orderNo: 'ORD-1500',
      senderReference: 'ORD-1500',
    },
    DEFAULT_SENDER,
    { route: 'orders', orderId: booked.id, internalReference: 'ORD-1500', createdAt: earlier },
  );
  if (shipment) {
    shipment.printIds = [printDemoLabel(sim, { kind: 'shipment', id: shipment.id }, parcelLabels(shipment))];
    booked.parcels[0]!.shipmentId = shipment.id;
    booked.status = 'SHIPPED';
    samples.push({
      code: 'ORD-1500',
      description: `Order booked earlier today (shipment ${shipment.shipmentNo}): scanning it again is a duplicate`,
    });
    samples.push({
      code: shipment.parcels[0]!.parcelNo,
      description: 'Parcel number of ORD-1500: reprint its label',
    });
  }

  const stored: Array<[string, number, string, number[], string]> = [
    ['SO-2001', 6, 'P19', [1.0], 'Stored shipment READY, Björn Ståhl, Uppsala'],
    ['SO-2002', 0, 'P15', [5.0, 5.0], 'Stored shipment READY, Åsa Öberg: two parcels'],
    ['SO-2003', 7, 'P19', [0.5], 'Stored shipment READY, Ærøskøbing (Æ, ø)'],
  ];
  for (const [orderNo, r, service, weights, description] of stored) {
    createStored(ctx, storedShipment(orderNo, receiver(r), service, weights));
    samples.push({ code: orderNo, description });
  }
  // SPLIT-3001 and SPLIT-3002 are not written here: demo start-up makes them through the simulated Checkout over
  // HTTP (seedCheckoutDemo, checkout/web-shop.ts), the way a web shop's partial shipments reach Delivery: as
  // prepared shipments, which the shop of SPLIT-3002 then turns into stored shipments.
  createStored(ctx, storedShipment('SO-2900', noZip, 'P19', [1.0]));
  samples.push({
    code: 'SO-2900',
    description: 'Stored shipment INVALID (no postal code): cannot be booked',
  });

  // An open consolidated shipment with one parcel group already printed.
  const data: ShipmentInput = {
    ...storedShipment('CONS-ORD-1', receiver(0), 'P15', [2.0]),
    options: [{ id: 'CONSOLIDATE', key: DEMO_CONSOLIDATION_KEY }],
  };
  const c: SimConsolidated = {
    id: String(nextId(sim.state, 'consolidated')),
    key: DEMO_CONSOLIDATION_KEY,
    shipmentNo: newShipmentNo(ctx),
    status: 'OPEN',
    serviceId: 'P15',
    carrierId: 'PLAB',
    sender: DEFAULT_SENDER,
    receiver: receiver(0),
    data,
    groups: [],
    printIds: [],
    created: now,
    changed: now,
  };
  const group = { partOrderNo: 'CONS-ORD-1', parcels: expandParcels(ctx, data), created: now };
  c.groups.push(group);
  sim.state.consolidated.set(c.id, c);
  sim.state.records.push({
    seq: nextId(sim.state, 'record'),
    route: 'consolidated',
    created: now,
    consolidated: c,
    group,
  });
  const view = {
    ...shipment!,
    id: c.id,
    shipmentNo: c.shipmentNo,
    serviceId: 'P15',
    carrierId: 'PLAB',
    receiver: c.receiver,
    parcels: group.parcels,
    orderNo: 'CONS-ORD-1',
    returnShipment: false,
  };
  c.printIds.push(printDemoLabel(sim, { kind: 'consolidated', id: c.id }, parcelLabels(view)));
  samples.push({
    code: DEMO_CONSOLIDATION_KEY,
    description: `Open consolidated shipment (key ${DEMO_CONSOLIDATION_KEY}): book with option CONSOLIDATE to join, then close`,
  });

  seeded.set(sim, samples);
  return samples;
}

/** `count` open orders `${prefix}${n}` (n from 1) on the demo channel; returns their codes. */
export function seedOrders(sim: Simulator, count: number, prefix: string): string[] {
  ensureDemoAccount(sim);
  const codes: string[] = [];
  for (let i = 1; i <= count; i++) {
    const code = `${prefix}${i}`;
    createOrder(sim.context, {
      orderChannelId: DEMO_ORDER_CHANNEL_ID,
      internalReference: code,
      receiver: receiver(i),
      parcels: [{ weight: 1 + (i % 5), contents: 'Goods' }],
      deliveryOptionId: i % 3 === 0 ? DEMO_DELIVERY_OPTIONS.DHLPAK : DEMO_DELIVERY_OPTIONS.P19,
    });
    codes.push(code);
  }
  return codes;
}

/** `count` READY stored shipments with orderNo `${prefix}${n}`; returns their codes. */
export function seedStoredShipments(sim: Simulator, count: number, prefix: string): string[] {
  ensureDemoAccount(sim);
  const codes: string[] = [];
  for (let i = 1; i <= count; i++) {
    const code = `${prefix}${i}`;
    createStored(
      sim.context,
      storedShipment(code, receiver(i), i % 3 === 0 ? 'DHLPAK' : 'P19', [1 + (i % 5)]),
    );
    codes.push(code);
  }
  return codes;
}

/**
 * `count` more printers on the bench's Print Client, ids from 1001: a site with more printers than one page
 * (50) of `/print/printers` holds. Returns their ids.
 */
export function seedPrinters(sim: Simulator, count: number, prefix: string): number[] {
  const { printers } = sim.state;
  const first = Math.max(1000, ...printers.keys()) + 1;
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const id = first + i;
    printers.set(id, {
      id,
      name: `${prefix}${i + 1}`,
      clientId: BENCH_PRINT_CLIENT_ID,
      state: 'online',
      formats: i % 2 === 0 ? ['raw'] : ['pdf'],
    });
    ids.push(id);
  }
  return ids;
}
