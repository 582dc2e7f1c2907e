import { isAbsolute, resolve } from 'node:path';
import type { PrinterConfig } from '../../../preload/api';

/**
 * The printer URLs of the command line: `tcp://HOST:PORT` (a raw ZPL/9100 printer) or `file:DIR` (a folder;
 * relative to the data directory). Anything else is refused with a message that says what is accepted.
 */
export function parsePrinterUrl(url: string, id: string, name: string, dataDir: string): PrinterConfig {
  if (url.startsWith('tcp://')) {
    const match = /^tcp:\/\/(\[[^\]]+\]|[^:/]+)(?::(\d{1,5}))?\/?$/.exec(url);
    const port = Number(match?.[2] ?? 9100);
    if (!match || !match[1] || port < 1 || port > 65535) throw new Error(`"${url}" is not tcp://HOST:PORT`);
    return { kind: 'zpl-tcp', id, name: `${name} (${url})`, host: match[1].replace(/^\[|\]$/g, ''), port };
  }
  if (url.startsWith('file:')) {
    const path = url.slice('file:'.length).replace(/^\/\/(?=\/)/, '');
    if (!path) throw new Error(`"${url}" names no folder: use file:DIR`);
    return {
      kind: 'file',
      id,
      name: `${name} (${url})`,
      directory: isAbsolute(path) ? path : resolve(dataDir, path),
    };
  }
  throw new Error(`"${url}" is not a printer URL: use tcp://HOST:PORT or file:DIR`);
}
