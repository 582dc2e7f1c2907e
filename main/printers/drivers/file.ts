/**
 * The file printer: each document lands in a folder as `<time>-<documentId>.zpl|.pdf`, written atomically
 * (temp + fsync + rename), so a watcher never sees half a label. The demo's default printer.
 *
 * A folder inside the data directory (the default `documents`) is private like the rest of it (0700, files
 * 0600: waybills and customs declarations name receivers). An absolute folder elsewhere is an administrator's
 * hand-over to another program, so its files get the usual mode (0666 less the umask) for that program to read.
 */
import path from 'node:path';
import type { FilePrinterConfig } from '../../../preload/api';
import type { PrintableDocument } from '../../labels/document';
import type { Result } from '../../result';
import { err, ok } from '../../result';
import { safeFileName, safeJoin, writeFileAtomic } from '../../files/atomic';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../../files/private';
import { access, constants, mkdir, stat } from 'node:fs/promises';
import type { SendHooks, SpoolAwareDriver } from '../driver';
import { describeError, printerError } from '../driver';
import type { PrinterError, PrinterStatus } from '../types';

export interface FileDriverOptions {
  /** Relative folders live inside the station's data directory and may not climb out of it. */
  dataDir: string;
  now?: () => Date;
}

export function resolvePrinterDirectory(directory: string, dataDir: string): Result<string, PrinterError> {
  if (path.isAbsolute(directory)) return ok(path.resolve(directory));
  const joined = safeJoin(dataDir, directory);
  return joined.ok
    ? joined
    : err(printerError('rejected', `Printer folder "${directory}" is outside the data directory`, false));
}

export function fileNameFor(document: PrintableDocument, at: Date): string {
  const stamp = at.toISOString().replace(/[-:]/g, '').replace('.', '');
  return `${stamp}-${safeFileName(document.id)}.${document.format}`;
}

export function createFileDriver(config: FilePrinterConfig, options: FileDriverOptions): SpoolAwareDriver {
  const now = options.now ?? (() => new Date());
  return {
    config,
    announcesFirstByte: true,
    async send(
      document: PrintableDocument,
      hooks: SendHooks = {},
    ): Promise<Result<{ bytes: number }, PrinterError>> {
      const dir = resolvePrinterDirectory(config.directory, options.dataDir);
      if (!dir.ok) return dir;
      const target = safeJoin(dir.value, fileNameFor(document, now()));
      if (!target.ok) return err(printerError('rejected', target.error.message, false));
      const modes = modesFor(dir.value, options.dataDir);
      try {
        await mkdir(dir.value, { recursive: true, mode: modes.dir });
        await hooks.beforeFirstByte?.();
        await writeFileAtomic(target.value, document.bytes, { mode: modes.file });
        return ok({ bytes: document.bytes.length });
      } catch (error) {
        // The rename is the delivery: a document in place whose folder's fsync then failed may already be with
        // the program that watches the folder, so it is reported printed, never written a second time.
        if (await inPlace(target.value, document.bytes.length)) return ok({ bytes: document.bytes.length });
        return err(
          printerError('io', `${config.name}: cannot write ${target.value}: ${describeError(error)}`, true),
        );
      }
    },
    async status(): Promise<PrinterStatus> {
      const dir = resolvePrinterDirectory(config.directory, options.dataDir);
      if (!dir.ok) return { state: 'error', problems: [], detail: dir.error.message };
      try {
        await mkdir(dir.value, { recursive: true, mode: modesFor(dir.value, options.dataDir).dir });
        await access(dir.value, constants.W_OK);
        return { state: 'ready', problems: [] };
      } catch (error) {
        return { state: 'error', problems: [], detail: describeError(error) };
      }
    },
  };
}

/** Private inside the data directory; the usual modes (less the umask) in a folder outside it. */
function modesFor(dir: string, dataDir: string): { dir: number; file: number } {
  const relative = path.relative(path.resolve(dataDir), dir);
  const inside = relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
  return inside ? { dir: PRIVATE_DIR_MODE, file: PRIVATE_FILE_MODE } : { dir: 0o777, file: 0o666 };
}

/** Is the whole document in place under its name? */
async function inPlace(file: string, bytes: number): Promise<boolean> {
  return stat(file).then(
    (s) => s.isFile() && s.size === bytes,
    () => false,
  );
}
