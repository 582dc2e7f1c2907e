/**
 * The local index shares the account with the rest of the station: while the station's requests of the last
 * second fill the budget (scans, the token, the status feed), the index sends nothing, and it goes on once there
 * is room. Against the simulator over HTTP; the station's request rate is a stand-in the test holds full.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createDeliveryClient, type DeliveryClient } from '../../../main/nshift/delivery/client';
import { DEMO_API_KEY_ID, DEMO_API_KEY_SECRET, seedOrders } from '../../../main/simulator/demo';
import { createSimulator, type Simulator } from '../../../main/simulator/server';
import { LocalIndex } from '../../../main/station/local-index';

let sim: Simulator | undefined;
let client: DeliveryClient | undefined;
afterEach(async () => {
  await client?.close();
  await sim?.stop();
  sim = undefined;
  client = undefined;
});

function requestsSeen(on: Simulator): number {
  return on.requests.toJSON().accounts[DEMO_API_KEY_ID]?.requests ?? 0;
}

/** Resolves once `check` holds, looking after every turn of the event loop (a few seconds at most). */
async function until(check: () => boolean): Promise<void> {
  for (let turns = 0; !check(); turns++) {
    if (turns > 50_000) throw new Error('never happened');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe("the local index and the station's other requests on the account", () => {
  it('sends nothing while the last second holds the budget, then loads the index', async () => {
    sim = createSimulator();
    const codes = seedOrders(sim, 120, 'RATE-O');
    const started = await sim.start();
    client = createDeliveryClient({
      baseUrl: started.deliveryBaseUrl,
      apiKey: { id: DEMO_API_KEY_ID, secret: DEMO_API_KEY_SECRET },
    });
    const over = client;
    sim.requests.reset();

    // The stand-in for the station's rate: full until the test says otherwise.
    let full = true;
    const asked: number[] = [];
    const requestRate = {
      msUntilBelow(limit: number): number {
        asked.push(limit);
        return full ? 5 : 0;
      },
    };
    const index = new LocalIndex({ client: () => over, intervalMs: 60_000, minGapMs: 0, requestRate });
    const refreshed = index.refresh({ full: true });

    // The index has asked several times, and been told to wait each time: nothing reached nShift.
    await until(() => asked.length >= 3);
    expect(requestsSeen(sim)).toBe(0);
    expect(asked.every((limit) => limit === 18)).toBe(true);

    full = false;
    await refreshed;
    expect(requestsSeen(sim)).toBeGreaterThan(0);
    expect(index.order(codes[0]!)).toBeDefined();
    expect(index.order(codes[119]!)).toBeDefined();
  });

  // The PC's clock set back ten minutes (NTP, the domain) between two of the index's requests: the gap it keeps
  // between them is still its own, not ten minutes during which the index learns nothing new.
  it('keeps its gap between requests, not the minutes the clock was set back', async () => {
    sim = createSimulator();
    const codes = seedOrders(sim, 120, 'STEP-O');
    const started = await sim.start();
    client = createDeliveryClient({
      baseUrl: started.deliveryBaseUrl,
      apiKey: { id: DEMO_API_KEY_ID, secret: DEMO_API_KEY_SECRET },
    });
    const over = client;
    let stepped = 0;
    const index = new LocalIndex({
      client: () => over,
      intervalMs: 60_000,
      minGapMs: 20,
      now: () => Date.now() - stepped,
    });
    const refreshed = index.refresh({ full: true });
    await until(() => requestsSeen(sim!) >= 1);
    stepped = 10 * 60_000;
    await refreshed;
    expect(index.order(codes[0]!)).toBeDefined();
    expect(index.order(codes[119]!)).toBeDefined();
  }, 10_000);
});
