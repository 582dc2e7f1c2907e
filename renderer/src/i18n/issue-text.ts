import type { TFunction } from 'i18next';
import type { ArgumentIssue } from '../../../preload/api';
import en from './locales/en';
import { formatNumber } from './format';

const KNOWN = new Set(Object.keys(en.verdict).filter((code) => code !== 'other'));

/**
 * The host schema's verdicts as the admin reads them, keyed by the path of the value (the key a form's
 * field looks its verdict up by). The first verdict on a value wins; codes this build does not know read as
 * "not accepted".
 */
export function issueVerdicts(
  issues: readonly ArgumentIssue[],
  t: TFunction,
  language: string,
): ReadonlyMap<string, string> {
  const bound = (value: number | undefined) =>
    value === undefined ? undefined : formatNumber(value, language);
  const verdicts = new Map<string, string>();
  for (const issue of issues) {
    if (verdicts.has(issue.path)) continue;
    const code = KNOWN.has(issue.code) ? (issue.code as keyof typeof en.verdict) : 'other';
    verdicts.set(
      issue.path,
      t(`verdict.${code}`, { minimum: bound(issue.minimum), maximum: bound(issue.maximum) }),
    );
  }
  return verdicts;
}
