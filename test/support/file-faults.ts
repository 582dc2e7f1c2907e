/**
 * A fault-injecting, counting file layer for tests: every write step the process makes under a folder (a
 * write, a whole-file write, an fsync, a rename, a truncation) is recorded with the file it touched, and a
 * chosen step is refused, in one of two ways:
 * - `full`: from that step on the disk is full (ENOSPC): every step that needs space is refused (a write that
 *   makes a file longer, a rename), while what needs none still works (a write over bytes a file already has,
 *   a truncation, an fsync), as on a real file system that ran out of blocks;
 * - `once`: that step alone fails (EIO), as a failing disk's one bad write or fsync, and the rest work.
 * It wraps Node's own file handles (their prototype, reached through a handle) and `fs/promises.rename` (the
 * ESM bindings synced, so the station's `import { rename }` sees it too): the station's code is not touched.
 * Linux only: which file a handle is comes from /proc/self/fd.
 */
import { fstatSync, readlinkSync } from 'node:fs';
import { mkdtemp, open, rm, type FileHandle } from 'node:fs/promises';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

export type StepOp = 'write' | 'writeFile' | 'sync' | 'truncate' | 'rename';

export interface Step {
  op: StepOp;
  /** The file or folder it touched, relative to the watched folder. */
  path: string;
  refused: boolean;
  /** Bytes a write asked to write (0 for the other steps). */
  bytes: number;
  /** When it started (performance.now()). */
  at: number;
}

export type FaultMode = 'full' | 'once';

export interface FileFaults {
  /** Every step under the folder since the layer was installed or last `reset`. */
  readonly steps: Step[];
  /** Refuses the step with this index in `steps` (0-based), and with `full` every step after it that needs space. */
  refuse(index: number, mode: FaultMode): void;
  /** Forgets the steps so far and refuses nothing. */
  reset(): void;
  /** Takes the layer away: the disk has room again. */
  remove(): void;
}

type HandleProto = Record<
  'write' | 'writeFile' | 'sync' | 'truncate',
  (...args: unknown[]) => Promise<unknown>
>;

function refusal(mode: FaultMode, op: string, path: string): NodeJS.ErrnoException {
  const [code, errno, text] =
    mode === 'full' ? ['ENOSPC', -28, 'no space left on device'] : ['EIO', -5, 'i/o error'];
  return Object.assign(new Error(`${code}: ${text}, ${op} '${path}'`), { code, errno, syscall: op });
}

/** What a write asks to write: a buffer's length (or the length asked for), a string's UTF-8 bytes. */
function bytesOf(op: StepOp, args: unknown[]): number {
  if (op !== 'write' && op !== 'writeFile') return 0;
  const [data, offset, length] = args;
  if (Buffer.isBuffer(data) || data instanceof Uint8Array)
    return typeof length === 'number' ? length : data.length - (Number(offset) || 0);
  return typeof data === 'string' ? Buffer.byteLength(data) : 0;
}

/** Does this step need new space on the disk (a write past a file's end, a new name)? */
function needsSpace(op: StepOp, fd: number | undefined, args: unknown[]): boolean {
  if (op === 'sync' || op === 'truncate') return false;
  if (op === 'rename' || op === 'writeFile' || fd === undefined) return true;
  // write(buffer, offset, length, position): in place when it ends within the file as it is.
  const position = args[3];
  if (typeof position !== 'number' || position < 0) return true;
  return position + bytesOf(op, args) > fstatSync(fd).size;
}

export async function installFileFaults(folder: string): Promise<FileFaults> {
  const probeDir = await mkdtemp(join(tmpdir(), 'packbench-faults-'));
  const probe: FileHandle = await open(join(probeDir, 'probe'), 'w');
  const proto = Object.getPrototypeOf(probe) as HandleProto;
  await probe.close();
  await rm(probeDir, { recursive: true, force: true });

  const steps: Step[] = [];
  let refuseAt = Number.POSITIVE_INFINITY;
  let mode: FaultMode = 'full';
  const inside = (path: string): string | undefined => {
    const rel = relative(folder, path);
    return rel.startsWith('..') || rel === path ? undefined : rel;
  };
  /** Records a step under the folder; true when it is to be refused. */
  const step = (op: StepOp, path: string | undefined, fd?: number, args: unknown[] = []): boolean => {
    const rel = path === undefined ? undefined : inside(path);
    if (rel === undefined) return false;
    const index = steps.length;
    const refused = mode === 'once' ? index === refuseAt : index >= refuseAt && needsSpace(op, fd, args);
    steps.push({ op, path: rel, refused, bytes: bytesOf(op, args), at: performance.now() });
    return refused;
  };

  const originals = new Map<keyof HandleProto, HandleProto[keyof HandleProto]>();
  for (const op of ['write', 'writeFile', 'sync', 'truncate'] as const) {
    const original = proto[op];
    originals.set(op, original);
    proto[op] = function (this: FileHandle, ...args: unknown[]) {
      let path: string | undefined;
      try {
        path = readlinkSync(`/proc/self/fd/${this.fd}`);
      } catch {
        path = undefined;
      }
      if (step(op, path, this.fd, args)) return Promise.reject(refusal(mode, op, path!));
      return original.apply(this, args);
    };
  }
  const fsp = createRequire(import.meta.url)('node:fs/promises') as {
    rename: (from: string, to: string) => Promise<void>;
  };
  const rename = fsp.rename;
  fsp.rename = (from, to) =>
    step('rename', String(to)) ? Promise.reject(refusal(mode, 'rename', to)) : rename(from, to);
  syncBuiltinESMExports();

  return {
    steps,
    refuse(index, how) {
      refuseAt = index;
      mode = how;
    },
    reset() {
      steps.splice(0);
      refuseAt = Number.POSITIVE_INFINITY;
    },
    remove() {
      for (const [op, original] of originals) proto[op] = original;
      fsp.rename = rename;
      syncBuiltinESMExports();
    },
  };
}

/** The part of the data folder a path is in: `journal`, `labels`, `spool`, `documents`, … (`dir` for a folder). */
export function areaOf(step: Step): string {
  const [first] = step.path.split(/[\\/]/);
  return first ?? '';
}
