/**
 * The label cache's packs and index: a document is whole or absent after any crash, it is found by id without
 * reading the folder, and what an older version left (one file pair per document) is still read.
 */
import { appendFile, mkdtemp, readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readlinkSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { createLabelCache, LABEL_INDEX_FILE, type LabelCache } from '../../../main/labels/label-cache';
import type { PrintableDocument } from '../../../main/labels/document';

let dir: string;
const caches: LabelCache[] = [];
const cacheAt = (at: string, now?: () => Date): LabelCache => {
  const cache = createLabelCache(at, now ? { now } : {});
  caches.push(cache);
  return cache;
};
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'label-cache-'));
});
afterEach(async () => {
  await Promise.all(caches.splice(0).map((c) => c.close()));
  await rm(dir, { recursive: true, force: true });
});

const doc = (id: string, shipmentId = '5666306', text = `^XA^FD${id}^FS^XZ`): PrintableDocument => ({
  id,
  kind: 'label',
  format: 'zpl',
  charset: 'cp850',
  bytes: Buffer.from(text, 'latin1'),
  shipmentId,
});
const pdf = (id: string, shipmentId = '5666306'): PrintableDocument => ({
  id,
  kind: 'customs',
  format: 'pdf',
  bytes: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(3000, 0x0a), Buffer.from('%%EOF')]),
  shipmentId,
  description: 'Customs declaration',
});
const packs = async (): Promise<string[]> => (await readdir(dir)).filter((n) => n.startsWith('pack-'));

