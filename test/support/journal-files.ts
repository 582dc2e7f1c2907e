import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Every entry of a data folder's journal, as written (each line is its checksum, a space, then the entry's JSON;
 * main/station/journal.ts). None before the journal folder exists.
 */
export async function journalEntries(dataDir: string): Promise<Record<string, unknown>[]> {
  const folder = join(dataDir, 'journal');
  const files = (await readdir(folder).catch(() => [])).filter((f) => f.endsWith('.jsonl')).sort();
  const text = (await Promise.all(files.map((f) => readFile(join(folder, f), 'utf8')))).join('');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line.slice(line.indexOf(' ') + 1)) as Record<string, unknown>);
}
