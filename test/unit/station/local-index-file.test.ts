import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createIndexFile, indexAccount, type IndexToSave } from '../../../main/station/local-index-file';

let dir: string;
let lines: string[];
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'packbench-index-file-'));
  lines = [];
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const ACCOUNT = indexAccount('https://api.unifaun.com/rs-extapi/v1', 'KEY-1');

function fileOf(account: string | undefined) {
  return createIndexFile({
    path: join(dir, 'local-index.tsv'),
    account: () => account,
    log: (l) => lines.push(l),
  });
}

const index: IndexToSave = {
  lastFullAt: 1_700_000_000_000,
  ordersListed: 2_050,
  storedUntil: 1_700_000_100_000,
  storedComplete: true,
  orders: new Map([
    ['ORD-1', '101\u0001p1'],
    ['ORD-2', '102\u0001p2\u0002s9\u0001p3'],
  ]),
  stored: new Map([['SO-1', 's1\u0001s2']]),
};

describe('the local index on disk', () => {
  it('reads back what was saved, with its sweep positions, and is readable by this user only', async () => {
    await fileOf(ACCOUNT).write(index);
    const read = await fileOf(ACCOUNT).read();
    expect(read).toEqual({ ...index, orders: new Map(index.orders), stored: new Map(index.stored) });
    expect((await stat(join(dir, 'local-index.tsv'))).mode & 0o777).toBe(0o600);
    expect(lines).toEqual([]);
  });

  it('is not used for another API key or Delivery URL, and says so', async () => {
    await fileOf(ACCOUNT).write(index);
    expect(
      await fileOf(indexAccount('https://api.unifaun.com/rs-extapi/v1', 'KEY-2')).read(),
    ).toBeUndefined();
    expect(await fileOf(indexAccount('http://127.0.0.1:9/rs-extapi/v1', 'KEY-1')).read()).toBeUndefined();
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line).toContain('saved for another API key or Delivery URL');
  });

  it('a changed byte, a torn end or a garbled header means no index from it, with a log line', async () => {
    const path = join(dir, 'local-index.tsv');
    await fileOf(ACCOUNT).write(index);
    const good = await readFile(path);
    const flipped = Buffer.from(good);
    flipped[flipped.length - 3] = flipped[flipped.length - 3]! ^ 0x01;
    for (const bytes of [flipped, good.subarray(0, good.length - 5), Buffer.from('not an index\n')]) {
      await writeFile(path, bytes);
      expect(await fileOf(ACCOUNT).read()).toBeUndefined();
    }
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(line).toMatch(/is not used: .*; a full sweep builds it anew/);
  });

  it('leaves out a code a line cannot hold (a tab or a line break in it): it is looked up live', async () => {
    await fileOf(ACCOUNT).write({
      ...index,
      orders: new Map([...index.orders, ['BAD\tCODE', '103\u0001p4']]),
    });
    const read = await fileOf(ACCOUNT).read();
    expect([...read!.orders.keys()]).toEqual(['ORD-1', 'ORD-2']);
  });

  it('without an API key nothing is read or written', async () => {
    await fileOf(undefined).write(index);
    await expect(stat(join(dir, 'local-index.tsv'))).rejects.toThrow();
    await fileOf(ACCOUNT).write(index);
    expect(await fileOf(undefined).read()).toBeUndefined();
  });
});
