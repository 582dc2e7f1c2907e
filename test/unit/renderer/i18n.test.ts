// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import type {
  Failure,
  FailureCode,
  FailureDetail,
  FailureDetailParams,
  Language,
  PrinterProblem,
} from '../../../preload/api';
import type { DeliveryError } from '../../../main/nshift/delivery/errors';
import { printerErrorCodeSchema } from '../../../main/domain';
import { failureFromDelivery, failureFromPrinter, internalFailure } from '../../../main/station/failures';
import { parseScanCode, scanRefused } from '../../../main/station/scan-code';
import { createI18n as createAppI18n, LANGUAGES, switchLanguage } from '../../../renderer/src/i18n';
import { catalogues, createI18n, leaves } from './catalogues';
import { describeFailure, fieldLabel } from '../../../renderer/src/i18n/failure-text';
import { spoolJobFailure } from '../../../renderer/src/components/spool-failure';

const FAILURE_CODES = [
  'unknown_code',
  'invalid_scan',
  'validation',
  'auth_missing_key',
  'auth_invalid_key',
  'access_missing_license',
  'network_unreachable',
  'network_timeout',
  'server_error',
  'rate_limited',
  'outcome_unknown',
  'printer_offline',
  'printer_error',
  'no_printer',
  'already_booked',
  'already_cancelled',
  'document_expired',
  'label_not_downloaded',
  'label_held',
  'not_cancellable',
  'not_consolidated',
  'unknown_manifest_type',
  'manifest_empty',
  'internal',
  'cannot_save',
  'checkout_not_created',
  'checkout_not_in_delivery',
  'checkout_not_configured',
  'checkout_credentials_refused',
  'checkout_refused',
  'station_token_refused',
  'station_unreachable',
] as const satisfies readonly FailureCode[];
// Fails to compile when preload/api.ts gains a FailureCode this list (and so this test) does not cover.
type Missing = Exclude<FailureCode, (typeof FAILURE_CODES)[number]>;
const _allCodesListed: Missing extends never ? true : Missing = true;
void _allCodesListed;

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1] ?? '').sort();
}

