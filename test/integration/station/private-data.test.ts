/**
 * Personal data stays private on POSIX: the data folder is 0700 and every file in it 0600, whatever the umask,
 * from the moment each exists; a folder an older version left readable by everyone is tightened at start.
 */
import { chmod, lstat, mkdir, mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanAndWait, startBench, type Bench } from '../../support/station-harness';

/** Every folder and file under `dir` (itself included) with its permission bits. */
async function modes(dir: string): Promise<Map<string, number>> {
  const found = new Map<string, number>([['.', (await lstat(dir)).mode & 0o777]]);
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const full = join(entry.parentPath, entry.name);
    found.set(full.slice(dir.length + 1), (await lstat(full)).mode & 0o777);
  }
  return found;
}

let bench: Bench | undefined;
let umask: number;
beforeEach(() => {
  umask = process.umask(0o022);
});
afterEach(async () => {
  process.umask(umask);
  await bench?.close();
  bench = undefined;
});

describe.runIf(process.platform !== 'win32')('the data folder under umask 022', () => {
  it('holds only private folders (0700) and files (0600) after a day’s work: journal, labels, spool, documents, settings', async () => {
    bench = await startBench();
    // ORD-1002: a label on the Zebra and a customs declaration in the documents folder of the data directory.
    expect((await scanAndWait(bench.station, 'ORD-1002')).state).toBe('printed');
    await bench.station.saveSettings({ spool: { ttlMinutes: 5 } });
    await bench.station.close();

    const found = await modes(bench.dataDir);
    for (const part of ['journal', 'labels', 'spool', 'documents', 'settings.json'])
      expect(
        [...found.keys()].some((p) => p === part || p.startsWith(`${part}/`)),
        part,
      ).toBe(true);
    const loose = [...found].filter(([, mode]) => mode !== 0o700 && mode !== 0o600);
    expect(loose).toEqual([]);
    for (const [path, mode] of found) if (path.startsWith('documents/')) expect(mode, path).toBe(0o600);
  });

  it('tightens a folder an older version left readable by everyone, files it never opens included', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'packbench-old-'));
    await chmod(dataDir, 0o755);
    for (const dir of ['journal', 'labels', 'spool/done', 'documents'])
      await mkdir(join(dataDir, dir), { recursive: true, mode: 0o755 });
    const old = [
      'labels/shp-1-print-1.bin',
      'labels/shp-1-print-1.json',
      'spool/done/scan-1~sp-1.json',
      'documents/20260101T000000000Z-mf-1.pdf',
    ];
    for (const file of old) await writeFile(join(dataDir, file), '{}', { mode: 0o644 });

    bench = await startBench({ dataDir });
    await bench.station.close();

    const found = await modes(dataDir);
    for (const file of old) expect(found.get(file), file).toBe(0o600);
    expect([...found].filter(([, mode]) => mode !== 0o700 && mode !== 0o600)).toEqual([]);
  });
});
