import { open, rename } from 'node:fs/promises';
import { dirname } from 'node:path';

/** Write, fsync, rename, fsync the folder: the file is either the old one or the new one, never half of each. */
export async function writeFileAtomic(path: string, data: string | Uint8Array, mode = 0o600): Promise<void> {
  const tmp = `${path}.${process.pid}.${Date.now()}.tmp`;
  const fh = await open(tmp, 'w', mode);
  try {
    await (typeof data === "string" ? fh.write(data) : fh.write(data));
    await fh.sync();
  } finally {
    await fh.close();
  }
  await rename(tmp, path);
  const dir = await open(dirname(path), 'r');
  try {
    await dir.sync();
  } finally {
    await dir.close();
  }
}