describe('the label cache', () => {
  it('keeps a booking’s documents in one pack record each, read back byte for byte by another start', async () => {
    const cache = cacheAt(dir);
    await Promise.all([cache.put(doc('shp-1-print-1')), cache.put(pdf('shp-1-print-2'))]);
    await cache.close();
    expect(await packs()).toHaveLength(1);

    const again = cacheAt(dir);
    expect((await again.get('shp-1-print-1'))?.document).toEqual(doc('shp-1-print-1'));
    expect((await again.get('shp-1-print-2'))?.document).toEqual(pdf('shp-1-print-2'));
    expect((await again.documentsOf('5666306')).map((d) => d.meta.id).sort()).toEqual([
      'shp-1-print-1',
      'shp-1-print-2',
    ]);
  });

  // Which file a handle writes is read from /proc: Linux only.
  it.runIf(process.platform === 'linux')(
    'keeps a booking’s documents put together in one write: both, or neither when the disk refuses it',
    async () => {
      const probe = await open(path.join(dir, 'probe'), 'w');
      const handles = Object.getPrototypeOf(probe) as Pick<FileHandle, 'writeFile'>;
      await probe.close();
      const writeFile = handles.writeFile as (...args: unknown[]) => Promise<void>;
      let packWrites = 0;
      let refuse = false;
      const spy = vi.spyOn(handles, 'writeFile').mockImplementation(function (
        this: FileHandle,
        ...args: unknown[]
      ) {
        if (!readlinkSync(`/proc/self/fd/${this.fd}`).includes('/pack-')) return writeFile.apply(this, args);
        packWrites++;
        if (refuse)
          return Promise.reject(
            Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' }),
          );
        return writeFile.apply(this, args);
      });
      try {
        const cache = cacheAt(dir);
        await cache.putAll([doc('shp-1-print-1'), pdf('shp-1-print-2')]);
        expect(packWrites).toBe(1);
        refuse = true;
        await expect(
          cache.putAll([doc('shp-2-print-1', '2'), pdf('shp-2-print-2', '2')]),
        ).rejects.toMatchObject({
          code: 'ENOSPC',
        });
        refuse = false;
        await cache.close();
      } finally {
        spy.mockRestore();
      }
      const again = cacheAt(dir);
      expect((await again.documentsOf('5666306')).map((d) => d.meta.id).sort()).toEqual([
        'shp-1-print-1',
        'shp-1-print-2',
      ]);
      expect(await again.documentsOf('2')).toEqual([]);
    },
  );

  it('a record torn by a crash mid-append is absent, and every record before it whole', async () => {
    const cache = cacheAt(dir);
    await cache.put(doc('whole'));
    await cache.put(pdf('torn'));
    await cache.close();
    const [pack] = await packs();
    const file = path.join(dir, pack!);
    const size = (await readFile(file)).length;
    // The crash took the last 100 bytes of the PDF, and the index line that would have named it.
    await truncate(file, size - 100);
    const index = await readFile(path.join(dir, LABEL_INDEX_FILE), 'utf8');
    const kept = index.split('\n').filter((line) => line !== '' && !line.includes('"torn"'));
    await writeFile(path.join(dir, LABEL_INDEX_FILE), kept.map((line) => `${line}\n`).join(''));

    const after = cacheAt(dir);
    expect(await after.get('torn')).toBeUndefined();
    expect((await after.get('whole'))?.document.bytes.toString('latin1')).toBe('^XA^FDwhole^FS^XZ');
    expect((await after.documentsOf('5666306')).map((d) => d.meta.id)).toEqual(['whole']);
  });

  it('a record whose bytes were damaged on disk is absent, never served changed', async () => {
    const cache = cacheAt(dir);
    await cache.put(doc('damaged', '1', '^XA^FDÅsa^FS^XZ'));
    await cache.close();
    const file = path.join(dir, (await packs())[0]!);
    const bytes = await readFile(file);
    bytes[bytes.length - 5] = 0x41;
    await writeFile(file, bytes);
    expect(await cacheAt(dir).get('damaged')).toBeUndefined();
  });

  it('documents the index never named (its end lost in a crash, or the index gone) are found in the packs', async () => {
    const cache = cacheAt(dir);
    for (let i = 0; i < 5; i++) await cache.put(doc(`d${i}`, `s${i % 2}`));
    await cache.close();
    await rm(path.join(dir, LABEL_INDEX_FILE));
    const rebuilt = cacheAt(dir);
    expect((await rebuilt.documentsOf('s0')).map((d) => d.meta.id)).toEqual(['d0', 'd2', 'd4']);
    await rebuilt.close();
    // The index is whole again: a torn last line is set aside and the packs fill in what it lacked.
    await appendFile(path.join(dir, LABEL_INDEX_FILE), '0000 {"id":"d');
    const next = cacheAt(dir);
    expect((await next.documentsOf('s1')).map((d) => d.meta.id)).toEqual(['d1', 'd3']);
  });

  it('a document whose index line a power cut zeroed, with lines after it whole, is found in its pack', async () => {
    // The index is appended without fsync: a power cut on NTFS or ext4 may leave zeros where one line was, and the
    // lines written after it whole. The packs are the truth, so the document is still the cache's.
    const cache = cacheAt(dir);
    for (let i = 0; i < 3; i++) await cache.put(doc(`d${i}`, 's'));
    await cache.close();
    const indexPath = path.join(dir, LABEL_INDEX_FILE);
    const lines = (await readFile(indexPath, 'utf8')).split(/(?<=\n)/);
    // Zeros where d1's line was (the newline kept: the zeroed page ended there), the lines after it whole.
    const holed = lines.map((line) =>
      line.includes('"id":"d1"') ? `${'\0'.repeat(Buffer.byteLength(line) - 1)}\n` : line,
    );
    await writeFile(indexPath, holed.join(''));
    const next = cacheAt(dir);
    expect((await next.get('d1'))?.document.bytes.toString('latin1')).toBe('^XA^FDd1^FS^XZ');
    expect((await next.documentsOf('s')).map((d) => d.meta.id)).toEqual(['d0', 'd1', 'd2']);
  });

  it('a document put again (downloaded after a restart) is read in its newest form', async () => {
    let now = new Date('2026-01-05T08:00:00Z');
    const first = cacheAt(dir, () => now);
    await first.put(doc('again', '1', '^XA^FDold^FS^XZ'));
    await first.close();
    now = new Date('2026-01-05T09:00:00Z');
    const second = cacheAt(dir, () => now);
    await second.put(doc('again', '1', '^XA^FDnew^FS^XZ'));
    await second.close();
    expect((await cacheAt(dir).get('again'))?.document.bytes.toString('latin1')).toBe('^XA^FDnew^FS^XZ');
  });

  it('reads an older version’s documents (one .bin and one .json each) and prunes them by age', async () => {
    const meta = (id: string, shipmentId: string, createdAt: string, bytes: number) =>
      JSON.stringify({ id, kind: 'label', format: 'zpl', charset: 'cp850', shipmentId, bytes, createdAt });
    const label = Buffer.from('^XA^FDold^FS^XZ', 'latin1');
    await writeFile(path.join(dir, 'shp-7-print-1.bin'), label);
    await writeFile(
      path.join(dir, 'shp-7-print-1.json'),
      meta('shp-7-print-1', '7', '2026-01-01T08:00:00Z', label.length),
    );
    await writeFile(path.join(dir, 'shp-8-print-1.bin'), label);
    await writeFile(
      path.join(dir, 'shp-8-print-1.json'),
      meta('shp-8-print-1', '8', '2026-01-09T08:00:00Z', label.length),
    );
    // A meta whose bytes never arrived (the old cache's crash between its two files) is no document.
    await writeFile(
      path.join(dir, 'shp-9-print-1.json'),
      meta('shp-9-print-1', '9', '2026-01-09T08:00:00Z', 99),
    );

    const now = new Date('2026-01-10T08:00:00Z');
    const cache = cacheAt(dir, () => now);
    expect((await cache.get('shp-7-print-1'))?.document.bytes).toEqual(label);
    expect((await cache.documentsOf('8')).map((d) => d.meta.id)).toEqual(['shp-8-print-1']);
    expect(await cache.get('shp-9-print-1')).toBeUndefined();
    await cache.put(doc('new', '8'));

    // One of them downloaded again (after a restart): its older files are no longer what is kept of it.
    await cache.put(doc('shp-8-print-1', '8', '^XA^FDagain^FS^XZ'));

    expect(await cache.prune(7)).toBe(1);
    expect(await cache.get('shp-7-print-1')).toBeUndefined();
    expect(await readdir(dir)).not.toContain('shp-7-print-1.bin');
    expect(await readdir(dir)).not.toContain('shp-8-print-1.json');
    expect((await cache.get('shp-8-print-1'))?.document.bytes.toString('latin1')).toBe('^XA^FDagain^FS^XZ');
    await cache.close();
    // Listed once: a later start reads the index, and still finds both kinds.
    const later = cacheAt(dir, () => now);
    expect((await later.documentsOf('8')).map((d) => d.meta.id).sort()).toEqual(['new', 'shp-8-print-1']);
  });

  it('prunes whole packs of old days and keeps the index to what is left', async () => {
    let now = new Date('2026-01-01T08:00:00Z');
    const cache = cacheAt(dir, () => now);
    for (let i = 0; i < 3; i++) await cache.put(doc(`old-${i}`, 'old'));
    now = new Date('2026-01-20T08:00:00Z');
    await cache.put(doc('recent', 'recent'));
    expect(await cache.prune(7)).toBe(3);
    expect(await packs()).toEqual([expect.stringMatching(/^pack-2026-01-20-/)]);
    await cache.close();
    const index = await readFile(path.join(dir, LABEL_INDEX_FILE), 'utf8');
    expect(index).not.toContain('old-');
    expect((await cacheAt(dir, () => now).get('recent'))?.document.bytes.toString('latin1')).toContain(
      'recent',
    );
  });
});
