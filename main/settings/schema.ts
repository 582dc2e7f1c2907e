import { plainHttpRefusal } from '../service-url';
import * as z from '../zod';
import { documentFormatSchema, documentKindSchema, zplCharsetSchema } from '../domain';
import type { SettingsInForce, SettingsView, VaultNotice } from '../../preload/api';
import { SETTINGS_VERSION } from './migrate';

/**
 * The station's settings as stored on disk (the API key is not here: it lives in the secret vault).
 * Every field has a default, so an empty or partial file still yields a working station.
 */

export const DEFAULT_DELIVERY_URL = 'https://api.unifaun.com/rs-extapi/v1';
/** docs/nshift-checkout-api.md (kept here, not imported from the client, so settings stay free of nShift code). */
export const DEFAULT_CHECKOUT_BASE_URL = 'https://api.nshiftportal.com/checkout';
export const DEFAULT_CHECKOUT_AUTH_URL = 'https://account.nshiftportal.com';

const idSchema = z.trimmed(1, 64).check(z.regex(/^[A-Za-z0-9._-]+$/, 'letters, digits, . _ - only'));
const nameSchema = z.trimmed(1, 120);
const portSchema = z.intWithin(1, 65535);

/**
 * An nShift address (Delivery, Checkout, its identity service). The API key or client secret goes there with
 * every request, so it is https, or plain http to this computer only. `verdict` names the refusal for the UI
 * (main/hosts/shared/dispatch.ts passes it on as the code).
 */
const serviceUrl = z.url({ protocol: /^https?$/ }).check(
  z.refine((url: string) => plainHttpRefusal(url) === undefined, {
    message: 'plain http:// is only for this computer (127.0.0.1, localhost): use https://',
    params: { verdict: 'plain_http' },
  }),
);

/** An nShift API key (Id and Secret Id), as the setApiKey call brings it. */
export const apiKeySchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(200)),
  secret: z.string().check(z.minLength(1), z.maxLength(500)),
});

/** A key as the vaults store it: with the origins it was entered for (main/settings/bound-secret.ts). */
export const storedKeySchema = z.object({
  ...apiKeySchema.shape,
  origins: z.optional(z.array(z.string().check(z.maxLength(300))).check(z.maxLength(4))),
});

export const printerConfigSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('zpl-tcp'),
    id: idSchema,
    name: nameSchema,
    host: z.trimmed(1, 253),
    port: portSchema,
  }),
  z.object({
    kind: z.literal('os-queue'),
    id: idSchema,
    name: nameSchema,
    queue: z.trimmed(1, 200),
    media: z.optional(z.trimmed(1, 60)),
  }),
  z.object({
    kind: z.literal('print-client'),
    id: idSchema,
    name: nameSchema,
    printerId: z.int().check(z.nonnegative()),
  }),
  z.object({ kind: z.literal('file'), id: idSchema, name: nameSchema, directory: z.trimmed(1, 500) }),
  z.object({
    kind: z.literal('raw-tcp'),
    id: idSchema,
    name: nameSchema,
    host: z.trimmed(1, 253),
    port: portSchema,
  }),
]);

export const charsetSchema = zplCharsetSchema;
const offsetSchema = z.number().check(z.minimum(-100), z.maximum(100));

export const printTargetSchema = z.object({
  media: z.trimmed(1, 40),
  type: documentFormatSchema,
  mode: z.optional(z.enum(['DT', 'TT'])),
  charset: z.optional(charsetSchema),
  xOffset: z.optional(offsetSchema),
  yOffset: z.optional(offsetSchema),
});

export const routingRuleSchema = z.object({
  kind: z.optional(documentKindSchema),
  format: z.optional(documentFormatSchema),
  carrierId: z.optional(z.string().check(z.maxLength(40))),
  serviceId: z.optional(z.string().check(z.maxLength(40))),
  printerId: idSchema,
});

