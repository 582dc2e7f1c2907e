import type { Failure } from '../../preload/api';
import type { Result } from '../result';
import { err, ok } from '../result';
import { detailed } from './failures';

/** Why a scan is not a code: English for logs and the headless host, `detail` for the UI to translate. */
export interface ScanCodeError {
  message: string;
  detail: Pick<Failure, 'detail' | 'params'>;
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
      message: `The scan is ${trimmed.length} characters long; a code has at most ${MAX_SCAN_LENGTH}.`,
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
  if (!/^[\p{L}\p{N}\-_./:# +]+$/u.test(trimmed))
    return err({
      message: 'The scan contains characters no order or shipment number has.',
      detail: detailed('scan_characters', {}),
    });
  return ok(trimmed);
}

/** A short, printable form of a bad scan for events and logs (never the whole 10,000 characters). */
export function displayScan(raw: string): string {
  // eslint-disable-next-line no-control-regex
  const printable = raw.replace(/[\x00-\x1f\x7f-\x9f\ufffd]/g, '?');
  return printable.length > 64 ? `${printable.slice(0, 61)}...` : printable;
}
