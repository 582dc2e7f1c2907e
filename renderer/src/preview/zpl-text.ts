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

/** Characters that would end or start a command inside field data: they must stay escaped for a ZPL reader. */
const ZPL_SPECIAL = new Set(['^', '~']);

/**
 * Resolves `^FH` hex escapes inside field data: after `^FH` (indicator `_` unless given, e.g. `^FH\`), the
 * next `^FD…^FS` may hold bytes as `_XX`. Consecutive escapes form one byte run, decoded in the label's
 * charset, so a UTF-8 "Å" written as `_C3_85` reads as "Å" again.
 *
 * `forZpl` keeps the result valid ZPL: `^FH` stays, and a decoded `^`, `~` or indicator is written back as
 * its escape (`_5E`), because a raw `^` would end the field there and the rest would be read as commands.
 */
export function resolveFieldHex(zpl: string, charset: ZplCharset, forZpl = false): string {
  return zpl.replace(
    /\^FH([^^~\s]?)([\s\S]*?)\^FD([\s\S]*?)\^FS/g,
    (_match, indicator: string, between: string, data: string) => {
      const mark = indicator || '_';
      const escaped = mark.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const run = new RegExp(`(?:${escaped}[0-9A-Fa-f]{2})+`, 'g');
      const decoded = data.replace(run, (hex) => {
        const bytes = new Uint8Array(hex.length / 3);
        for (let i = 0; i < bytes.length; i += 1) bytes[i] = parseInt(hex.slice(i * 3 + 1, i * 3 + 3), 16);
        const text = decodeBytes(bytes, charset);
        return forZpl ? reescapeSpecials(text, mark) : text;
      });
      return `^FH${indicator}${between}^FD${decoded}^FS`;
    },
  );
}

function reescapeSpecials(text: string, mark: string): string {
  let out = '';
  for (const ch of text) {
    const special = ZPL_SPECIAL.has(ch) || ch === mark;
    out += special ? `${mark}${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(2, '0')}` : ch;
  }
  return out;
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
  return [...zpl.matchAll(/\^FD([\s\S]*?)\^FS/g)]
    .map((match) => match[1] ?? '')
    .filter((text) => text.trim() !== '');
}

/**
 * The label for zpl-renderer-js: it receives a JS string and reads it as UTF-8, so the label is decoded in
 * its own charset first and every format is switched to UTF-8 (`^CI28`); otherwise a cp850 "Å" (0x8F)
 * would be drawn as two wrong glyphs. `^FH` escapes of letters are resolved into text (a cp850 `_8F` means
 * nothing under UTF-8), while escaped `^`, `~` and the indicator stay escaped under `^FH`, which the renderer
 * honours: resolving them would end the field early ("Charset: cp850 (^CI13)" drawn as "Charset: cp850 (").
 * Only the `^CI` commands themselves are replaced.
 */
export function zplForRenderer(base64: string, charset: ZplCharset = 'cp850'): string {
  const text = resolveFieldHex(decodeZplText(base64, charset), charset, true);
  return text.replace(/\^CI[\d,]*/g, '').replace(/\^XA/g, '^XA^CI28');
}
