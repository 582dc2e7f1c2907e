import { useTranslation } from 'react-i18next';
import { datePattern } from '../i18n/date-input';
import { TextField } from './Field';
import { typedDate, type DateEntry, type RangeProblem } from './date-range';

/** "dd.mm.åååå": how the packer's language writes a date, in its own letters for day, month and year. */
function useDatePattern(): string {
  const { t, i18n } = useTranslation();
  return datePattern(i18n.language, {
    day: t('common.dateLetters.day'),
    month: t('common.dateLetters.month'),
    year: t('common.dateLetters.year'),
  });
}

/**
 * A date typed the way the packer's language writes it, with that pattern beside it ("dd.mm.åååå"), never the
 * browser's mm/dd/yyyy. An ISO date ("2026-11-28") is read in every language.
 */
export function DateField({
  id,
  label,
  entry,
  onEntry,
  error,
  testId,
}: {
  id: string;
  label: string;
  entry: DateEntry;
  onEntry(entry: DateEntry): void;
  error?: string;
  testId?: string;
}) {
  const { i18n } = useTranslation();
  const pattern = useDatePattern();
  return (
    <TextField
      id={id}
      className="date-field"
      label={label}
      value={entry.text}
      onValue={(text) => onEntry(typedDate(text, i18n.language))}
      hint={pattern}
      error={error}
      placeholder={pattern}
      inputMode="numeric"
      autoComplete="off"
      spellCheck={false}
      size={11}
      data-testid={testId}
    />
  );
}

/** The verdict to show under the "from" and "to" fields of a range that cannot be searched. */
export function useRangeVerdicts(
  problem: RangeProblem | undefined,
  range: { from: DateEntry; to: DateEntry },
): { from?: string; to?: string } {
  const { t } = useTranslation();
  const pattern = useDatePattern();
  if (!problem) return {};
  if (problem.problem === 'not_a_date') return { [problem.field]: t('common.dateInvalid', { pattern }) };
  return {
    to: t('common.dateReversed', { from: range.from.text.trim(), to: range.to.text.trim() }),
  };
}
