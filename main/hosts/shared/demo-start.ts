import type { DataDirChoice } from './data-dir';
import type { Demo } from './demo';
import type { Teardown } from './teardown';

/**
 * Starts the demo of a run on `folder`, stopped again by the teardown. The demo's module (the simulator and its PDF
 * library) is loaded only here, so a production station never carries it. A kept folder (`--demo --data-dir DIR`)
 * gives the fresh simulator a new block of ids every run, so that no id meets one the folder already holds.
 */
export async function startDemoIn(
  folder: DataDirChoice,
  log: (line: string) => void,
  teardown: Teardown,
): Promise<Demo> {
  const { claimDemoIdBlock, startDemo } = await import('./demo');
  const idBlock = folder.temporary ? 0 : await claimDemoIdBlock(folder.dataDir);
  const demo = await startDemo({ log, idBlock });
  teardown.add('the demo', () => demo.stop());
  return demo;
}
