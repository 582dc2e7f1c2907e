import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { safeFileName, safeJoin, writeFileAtomic } from '../../../main/files/atomic';
import { createLabelCache } from '../../../main/labels/label-cache';
import type { PrintableDocument } from '../../../main/labels/document';
import { resolvePrinterDirectory } from '../../../main/printers/drivers/file';
import { createFileVault } from '../../../main/settings/file-vault';

/** Paths built from untrusted ids stay inside their folder; files that matter are replaced whole or not at all. */

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'packbench-files-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

function label(id: string, text = '^XA^FDhello^FS^XZ'): PrintableDocument {
  return { id, kind: 'label', format: 'zpl', charset: 'cp850', bytes: Buffer.from(text, 'latin1') };
}

describe('traversal', () => {
  it('safeJoin refuses ../ climbs, absolute parts and NUL bytes, and allows paths inside the base', () => {
    const base = join(root, 'data');
    for (const bad of ['../../etc/x', '../x', 'a/../../x', '/etc/passwd', 'docs/../../../etc', 'x\0y']) {
      expect(safeJoin(base, bad).ok, bad).toBe(false);
    }
    expect(safeJoin(base, 'documents/2026').ok).toBe(true);
    expect(safeJoin(base, 'a/../b')).toEqual({ ok: true, value: join(base, 'b') });
  });

  it('a document id like ../../etc/x becomes one harmless file name', () => {
    for (const id of [
      '../../etc/x',
      '..\\..\\windows\\x',
      '/etc/passwd',
      '..',
      '.',
      '',
      'a/../../b',
      'x\0y',
    ]) {
      const name = safeFileName(id);
      expect(name, id).not.toMatch(/[/\\\0]/);
      expect(name, id).not.toContain('..');
      expect(name.length, id).toBeGreaterThan(0);
      expect(['.', '..']).not.toContain(name);
    }
  });

  it('a relative file printer folder may not climb out of the data directory (../.. is refused)', () => {
    const dataDir = join(root, 'data');
    for (const dir of ['../..', '..', 'documents/../../x', '../data-other']) {
      const resolved = resolvePrinterDirectory(dir, dataDir);
      expect(resolved.ok, dir).toBe(false);
      if (!resolved.ok) expect(resolved.error.message).toMatch(/outside the data directory/);
    }
    expect(resolvePrinterDirectory('documents/pdf', dataDir)).toEqual({
      ok: true,
      value: join(dataDir, 'documents', 'pdf'),
    });
  });

  it('the label cache keeps a document with a traversal id inside its folder, and never serves a file outside it', async () => {
    const cacheDir = join(root, 'data', 'labels');
    const cache = createLabelCache(cacheDir);
    await cache.put(label('../../evil'));
    expect((await readdir(root)).sort()).toEqual(['data']);
    expect((await cache.get('../../evil'))?.document.bytes.toString('latin1')).toBe('^XA^FDhello^FS^XZ');

    // A document planted next to the cache folder (as if written by someone else) is not reachable by id.
    const outside = createLabelCache(join(root, 'data'));
    await outside.put(label('planted', '^XA^FDplanted^FS^XZ'));
    expect(await cache.get('../planted')).toBeUndefined();
    expect(await cache.get('..%2Fplanted')).toBeUndefined();
    expect(await cache.get('/etc/passwd')).toBeUndefined();
  });
});

describe('atomic writes', () => {
  it('two writers of the same file at once leave one whole content, never a mix, and no temp files', async () => {
    const target = join(root, 'settings.json');
    for (let round = 0; round < 25; round++) {
      const long = JSON.stringify({ round, fill: 'A'.repeat(8000) });
      const short = JSON.stringify({ round });
      const results = await Promise.allSettled([
        writeFileAtomic(target, long),
        writeFileAtomic(target, short),
      ]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
      expect([long, short]).toContain(await readFile(target, 'utf8'));
    }
    expect((await readdir(root)).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it('a write that cannot be renamed into place leaves the old content and no temp file', async () => {
    const target = join(root, 'occupied');
    await mkdir(target);
    await writeFile(join(target, 'keep'), 'old');
    await expect(writeFileAtomic(target, 'new')).rejects.toThrow();
    expect(await readFile(join(target, 'keep'), 'utf8')).toBe('old');
    expect((await readdir(root)).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it('the vault and its key file are private to this user (0600) from the moment they exist', async () => {
    const dataDir = join(root, 'data');
    await mkdir(dataDir);
    const vault = createFileVault(dataDir, {});
    await vault.set({ id: 'k', secret: 's3cret-value' });
    const files = await readdir(dataDir);
    expect(files.length).toBeGreaterThan(0);
    for (const name of files) {
      const mode = (await stat(join(dataDir, name))).mode & 0o777;
      expect(mode, name).toBe(0o600);
      expect((await readFile(join(dataDir, name))).includes(Buffer.from('s3cret-value')), name).toBe(false);
    }
  });
});
