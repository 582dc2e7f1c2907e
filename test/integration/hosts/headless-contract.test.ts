import { appendFile, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../main/simulator/demo';
import { createSimulator, type Simulator } from '../../../main/simulator/server';
import { createVirtualZebra, type VirtualZebra } from '../../../main/simulator/virtual-zebra';
import { DEMO_KEY_ENV, runHeadless, stationFlags } from '../../support/headless-process';

/**
 * docs/headless.md's table of events ("Output: stdout") is what scripts parse: every line the host writes has the
 * fields its row lists (those marked `?` when they apply) and no field it does not. Two runs on one data folder
 * make every event of the table: the first with the label printer off (a label held after --hold-after), the
 * second after a torn journal tail (a warning), with bookings, failures, a reprint, a cancel and a manifest.
 */

interface Documented {
  required: string[];
  optional: string[];
}

/** The table's rows: `event` → the fields of its `{"event":"name","field","field"?}` shape. */
async function documentedEvents(): Promise<Map<string, Documented>> {
  const doc = await readFile('docs/headless.md', 'utf8');
  const section = doc.split(/^## /m).find((s) => s.startsWith('Output: stdout'))!;
  const events = new Map<string, Documented>();
  for (const [, name, shape] of section.matchAll(/^\| `([a-z]+)`[^|]*\| `(\{[^`]*\})`/gm)) {
    const fields = [...shape!.replace(/^\{"event":"[a-z]+"/, '').matchAll(/"([A-Za-z]+)"(\?)?/g)];
    events.set(name!, {
      required: ['event', ...fields.filter(([, , opt]) => !opt).map(([, f]) => f!)],
      optional: fields.filter(([, , opt]) => opt).map(([, f]) => f!),
    });
  }
  return events;
}

let sim: Simulator;
let zebra: VirtualZebra;
let dataDir: string;
const emitted: Record<string, unknown>[] = [];

beforeAll(async () => {
  sim = createSimulator();
  seedDemoData(sim);
  const { deliveryBaseUrl } = await sim.start();
  zebra = await createVirtualZebra();
  dataDir = await mkdtemp(join(tmpdir(), 'packbench-headless-contract-'));
  const args = stationFlags(deliveryBaseUrl, zebra.port, dataDir, '--document-printer', 'file:docs');
  await zebra.offline();
  const first = await runHeadless([...args, '--hold-after', '3'], 'ORD-1005\n', DEMO_KEY_ENV, 60_000);
  expect(first.code).toBe(0);
  await zebra.online();
  const journal = join(dataDir, 'journal');
  const day = (await readdir(journal)).find((f) => f.endsWith('.jsonl'))!;
  await appendFile(join(journal, day), '0badc0de {"type":"job","jobId":"torn');
  const second = await runHeadless(
    args,
    'ORD-1001\nSO-2001\nORD-1002\nORD-1900\nORD-1001\nNO-SUCH\n:reprint ORD-1001\n:cancel ORD-1001\n:manifest PNL\n',
    DEMO_KEY_ENV,
    60_000,
  );
  expect(second.code).toBe(0);
  emitted.push(...first.events, ...second.events);
}, 120_000);

afterAll(async () => {
  await zebra?.close();
  await sim?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('docs/headless.md: the events the host writes', () => {
  it('the table lists the events of the contract (contract-events.ts)', async () => {
    expect([...(await documentedEvents()).keys()].sort()).toEqual(
      [
        'booked',
        'cancelled',
        'failed',
        'held',
        'manifest',
        'printed',
        'ready',
        'reprinted',
        'warning',
      ].sort(),
    );
  });

  it('every event of the table comes out of these runs', async () => {
    const seen = new Set(emitted.map((e) => e.event));
    for (const name of (await documentedEvents()).keys()) expect(seen, name).toContain(name);
  });

  it("each line has its row's fields and no other; an optional one only where it applies", async () => {
    const documented = await documentedEvents();
    for (const line of emitted) {
      const row = documented.get(line.event as string);
      expect(row, JSON.stringify(line)).toBeDefined();
      const keys = Object.keys(line);
      for (const field of row!.required) expect(keys, `${String(line.event)}: ${field}`).toContain(field);
      for (const key of keys)
        expect([...row!.required, ...row!.optional], `${String(line.event)} has "${key}"`).toContain(key);
    }
    // The optional fields the runs make: a stored shipment's shipmentNo, nShift's 422 list, a failure's shipment.
    const has = (event: string, field: string) => emitted.some((e) => e.event === event && field in e);
    expect(has('booked', 'shipmentNo')).toBe(true);
    expect(has('failed', 'errors')).toBe(true);
    expect(has('failed', 'shipmentId')).toBe(true);
  });

  it('each field has the type the contract gives it', () => {
    const strings = ['event', 'scan', 'shipmentId', 'jobId', 'printer', 'reason', 'message', 'code'];
    for (const line of emitted) {
      for (const field of strings) if (field in line) expect(typeof line[field], field).toBe('string');
      if ('bytes' in line) expect(Number.isInteger(line.bytes)).toBe(true);
      if ('parcelNos' in line)
        expect((line.parcelNos as unknown[]).every((p) => typeof p === 'string')).toBe(true);
      if ('documents' in line)
        for (const d of line.documents as Record<string, unknown>[])
          expect(Object.keys(d).sort()).toEqual(['bytes', 'kind', 'printer']);
      if ('errors' in line)
        for (const e of line.errors as Record<string, unknown>[])
          expect(Object.keys(e).sort()).toEqual(['field', 'message']);
    }
  });
});
