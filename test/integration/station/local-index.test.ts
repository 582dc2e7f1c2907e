import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_API_KEY_ID } from '../../../main/simulator/demo';
import { scanAndWait, startBench, type Bench } from '../../support/station-harness';

let bench: Bench | undefined;
afterEach(async () => {
  await bench?.close();
  bench = undefined;
});

/** Counts the requests the simulator serves, by path, from the moment of the call. */
function countRequests(b: Bench): () => string[] {
  const seen: string[] = [];
  b.sim.faults.latency({ ms: 0, path: /.*/ });
  const original = b.sim.faults.delayFor.bind(b.sim.faults);
  b.sim.faults.delayFor = (method: string, path: string) => {
    seen.push(`${method} ${path}`);
    return original(method, path);
  };
  return () => seen;
}

describe('the local index (background sync)', () => {
  it('resolves an open order without a lookup round trip once the index is loaded', async () => {
    bench = await startBench({
      settings: (s) => ({ ...s, resolve: { ...s.resolve, indexRefreshSeconds: 60 } }),
    });
    await expect.poll(async () => (await bench!.station.getStatus()).indexRefreshedAt).toBeDefined();
    const requests = countRequests(bench);
    const job = await scanAndWait(bench.station, 'ORD-1004');
    expect(job.state).toBe('printed');
    expect(requests().filter((r) => r.startsWith('GET') && r.includes('/orders'))).toEqual([]);
  });

  it('a stale index entry (booked elsewhere since) still ends in duplicate, never a second booking', async () => {
    bench = await startBench({
      settings: (s) => ({ ...s, resolve: { ...s.resolve, indexRefreshSeconds: 60 } }),
    });
    await expect.poll(async () => (await bench!.station.getStatus()).indexRefreshedAt).toBeDefined();
    // Another system books SO-2001 behind the station's back.
    const token = bench.sim.issueToken(DEMO_API_KEY_ID);
    const list = (await (
      await fetch(
        `${bench.deliveryUrl}/stored-shipments?searchField=orderNo&searchOp=equals&searchValue=SO-2001`,
        { headers: { authorization: `Bearer ${token}` } },
      )
    ).json()) as { id: string }[];
    await fetch(`${bench.deliveryUrl}/stored-shipments/${list[0]!.id}/shipments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ target1Media: 'thermo-190', target1Type: 'zpl' }),
    });
    const job = await scanAndWait(bench.station, 'SO-2001');
    expect(job.failure?.reason).toBe('duplicate');
    expect(bench.sim.records().filter((r) => r.orderNo === 'SO-2001')).toHaveLength(1);
  });
});
