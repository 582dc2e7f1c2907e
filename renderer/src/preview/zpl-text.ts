import type { ZplCharset } from '../../../preload/api';
import { decodeCp850 } from './cp850';

export function base64ToBytes(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function decodeBytes(bytes: Uint8Array, charset: ZplCharset): string {
  return charset === 'UTF8' ? new TextDecoder('utf-8').decode(bytes) : decodeCp850(bytes);
}

/**
 * Resolves `^FH` hex escapes inside field data: after `^FH` (indicator `_` unless given, e.g. `^FH\`), the
 * next `^FD…^FS` may hold bytes as `_XX`. Consecutive escapes form one byte run, decoded in the label's
 * charset, so a UTF-8 "Å" written as `_C3_85` reads as "Å" again.
 */
export function resolveFieldHex(zpl: string, charset: ZplCharset, keepFh = true): string {
  return zpl.replace(/\^FH([^^~\s]?)([\s\S]*?)\^FD([\s\S]*?)\^FS/g, (_match, indicator: string, between: string, data: string) => {
    const mark = indicator || '_';
    const escaped = mark.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const run = new RegExp(`(?:${escaped}[0-9A-Fa-f]{2})+`, 'g');
    const decoded = data.replace(run, (hex) => {
      const bytes = new Uint8Array(hex.length / 3);
      for (let i = 0; i < bytes.length; i += 1) bytes[i] = parseInt(hex.slice(i * 3 + 1, i * 3 + 3), 16);
      return decodeBytes(bytes, charset);
    });
    return `${keepFh ? `^FH${indicator}` : ''}${between}^FD${decoded}^FS`;
  });
}

/** The label as text, decoded in the charset it was asked in (cp850 by default): for preview, never to print. */
export function decodeZplText(base64: string, charset: ZplCharset = 'cp850'): string {
  return decodeBytes(base64ToBytes(base64), charset);
}

/** The text a packer can read: field data with `^FH` escapes resolved. */
export function readableZpl(base64: string, charset: ZplCharset = 'cp850'): string {
  return resolveFieldHex(decodeZplText(base64, charset), charset);
}

/** Just the printed words: every `^FD…^FS` field, escapes resolved. */
export function zplFieldTexts(zpl: string): string[] {
  return [...zpl.matchAll(/\^FD([\s\S]*?)\^FS/g)].map((match) => match[1] ?? '').filter((text) => text.trim() !== '');
}

/**
 * The label for zpl-renderer-js: it receives a JS string and reads it as UTF-8, so the label is decoded in
 * its own charset first, `^FH` escapes are resolved into text, and every format is switched to UTF-8
 * (`^CI28`). Otherwise a cp850 "Å" (0x8F) would be drawn as two wrong glyphs.
 */
export function zplForRenderer(base64: string, charset: ZplCharset = 'cp850'): string {
  const text = resolveFieldHex(decodeZplText(base64, charset), charset, false);
  return text.replace(/\^CI[^^~]*/g, '').replace(/\^XA/g, '^XA^CI28');
}
