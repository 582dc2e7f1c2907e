// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Failure, JobKind } from '../../../preload/api';
import { jobFailure } from '../../../renderer/src/components/result-state';
import { describeFailure } from '../../../renderer/src/i18n/failure-text';
import { LANGUAGES } from '../../../renderer/src/i18n';
import { createI18n } from './catalogues';
import { makeJob } from './fake-api';

/** What the station journals for a job it never started (before stopped_before_start, for every kind). */
const stopped: Failure = {
  reason: 'network',
  code: 'internal',
  message: 'Packbench stopped before this job started: nothing was sent to nShift or printed; do it again.',
  detail: 'stopped_before_booking',
};

/** The word for booking in each language (docs/glossary.md: book, boka, booke, varata). */
const BOOKING: Record<(typeof LANGUAGES)[number], RegExp> = {
  en: /book/i,
  sv: /bok/i,
  nb: /book/i,
  da: /book/i,
  fi: /vara/i,
};

describe('a job stopped before it started', () => {
  it.each(LANGUAGES)(
    '%s: reads as a booking only for a scan or a booking from the Stored list',
    (language) => {
      const { t } = createI18n(language);
      const shown = (kind: JobKind) => {
        const failure = jobFailure(
          makeJob({ id: `${kind}-1`, scan: 'ORD-1', state: 'failed', kind, failure: stopped }),
        );
        return describeFailure(failure!, t, language);
      };
      for (const kind of ['scan', 'book_stored'] as const)
        expect(shown(kind).todo, kind).toMatch(BOOKING[language]);
      for (const kind of ['reprint', 'cancel', 'manifest', 'test_print', 'consolidated_close'] as const) {
        const text = shown(kind);
        expect(`${text.what} ${text.todo}`, kind).not.toMatch(BOOKING[language]);
        expect(text.what, kind).toBe(t('failure.details.stopped_before_start.what'));
      }
    },
  );
});
