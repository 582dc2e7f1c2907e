/**
 * What a start found reaches the admin through the contract, coded: a station started on a data folder whose
 * settings file a hand edit broke and whose journal ends in a torn line (a power cut mid-write) answers
 * `getStartupWarnings` through the hosts' one door (dispatch) with `settings_unreadable` (where the file stopped
 * being JSON, where it was set aside) and `journal_damaged` (how many entries, where they went), each in the shape
 * the domain declares; the headless host's `warning` lines keep their `message` and add that `code`
 * (docs/headless.md).
 */
import { appendFile, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { StartupWarnings } from '../../../preload/api';
import { startupWarningSchema } from '../../../main/domain';
import { dispatch } from '../../../main/hosts/shared/dispatch';
import { createMemoryVault } from '../../../main/settings/file-vault';
import { createFileSettingsStore } from '../../../main/settings/file-store';
import { Journal } from '../../../main/station/journal';
import { createStation, type Station } from '../../../main/station/station';
import { runHeadless } from '../../support/headless-process';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const clean of cleanups.splice(0).reverse()) await clean();
});

/** A data folder as a bad day left it: settings.json broken on line 3, the journal's last line torn. */
async function damagedDataFolder(): Promise<{ dir: string; journalFile: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'packbench-startup-warnings-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  await writeFile(join(dir, 'settings.json'), '{\n  "language": "sv"\n  "sounds": { "enabled": false }\n}\n');
  const { journal } = await Journal.open(join(dir, 'journal'));
  await journal.append({ type: 'job', jobId: 'scan-20240502-0000abcd', kind: 'scan', scan: 'ORD-1001' });
  await journal.close();
  const name = (await readdir(join(dir, 'journal'))).find((f) => f.endsWith('.jsonl'))!;
  const journalFile = join(dir, 'journal', name);
  await appendFile(journalFile, '1a2b3c4d {"type":"resolved","jobId":"scan-2024');
  return { dir, journalFile };
}

async function open(dir: string): Promise<Station> {
  const station = await createStation({
    dataDir: dir,
    host: 'web',
    version: 'test',
    settingsStore: createFileSettingsStore(dir),
    vault: createMemoryVault(),
  });
  cleanups.push(() => station.close());
  return station;
}

describe('the start’s warnings through the contract', () => {
  it('a broken settings file and a torn journal tail: getStartupWarnings answers both, coded, with their places', async () => {
    const { dir, journalFile } = await damagedDataFolder();
    const station = await open(dir);

    const answer = await dispatch(station, 'getStartupWarnings', null);
    expect(answer.ok).toBe(true);
    const { startedAt, warnings } = (answer as { value: StartupWarnings }).value;
    expect(Number.isNaN(Date.parse(startedAt))).toBe(false);
    // Each in the one shape the domain declares (the renderer's texts are keyed by its codes).
    for (const warning of warnings) expect(startupWarningSchema.safeParse(warning).success).toBe(true);
    expect(warnings.map((w) => w.code)).toEqual(['settings_unreadable', 'journal_damaged']);
    expect(warnings[0]).toMatchObject({
      code: 'settings_unreadable',
      params: { line: 3, column: 3, keptAs: expect.stringMatching(/settings\.json\.corrupt-\d+$/) },
      message: expect.stringContaining('started with default settings'),
    });
    expect(warnings[1]).toMatchObject({
      code: 'journal_damaged',
      params: { file: journalFile, count: 1, keptAs: expect.stringContaining(`${journalFile}.corrupt-`) },
      message: expect.stringContaining('set aside'),
    });
    // The same list as the hosts log, and it stays this start's: asked again, the same answer.
    expect(warnings).toEqual(station.startupWarnings);
    expect(await station.getStartupWarnings()).toEqual({ startedAt, warnings });
  });

  it('a clean data folder: no warnings', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'packbench-startup-clean-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const station = await open(dir);
    expect((await station.getStartupWarnings()).warnings).toEqual([]);
  });

  it('the headless host: each warning line keeps its message and adds the code, right after ready', async () => {
    const { dir } = await damagedDataFolder();
    const run = await runHeadless(['--data-dir', dir], '');
    expect(run.code).toBe(0);
    expect(run.events[0]).toMatchObject({ event: 'ready' });
    const warnings = run.events.slice(1, 3);
    expect(warnings).toEqual([
      {
        event: 'warning',
        code: 'settings_unreadable',
        message: expect.stringMatching(/^The settings file could not be read \(line 3, column 3/),
      },
      { event: 'warning', code: 'journal_damaged', message: expect.stringMatching(/unreadable entry/) },
    ]);
  });
});
