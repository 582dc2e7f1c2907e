import type { PrinterConfig, PrinterKind } from '../../../../preload/api';

/** A printer form's values as typed (strings), whatever the kind. */
export interface PrinterDraft {
  id: string;
  name: string;
  kind: PrinterKind;
  host: string;
  port: string;
  queue: string;
  media: string;
  printClientId: string;
  directory: string;
}

export function emptyDraft(): PrinterDraft {
  return {
    id: '',
    name: '',
    kind: 'zpl-tcp',
    host: '',
    port: '9100',
    queue: '',
    media: '',
    printClientId: '',
    directory: '',
  };
}

export function draftFromConfig(config: PrinterConfig): PrinterDraft {
  const draft = { ...emptyDraft(), id: config.id, name: config.name, kind: config.kind };
  switch (config.kind) {
    case 'zpl-tcp':
    case 'raw-tcp':
      return { ...draft, host: config.host, port: String(config.port) };
    case 'os-queue':
      return { ...draft, queue: config.queue, media: config.media ?? '' };
    case 'print-client':
      return { ...draft, printClientId: String(config.printerId) };
    case 'file':
      return { ...draft, directory: config.directory };
  }
}

/** The config to save, or undefined while a required field is missing or a number is not a number. */
export function configFromDraft(draft: PrinterDraft): PrinterConfig | undefined {
  const id = draft.id.trim();
  const name = draft.name.trim();
  if (!id || !name) return undefined;
  switch (draft.kind) {
    case 'zpl-tcp':
    case 'raw-tcp': {
      const port = Number(draft.port);
      if (!draft.host.trim() || !Number.isInteger(port) || port < 1 || port > 65535) return undefined;
      return { id, name, kind: draft.kind, host: draft.host.trim(), port };
    }
    case 'os-queue':
      if (!draft.queue.trim()) return undefined;
      return {
        id,
        name,
        kind: 'os-queue',
        queue: draft.queue.trim(),
        ...(draft.media.trim() ? { media: draft.media.trim() } : {}),
      };
    case 'print-client': {
      const printerId = Number(draft.printClientId);
      if (!draft.printClientId.trim() || !Number.isInteger(printerId) || printerId < 0) return undefined;
      return { id, name, kind: 'print-client', printerId };
    }
    case 'file':
      if (!draft.directory.trim()) return undefined;
      return { id, name, kind: 'file', directory: draft.directory.trim() };
  }
}
