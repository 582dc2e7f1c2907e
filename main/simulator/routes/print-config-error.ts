/** The 422 every route that reads a printConfig answers when it cannot take one. */
import { unprocessable, validationItem, type Reply } from '../http';
import type { ParsedPrintConfig } from '../print-config';

export function printConfigError(parsed: Extract<ParsedPrintConfig, { ok: false }>): Reply {
  return unprocessable([validationItem(parsed.message, 'PrintConfig', parsed.field, 'printConfig')]);
}
