import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createFileFetchIdStore,
  createMemoryFetchIdStore,
  fetchInBatches,
} from '../../../main/nshift/delivery/batches';
import {
  acceptFor,
  documentsFromShipmentResult,
  zplCharsetOf,
  zplCharsetOfDocument,
} from '../../../main/nshift/delivery/documents';
import type { DocumentAccept } from '../../../main/nshift/delivery/types';
import type { FeedPage, ShipmentResult } from '../../../main/nshift/delivery/schemas';
import type { Result } from '../../../main/result';
import { ok, err } from '../../../main/result';
import type { DeliveryError } from '../../../main/nshift/delivery/errors';

const dirs: string[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

/** A feed of three pages: -1 → 10 (2 items, more) → 20 (1 item, done). */
function scriptedFeed() {
  const calls: number[] = [];
  const pages: Record<number, FeedPage<string>> = {
    [-1]: { fetchId: 10, done: false, minDelayMs: 300, items: ['a', 'b'] },
    10: { fetchId: 20, done: true, minDelayMs: 300, items: ['c'] },
    20: { fetchId: 20, done: true, minDelayMs: 300, items: [] },
  };
  const fetchPage = async (fetchId: number): Promise<Result<FeedPage<string>, DeliveryError>> => {
    calls.push(fetchId);
    const page = pages[fetchId];
    return page
      ? ok(page)
      : err({
          kind: 'server',
          operation: 'shipments.printedFeed',
          status: 500,
          code: 'INTERNAL',
          message: 'no page',
        });
  };
  return { calls, fetchPage };
}

async function drain<T>(it: AsyncIterable<Result<T, DeliveryError>>): Promise<Result<T, DeliveryError>[]> {
  const out: Result<T, DeliveryError>[] = [];
  for await (const r of it) out.push(r);
  return out;
}

describe('fetch in batches', () => {
  it('starts at -1, yields every item, follows done and persists the next fetchId', async () => {
    const { calls, fetchPage } = scriptedFeed();
    const store = createMemoryFetchIdStore();
    const sleeps: number[] = [];
    const items = await drain(
      fetchInBatches({ feed: 'shipments', fetchPage, store, sleep: async (ms) => void sleeps.push(ms) }),
    );
    expect(items).toEqual([ok('a'), ok('b'), ok('c')]);
    expect(calls).toEqual([-1, 10]);
    expect(store.snapshot()).toEqual({ shipments: 20 });
    expect(sleeps).toEqual([]);
  });

  it('waits minDelay between calls when asked', async () => {
    const { fetchPage } = scriptedFeed();
    const sleeps: number[] = [];
    await drain(
      fetchInBatches({
        feed: 'shipments',
        fetchPage,
        honourMinDelay: true,
        sleep: async (ms) => void sleeps.push(ms),
      }),
    );
    expect(sleeps).toEqual([300]);
  });

  it('continues from the persisted fetchId after a restart (file store)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fetchid-'));
    dirs.push(dir);
    const path = join(dir, 'state', 'fetch-ids.json');
    const first = scriptedFeed();
    const iterator = fetchInBatches({
      feed: 'shipments',
      fetchPage: first.fetchPage,
      store: createFileFetchIdStore(path),
    });
    // Consume page one ('a', 'b') and take 'c' of page two, then "crash" before finishing page two.
    await iterator.next();
    await iterator.next();
    await iterator.next(); // asking past page one saved page one's next fetchId
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual({ shipments: 10 });

    const restarted = scriptedFeed();
    const items = await drain(
      fetchInBatches({
        feed: 'shipments',
        fetchPage: restarted.fetchPage,
        store: createFileFetchIdStore(path),
      }),
    );
    expect(restarted.calls).toEqual([10]);
    expect(items).toEqual([ok('c')]); // the unfinished page comes again: at least once, never lost
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual({ shipments: 20 });
    expect((await readdir(join(dir, 'state'))).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('a failed call yields the error once and keeps the stored fetchId', async () => {
    const store = createMemoryFetchIdStore({ alerts: 99 });
    const { fetchPage } = scriptedFeed();
    const items = await drain(fetchInBatches({ feed: 'alerts', fetchPage, store }));
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ ok: false, error: { kind: 'server' } });
    expect(store.snapshot()).toEqual({ alerts: 99 });
  });

  it('an unreadable store file restarts at -1 instead of crashing', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fetchid-'));
    dirs.push(dir);
    const path = join(dir, 'fetch-ids.json');
    await writeFile(path, '{not json');
    const store = createFileFetchIdStore(path);
    expect(await store.get('shipments')).toBeUndefined();
    await store.set('shipments', 5);
    await store.set('alerts', 7);
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual({ shipments: 5, alerts: 7 });
  });
});

