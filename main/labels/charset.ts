/**
 * Charset-true ZPL for the labels the station makes itself (the printer test label).
 *
 * Documents from nShift never pass through here: their bytes go to the printer untouched. For our own labels we
 * follow nShift's two encodings so that one printer setup serves both:
 *   - cp850 under `^CI13`: non-ASCII characters as raw code page 850 bytes;
 *   - UTF8 under `^CI28`: the document stays ASCII and every non-ASCII character is its UTF-8 bytes written
 *     as `^FH` hex escapes (`Å` → `_C3_85`), exactly as nShift writes them.
 * iconv-lite turns a character cp850 cannot carry into `?` without a word; we check every character first and
 * report the ones that would be lost instead of printing a label with question marks on it.
 */
import iconv from 'iconv-lite';
import type { ZplCharset } from './document';
import type { Result } from '../result';
import { err, ok } from '../result';

export interface UnencodableCharacters {
  code: 'unencodable_characters';
  charset: ZplCharset;
  /** Each character that cannot be carried, once, in order of appearance. */
  characters: string[];
  message: string;
}

/** The `^CI` command that announces each charset to the printer. */
export const CHARSET_COMMAND: Record<ZplCharset, string> = { cp850: '^CI13', UTF8: '^CI28' };

/** `^`, `~` and `_` would end or escape a field: always hex-escape them (fields are written under `^FH`). */
const FIELD_SPECIAL = new Set(['^', '~', '_']);

function hexEscape(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += `_${b.toString(16).toUpperCase().padStart(2, '0')}`;
  return out;
}

/** The characters of `text` that `charset` cannot carry. UTF-8 carries everything but lone surrogates. */
export function findUnencodable(text: string, charset: ZplCharset): string[] {
  const missing: string[] = [];
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (code < 0x80) continue;
    const lost =
      charset === 'cp850'
        ? iconv.decode(iconv.encode(ch, 'cp850'), 'cp850') !== ch
        : code >= 0xd800 && code <= 0xdfff;
    if (lost && !missing.includes(ch)) missing.push(ch);
  }
  return missing;
}

/**
 * The text of one `^FD` field, ready to sit between `^FH^FD` and `^FS`. Still a string: `encodeZpl` turns the
 * whole label into bytes at the end (cp850 characters become single bytes there).
 */
export function zplFieldData(text: string, charset: ZplCharset): string {
  let out = '';
  for (const ch of text) {
    if (FIELD_SPECIAL.has(ch)) out += hexEscape(Buffer.from(ch, 'latin1'));
    else if ((ch.codePointAt(0) ?? 0) < 0x20) out += ' ';
    else if ((ch.codePointAt(0) ?? 0) < 0x80) out += ch;
    else if (charset === 'UTF8') out += hexEscape(Buffer.from(ch, 'utf8'));
    else out += ch;
  }
  return out;
}

/**
 * Encodes a ZPL label (already built with `zplFieldData`) to the bytes the printer gets, or reports the
 * characters the charset cannot carry. Under UTF8 the label is ASCII by construction.
 */
export function encodeZpl(zpl: string, charset: ZplCharset): Result<Buffer, UnencodableCharacters> {
  const characters = findUnencodable(zpl, charset);
  if (characters.length > 0) {
    return err({
      code: 'unencodable_characters',
      charset,
      characters,
      message: `${charset} cannot print ${characters.map((c) => `"${c}" (U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')})`).join(', ')}`,
    });
  }
  return ok(charset === 'cp850' ? iconv.encode(zpl, 'cp850') : Buffer.from(zpl, 'utf8'));
}

/**
 * Turns ZPL bytes into text for a preview only (never for printing): resolves `^FH` hex escapes inside the
 * field that follows each `^FH`, then decodes by the charset the document was asked in.
 */
export function decodeZplForPreview(bytes: Buffer, charset: ZplCharset): string {
  return iconv.decode(resolveHexEscapes(bytes), charset === 'cp850' ? 'cp850' : 'utf8');
}

const CARET = 0x5e;
const isHex = (b: number | undefined): boolean =>
  b !== undefined && ((b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66));

/** Works on bytes so that cp850 and UTF-8 content both survive; `^FH` applies to the next `^FD…^FS` only. */
function resolveHexEscapes(bytes: Buffer): Buffer {
  const out: number[] = [];
  let indicator: number | undefined; // set by ^FH, consumed by the next field
  let inEscapedField = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i] as number;
    if (b === CARET && i + 2 < bytes.length) {
      const command = bytes
        .subarray(i + 1, i + 3)
        .toString('latin1')
        .toUpperCase();
      if (command === 'FH') {
        const next = bytes[i + 3];
        indicator = next !== undefined && next !== CARET && next !== 0x7e && next > 0x20 ? next : 0x5f;
        out.push(...bytes.subarray(i, next === indicator ? i + 4 : i + 3));
        i += next === indicator ? 3 : 2;
        continue;
      }
      if (command === 'FD' && indicator !== undefined) inEscapedField = true;
      if (command === 'FS') {
        inEscapedField = false;
        indicator = undefined;
      }
    }
    if (inEscapedField && b === indicator && isHex(bytes[i + 1]) && isHex(bytes[i + 2])) {
      out.push(parseInt(bytes.subarray(i + 1, i + 3).toString('latin1'), 16));
      i += 2;
      continue;
    }
    out.push(b);
  }
  return Buffer.from(out);
}
