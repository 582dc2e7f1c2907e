import { mkdtemp, open, readFile, rm, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checksumLine, GroupCommitLog, parseLines, verifiedJson } from '../../../main/files/line-log';

const text = '{"receiver":"Åsa Öberg","city":"Göteborg","note":"€ 12, ½ kg"}';

describe('checksummed lines', () => {
  it('read back as written, whatever characters the JSON holds', () => {
    const line = Buffer.from(checksumLine(text), 'utf8');
    expect(verifiedJson(line.subarray(0, -1))).toBe(text);
    const { values, badChunks } = parseLines(
      Buffer.concat([line, line]),
      (json) => JSON.parse(json) as unknown,
    );
    expect(values).toEqual([JSON.parse(text), JSON.parse(text)]);
    expect(badChunks).toEqual([]);
  });

  it('fail their checksum when one byte of a multi-byte character changed', () => {
    const line = Buffer.from(checksumLine(text), 'utf8');
    const changed = Buffer.from(line);
    const at = changed.indexOf(Buffer.from('Å', 'utf8')) + 1;
    changed[at] = changed[at]! ^ 0x01;
    expect(verifiedJson(changed.subarray(0, -1))).toBeUndefined();
    const { values, badChunks } = parseLines(
      Buffer.concat([line, changed]),
      (json) => JSON.parse(json) as unknown,
    );
    expect(values).toEqual([JSON.parse(text)]);
    expect(badChunks).toEqual([changed]);
  });

  it('are refused without their checksum field, torn, or with the field out of place', () => {
    const line = Buffer.from(checksumLine(text), 'utf8').subarray(0, -1);
    expect(verifiedJson(line.subarray(0, 8))).toBeUndefined();
    expect(verifiedJson(line.subarray(0, line.length - 3))).toBeUndefined();
    expect(verifiedJson(Buffer.concat([Buffer.from(' '), line]))).toBeUndefined();
    expect(verifiedJson(Buffer.from(text, 'utf8'))).toBeUndefined();
  });
});

describe('the group-commit log after a write the disk refused', () => {
  let dir: string;
  let handleProto: { write: FileHandle['write']; sync: FileHandle['sync']; truncate: FileHandle['truncate'] };
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'packbench-line-log-'));
    const probe = await open(join(dir, 'probe'), 'w');
    handleProto = Object.getPrototypeOf(probe) as typeof handleProto;
    await probe.close();
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await rm(dir, { recursive: true, force: true });
  });

  const entry = (n: number): string => checksumLine(JSON.stringify({ n, text }));
  const readBack = async (file: string): Promise<{ values: unknown[]; badChunks: Buffer[] }> =>
    parseLines(await readFile(file), (json) => JSON.parse(json) as { n: number });

  /** The first write call takes only part of its bytes, as a disk that fills up does; the next one fails. */
  function diskFillsUpOnce(): void {
    const write = handleProto.write as (...args: unknown[]) => ReturnType<FileHandle['write']>;
    let calls = 0;
    vi.spyOn(handleProto, 'write').mockImplementation(function (this: FileHandle, ...args: unknown[]) {
      calls++;
      const [buffer, offset, length] = args as [Buffer, number, number];
      if (calls === 1) return write.call(this, buffer, offset, Math.floor(length / 2));
      if (calls === 2)
        return Promise.reject(
          Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }),
        );
      return write.apply(this, args);
    });
  }

  it('refuses the lines that did not fit and every line after them, leaving the file as it was', async () => {
    const file = join(dir, 'log');
    const log = new GroupCommitLog(() => file);
    await log.append(entry(1));
    const durable = await readFile(file);
    diskFillsUpOnce();
    const refused = [log.append(entry(2)), log.append(entry(3))];
    await expect(refused[0]).rejects.toMatchObject({ code: 'ENOSPC' });
    await expect(refused[1]).rejects.toMatchObject({ code: 'ENOSPC' });
    // An append made after the refusal is refused too: it may rest on the lines that never reached the disk.
    await expect(log.append(entry(4))).rejects.toMatchObject({ code: 'ENOSPC' });
    await log.close();
    expect(await readFile(file)).toEqual(durable);
    expect((await readBack(file)).values).toEqual([{ n: 1, text }]);
  });

  it('takes back lines whose fsync failed, so a refused entry is never read back', async () => {
    const file = join(dir, 'log');
    const log = new GroupCommitLog(() => file);
    await log.append(entry(1));
    vi.spyOn(handleProto, 'sync').mockRejectedValueOnce(
      Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' }),
    );
    await expect(log.append(entry(2))).rejects.toMatchObject({ code: 'EIO' });
    await log.close();
    expect((await readBack(file)).values).toEqual([{ n: 1, text }]);
  });

  it('leaves a torn end a reader sets aside when the disk refuses to cut it off too', async () => {
    const file = join(dir, 'log');
    const log = new GroupCommitLog(() => file);
    await log.append(entry(1));
    diskFillsUpOnce();
    vi.spyOn(handleProto, 'truncate').mockRejectedValueOnce(
      Object.assign(new Error('EIO: i/o error, ftruncate'), { code: 'EIO' }),
    );
    await expect(log.append(entry(2))).rejects.toMatchObject({ code: 'ENOSPC' });
    await log.close();
    const { values, badChunks } = await readBack(file);
    expect(values).toEqual([{ n: 1, text }]);
    expect(badChunks).toHaveLength(1);
  });
});

describe('group commit', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'line-log-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  /**
   * Appends a line, then an urgent one when asked, in one piece of code: whether their write began before the
   * event loop's turn ended (a callback set for that turn's end had not run), and how many writes they took.
   */
  async function appendTwo(urgent: boolean): Promise<{ startedWithinTheTurn: boolean; writes: number }> {
    const file = join(dir, `log-${String(urgent)}`);
    let turnEnded = false;
    let startedWithinTheTurn: boolean | undefined;
    let writes = 0;
    const log = new GroupCommitLog(
      () => {
        startedWithinTheTurn ??= !turnEnded;
        return file;
      },
      () => writes++,
    );
    setImmediate(() => (turnEnded = true));
    await Promise.all([log.append('{"n":1}\n'), log.append('{"n":2}\n', 2, urgent)]);
    await log.close();
    expect(await readFile(file, 'utf8')).toBe('{"n":1}\n{"n":2}\n');
    return { startedWithinTheTurn: startedWithinTheTurn ?? false, writes };
  }

  it('writes the lines appended in one turn of the event loop with one write, once that turn is over', async () => {
    expect(await appendTwo(false)).toEqual({ startedWithinTheTurn: false, writes: 1 });
  });

  it('starts the write for an urgent line (the station waits on it) at once, the lines appended beside it included', async () => {
    expect(await appendTwo(true)).toEqual({ startedWithinTheTurn: true, writes: 1 });
  });
});
