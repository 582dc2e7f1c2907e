/**
 * One durable write per booking step (issue 30): what a scan writes to disk, counted by the file layer of
 * test/support/file-faults.ts (nothing refused). The crash tests (restart, disk-refusal, write-faults,
 * checkpoint-crash, kill-restart) prove these writes are enough; this one proves there are no more of them.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { installFileFaults, type FileFaults } from '../../support/file-faults';
import { scanAndWait, startBench, type Bench } from '../../support/station-harness';

let bench: Bench | undefined;
let faults: FileFaults | undefined;
afterEach(async () => {
  faults?.remove();
  faults = undefined;
  await bench?.close();
  bench = undefined;
});

describe.runIf(process.platform === 'linux')('a scan’s durable writes', () => {
  it('a label and a customs declaration: one label-cache append, no spool bytes, the label’s `sending` in the journal, one `print_state` each', async () => {
    bench = await startBench();
    // A first scan makes the day's files (journal, pack); the one counted writes into them.
    expect((await scanAndWait(bench.station, 'ORD-1001')).state).toBe('printed');
    await bench.station.whenIdle();
    faults = await installFileFaults(bench.dataDir);

    const job = await scanAndWait(bench.station, 'ORD-1002');
    await bench.station.whenIdle();
    await bench.station.close();
    expect(job.state).toBe('printed');
    expect(job.shipments[0]!.documents.map((d) => d.kind).sort()).toEqual(['customs', 'label']);

    const steps = faults.steps;
    const to = (prefix: string, op: string) => steps.filter((s) => s.op === op && s.path.startsWith(prefix));
    // Both documents in one record each, in one write and one fsync of the day's pack: no rename, no folder fsync.
    expect(to('labels/pack-', 'writeFile')).toHaveLength(1);
    expect(to('labels/pack-', 'sync')).toHaveLength(1);
    expect(steps.filter((s) => s.path === 'labels')).toEqual([]);
    // The spool keeps no bytes of a booking's documents: the label cache has them.
    expect(steps.filter((s) => s.path.startsWith('spool/') && s.path.includes('.bin'))).toEqual([]);
    // The label's `sending` is the journal's `booked`: its spool job is written once, finished, in done/. The
    // customs declaration, which the packer does not wait for, has its own `sending` record in the spool folder.
    const spoolJobOf = (kind: string) =>
      job.shipments[0]!.documents.find((d) => d.kind === kind)!.spoolJobId!;
    const label = spoolJobOf('label');
    expect(steps.filter((s) => s.path.includes(label) && !s.path.startsWith('spool/done/'))).toEqual([]);
    expect(steps.filter((s) => s.path.includes(label) && s.op === 'rename')).toHaveLength(1);
    expect(
      steps.filter((s) => s.op === 'rename' && s.path === `spool/${spoolJobOf('customs')}.json`),
    ).toHaveLength(1);
    // One entry per printed document: the spool's event and the print call's outcome share it.
    const dir = join(bench.dataDir, 'journal');
    const file = (await readdir(dir)).find((n) => n.endsWith('.jsonl'))!;
    const states = (await readFile(join(dir, file), 'utf8'))
      .split('\n')
      .filter((line) => line.includes(`"jobId":"${job.id}"`) && line.includes('"type":"print_state"'));
    expect(states).toHaveLength(2);
    // A job whose documents all printed writes no `finished`: it would change nothing.
    expect((await readFile(join(dir, file), 'utf8')).includes(`"type":"finished","jobId":"${job.id}"`)).toBe(
      false,
    );
  });
});
