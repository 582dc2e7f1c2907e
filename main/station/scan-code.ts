import type { Failure } from '../../preload/api';
import type { Result } from '../result';
import { err, ok } from '../result';
import { codeFailure, detailed } from './failures';

/** Why a scan is not a code: English for logs and the headless host, `detail` for the UI to translate. */
export interface ScanCodeError {
  message: string;
  detail: Pick<Failure, 'detail' | 'params'>;
}

/** The failure of a scan (or a command's code) that is not a code: nothing was looked up, booked or printed. */
export function scanRefused({ message, detail }: ScanCodeError): Failure {
  return codeFailure('invalid_scan', message, detail);
}

/** Longest code a scan may carry: GS1/SSCC and order numbers are far shorter; anything longer is noise. */
export const MAX_SCAN_LENGTH = 128;

/**
 * Cleans what a scanner (or a script on stdin) sent into a code: trims whitespace and the GS1 group separator,
 * refuses control characters, replacement characters (invalid UTF-8 turned into U+FFFD) and overlong input.
 */
export function parseScanCode(raw: string): Result<string, ScanCodeError> {
  // eslint-disable-next-line no-control-regex
  const trimmed = raw.replace(/^[\s\x1d]+|[\s\x1d]+$/g, '');
  if (trimmed.length === 0)
    return err({ message: 'The scan was empty.', detail: detailed('scan_empty', {}) });
  if (trimmed.length > MAX_SCAN_LENGTH) {
    return err({
      message:
        `The scan is ${trimmed.length} characters long; a code has at most ${MAX_SCAN_LENGTH}. Several codes ran ` +
        'together, or the scanner sent more than the code: check that the scanner ends each scan with Enter ' +
        '(its suffix setting), then scan again.',
      detail: detailed('scan_too_long', { length: trimmed.length, max: MAX_SCAN_LENGTH }),
    });
  }
  // eslint-disable-next-line no-control-regex
  if (/[\x00-\x1f\x7f-\x9f]/.test(trimmed))
    return err({
      message: 'The scan contains control characters: scan the code again.',
      detail: detailed('scan_control_characters', {}),
    });
  if (trimmed.includes('\ufffd'))
    return err({
      message: 'The scan is not readable text: scan the code again.',
      detail: detailed('scan_unreadable', {}),
    });
  if (!CODE.test(trimmed)) return err(foreignCharacters(trimmed));
  return ok(trimmed);
}

/** What an order, shipment or parcel number is made of. */
const CODE = /^[\p{L}\p{N}\-_./:# +]+$/u;
/** An AIM symbology identifier a scanner may put before the code: "]", the symbology, a modifier ("]C1"). */
const AIM_PREFIX = /^\][A-Za-z][0-9A-Za-z]/;

/** Names the characters no code has, and says what usually puts them there. */
function foreignCharacters(scan: string): ScanCodeError {
  const foreign = [...new Set([...scan].filter((c) => !CODE.test(c)))];
  const named = foreign
    .slice(0, 5)
    .map((c) =>
      /\p{L}|\p{N}|\p{P}|\p{S}/u.test(c)
        ? `"${c}"`
        : `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`,
    )
    .join(', ');
  const what = `The scan contains characters no order or shipment number has: ${named}${foreign.length > 5 ? ` and ${foreign.length - 5} more` : ''}.`;
  // For the UI's own words: the list alone, cut with an ellipsis that needs no translation.
  const characters = `${named}${foreign.length > 5 ? ', …' : ''}`;
  const prefix = AIM_PREFIX.exec(scan)?.[0];
  return prefix
    ? {
        message: `${what} It begins with "${prefix}", a symbology identifier (AIM prefix) the scanner adds: switch that prefix off on the scanner, then scan again.`,
        detail: detailed('scan_aim_prefix', { characters, prefix }),
      }
    : {
        message: `${what} Check that the scanner sends the code alone, without a prefix or symbology identifier, then scan again.`,
        detail: detailed('scan_characters', { characters }),
      };
}

/** A short, printable form of a bad scan for events and logs (never the whole 10,000 characters). */
export function displayScan(raw: string): string {
  // eslint-disable-next-line no-control-regex
  const printable = raw.replace(/[\x00-\x1f\x7f-\x9f\ufffd]/g, '?');
  return printable.length > 64 ? `${printable.slice(0, 61)}...` : printable;
}