// Each section is named once: the settings give it its default, the patch takes it as it is.
const printConfigSection = z.object({
  targets: z.array(printTargetSchema).check(z.minLength(1), z.maxLength(4)),
});
const routingSection = z.object({
  rules: z._default(z.array(routingRuleSchema).check(z.maxLength(100)), []),
  labelPrinterId: z.optional(idSchema),
  documentPrinterId: z.optional(idSchema),
});
const scannerSection = z.object({
  prefix: z._default(z.string().check(z.maxLength(10)), ''),
  suffix: z._default(z.string().check(z.maxLength(10)), ''),
  duplicateWindowMs: z._default(z.intWithin(0, 60_000), 2000),
});
/** Where a scan is looked up, in order; `prepared` asks nShift Checkout, so it is used only with its credentials. */
const RESOLVE_SOURCES = ['order', 'stored', 'prepared', 'shipment'] as const;
const resolveSection = z.object({
  sources: z._default(
    z.array(z.enum(RESOLVE_SOURCES)).check(z.minLength(1), z.maxLength(RESOLVE_SOURCES.length)),
    [...RESOLVE_SOURCES],
  ),
  /** Background refresh of the local index of open orders and READY stored shipments; 0 turns it off. */
  indexRefreshSeconds: z._default(z.intWithin(0, 3600), 60),
});
const consolidationSection = z.object({ key: z.optional(z.string().check(z.maxLength(60))) });
/**
 * The status-event feed (tracking timelines, the cancel screen's handed-over warning). nShift allows one call
 * per five minutes per account: with several stations on one account, each reads the feed every
 * `stationsOnAccount` × 5 minutes, or all but one stop following it.
 */
const statusEventsFields = { follow: z.boolean(), stationsOnAccount: z.intWithin(1, 100) };
const statusEventsSection = z.object({
  follow: z._default(statusEventsFields.follow, true),
  stationsOnAccount: z._default(statusEventsFields.stationsOnAccount, 1),
});
/** A label older than this is held for the packer's release instead of printing unasked (fractions allowed). */
const spoolSection = z.object({
  ttlMinutes: z._default(z.number().check(z.minimum(0.05), z.maximum(24 * 60)), 10),
});
const manifestSection = z.object({
  types: z._default(z.array(z.string().check(z.minLength(1), z.maxLength(40))).check(z.maxLength(20)), [
    'PNL',
  ]),
});
const soundsSection = z.object({
  enabled: z._default(z.boolean(), true),
  volume: z._default(z.number().check(z.minimum(0), z.maximum(1)), 0.7),
});
const languageSchema = z.enum(['en', 'sv', 'nb', 'da', 'fi']);
/** nShift Checkout: its addresses and the connection; the client credentials live in their own vault. */
const checkoutFields = {
  baseUrl: serviceUrl,
  authUrl: serviceUrl,
  /** Empty = none. */
  connectionId: z.string().check(z.trim(), z.maxLength(128)),
};
const checkoutShape = {
  baseUrl: z._default(checkoutFields.baseUrl, DEFAULT_CHECKOUT_BASE_URL),
  authUrl: z._default(checkoutFields.authUrl, DEFAULT_CHECKOUT_AUTH_URL),
  connectionId: z._default(checkoutFields.connectionId, ''),
};
/**
 * How long the data directory keeps what the station wrote, in days (docs/architecture.md#retention). The
 * minimums keep what the exactly-once rule and a resumed job need (the journal days read back at start).
 */
const retentionSection = z.object({
  journalDays: z._default(z.intWithin(7, 3650), 90),
  labelDays: z._default(z.intWithin(2, 3650), 30),
  spoolDays: z._default(z.intWithin(7, 3650), 14),
});

/**
 * What this station is called where people see it: the window's title, the status bar, the headless `ready`
 * line. Empty means the computer's own name, so a fresh station is told apart from its neighbours at once.
 */
const stationSection = z.object({
  name: z._default(z.string().check(z.trim(), z.maxLength(60)), ''),
});

export const settingsSchema = z.object({
  /** The settings' shape this file was saved in (main/settings/migrate.ts); a new station starts at the current one. */
  settingsVersion: z._default(z.int().check(z.positive()), SETTINGS_VERSION),
  deliveryUrl: z._default(serviceUrl, DEFAULT_DELIVERY_URL),
  printConfig: z._default(printConfigSection, {
    targets: [
      { media: 'thermo-190', type: 'zpl', mode: 'DT', charset: 'cp850' },
      { media: 'laser-a4', type: 'pdf' },
    ],
  }),
  printers: z._default(z.array(printerConfigSchema).check(z.maxLength(50)), []),
  routing: z._default(routingSection, { rules: [] }),
  scanner: z._default(scannerSection, { prefix: '', suffix: '', duplicateWindowMs: 2000 }),
  resolve: z._default(resolveSection, { sources: [...RESOLVE_SOURCES], indexRefreshSeconds: 60 }),
  consolidation: z._default(consolidationSection, {}),
  statusEvents: z._default(statusEventsSection, { follow: true, stationsOnAccount: 1 }),
  spool: z._default(spoolSection, { ttlMinutes: 10 }),
  manifest: z._default(manifestSection, { types: ['PNL'] }),
  sounds: z._default(soundsSection, { enabled: true, volume: 0.7 }),
  language: z._default(languageSchema, 'en'),
  checkout: z._default(z.object(checkoutShape), {
    baseUrl: DEFAULT_CHECKOUT_BASE_URL,
    authUrl: DEFAULT_CHECKOUT_AUTH_URL,
    connectionId: '',
  }),
  retention: z._default(retentionSection, { journalDays: 90, labelDays: 30, spoolDays: 14 }),
  station: z._default(stationSection, { name: '' }),
});

