import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { safeFileName, safeJoin, writeFileAtomic } from '../../../main/files/atomic';
import { createLabelCache } from '../../../main/labels/label-cache';
import type { PrintableDocument } from '../../../main/labels/document';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'files-test-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('atomic files', () => {
  it('writes the whole content and leaves no temp file behind', async () => {
    const target = path.join(dir, 'sub', 'a.bin');
    await writeFileAtomic(target, Buffer.from([1, 2, 3]));
    await writeFileAtomic(target, Buffer.from([4, 5]));
    expect([...(await readFile(target))]).toEqual([4, 5]);
    expect(await readdir(path.join(dir, 'sub'))).toEqual(['a.bin']);
  });

  it.each([['../escape'], ['a/../../escape'], ['/etc/passwd'], ['a\0b']])('safeJoin refuses %j', (part) => {
    expect(safeJoin(dir, part).ok).toBe(false);
  });

  it('safeJoin allows paths inside the base', () => {
    expect(safeJoin(dir, 'labels', 'a.zpl')).toEqual({ ok: true, value: path.join(dir, 'labels', 'a.zpl') });
  });

  it('safeFileName keeps ids readable and harmless', () => {
    expect(safeFileName('shp-5666306-print-10234441')).toBe('shp-5666306-print-10234441');
    expect(safeFileName('../../etc/passwd')).not.toContain('/');
    expect(safeFileName('..')).not.toBe('..');
  });
});

describe('label cache', () => {
  const doc = (id: string, shipmentId = '5666306'): PrintableDocument => ({
    id,
    kind: 'label',
    format: 'zpl',
    charset: 'cp850',
    bytes: Buffer.from([0x5e, 0x58, 0x41, 0x8f, 0x5e, 0x58, 0x5a]),
    description: 'Label',
    shipmentId,
    printId: '10234441',
  });

  it('keeps the exact bytes and what they are', async () => {
    let now = new Date('2026-01-05T08:00:00Z');
    const cache = createLabelCache(dir, { now: () => now });
    await cache.put(doc('shp-1-print-1'));
    now = new Date('2026-01-05T08:00:01Z');
    await cache.put(doc('shp-1-print-2'));
    await cache.put(doc('shp-2-print-1', '999'));
    const got = await cache.get('shp-1-print-1');
    expect(got?.document).toEqual(doc('shp-1-print-1'));
    expect(got?.meta).toMatchObject({
      format: 'zpl',
      charset: 'cp850',
      kind: 'label',
      shipmentId: '5666306',
      printId: '10234441',
      createdAt: '2026-01-05T08:00:00.000Z',
    });
    expect((await cache.listForShipment('5666306')).map((m) => m.id)).toEqual([
      'shp-1-print-1',
      'shp-1-print-2',
    ]);
    expect(await cache.get('nope')).toBeUndefined();
  });

  it('keeps the manifest a manifest document belongs to, for a Print Client printer after a restart', async () => {
    const cache = createLabelCache(dir);
    const manifest: PrintableDocument = {
      id: 'manifest-PNL-77-print-1',
      kind: 'manifest',
      format: 'pdf',
      bytes: Buffer.from('%PDF-1.7'),
      printId: '1',
      manifest: { manifestType: 'PNL', manifestId: '77' },
    };
    await cache.put(manifest);
    expect((await cache.get(manifest.id))?.document.manifest).toEqual({
      manifestType: 'PNL',
      manifestId: '77',
    });
  });

  it('prunes documents older than N days', async () => {
    let now = new Date('2026-01-01T08:00:00Z');
    const cache = createLabelCache(dir, { now: () => now });
    await cache.put(doc('old'));
    now = new Date('2026-01-09T08:00:00Z');
    await cache.put(doc('new'));
    expect(await cache.prune(7)).toBe(1);
    expect(await cache.get('old')).toBeUndefined();
    expect(await cache.get('new')).toBeDefined();
    // The old day's pack went with its only document; today's pack and the index remain.
    expect((await readdir(dir)).sort()).toEqual([
      'index.log',
      expect.stringMatching(/^pack-2026-01-09-\w+\.log$/),
    ]);
  });

  it('ignores a corrupt meta file', async () => {
    const cache = createLabelCache(dir);
    await writeFileAtomic(path.join(dir, 'bad.json'), '{"id": 1');
    expect(await cache.listForShipment('5666306')).toEqual([]);
    expect(await cache.get('bad')).toBeUndefined();
  });
});
