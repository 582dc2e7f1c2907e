import { describe, expect, it } from 'vitest';
import type { FailureCode, FailureDetail } from '../../../main/domain';
import { FAILURE_CODES, FAILURE_DETAILS, translationKeys } from '../../../main/domain';
import {
  codeFailure,
  failureFromPrinter,
  failureOf,
  stoppedBeforeStart,
} from '../../../main/station/failures';
import { catalogues, createI18n } from '../renderer/catalogues';

const codes = Object.keys(FAILURE_CODES) as FailureCode[];
const details = Object.keys(FAILURE_DETAILS) as FailureDetail[];

/** The catalogue's value at a dotted key (`failure.codes.internal.what`), or undefined. */
function at(catalogue: object, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>(
      (node, part) =>
        node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined,
      catalogue,
    );
}

describe('the failure catalogue', () => {
  it.each(Object.entries(catalogues))('every code and detail has its texts in %s', (_language, catalogue) => {
    const missing = [
      ...codes.flatMap((code) => translationKeys(code)),
      ...details.flatMap((detail) => translationKeys(FAILURE_DETAILS[detail].code, detail)),
    ].filter((key) => typeof at(catalogue, key) !== 'string' || at(catalogue, key) === '');
    expect(missing).toEqual([]);
  });

  it('names exactly the texts of its own each detail has in English, and no detail English lacks', () => {
    const english = catalogues.en.failure.details as Record<string, object>;
    expect(Object.keys(english).sort()).toEqual([...details].sort());
    for (const detail of details)
      expect({ detail, texts: Object.keys(english[detail] ?? {}).sort() }).toEqual({
        detail,
        texts: [...FAILURE_DETAILS[detail].texts].sort(),
      });
    expect(Object.keys(catalogues.en.failure.codes).sort()).toEqual([...codes].sort());
  });

  it('the UI reads a catalogued failure by the keys the catalogue names', () => {
    const i18n = createI18n('sv');
    const failure = failureOf('no_such_printer', 'There is no printer "zebra".', {});
    expect(failure).toEqual({
      reason: 'printer',
      code: 'no_printer',
      message: 'There is no printer "zebra".',
      detail: 'no_such_printer',
    });
    const [what, todo] = translationKeys(failure.code, failure.detail);
    expect([what, todo]).toEqual([
      'failure.details.no_such_printer.what',
      'failure.details.no_such_printer.todo',
    ]);
    expect(i18n.t(what!)).toBe(at(catalogues.sv, what!));
  });

  it('a failure of a code alone takes the code’s reason, and a detail’s line comes beside its code’s texts', () => {
    expect(codeFailure('already_cancelled', 'Shipment 1 is already cancelled.')).toEqual({
      reason: 'not_found',
      code: 'already_cancelled',
      message: 'Shipment 1 is already cancelled.',
    });
    expect(failureOf('retry_after', 'Slow down.', { seconds: 3 })).toEqual({
      reason: 'network',
      code: 'rate_limited',
      message: 'Slow down.',
      detail: 'retry_after',
      params: { seconds: 3 },
    });
    expect(translationKeys('rate_limited', 'retry_after')).toEqual([
      'failure.codes.rate_limited.what',
      'failure.codes.rate_limited.todo',
      'failure.details.retry_after.line',
    ]);
  });

  it('a job stopped before it started speaks of a booking only when it is one (scan, book_stored)', () => {
    expect(stoppedBeforeStart('scan').detail).toBe('stopped_before_booking');
    expect(stoppedBeforeStart('book_stored').detail).toBe('stopped_before_booking');
    for (const kind of ['reprint', 'cancel', 'manifest', 'test_print', 'consolidated_close'] as const) {
      const failure = stoppedBeforeStart(kind);
      expect(failure, kind).toMatchObject({ code: 'internal', detail: 'stopped_before_start' });
      expect(failure.message, kind).not.toMatch(/book/i);
    }
  });

  it('a document nShift no longer has (a Print Client 404) says so and to reprint it, not that the printer refused', () => {
    const failure = failureFromPrinter(
      { code: 'document_gone', message: 'Not Found', retryable: false },
      'Packing line 1',
    );
    expect(failure).toMatchObject({ reason: 'not_found', code: 'document_expired' });
    expect(failure.message).toContain('reprint it');
  });
});
