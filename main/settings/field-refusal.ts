import type { StartupWarning } from '../../preload/api';
import { startupWarning } from '../domain';
import { settingsSchema, type Settings } from './schema';

/**
 * Stored settings read field by field: a value the schema refuses costs that value only (its default, or the
 * list entry it is in), never the rest of the file. A wrongly typed port on one printer used to reset every
 * setting of the station to its defaults.
 */

/** One value the schema refused, and what was given up for it. */
export interface RefusedField {
  /** Where the refused value is, as the file spells it: `printers[2].port`. */
  field: string;
  /** The schema's reason, in English. */
  reason: string;
  /** What is not used because of it: the value itself (then its default applies), or the entry it is in. */
  dropped: string;
  /** `dropped` is a list entry, left out (not replaced by a default). */
  entryLeftOut: boolean;
}

type Path = readonly PropertyKey[];

/** Enough for every field of the schema to be refused at once; more means something else is wrong. */
const MAX_REFUSALS = 500;

/**
 * The settings in `raw` (parsed JSON or electron-store's value), keeping every good value: each refused one is
 * dropped — the value itself when its default (or its absence) then satisfies the schema, else the smallest entry
 * or section around it — and named. Undefined when `raw` is not an object at all: nothing in it can be kept.
 */
export function settingsKeepingGoodFields(
  raw: unknown,
): { settings: Settings; refused: RefusedField[] } | undefined {
  if (!isRecord(raw)) return undefined;
  let data: unknown = structuredClone(raw);
  const refused: RefusedField[] = [];
  for (let round = 0; round <= MAX_REFUSALS; round++) {
    const parsed = settingsSchema.safeParse(data);
    if (parsed.success) return { settings: parsed.data, refused };
    // The last issue in the file's order first: dropping a list entry then never moves an entry still to be
    // looked at, so every field is named by its place in the file.
    const issue = [...parsed.error.issues].sort((a, b) => comparePaths(b.path, a.path))[0];
    if (!issue || issue.path.length === 0) return undefined;
    const dropped = smallestDrop(data, issue.path);
    if (!dropped) return undefined;
    data = dropped.data;
    refused.push({
      field: formatPath(issue.path),
      reason: issue.message,
      dropped: formatPath(dropped.path),
      entryLeftOut: typeof dropped.path[dropped.path.length - 1] === 'number',
    });
  }
  return undefined;
}

/** The warning for the station's start: each refused field, what is used instead, and what saving does. */
export function refusedFieldsWarning(source: string, refused: readonly RefusedField[]): StartupWarning {
  const each = refused.map((r) => {
    const instead =
      r.dropped === r.field
        ? 'using the default'
        : r.entryLeftOut
          ? `${r.dropped} is left out`
          : `using the default ${r.dropped}`;
    return `${r.field} was refused (${r.reason}): ${instead}`;
  });
  return startupWarning(
    'settings_fields_refused',
    `${source}: ${each.join('; ')}. The other settings are in force; ` +
      'correct the value in Settings (saving writes the settings without what was refused).',
    { file: source, count: refused.length, fields: refused.map((r) => r.field).join(', ') },
  );
}

/**
 * Drops the value at `path`, or failing that its parent, and so on up to its top-level section: the first drop
 * after which no issue remains at or under the dropped place.
 */
function smallestDrop(data: unknown, path: Path): { data: unknown; path: Path } | undefined {
  for (let depth = path.length; depth >= 1; depth--) {
    const at = path.slice(0, depth);
    const candidate = structuredClone(data);
    if (!removeAt(candidate, at)) continue;
    const after = settingsSchema.safeParse(candidate);
    if (after.success || !after.error.issues.some((i) => startsWith(i.path, at)))
      return { data: candidate, path: at };
  }
  return undefined;
}

/** Removes the key (or the list entry) at `path`; false when there is nothing there to remove. */
function removeAt(data: unknown, path: Path): boolean {
  let parent: unknown = data;
  for (const key of path.slice(0, -1)) {
    if (!isRecord(parent) && !Array.isArray(parent)) return false;
    parent = (parent as Record<PropertyKey, unknown>)[key];
  }
  const last = path[path.length - 1];
  if (Array.isArray(parent) && typeof last === 'number' && last < parent.length) {
    parent.splice(last, 1);
    return true;
  }
  if (isRecord(parent) && last !== undefined && Object.hasOwn(parent, last)) {
    delete parent[last as string];
    return true;
  }
  return false;
}

function startsWith(path: Path, prefix: Path): boolean {
  return prefix.every((key, i) => path[i] === key);
}

/** Document order, list entries by their number. */
function comparePaths(a: Path, b: Path): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const [x, y] = [a[i], b[i]];
    if (x === y) continue;
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    return String(x) < String(y) ? -1 : 1;
  }
  return a.length - b.length;
}

/** `printers[2].port`, as a person reads the file. */
export function formatPath(path: Path): string {
  return path
    .map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i > 0 ? '.' : ''}${String(key)}`))
    .join('');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
