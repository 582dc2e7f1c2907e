import { isAbsolute, resolve } from 'node:path';
import type { PrinterConfig } from '../../../preload/api';

/** Which station default a command-line printer fills: the label printer or the document printer. */
export type PrinterRole = 'label' | 'document';

/**
 * The printer URLs of the command line: `tcp://HOST:PORT` (a printer's raw port, 9100 by default) or `file:DIR`
 * (a folder; relative to the data directory). Anything else is refused with a message that says what is accepted.
 *
 * What speaks on a raw port depends on the role: the label printer is a Zebra (`zpl-tcp`: ZPL, `~HS` status);
 * the document printer is an office printer's AppSocket/JetDirect port (`raw-tcp`), which takes the PDFs
 * (manifests, waybills, customs declarations) that a Zebra's socket never gets.
 */
export function parsePrinterUrl(
  url: string,
  role: PrinterRole,
  id: string,
  name: string,
  dataDir: string,
): PrinterConfig {
  if (url.startsWith('tcp://')) {
    const match = /^tcp:\/\/(\[[^\]]+\]|[^:/]+)(?::(\d{1,5}))?\/?$/.exec(url);
    const port = Number(match?.[2] ?? 9100);
    if (!match || !match[1] || port < 1 || port > 65535) throw new Error(`"${url}" is not tcp://HOST:PORT`);
    const host = match[1].replace(/^\[|\]$/g, '');
    return { kind: role === 'label' ? 'zpl-tcp' : 'raw-tcp', id, name: `${name} (${url})`, host, port };
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