describe('translations', () => {
  const english = new Map(leaves(catalogues.en));

  it.each(LANGUAGES)('%s has every key, none empty, with the same placeholders as English', (language) => {
    const entries = new Map(leaves(catalogues[language]));
    expect([...entries.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of entries) {
      expect(text.trim(), `${language}:${key}`).not.toBe('');
      expect(placeholders(text), `${language}:${key}`).toEqual(placeholders(english.get(key) ?? ''));
    }
  });

  it.each(LANGUAGES)('%s explains every failure code: what happened and what to do', (language) => {
    const i18n = createI18n(language);
    // Its own entry, not the `internal` fallback that describeFailure gives an unknown code.
    expect(Object.keys(catalogues[language].failure.codes)).toEqual(
      expect.arrayContaining([...FAILURE_CODES]),
    );
    for (const code of FAILURE_CODES) {
      const text = describeFailure(
        {
          reason: 'network',
          code,
          message: 'English only',
          params: {
            license: 'REST API Print',
            problems: 'paper_out',
            key: 'KONS-1',
            shipmentNo: '00370001',
            manifestType: 'PNL',
            manifestId: '4402',
          },
        },
        i18n.t,
        language,
      );
      expect(text.what, `${language}:${code}`).not.toMatch(/failure\.codes|\{\{/);
      expect(text.todo, `${language}:${code}`).not.toMatch(/failure\.codes|\{\{/);
      expect(text.what).not.toBe('English only');
      if (language !== 'en') {
        const english = describeFailure({ reason: 'network', code, message: 'x' }, createI18n('en').t, 'en');
        expect(text.todo, `${language}:${code} is translated`).not.toBe(english.todo);
      }
    }
  });

  it.each(LANGUAGES)(
    '%s tells the two Checkout "nothing found" cases apart from each other and from the plain not found',
    (language) => {
      const { t } = createI18n(language);
      const text = (code: FailureCode) =>
        describeFailure(
          { reason: 'not_found', code, message: 'x', params: { orderNo: 'WEB-1' } },
          t,
          language,
        );
      const [plain, notCreated, notInDelivery] = (
        ['unknown_code', 'checkout_not_created', 'checkout_not_in_delivery'] as const
      ).map(text);
      expect(new Set([plain!.what, notCreated!.what, notInDelivery!.what]).size).toBe(3);
      expect(new Set([plain!.todo, notCreated!.todo, notInDelivery!.todo]).size).toBe(3);
      expect(`${notCreated!.what} ${notInDelivery!.what}`).toMatch(/Checkout/);
    },
  );

  it('names the licence and the printer problems in the packer’s language', () => {
    const sv = createI18n('sv');
    const text = describeFailure(
      {
        reason: 'auth',
        code: 'access_missing_license',
        message: '403',
        params: { license: 'REST API Print' },
      },
      sv.t,
      'sv',
    );
    expect(text.what).toBe('nShift-kontot saknar licensen "REST API Print".');
    const printer = describeFailure(
      { reason: 'printer', code: 'printer_error', message: 'x', params: { problems: 'paper_out,head_open' } },
      sv.t,
      'sv',
    );
    expect(printer.what).toBe(
      'Skrivaren rapporterar ett problem: slut på etiketter och skrivarhuvudet är öppet.',
    );
  });

  it.each(LANGUAGES)(
    '%s has both plural forms wherever it has one, and every counted text resolves',
    (language) => {
      const keys = leaves(catalogues[language]).map(([key]) => key);
      const plural = [
        ...new Set(
          keys.filter((key) => /_(one|other)$/.test(key)).map((key) => key.replace(/_(one|other)$/, '')),
        ),
      ];
      expect(plural.sort()).toEqual(
        [
          'numbers.reprinted',
          'scan.parcels',
          'scan.progress',
          'scan.waitingAttempts',
          'status.morePrinters',
          'stored.group',
          'manifest.unmanifested.bookedAfter',
          'manifest.unmanifested.noManifestYet',
          'checkout.order',
        ].sort(),
      );
      const i18n = createI18n(language);
      for (const key of plural) {
        expect(keys, `${language}:${key}`).toEqual(expect.arrayContaining([`${key}_one`, `${key}_other`]));
        for (const count of [1, 2, 5]) {
          const text = i18n.t(key, {
            count,
            done: 1,
            total: count,
            partOrderNo: 'P-1',
            orderNo: 'SPLIT-3001',
            list: 'x',
            time: '10:32',
            printer: 'Zebra 1',
          });
          expect(text, `${language}:${key}:${count}`).not.toMatch(
            /\{\{|^scan\.|^stored\.|^status\.|^numbers\.|^manifest\.|^checkout\./,
          );
        }
      }
    },
  );

  it('names a refused scan’s characters, and tells an AIM prefix apart with what to do about it', () => {
    const markup = describeFailure(refusedScan('ORD<1>'), createI18n('en').t, 'en');
    expect(markup.details).toBe('Characters no order or shipment number has: "<", ">"');
    expect(markup.todo).toMatch(/without a prefix or symbology identifier/);
    const aim = describeFailure(refusedScan(']C1ORD-1005'), createI18n('sv').t, 'sv');
    expect(aim.what).toBe(
      'Skanningen börjar med ]C1, en symbologiidentifierare som skannern sätter före koden.',
    );
    expect(aim.todo).toContain('ange ]C1 som prefix att ta bort i Inställningar');
    expect(aim.details).toBe('Tecken som inget order- eller sändningsnummer har: "]"');
  });

  it('says "1 parcel" and "1 of 1 shipment" in English, not "1 parcels"', () => {
    const { t } = createI18n('en');
    expect(t('stored.group', { partOrderNo: 'P-1', count: 1 })).toBe('Part order P-1: 1 parcel');
    expect(t('stored.group', { partOrderNo: 'P-1', count: 3 })).toBe('Part order P-1: 3 parcels');
    expect(t('scan.progress', { done: 1, total: 1, count: 1 })).toBe('1 of 1 shipment');
    expect(t('scan.progress', { done: 2, total: 3, count: 3 })).toBe('2 of 3 shipments');
    expect(createI18n('sv').t('stored.group', { partOrderNo: 'P-1', count: 1 })).toBe(
      'Delorder P-1: 1 kolli',
    );
  });

  it('treats an unknown future code as internal rather than showing a key', () => {
    const en = createI18n('en');
    const text = describeFailure(
      { reason: 'network', code: 'brand_new_code' as FailureCode, message: 'x' },
      en.t,
      'en',
    );
    expect(text.what).toBe('Something went wrong inside the station.');
  });
});

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.tsx') ? [path] : [];
  });
}

describe('catalogues fetched on demand', () => {
  it('English is built in: a language whose catalogue could not be fetched starts in English, never in keys', async () => {
    const i18n = createAppI18n('sv');
    expect(i18n.language).toBe('en');
    expect(i18n.t('scan.inputLabel')).toBe('Scan or type an order number');
    await switchLanguage(i18n, 'sv');
    expect(i18n.language).toBe('sv');
    expect(i18n.t('scan.inputLabel')).toBe('Skanna eller skriv ett ordernummer');
  });
});

describe('components', () => {
  it('have no user-visible string literals: all text goes through t()', () => {
    const offenders: string[] = [];
    const textAttributes = new Set(['aria-label', 'title', 'alt', 'placeholder', 'label']);
    for (const file of files(join(import.meta.dirname, '../../../renderer/src'))) {
      const source = ts.createSourceFile(
        file,
        readFileSync(file, 'utf8'),
        ts.ScriptTarget.Latest,
        true,
        ts.ScriptKind.TSX,
      );
      const visit = (node: ts.Node): void => {
        if (ts.isJsxText(node) && /\p{L}{2,}/u.test(node.text))
          offenders.push(`${file}: ${node.text.trim()}`);
        if (ts.isJsxAttribute(node) && node.initializer && ts.isStringLiteral(node.initializer)) {
          const name = node.name.getText(source);
          if (textAttributes.has(name) && /\p{L}/u.test(node.initializer.text))
            offenders.push(`${file}: ${name}="${node.initializer.text}"`);
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(offenders).toEqual([]);
  });
});

describe('field names from nShift', () => {
  it('reads nShift’s own names and the station’s paths in the packer’s language, keeping unknown ones as they are', () => {
    const sv = createI18n('sv');
    expect(fieldLabel('Address_Zipcode', sv.t)).toBe('Postnummer');
    expect(fieldLabel('receiver.zipcode', sv.t)).toBe('Mottagarens postnummer');
    expect(fieldLabel('parcels[1].weight', sv.t)).toBe('Kollivikt');
    expect(fieldLabel('Something_New', sv.t)).toBe('Something_New');
  });

  it('every field of nShift’s documented validation list (test/fixtures/nshift/delivery) is named in every language', () => {
    const dir = join(__dirname, '../../fixtures/nshift/delivery');
    const documented = readdirSync(dir)
      .filter((file) => file.endsWith('.422.json'))
      .flatMap(
        (file) =>
          (JSON.parse(readFileSync(join(dir, file), 'utf8')) as { body: Array<{ field: string }> }).body,
      )
      .map((item) => item.field);
    expect(documented).toContain('ParcelGroup_Weight');
    for (const language of LANGUAGES) {
      const { t } = createI18n(language);
      for (const field of documented) expect(fieldLabel(field, t), `${language}: ${field}`).not.toBe(field);
    }
  });
});

/** A sample of every detail the station can set, with the params its type demands (the compiler checks both). */
const DETAIL_SAMPLES: {
  [D in FailureDetail]: { code: FailureCode; params: FailureDetailParams[D] };
} = {
  license_unnamed: { code: 'access_missing_license', params: {} },
  no_match: { code: 'unknown_code', params: { code: 'ORD-404' } },
  consolidation_key: { code: 'unknown_code', params: { key: 'KONS-4001' } },
  order_cancelled: { code: 'unknown_code', params: { code: 'ORD-405' } },
  stored_invalid: { code: 'validation', params: { code: 'SO-2900' } },
  stored_cancelled: {
    code: 'already_cancelled',
    params: { code: 'SO-2002', shipmentNo: '00735000504895030032' },
  },
  prepared_cancelled: {
    code: 'already_cancelled',
    params: { code: 'SPLIT-3001', shipmentNo: '00370712345678901236' },
  },
  stored_not_ready: { code: 'already_booked', params: { status: 'PRINTED' } },
  print_settings_refused: { code: 'validation', params: { fields: 'target1Media' } },
  booking_refused: { code: 'validation', params: {} },
  request_refused: { code: 'validation', params: { status: 400 } },
  consolidation_key_not_added: { code: 'validation', params: { code: 'SO-2001', key: 'KONS-4001' } },
  booked_here: { code: 'already_booked', params: {} },
  booked_elsewhere: { code: 'already_booked', params: {} },
  booked_in_nshift: { code: 'already_booked', params: {} },
  stored_booking_not_listed: { code: 'outcome_unknown', params: {} },
  prepared_booking_not_listed: { code: 'outcome_unknown', params: {} },
  consolidated_gone: { code: 'unknown_code', params: { id: '7200001' } },
  parcel_group_gone: { code: 'unknown_code', params: { partOrderNo: 'CONS-ORD-1', id: '7200001' } },
  retry_after: { code: 'rate_limited', params: { seconds: 30 } },
  http_status: { code: 'server_error', params: { status: 503 } },
  label_download_failed: { code: 'label_not_downloaded', params: { cause: 'network_timeout' } },
  printer_not_answering: { code: 'printer_offline', params: { printer: 'Zebra 1' } },
  printer_refused: { code: 'printer_error', params: { printer: 'Zebra 1' } },
  printer_wrong_format: { code: 'printer_error', params: { printer: 'Zebra 1' } },
  printer_problem: { code: 'printer_error', params: { printer: 'Zebra 1', problems: 'paper_out' } },
  printer_io: { code: 'printer_error', params: { printer: 'Zebra 1' } },
  unencodable_characters: { code: 'printer_error', params: { characters: 'Ł €' } },
  test_print_unsupported: { code: 'printer_error', params: { printer: 'Print Client 3' } },
  scan_empty: { code: 'invalid_scan', params: {} },
  scan_too_long: { code: 'invalid_scan', params: { length: 300, max: 128 } },
  scan_control_characters: { code: 'invalid_scan', params: {} },
  scan_unreadable: { code: 'invalid_scan', params: {} },
  scan_characters: { code: 'invalid_scan', params: { characters: '"<", ">"' } },
  scan_aim_prefix: { code: 'invalid_scan', params: { characters: '"]"', prefix: ']C1' } },
  stopped_before_booking: { code: 'internal', params: {} },
  stopped_before_start: { code: 'internal', params: {} },
  answer_cut_off: { code: 'station_unreachable', params: {} },
  unknown_method: { code: 'internal', params: {} },
  unfinished_after_restart: { code: 'internal', params: {} },
  unexpected: { code: 'internal', params: { systemText: 'TypeError: x is undefined' } },
  data_folder_unwritable: {
    code: 'cannot_save',
    params: { systemText: 'ENOSPC: no space left on device, write' },
  },
  booking_not_saved: {
    code: 'cannot_save',
    params: { shipmentId: '5666302', systemText: 'ENOSPC: no space left on device, write' },
  },
  no_such_job: { code: 'unknown_code', params: {} },
  no_such_printer: { code: 'no_printer', params: {} },
  not_in_cache: { code: 'document_expired', params: {} },
  spool_job_gone: { code: 'unknown_code', params: {} },
  spool_job_state: { code: 'printer_error', params: { state: 'printed' } },
  api_key_from_environment: { code: 'auth_missing_key', params: {} },
  manifest_nothing_new: { code: 'manifest_empty', params: { manifestType: 'PNL' } },
  no_label_printer: { code: 'no_printer', params: {} },
  several_shipments: {
    code: 'invalid_scan',
    params: { code: 'SPLIT-3002', shipmentNos: '00373500000001, 00373500000002' },
  },
  vault_key_kept: {
    code: 'internal',
    params: { file: '/data/vault.key', other: '/data/checkout-secrets.enc' },
  },
};

/** Texts a language may share with English word for word (the same word in both languages). */
const SAME_AS_ENGLISH: Partial<Record<Language, string[]>> = {
  da: ['Printer: {{printer}}'],
  sv: ['Order: {{code}}'],
};

const STATION_ENGLISH = 'STATION ENGLISH, for logs only';

/** The failure the station gives a scan that is not a code. */
function refusedScan(raw: string): Failure {
  const parsed = parseScanCode(raw);
  if (parsed.ok) throw new Error(`${raw} parsed`);
  return scanRefused(parsed.error);
}

type Parts = { what: string; todo: string; details?: string };

function render(failure: Failure, language: Language): Parts {
  const { what, todo, details } = describeFailure(failure, createI18n(language).t, language);
  return { what, todo, ...(details ? { details } : {}) };
}

/** Resolved, in the packer's language, never the station's English, and never English where it should not be. */
function expectTranslated(failure: Failure, language: Language, label: string): void {
  const shown = render(failure, language);
  const english = render(failure, 'en');
  for (const part of ['what', 'todo', 'details'] as const) {
    const text = shown[part];
    if (part === 'details' && text === undefined) continue;
    expect(text, `${label} ${language} ${part}`).toBeTruthy();
    expect(text, `${label} ${language} ${part}`).not.toMatch(/\{\{|failure\.|printerProblem\.|spoolState\./);
    expect(text, `${label} ${language} ${part}`).not.toContain(STATION_ENGLISH);
    if (language === 'en') continue;
    const source = part === 'details' ? englishSource(failure) : undefined;
    const allowed = source !== undefined && (SAME_AS_ENGLISH[language] ?? []).includes(source);
    if (!allowed) expect(text, `${label} ${language} ${part} is translated`).not.toBe(english[part]);
  }
}

function englishSource(failure: Failure): string | undefined {
  const entry = failure.detail ? catalogues.en.failure.details[failure.detail] : undefined;
  return entry && 'line' in entry ? entry.line : undefined;
}

describe('every failure the station can produce reads in all five languages', () => {
  it.each(LANGUAGES)('%s: every detail, with the params its type names, in what/todo/details', (language) => {
    for (const [detail, sample] of Object.entries(DETAIL_SAMPLES) as [
      FailureDetail,
      (typeof DETAIL_SAMPLES)[FailureDetail],
    ][]) {
      const failure: Failure = {
        reason: 'network',
        code: sample.code,
        message: STATION_ENGLISH,
        detail,
        params: sample.params,
      };
      expectTranslated(failure, language, detail);
    }
  });

  it('marks for IT exactly the details lines that are a raw error text (systemText), and no other', () => {
    const { t } = createI18n('en');
    for (const [detail, sample] of Object.entries(DETAIL_SAMPLES)) {
      const text = describeFailure(
        {
          reason: 'network',
          code: sample.code,
          message: STATION_ENGLISH,
          detail: detail as FailureDetail,
          params: sample.params,
        },
        t,
        'en',
      );
      expect(text.forIt === true, detail).toBe('systemText' in sample.params);
    }
  });

  it('uses in each detail’s texts only the params its type gives (so the station always sends them)', () => {
    for (const [detail, sample] of Object.entries(DETAIL_SAMPLES)) {
      const entry = catalogues.en.failure.details[detail as FailureDetail] as Record<string, string>;
      const given = Object.keys(sample.params);
      for (const text of Object.values(entry)) {
        for (const name of placeholders(text)) expect(given, `${detail}: {{${name}}}`).toContain(name);
      }
    }
  });

  it.each(LANGUAGES)(
    '%s: params that are codes (cause, print job state, printer problems) are translated',
    (language) => {
      const { t } = createI18n(language);
      for (const cause of FAILURE_CODES) {
        const { details } = render(
          {
            reason: 'network',
            code: 'label_not_downloaded',
            message: STATION_ENGLISH,
            detail: 'label_download_failed',
            params: { cause, shipmentId: '5666302' },
          },
          language,
        );
        expect(details, `${language} cause ${cause}`).toContain(t(`failure.codes.${cause}.what`));
      }
      for (const state of ['queued', 'sending', 'printed', 'failed', 'held', 'cancelled'] as const) {
        const { details } = render(
          {
            reason: 'printer',
            code: 'printer_error',
            message: STATION_ENGLISH,
            detail: 'spool_job_state',
            params: { state },
          },
          language,
        );
        expect(details, `${language} state ${state}`).toContain(t(`spoolState.${state}`));
      }
      for (const problem of Object.keys(catalogues.en.printerProblem) as PrinterProblem[]) {
        const { what } = render(
          {
            reason: 'printer',
            code: 'printer_error',
            message: STATION_ENGLISH,
            detail: 'printer_problem',
            params: { printer: 'Zebra 1', problems: problem },
          },
          language,
        );
        expect(what, `${language} problem ${problem}`).toContain(t(`printerProblem.${problem}`));
      }
    },
  );

  it.each(LANGUAGES)(
    '%s: what the station’s own failure builders produce never shows their English',
    (language) => {
      const base = { operation: 'shipments.create' as const, message: 'nShift said no' };
      const deliveryErrors: DeliveryError[] = [
        { ...base, kind: 'validation', status: 422, errors: [] },
        { ...base, kind: 'auth', reason: 'missing_key' },
        { ...base, kind: 'auth', reason: 'invalid_key', status: 401 },
        { ...base, kind: 'access', status: 403, license: 'REST API Print' },
        { ...base, kind: 'access', status: 403, license: undefined },
        { ...base, kind: 'not_found', status: 404 },
        { ...base, kind: 'rate_limited', status: 429, retryAfterMs: 5000 },
        { ...base, kind: 'rate_limited', status: 429, retryAfterMs: undefined },
        { ...base, kind: 'server', status: 503, code: undefined },
        { ...base, kind: 'malformed', status: 200, issues: ['id: missing'] },
        { ...base, kind: 'network', cause: 'timeout' },
        { ...base, kind: 'network', cause: 'refused' },
        { ...base, kind: 'outcome_unknown', cause: 'reset' },
      ];
      const printerErrors = printerErrorCodeSchema.options;
      const produced: Failure[] = [
        ...deliveryErrors.map(failureFromDelivery),
        ...printerErrors.map((code) =>
          failureFromPrinter({ code, message: 'lp: error - no such queue', retryable: true }, 'Zebra 1'),
        ),
        failureFromPrinter(
          { code: 'printer_problem', message: 'x', retryable: true, problems: ['paper_out', 'head_open'] },
          'Zebra 1',
        ),
        internalFailure(new Error('x is undefined')),
        // The Jobs screen's print queue: a failed spool job, from its error's code (never its `lastError`).
        ...printerErrors.map((code) =>
          spoolJobFailure(
            { lastError: 'connect ECONNREFUSED 10.0.0.9:9100', lastErrorCode: code },
            { name: 'Zebra 1', setUp: true, problems: ['paper_out'] },
          ),
        ),
        spoolJobFailure(
          { lastError: 'Printer Zebra 1 is no longer set up', lastErrorCode: 'rejected' },
          { name: 'Zebra 1', setUp: false },
        ),
        ...['', 'X'.repeat(300), 'ORD\u0000', 'ORD-\ufffd', '<b>', ']C1ORD-1005'].map(refusedScan),
      ];
      for (const failure of produced) {
        const shown = render(failure, language);
        // The catalogue's English may say the same as the station's English; no other language may.
        if (language !== 'en')
          for (const text of Object.values(shown))
            expect(text, failure.message).not.toContain(failure.message);
        expectTranslated(
          { ...failure, message: STATION_ENGLISH },
          language,
          `${failure.code}/${failure.detail}`,
        );
      }
    },
  );
});
