/** Starts a simulator on 127.0.0.1 with a manual clock and gives tests a small HTTP client for it. */
import {
  createManualClock,
  createSimulator,
  type License,
  type SimClock,
  type Simulator,
  type SimulatorOptions,
} from '../../../main/simulator/index';
import {
  createDeliveryClient,
  type DeliveryClient,
  type DeliveryClientOptions,
} from '../../../main/nshift/delivery/client';

export interface CallResult {
  status: number;
  headers: Headers;
  bytes: Buffer;
  text: string;
  json: unknown;
}

export interface Harness {
  sim: Simulator;
  clock: SimClock;
  url: string;
  base: string;
  token: string;
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<CallResult>;
  tokenFor(id: string, secret: string): Promise<string>;
  stop(): Promise<void>;
}

export const KEY_ID = 'station-1';
export const KEY_SECRET = 'station-secret';

/** A Delivery client of the harness's simulator with the harness's key, its token exchanged only when a call needs it. */
export function harnessClient(h: Harness, options: Partial<DeliveryClientOptions> = {}): DeliveryClient {
  return createDeliveryClient({
    baseUrl: h.base,
    apiKey: { id: KEY_ID, secret: KEY_SECRET },
    token: { renewInBackground: false },
    ...options,
  });
}

export async function startHarness(
  options: SimulatorOptions & { licenses?: License[] } = {},
): Promise<Harness> {
  const clock = options.clock ?? createManualClock(Date.UTC(2026, 0, 15, 9, 0, 0));
  const sim = createSimulator({ ...options, clock });
  sim.addApiKey({ id: KEY_ID, secret: KEY_SECRET, licenses: options.licenses });
  const { url, deliveryBaseUrl } = await sim.start();
  const raw = async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<CallResult> => {
    const target = path.startsWith('http') ? path : `${deliveryBaseUrl}${path}`;
    const res = await fetch(target, {
      method,
      headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    const text = bytes.toString('utf8');
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON (raw document bytes): callers read `bytes`.
    }
    return { status: res.status, headers: res.headers, bytes, text, json: parsed };
  };
  const tokenFor = async (id: string, secret: string) => {
    const res = await raw('GET', '/sessions/jwt', undefined, {
      authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`,
    });
    return (res.json as { token: string }).token;
  };
  const token = await tokenFor(KEY_ID, KEY_SECRET);
  return {
    sim,
    clock,
    url,
    base: deliveryBaseUrl,
    token,
    call: (method, path, body, headers = {}) =>
      raw(method, path, body, { authorization: `Bearer ${token}`, ...headers }),
    tokenFor,
    stop: () => sim.stop(),
  };
}

export const THERMO_ZPL = {
  target1Media: 'thermo-190',
  target1Type: 'zpl',
  target2Media: 'laser-a4',
  target2Type: 'pdf',
};
export const THERMO_ZPL_UTF8 = {
  ...THERMO_ZPL,
  target1Options: [
    { key: 'mode', value: 'DT' },
    { key: 'charset', value: 'utf8' },
  ],
};

export const ASA = {
  name: 'Åsa Öberg',
  address1: 'Storgatan 1',
  zipcode: '11359',
  city: 'STOCKHOLM',
  country: 'SE',
};

export function shipment(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    sender: { quickId: '1' },
    receiver: ASA,
    service: { id: 'P19' },
    parcels: [{ copies: 1, weight: 1.5, contents: 'Shoes' }],
    orderNo: 'ORD-T1',
    senderReference: 'REF-T1',
    ...overrides,
  };
}
