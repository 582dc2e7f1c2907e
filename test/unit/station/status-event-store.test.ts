import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openStatusEventStore, type StoredStatusEvent } from '../../../main/station/status-events/store';
import { fromAlert, trackingStep } from '../../../main/station/status-events/timeline';

const DAY = 24 * 60 * 60 * 1000;
const dirs: string[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'status-events-'));
  dirs.push(dir);
  return dir;
}

const event = (code: string, at: string, shipmentNo = 'S-1', parcelNos = ['P-1']): StoredStatusEvent => ({
  code,
  at,
  shipmentNo,
  parcelNos,
});

describe('the status-event store', () => {
  it('keeps events and the feed position across a reopen, deduplicated, by shipment or parcel number', async () => {
    const dir = await tempDir();
    const store = await openStatusEventStore(dir);
    expect(store.add([event('STATUS_HANDED_OVER', '2026-01-15T11:00:00.000+0000')])).toBe(1);
    expect(store.add([event('STATUS_HANDED_OVER', '2026-01-15T11:00:00.000Z')])).toBe(0);
    store.add([event('STATUS_DELIVERED', '2026-01-16T09:00:00.000Z', 'S-2', ['P-2'])]);
    await store.save({ fetchId: 42, lastCallAt: 1000 });

    const reopened = await openStatusEventStore(dir);
    expect(reopened.position()).toEqual({ fetchId: 42, lastCallAt: 1000 });
    expect(reopened.eventsFor({ shipmentNo: 'S-1' }).map((e) => e.at)).toEqual(['2026-01-15T11:00:00.000Z']);
    expect(reopened.eventsFor({ parcelNos: ['P-2'] }).map((e) => e.code)).toEqual(['STATUS_DELIVERED']);
    expect((await readdir(dir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('prunes events older than the age it is given, and stays within its bound', async () => {
    const dir = await tempDir();
    const now = Date.parse('2026-02-01T00:00:00.000Z');
    const store = await openStatusEventStore(dir, { now: () => now, maxEvents: 3 });
    store.add([
      event('A', new Date(now - 40 * DAY).toISOString(), 'OLD'),
      event('B', new Date(now - 2 * DAY).toISOString()),
      event('C', new Date(now - DAY).toISOString()),
      event('D', new Date(now).toISOString()),
    ]);
    expect(store.size()).toBe(3); // the oldest went to keep the bound
    expect(store.eventsFor({ shipmentNo: 'OLD' })).toEqual([]);
    expect(await store.prune(1.5)).toBe(1);
    expect(store.eventsFor({ shipmentNo: 'S-1' }).map((e) => e.code)).toEqual(['C', 'D']);
    const saved = JSON.parse(await readFile(join(dir, 'events.json'), 'utf8')) as { events: unknown[] };
    expect(saved.events).toHaveLength(2);
  });

  it('sets an unreadable file aside with a warning and reads the feed again from its start', async () => {
    const dir = await tempDir();
    const first = await openStatusEventStore(dir);
    first.add([event('STATUS_DELIVERED', '2026-01-16T09:00:00.000Z')]);
    await first.save({ fetchId: 7 });
    await writeFile(join(dir, 'events.json'), '{"version":1,"events":[{"code":');

    const store = await openStatusEventStore(dir);
    expect(store.size()).toBe(0);
    expect(store.position().fetchId).toBeUndefined();
    expect(store.warnings[0]).toMatch(/could not be read; it was set aside/);
    expect((await readdir(dir)).some((f) => f.startsWith('events.json.corrupt-'))).toBe(true);
  });
});

describe('status events as the packer reads them', () => {
  it('maps nShift codes to steps and keeps the rest as they came', () => {
    expect(trackingStep('STATUS_HANDED_OVER')).toBe('handed_over');
    expect(trackingStep('STATUS_IN_TRANSIT')).toBe('in_transit');
    expect(trackingStep('STATUS_DELIVERED')).toBe('delivered');
    expect(trackingStep('STATUS_NOT_DELIVERED')).toBe('other');
    expect(trackingStep('STATUS_CUSTOMS')).toBe('other');
  });

  it('reads a feed item, and drops one without a time or a shipment', () => {
    expect(
      fromAlert({
        alertCode: 'STATUS_DELIVERED',
        alertTime: '2024-05-03T13:18:30.904+0000',
        shipmentInfo: { orderNo: 'O-1', shipmentNo: 'S-1', parcels: [{ parcelNo: 'P-1' }, {}] },
      }),
    ).toEqual({
      code: 'STATUS_DELIVERED',
      at: '2024-05-03T13:18:30.904+0000',
      shipmentNo: 'S-1',
      orderNo: 'O-1',
      parcelNos: ['P-1'],
    });
    expect(fromAlert({ alertCode: 'STATUS_DELIVERED', shipmentInfo: { shipmentNo: 'S-1' } })).toBeUndefined();
    expect(
      fromAlert({ alertCode: 'STATUS_DELIVERED', alertTime: '2024-05-03T13:18:30.904+0000' }),
    ).toBeUndefined();
  });
});
