import { chmod, mkdir, mkdtemp, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../../main/files/atomic';
import { GroupCommitLog } from '../../../main/files/line-log';
import { makePrivateDir, TIGHTENED_MARKER, tightenDataDir } from '../../../main/files/private';

const modeOf = async (path: string): Promise<number> => (await stat(path)).mode & 0o777;

let root: string;
let umask: number;
beforeEach(async () => {
  // The usual umask of a desktop session: without care, folders come out 0755 and files 0644.
  umask = process.umask(0o022);
  root = await mkdtemp(join(tmpdir(), 'packbench-private-'));
});
afterEach(async () => {
  process.umask(umask);
  await rm(root, { recursive: true, force: true });
});

describe.runIf(process.platform !== 'win32')('a private data folder', () => {
  it('is created private under umask 022: folders 0700, atomic writes and appended logs 0600', async () => {
    const dir = join(root, 'data', 'journal');
    await makePrivateDir(dir);
    await writeFileAtomic(join(root, 'data', 'labels', 'a.json'), '{}');
    const log = new GroupCommitLog(() => join(dir, 'journal-2026-01-01.jsonl'));
    await log.append('line\n');
    await log.close();

    expect(await modeOf(join(root, 'data'))).toBe(0o700);
    expect(await modeOf(dir)).toBe(0o700);
    expect(await modeOf(join(root, 'data', 'labels'))).toBe(0o700);
    expect(await modeOf(join(root, 'data', 'labels', 'a.json'))).toBe(0o600);
    expect(await modeOf(join(dir, 'journal-2026-01-01.jsonl'))).toBe(0o600);
  });

  it('an older version’s folder is tightened at start: every folder 0700, every file 0600, once', async () => {
    const data = join(root, 'data');
    for (const dir of ['journal', 'labels', 'spool/done', 'documents'])
      await mkdir(join(data, dir), { recursive: true, mode: 0o755 });
    await chmod(data, 0o755);
    const files = [
      'journal/journal-2026-01-01.jsonl',
      'labels/x.bin',
      'spool/done/j~sp.json',
      'settings.json',
    ];
    for (const file of files) await writeFile(join(data, file), 'x', { mode: 0o644 });
    // The owner's own read-only file stays read-only; a link is not followed out of the folder.
    await writeFile(join(data, 'documents', 'kept.pdf'), 'x', { mode: 0o444 });
    const outside = join(root, 'outside');
    await writeFile(outside, 'x', { mode: 0o644 });
    await symlink(outside, join(data, 'documents', 'link'));

    const report = await tightenDataDir(data, { concurrency: 2 });

    expect(report.failed).toEqual([]);
    expect(await modeOf(data)).toBe(0o700);
    for (const dir of ['journal', 'labels', 'spool', 'spool/done', 'documents'])
      expect(await modeOf(join(data, dir)), dir).toBe(0o700);
    for (const file of files) expect(await modeOf(join(data, file)), file).toBe(0o600);
    expect(await modeOf(join(data, 'documents', 'kept.pdf'))).toBe(0o400);
    expect(await modeOf(outside)).toBe(0o644);
    expect(await readdir(data)).toContain(TIGHTENED_MARKER);

    // Once marked, a start looks at the folder and its direct subfolders only.
    await writeFile(join(data, 'labels', 'later.bin'), 'x', { mode: 0o644 });
    await chmod(join(data, 'labels'), 0o755);
    await tightenDataDir(data);
    expect(await modeOf(join(data, 'labels'))).toBe(0o700);
    expect(await modeOf(join(data, 'labels', 'later.bin'))).toBe(0o644);
  });

  it('reports what it could not tighten and never throws', async () => {
    const report = await tightenDataDir(join(root, 'missing'));
    expect(report).toEqual({ checked: 0, failed: [] });
  });
});
