// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import type { FailureCode } from '../../../preload/api';
import { catalogues, createI18n, LANGUAGES } from '../../../renderer/src/i18n';
import { describeFailure, fieldLabel } from '../../../renderer/src/i18n/failure-text';

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
  'internal',
  'checkout_not_created',
  'checkout_not_in_delivery',
  'checkout_not_configured',
] as const satisfies readonly FailureCode[];
// Fails to compile when preload/api.ts gains a FailureCode this list (and so this test) does not cover.
type Missing = Exclude<FailureCode, (typeof FAILURE_CODES)[number]>;
const _allCodesListed: Missing extends never ? true : Missing = true;
void _allCodesListed;

function leaves(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    leaves(child, path ? `${path}.${key}` : key),
  );
}

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
          params: { license: 'REST API Print', problems: 'paper_out' },
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
          'scan.parcels',
          'scan.progress',
          'scan.waitingAttempts',
          'status.morePrinters',
          'stored.group',
        ].sort(),
      );
      const i18n = createI18n(language);
      for (const key of plural) {
        expect(keys, `${language}:${key}`).toEqual(expect.arrayContaining([`${key}_one`, `${key}_other`]));
        for (const count of [1, 2, 5]) {
          const text = i18n.t(key, { count, done: 1, total: count, partOrderNo: 'P-1', list: 'x' });
          expect(text, `${language}:${key}:${count}`).not.toMatch(/\{\{|^scan\.|^stored\.|^status\./);
        }
      }
    },
  );

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
});
