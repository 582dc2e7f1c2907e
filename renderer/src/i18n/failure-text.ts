import type { TFunction } from 'i18next';
import type { Failure, FailureCode, PrinterProblem } from '../../../preload/api';
import en from './locales/en';
import { formatList } from './format';

const KNOWN_CODES = new Set(Object.keys(en.failure.codes));
const KNOWN_PROBLEMS = new Set(Object.keys(en.printerProblem));
const KNOWN_FIELDS = new Set(Object.keys(en.failure.fields));

export interface FailureText {
  what: string;
  todo: string;
  fields: { field: string; label: string; message: string }[];
}

function codeOf(failure: Failure): FailureCode {
  return KNOWN_CODES.has(failure.code) ? failure.code : 'internal';
}

/** Printer problems from `params.problems` ("paper_out,head_open" or one name), each in the packer's words. */
function problemsText(value: string | number | undefined, t: TFunction, language: string): string {
  const names = String(value ?? '')
    .split(/[\s,;]+/)
    .filter(Boolean);
  const words = names.map((name) =>
    KNOWN_PROBLEMS.has(name) ? t(`printerProblem.${name as PrinterProblem}`) : name,
  );
  return words.length ? formatList(words, language) : t('printerProblem.unknown_status');
}

/** The field's name in the packer's language when we know it; nShift's own path otherwise. */
export function fieldLabel(field: string, t: TFunction): string {
  // nShift names fields like "Address_Zipcode" (with the party elsewhere), the station may add a path
  // ("receiver.zipcode", "parcels[0].weight"): catalogue keys are lower case with "_" for ".".
  const path = field.replace(/\[\d+\]/g, '').toLowerCase();
  const candidates = [path.replace(/\./g, '_'), path.split('.').pop() ?? path];
  const key = candidates.find((candidate) => KNOWN_FIELDS.has(candidate));
  return key ? t(`failure.fields.${key}`) : field;
}

/**
 * "What happened" and "what to do" for a failure, translated from its code and params: never nShift's
 * English message alone. The 422 list comes field by field.
 */
export function describeFailure(failure: Failure, t: TFunction, language: string): FailureText {
  const code = codeOf(failure);
  const params = failure.params ?? {};
  const values = {
    ...params,
    license: params['license'] ?? '?',
    problems: problemsText(params['problems'], t, language),
  };
  return {
    what: t(`failure.codes.${code}.what`, values),
    todo: t(`failure.codes.${code}.todo`, values),
    fields: (failure.errors ?? []).map((error) => ({
      field: error.field,
      label: fieldLabel(error.field, t),
      message: error.message,
    })),
  };
}
