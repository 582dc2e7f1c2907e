import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import type { Failure, FailureCode, JobKind } from '../../../preload/api';
import { HEADLESS_ADVICE, headlessMessage } from '../../../main/hosts/headless/advice';

/** Words that only make sense in the app's window, never on a headless line. */
const UI_WORDS =
  /press R|\bSettings\b|\b[Ss]creen\b|\bbelow\b|\b[Cc]lick\b|\bF\d{1,2}\b|Stored list|Jobs list/;
const KINDS: JobKind[] = [
  'scan',
  'reprint',
  'cancel',
  'manifest',
  'book_stored',
  'consolidated_close',
  'test_print',
];
const CODES = Object.keys(HEADLESS_ADVICE) as FailureCode[];

const message = (code: FailureCode, kind: JobKind = 'scan', extra: Partial<Failure> = {}): string =>
  headlessMessage({
    kind,
    scan: 'ORD-1001',
    failure: { reason: 'network', code, message: 'What happened.', ...extra },
  });

describe('headless advice, for every failure code', () => {
  it.each(CODES)('%s: what happened first, then headless words only, for every kind of job', (code) => {
    for (const kind of KINDS) {
      const text = message(code, kind);
      expect(text.startsWith('What happened.')).toBe(true);
      expect(text).not.toMatch(UI_WORDS);
    }
  });

  it('says what to do with stdin commands, flags and environment variables', () => {
    expect(message('already_booked')).toContain('Send ":reprint ORD-1001"');
    expect(message('label_not_downloaded')).toContain('":reprint ORD-1001"');
    expect(message('label_held')).toContain('Fix the printer, then send ":reprint ORD-1001"');
    expect(message('label_held', 'scan', { params: { kinds: 'label', printers: 'label' } })).toContain(
      'Fix the label printer (--label-printer), then send ":reprint ORD-1001"',
    );
    expect(message('printer_offline')).toContain('send ":reprint ORD-1001"');
    for (const code of ['auth_missing_key', 'auth_invalid_key'] as const) {
      expect(message(code)).toMatch(/PACKBENCH_API_KEY_ID and PACKBENCH_API_KEY_SECRET/);
    }
    expect(message('no_printer')).toMatch(/--label-printer .*--document-printer/);
    expect(message('unknown_manifest_type', 'manifest')).toContain('--manifest-type');
    expect(message('network_unreachable')).toContain('--delivery-url');
    expect(message('not_consolidated', 'scan', { params: { shipmentNo: '00370000001' } })).toContain(
      'send ":cancel 00370000001"',
    );
    expect(message('validation', 'scan', { errors: [{ field: 'zip', message: 'bad' }] })).toContain(
      '"errors"',
    );
  });

  it('never tells a manifest job to ":reprint" it, nor to make the manifest again', () => {
    const text = message('printer_error', 'manifest');
    expect(text).not.toContain(':reprint');
    expect(text).toContain('would make a new one');
  });
});

describe("the station's failure messages", () => {
  /** Every string in main/station's code: a Failure's message must not steer the packer to a key or a screen. */
  function literals(dir: string): { file: string; text: string }[] {
    return readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return literals(path);
      if (!name.endsWith('.ts')) return [];
      const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
      const found: { file: string; text: string }[] = [];
      const visit = (node: ts.Node): void => {
        if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node))
          found.push({ file: path, text: node.text });
        ts.forEachChild(node, visit);
      };
      visit(source);
      return found;
    });
  }

  it('are host-neutral: no key, screen or Settings (each host adds its own "what to do")', () => {
    const found = literals('main/station').filter((l) => UI_WORDS.test(l.text));
    expect(found).toEqual([]);
  });
});
