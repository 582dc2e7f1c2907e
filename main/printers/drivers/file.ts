/**
 * The file printer: each document lands in a folder as `<time>-<documentId>.zpl|.pdf`, written atomically
 * (temp + fsync + rename), so a watcher never sees half a label. The demo's default printer.
 */
import path from 'node:path';
import type { FilePrinterConfig } from '../../../preload/api';
import type { PrintableDocument } from '../../labels/document';
import type { Result } from '../../result';
import { err, ok } from '../../result';
import { safeFileName, safeJoin, writeFileAtomic } from '../../files/atomic';
import { access, constants, mkdir } from 'node:fs/promises';
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
      try {
        await mkdir(dir.value, { recursive: true });
        await hooks.beforeFirstByte?.();
        await writeFileAtomic(target.value, document.bytes);
        return ok({ bytes: document.bytes.length });
      } catch (error) {
        return err(
          printerError('io', `${config.name}: cannot write ${target.value}: ${describeError(error)}`, true),
        );
      }
    },
    async status(): Promise<PrinterStatus> {
      const dir = resolvePrinterDirectory(config.directory, options.dataDir);
      if (!dir.ok) return { state: 'error', problems: [], detail: dir.error.message };
      try {
        await mkdir(dir.value, { recursive: true });
        await access(dir.value, constants.W_OK);
        return { state: 'ready', problems: [] };
      } catch (error) {
        return { state: 'error', problems: [], detail: describeError(error) };
      }
    },
  };
}
