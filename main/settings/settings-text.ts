import type { StartupWarning } from '../../preload/api';
import { startupWarning } from '../domain';
import type { Result } from '../result';
import { err, ok } from '../result';

/**
 * The text of a settings file as JSON. Settings are edited by hand too (docs/settings.md: the retention fields
 * have no Settings section), and on Windows Notepad before 1903 and PowerShell 5.1's `Set-Content -Encoding
 * UTF8` write a byte-order mark first, which JSON.parse refuses: a station would then have set aside a file it
 * can read and started on defaults (no printers, no routing). The mark is skipped. A file that is not JSON says
 * where it went wrong, by line and column as an editor shows them, so the admin can correct that place.
 */
export function parseSettingsText(text: string): Result<unknown, string> {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return ok(JSON.parse(body) as unknown);
  } catch (error) {
    return err(whereItFails(body, error instanceof Error ? error.message : String(error)));
  }
}

/** "line L, column C: <parser's words>"; V8 gives a position in its message (or none at the end of input). */
function whereItFails(text: string, message: string): string {
  const found = /at position (\d+)/.exec(message);
  const at = Math.min(found ? Number(found[1]) : text.length, text.length);
  const before = text.slice(0, at);
  const line = before.split('\n').length;
  const column = at - (before.lastIndexOf('\n') + 1) + 1;
  const words = message.replace(/\s*(?:in JSON )?at position \d+.*$/, '').replace(/^JSON\.parse: /, '');
  return `line ${line}, column ${column}: ${words}`;
}

/** The start's warning when the settings could not be read at all and were set aside (`keptAs`). */
export function unreadableSettingsWarning(keptAs: string, where: string | undefined): StartupWarning {
  // `where` is whereItFails' "line L, column C: …" (or another reason in words): the place, for the admin's language.
  const at = where ? /^line (\d+), column (\d+):/.exec(where) : null;
  return startupWarning(
    'settings_unreadable',
    `The settings file could not be read${where ? ` (${where})` : ''}, so Packbench started with default settings. ` +
      `The old file was kept as ${keptAs}: correct it there and put it back as settings.json while Packbench is closed, ` +
      'or set the station up again in Settings.',
    { keptAs, ...(at ? { line: Number(at[1]), column: Number(at[2]) } : {}) },
  );
}
