/**
 * docs/headless.md promises scripts the codes a `failed` line of each reason carries. Where it lists them in a
 * table ("Not found: the codes"), the table is complete: every code the failure catalogue gives that reason, and
 * every situation that overrides a code's reason to it, has its row, and no row names a code of another reason.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  FAILURE_CODES,
  FAILURE_DETAILS,
  type FailureCode,
  type FailureReason,
} from '../../../main/domain/failure';
import { startupWarningCodeSchema } from '../../../main/domain/startup-warning';

const DOC = readFileSync(join(__dirname, '../../../docs/headless.md'), 'utf8');

/** The codes in the first column of the table under `heading`. */
function tableCodes(heading: string): string[] {
  const section = DOC.split(/^## /m).find((s) => s.startsWith(heading));
  if (!section) throw new Error(`docs/headless.md has no section "${heading}"`);
  // The rows after the header's separator line (the header's own first cell is `code`).
  const rows = section.split(/^\| -+ \|.*$/m)[1] ?? '';
  return [...rows.matchAll(/^\| `([a-z_]+)` +\|/gm)].map((m) => m[1]!);
}

/** Every code a failure of `reason` can carry, by the catalogue. */
function codesOf(reason: FailureReason): string[] {
  const byCode = (Object.entries(FAILURE_CODES) as [FailureCode, FailureReason][])
    .filter(([, r]) => r === reason)
    .map(([code]) => code);
  const byDetail = Object.values(FAILURE_DETAILS)
    .filter((entry) => 'reason' in entry && entry.reason === reason)
    .map((entry) => entry.code);
  return [...new Set([...byCode, ...byDetail])].sort();
}

describe('docs/headless.md: the codes of a reason', () => {
  it('"Not found: the codes" lists every not_found code, and only those', () => {
    expect([...tableCodes('Not found: the codes')].sort()).toEqual(codesOf('not_found'));
  });
});

describe('docs/headless.md: the warning codes', () => {
  it('"Warnings: the codes" lists every code a warning line can carry, and only those', () => {
    expect([...tableCodes('Warnings: the codes')].sort()).toEqual(
      [...startupWarningCodeSchema.options].sort(),
    );
  });
});