export type Settings = z.infer<typeof settingsSchema>;

export const settingsPatchSchema = z.strictObject({
  account: z.optional(z.strictObject({ deliveryUrl: z.optional(serviceUrl) })),
  printConfig: z.optional(printConfigSection),
  routing: z.optional(routingSection),
  scanner: z.optional(scannerSection),
  resolve: z.optional(resolveSection),
  consolidation: z.optional(consolidationSection),
  // A patch's fields without their defaults: one that names only `follow` (or only the Checkout base address)
  // leaves the others as they are, where the settings' defaults would have put them back.
  statusEvents: z.optional(z.partial(z.object(statusEventsFields))),
  spool: z.optional(spoolSection),
  manifest: z.optional(manifestSection),
  sounds: z.optional(soundsSection),
  language: z.optional(languageSchema),
  checkout: z.optional(z.partial(z.strictObject(checkoutFields))),
  retention: z.optional(retentionSection),
  station: z.optional(stationSection),
});
export type SettingsPatchInput = z.input<typeof settingsPatchSchema>;

export function defaultSettings(): Settings {
  return settingsSchema.parse({});
}

export function applySettingsPatch(current: Settings, patch: SettingsPatchInput): Settings {
  const { account, ...rest } = patch;
  const next: Settings = { ...current };
  for (const [key, value] of Object.entries(rest)) {
    if (value === undefined) continue;
    const before = (current as Record<string, unknown>)[key];
    // Sections merge one level deep: a patch that names only `resolve.sources` keeps the other resolve settings.
    const section = isPlainObject(before) && isPlainObject(value) ? { ...before, ...value } : value;
    (next as Record<string, unknown>)[key] = section;
  }
  if (account?.deliveryUrl) next.deliveryUrl = account.deliveryUrl;
  return settingsSchema.parse(next);
}

/**
 * What the view says of a saved secret besides the key in use: its id when the key is not usable here, the
 * origins it was entered for when those are not the addresses in force, and the vault's notice.
 */
export interface SecretNote {
  id?: string;
  secretFor?: string;
  secretOrigins?: string[];
  vault?: VaultNotice;
}

/**
 * The masked view the UI gets (never the secret itself): the saved settings, and what is in force now. `key` and
 * `checkoutKey` are the secrets usable at the addresses in force; `notes` what else there is to say of them.
 */
export function settingsView(
  settings: Settings,
  key: { id: string; secret: string } | undefined,
  inForce: SettingsInForce,
  checkoutKey?: { id: string; secret: string },
  notes: { delivery?: SecretNote; checkout?: SecretNote } = {},
): SettingsView {
  const { deliveryUrl, checkout, settingsVersion: _version, ...rest } = settings;
  return {
    ...rest,
    inForce,
    account: {
      deliveryUrl,
      ...(notes.delivery?.id ? { apiKeyId: notes.delivery.id } : {}),
      ...noted(notes.delivery),
      ...(key ? { apiKeyId: key.id, secretMask: maskSecret(key.secret) } : {}),
      hasSecret: key !== undefined,
    },
    checkout: {
      baseUrl: checkout.baseUrl,
      authUrl: checkout.authUrl,
      ...(checkout.connectionId ? { connectionId: checkout.connectionId } : {}),
      ...(notes.checkout?.id ? { clientId: notes.checkout.id } : {}),
      ...noted(notes.checkout),
      ...(checkoutKey ? { clientId: checkoutKey.id, secretMask: maskSecret(checkoutKey.secret) } : {}),
      hasSecret: checkoutKey !== undefined,
    },
  };
}

function noted(note: SecretNote | undefined): Omit<SecretNote, 'id'> {
  return {
    ...(note?.secretFor ? { secretFor: note.secretFor } : {}),
    ...(note?.secretOrigins?.length ? { secretOrigins: note.secretOrigins } : {}),
    ...(note?.vault ? { vault: note.vault } : {}),
  };
}

/** A fixed mask: not even the secret's length or last characters reach the UI. */
export function maskSecret(_secret: string): string {
  return '••••••••';
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
