import type { TFunction } from 'i18next';
import type {
  Failure,
  FailureCode,
  FailureDetail,
  FailureDetailParams,
  PrinterProblem,
  SpoolJobState,
} from '../../../preload/api';
import en from './locales/en';
import { formatList } from './format';

const KNOWN_CODES = new Set(Object.keys(en.failure.codes));
const KNOWN_PROBLEMS = new Set(Object.keys(en.printerProblem));
const KNOWN_FIELDS = new Set(Object.keys(en.failure.fields));
const KNOWN_SPOOL_STATES = new Set(Object.keys(en.spoolState));
/**
 * Every FailureDetail's catalogue entry (the compiler refuses a detail without one): its own what and todo where
 * the situation is more precise than the code, and/or a details line.
 */
const DETAILS: Record<FailureDetail, Partial<Record<'what' | 'todo' | 'line', string>>> = en.failure.details;

/** The details whose line is a raw error text (`systemText`): for IT, never what the packer reads first. */
type ForItDetail = {
  // A detail without params (`Record<string, never>`) has every key: it has no `systemText`.
  [D in FailureDetail]: string extends keyof FailureDetailParams[D]
    ? never
    : 'systemText' extends keyof FailureDetailParams[D]
      ? D
      : never;
}[FailureDetail];
/** The compiler refuses a detail with a `systemText` missing here. */
const FOR_IT: Record<ForItDetail, true> = {
  unexpected: true,
  data_folder_unwritable: true,
  booking_not_saved: true,
};

export interface FailureText {
  what: string;
  todo: string;
  /** The details line: the situation behind the code, translated from `detail` and `params`. */
  details?: string;
  /** The details line is the raw error text for IT: shown behind a "For IT" disclosure, not as the packer's text. */
  forIt?: true;
  /** The 422 list: the field in the packer's words; `message` is nShift's own text, shown labelled as such. */
  fields: { field: string; label: string; message: string }[];
}

function codeOf(failure: Failure): FailureCode {
  return KNOWN_CODES.has(failure.code) ? failure.code : 'internal';
}

function detailOf(failure: Failure): FailureDetail | undefined {
  return failure.detail && Object.hasOwn(DETAILS, failure.detail) ? failure.detail : undefined;
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

/** Params that are codes themselves (a cause, a spool state, printer problems) in the packer's words. */
function paramValues(params: Record<string, string | number>, t: TFunction, language: string) {
  const cause = String(params['cause'] ?? '');
  const state = String(params['state'] ?? '');
  return {
    ...params,
    license: params['license'] ?? '?',
    problems: problemsText(params['problems'], t, language),
    cause: KNOWN_CODES.has(cause) ? t(`failure.codes.${cause as FailureCode}.what`) : cause,
    state: KNOWN_SPOOL_STATES.has(state) ? t(`spoolState.${state as SpoolJobState}`) : state,
  };
}

/**
 * "What happened", "what to do" and the details line for a failure, translated from its code, detail and params:
 * never the station's English message. The 422 list comes field by field.
 */
export function describeFailure(failure: Failure, t: TFunction, language: string): FailureText {
  const code = codeOf(failure);
  const detail = detailOf(failure);
  const entry = detail ? DETAILS[detail] : undefined;
  const values = paramValues(failure.params ?? {}, t, language);
  return {
    what: entry?.what ? t(`failure.details.${detail}.what`, values) : t(`failure.codes.${code}.what`, values),
    todo: entry?.todo ? t(`failure.details.${detail}.todo`, values) : t(`failure.codes.${code}.todo`, values),
    ...(entry?.line ? { details: t(`failure.details.${detail}.line`, values) } : {}),
    ...(entry?.line && detail && Object.hasOwn(FOR_IT, detail) ? { forIt: true as const } : {}),
    fields: (failure.errors ?? []).map((error) => ({
      field: error.field,
      label: fieldLabel(error.field, t),
      message: error.message,
    })),
  };
}

/** The StationApi input fields a form can send wrong, by their name in the input, as the forms label them. */
const INPUT_FIELD_LABELS: Record<string, string> = {
  deliveryUrl: 'settings.account.deliveryUrl',
  secret: 'settings.account.secret',
  id: 'settings.printers.id',
  name: 'settings.printers.name',
  kind: 'settings.printers.kind',
  host: 'settings.printers.host',
  port: 'settings.printers.port',
  queue: 'settings.printers.queue',
  media: 'settings.printConfig.media',
  printerId: 'settings.printers.printClientId',
  directory: 'settings.printers.directory',
  carrierId: 'settings.routing.carrierId',
  serviceId: 'settings.routing.serviceId',
  mode: 'settings.printConfig.mode',
  charset: 'settings.printConfig.charset',
  prefix: 'settings.scanner.prefix',
  suffix: 'settings.scanner.suffix',
  duplicateWindowMs: 'settings.scanner.duplicateWindow',
  types: 'settings.manifest.types',
  volume: 'settings.sounds.volume',
  language: 'settings.language.label',
  code: 'cancel.codeLabel',
  orderNo: 'stored.filterLabel',
};

/** A rejected input field (`port`, `targets.0.media`) by its label on the form; the raw path when unknown. */
export function inputFieldLabel(path: string, t: TFunction): string {
  const name = path
    .split('.')
    .filter((part) => !/^\d+$/.test(part))
    .pop();
  const key = name ? INPUT_FIELD_LABELS[name] : undefined;
  return key ? t(key) : path;
}
