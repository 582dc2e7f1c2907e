import * as z from '../zod';

/**
 * What a station's start found that an admin must know and may have to act on: a settings file set aside, damaged
 * or newer journal entries, spool records it could not read, a saved secret the vault has a word about. Each is a
 * code with its parameters (files, counts, line and column), so the UI says it in the admin's language
 * (`startup.codes.<code>.what` and `.todo` in renderer/src/i18n/locales/; test/unit/renderer/startup-notice.test.ts
 * holds every code to all five), and an English `message`: the station's log, the headless host's `warning` line
 * (docs/headless.md) and the UI's "For IT" detail. Codes may grow, never be renamed (scripts read the headless `code`).
 */
export const startupWarningCodeSchema = z.enum([
  /** The settings file was not JSON (or held no settings object): set aside, the station runs on defaults. */
  'settings_unreadable',
  /** Some values of the settings file were refused: their defaults are used, the rest is in force. */
  'settings_fields_refused',
  /** Torn or damaged journal lines (a crash mid-write) were set aside; every other entry was kept. */
  'journal_damaged',
  /** The journal holds entries a newer Packbench wrote (a downgrade): kept, their open jobs not carried on. */
  'journal_newer',
  /** The journal's checkpoint could not be used: the whole journal was read instead (nothing lost). */
  'journal_checkpoint_unusable',
  /** Spool records a newer Packbench kept in a form this version cannot read whole: each is held. */
  'spool_held_unread',
  /** Spool records that could not be read at all: left where they are, not printed from here. */
  'spool_unreadable',
  /** A saved secret (the nShift API key, the Checkout credentials) the vault could not read, or warns about. */
  'secret_vault',
]);
export type StartupWarningCode = z.infer<typeof startupWarningCodeSchema>;

/**
 * What the station's secret vault says about a saved secret: it cannot be read (`damaged`, `wrong_key`,
 * `passphrase_missing`, `key_missing`, `key_damaged`, `cannot_decrypt`), or it can but the admin should know
 * (`key_was_readable`: the key file was readable by other users and was made private; `basic_text`: Electron's
 * safeStorage has no keyring here and uses a fixed password).
 */
export const vaultNoticeCodeSchema = z.enum([
  'damaged',
  'wrong_key',
  'passphrase_missing',
  'key_missing',
  'key_damaged',
  'cannot_decrypt',
  'key_was_readable',
  'basic_text',
]);
export type VaultNoticeCode = z.infer<typeof vaultNoticeCodeSchema>;

const count = z.int().check(z.minimum(1));
/** A file's full path as the station names it. */
const file = z.string();

/** Each code's parameters: the UI puts them in its sentences, nothing else of the warning. */
export const startupWarningSchema = z.discriminatedUnion('code', [
  z.object({
    code: z.literal('settings_unreadable'),
    message: z.string(),
    /** `keptAs`: where the unreadable file was set aside; `line`, `column`: where it stopped being JSON. */
    params: z.object({ keptAs: file, line: z.optional(count), column: z.optional(count) }),
  }),
  z.object({
    code: z.literal('settings_fields_refused'),
    message: z.string(),
    /** `fields`: the refused values' places as the file spells them (`printers[2].port`), comma-separated. */
    params: z.object({ file, count, fields: z.string() }),
  }),
  z.object({
    code: z.literal('journal_damaged'),
    message: z.string(),
    params: z.object({ file, keptAs: file, count }),
  }),
  z.object({
    code: z.literal('journal_newer'),
    message: z.string(),
    /** `jobs`: how many jobs those entries belong to (each still open fails, for the packer to check). */
    params: z.object({ file, count, jobs: z.int().check(z.minimum(0)) }),
  }),
  z.object({ code: z.literal('journal_checkpoint_unusable'), message: z.string(), params: z.object({}) }),
  z.object({
    code: z.literal('spool_held_unread'),
    message: z.string(),
    /** `files`: the records' paths, comma-separated. */
    params: z.object({ count, files: z.string() }),
  }),
  z.object({
    code: z.literal('spool_unreadable'),
    message: z.string(),
    params: z.object({ count, files: z.string() }),
  }),
  z.object({
    code: z.literal('secret_vault'),
    message: z.string(),
    params: z.object({ vault: vaultNoticeCodeSchema, file }),
  }),
]);
export type StartupWarning = z.infer<typeof startupWarningSchema>;
export type StartupWarningParams<C extends StartupWarningCode> = Extract<
  StartupWarning,
  { code: C }
>['params'];

// Fails to compile when a code of the enum has no shape above, or a shape names a code the enum lacks.
type Unshaped = Exclude<StartupWarningCode, StartupWarning['code']>;
type Unlisted = Exclude<StartupWarning['code'], StartupWarningCode>;
const _everyCodeShaped: [Unshaped | Unlisted] extends [never] ? true : Unshaped | Unlisted = true;
void _everyCodeShaped;

/** One warning of a code, its English words and its parameters, typed by the code. */
export function startupWarning<C extends StartupWarningCode>(
  code: C,
  message: string,
  params: StartupWarningParams<C>,
): StartupWarning {
  return { code, message, params } as StartupWarning;
}
