/**
 * docs/settings.md is where an admin looks a setting up: every field the settings schema gives a default is in
 * its table, by its dotted name, so a new setting cannot ship undocumented.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultSettings } from '../../../main/settings/schema';

const DOC = readFileSync(join(__dirname, '../../../docs/settings.md'), 'utf8');

/** Each field's dotted name: sections are followed into, lists and values are fields. */
function fieldNames(value: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, inner]) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? fieldNames(inner as Record<string, unknown>, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

/** The first column of the table under "## The fields". */
const DOCUMENTED = [...DOC.matchAll(/^\| `([\w.]+)` +\|/gm)].map(([, name]) => name!);

describe('docs/settings.md', () => {
  it.each(fieldNames(defaultSettings()))('documents %s', (name) => {
    expect(DOCUMENTED).toContain(name);
  });

  it('documents only fields there are', () => {
    const optional = ['routing.labelPrinterId', 'routing.documentPrinterId', 'consolidation.key'];
    expect(DOCUMENTED.filter((name) => !fieldNames(defaultSettings()).includes(name))).toEqual(optional);
  });
});
