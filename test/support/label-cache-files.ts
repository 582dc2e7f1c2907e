/**
 * The label cache's files as a disk would damage them: tests reach a record through the index the way the
 * station does, and change its bytes in place, as bit rot or a torn write would.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseLines } from '../../main/files/line-log';
import { LABEL_INDEX_FILE } from '../../main/labels/label-cache';

/** Where the index of `dataDir/labels` says a document is: its pack and the record's place in it. */
export async function cachedRecordOf(
  dataDir: string,
  documentId: string,
): Promise<{ file: string; offset: number; length: number }> {
  const index = await readFile(join(dataDir, 'labels', LABEL_INDEX_FILE));
  const lines = parseLines(
    index,
    (json) => JSON.parse(json) as { id?: string; file?: string; offset?: number; length?: number },
  );
  const line = lines.values.filter((l) => l.id === documentId && l.file).at(-1);
  if (!line?.file || line.offset === undefined || line.length === undefined)
    throw new Error(`the label cache's index does not list ${documentId}`);
  return { file: join(dataDir, 'labels', line.file), offset: line.offset, length: line.length };
}

/** Changes one byte of a cached document's bytes on disk: the cache must no longer serve it. */
export async function damageCachedRecord(dataDir: string, documentId: string): Promise<void> {
  const { file, offset, length } = await cachedRecordOf(dataDir, documentId);
  const bytes = await readFile(file);
  const at = offset + length - 2;
  bytes[at] = bytes[at]! ^ 0xff;
  await writeFile(file, bytes);
}