describe('documents are bytes', () => {
  // "Å" in cp850 is 0x8F: a byte that is not valid UTF-8 on its own, so any string step would corrupt it.
  const zplCp850 = Buffer.concat([
    Buffer.from('^XA^FO10,10^FD', 'latin1'),
    Buffer.from([0x8f]),
    Buffer.from('sa^FS^XZ', 'latin1'),
  ]);
  const pdf = Buffer.from('%PDF-1.4\n%\xe2\xe3\n1 0 obj\n', 'latin1');

  function result(prints: ShipmentResult['prints']): ShipmentResult {
    return { id: '5666306', serviceId: 'P15', prints } as ShipmentResult;
  }

  it('base64 data becomes the exact bytes, with the charset that was asked for', async () => {
    const fetched: string[] = [];
    const docs = await documentsFromShipmentResult(
      result([{ id: '1', description: 'Label', href: 'h', data: zplCp850.toString('base64') }]),
      {
        printConfig: {
          target1Media: 'thermo-190',
          target1Type: 'zpl',
          target2Media: 'laser-a4',
          target2Type: 'pdf',
        },
        fetchByHref: async (href) => {
          fetched.push(href);
          return ok(Buffer.alloc(0));
        },
      },
    );
    expect(docs.ok).toBe(true);
    const [doc] = docs.ok ? docs.value : [];
    expect(doc?.bytes.equals(zplCp850)).toBe(true);
    expect(doc).toMatchObject({
      id: 'shp-5666306-print-1',
      kind: 'label',
      format: 'zpl',
      charset: 'cp850',
      media: 'thermo-190',
      shipmentId: '5666306',
      printId: '1',
      serviceId: 'P15',
    });
    expect(fetched).toEqual([]);
  });

  it('UTF8 asked in the zpl target is carried with the document', () => {
    expect(zplCharsetOf({ target1Type: 'zpl', target1Options: [{ key: 'charset', value: 'UTF8' }] })).toBe(
      'UTF8',
    );
    expect(zplCharsetOf({ target1Type: 'pdf', target2Type: 'zpl' })).toBe('cp850');
    expect(zplCharsetOf(undefined)).toBe('cp850');
  });

  it('a ZPL document says its own charset (^CI28, ^CI13) over what the first ZPL target asked', () => {
    const asked = {
      target1Type: 'zpl',
      target1Options: [{ key: 'charset', value: 'UTF8' }],
      target2Type: 'zpl',
      target2Options: [{ key: 'charset', value: 'cp850' }],
    };
    expect(zplCharsetOfDocument(Buffer.from('^XA^CI13^FO40,40^FDSE123^FS^XZ'), asked)).toBe('cp850');
    expect(zplCharsetOfDocument(Buffer.from('^XA^CI28^FH^FD_C3_85^FS^XZ'), undefined)).toBe('UTF8');
    expect(zplCharsetOfDocument(Buffer.from('^XA^FO40,40^FDSE123^FS^XZ'), asked)).toBe('UTF8');
  });

  it('a print without data is downloaded through its href as given, and detected by content', async () => {
    const asked: { href: string; accept: DocumentAccept }[] = [];
    const href = 'http://127.0.0.1:1/ufoweb-x/rs-extapi/v1/shipments/5666306/prints/2';
    const docs = await documentsFromShipmentResult(
      result([{ id: '2', description: 'Return label', href, data: null }]),
      {
        printConfig: { target1Media: 'laser-a4', target1Type: 'pdf' },
        fetchByHref: async (h, accept) => {
          asked.push({ href: h, accept });
          return ok(pdf);
        },
      },
    );
    expect(asked).toEqual([{ href, accept: 'application/pdf' }]);
    expect(docs).toMatchObject({
      ok: true,
      value: [{ format: 'pdf', kind: 'return_label', media: 'laser-a4' }],
    });
    const [doc] = docs.ok ? docs.value : [];
    expect(doc?.charset).toBeUndefined();
    expect(doc?.bytes.equals(pdf)).toBe(true);
  });

  it('asks for application/octet-stream when ZPL may come, and tries the other Accept on 406', async () => {
    expect(acceptFor({ target1Type: 'zpl', target2Type: 'pdf' })).toBe('application/octet-stream');
    const asked: DocumentAccept[] = [];
    const docs = await documentsFromShipmentResult(
      result([{ id: '3', description: 'Waybill', href: 'h3', data: null }]),
      {
        printConfig: { target1Type: 'zpl', target2Type: 'pdf' },
        fetchByHref: async (_h, accept) => {
          asked.push(accept);
          return accept === 'application/pdf'
            ? ok(pdf)
            : err({
                kind: 'server',
                operation: 'documents.fetchByHref',
                status: 406,
                code: undefined,
                message: 'HTTP 406',
              });
        },
      },
    );
    expect(asked).toEqual(['application/octet-stream', 'application/pdf']);
    expect(docs).toMatchObject({ ok: true, value: [{ format: 'pdf', kind: 'waybill' }] });
  });

  it('a failed download (document expired) is the error, not a crash', async () => {
    const docs = await documentsFromShipmentResult(
      result([{ id: '4', description: 'Label', href: 'h4', data: null }]),
      {
        fetchByHref: async () =>
          err({ kind: 'not_found', operation: 'documents.fetchByHref', status: 404, message: 'HTTP 404' }),
      },
    );
    expect(docs).toMatchObject({ ok: false, error: { kind: 'not_found' } });
  });
});
