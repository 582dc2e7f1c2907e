import * as z from 'zod';
import type { SettingsInForce, SettingsView } from '../../preload/api';

/**
 * The station's settings as stored on disk (the API key is not here: it lives in the secret vault).
 * Every field has a default, so an empty or partial file still yields a working station.
 */

export const DEFAULT_DELIVERY_URL = 'https://api.unifaun.com/rs-extapi/v1';
/** nshift-api.md section 2 (kept here, not imported from the client, so settings stay free of nShift code). */
export const DEFAULT_CHECKOUT_BASE_URL = 'https://api.nshiftportal.com/checkout';
export const DEFAULT_CHECKOUT_AUTH_URL = 'https://account.nshiftportal.com';

const idSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9._-]+$/, 'letters, digits, . _ - only');
const nameSchema = z.string().trim().min(1).max(120);

/** An nShift API key (Id and Secret Id), as the vaults store it and the setApiKey call brings it. */
export const apiKeySchema = z.object({ id: z.string().min(1).max(200), secret: z.string().min(1).max(500) });

export const printerConfigSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('zpl-tcp'),
    id: idSchema,
    name: nameSchema,
    host: z.string().trim().min(1).max(253),
    port: z.number().int().min(1).max(65535),
  }),
  z.object({
    kind: z.literal('os-queue'),
    id: idSchema,
    name: nameSchema,
    queue: z.string().trim().min(1).max(200),
    media: z.string().trim().min(1).max(60).optional(),
  }),
  z.object({
    kind: z.literal('print-client'),
    id: idSchema,
    name: nameSchema,
    printerId: z.number().int().nonnegative(),
  }),
  z.object({
    kind: z.literal('file'),
    id: idSchema,
    name: nameSchema,
    directory: z.string().trim().min(1).max(500),
  }),
  z.object({
    kind: z.literal('raw-tcp'),
    id: idSchema,
    name: nameSchema,
    host: z.string().trim().min(1).max(253),
    port: z.number().int().min(1).max(65535),
  }),
]);

const documentKindSchema = z.enum(['label', 'return_label', 'waybill', 'customs', 'manifest', 'other']);
const formatSchema = z.enum(['zpl', 'pdf']);
export const charsetSchema = z.enum(['cp850', 'UTF8']);

export const printTargetSchema = z.object({
  media: z.string().trim().min(1).max(40),
  type: formatSchema,
  mode: z.enum(['DT', 'TT']).optional(),
  charset: charsetSchema.optional(),
  xOffset: z.number().min(-100).max(100).optional(),
  yOffset: z.number().min(-100).max(100).optional(),
});

export const routingRuleSchema = z.object({
  kind: documentKindSchema.optional(),
  format: formatSchema.optional(),
  carrierId: z.string().max(40).optional(),
  serviceId: z.string().max(40).optional(),
  printerId: idSchema,
});

export const settingsSchema = z.object({
  deliveryUrl: z.url({ protocol: /^https?$/ }).default(DEFAULT_DELIVERY_URL),
  printConfig: z.object({ targets: z.array(printTargetSchema).min(1).max(4) }).default({
    targets: [
      { media: 'thermo-190', type: 'zpl', mode: 'DT', charset: 'cp850' },
      { media: 'laser-a4', type: 'pdf' },
    ],
  }),
  printers: z.array(printerConfigSchema).max(50).default([]),
  routing: z
    .object({
      rules: z.array(routingRuleSchema).max(100).default([]),
      labelPrinterId: idSchema.optional(),
      documentPrinterId: idSchema.optional(),
    })
    .default({ rules: [] }),
  scanner: z
    .object({
      prefix: z.string().max(10).default(''),
      suffix: z.string().max(10).default(''),
      duplicateWindowMs: z.number().int().min(0).max(60_000).default(2000),
    })
    .default({ prefix: '', suffix: '', duplicateWindowMs: 2000 }),
  resolve: z
    .object({
      sources: z
        .array(z.enum(['order', 'stored', 'shipment']))
        .min(1)
        .max(3)
        .default(['order', 'stored', 'shipment']),
      /** Background refresh of the local index of open orders and READY stored shipments; 0 turns it off. */
      indexRefreshSeconds: z.number().int().min(0).max(3600).default(60),
    })
    .default({ sources: ['order', 'stored', 'shipment'], indexRefreshSeconds: 60 }),
  consolidation: z.object({ key: z.string().max(60).optional() }).default({}),
  /**
   * The status-event feed (tracking timelines, the cancel screen's handed-over warning). nShift allows one call
   * per five minutes per account: with several stations on one account, each reads the feed every
   * `stationsOnAccount` × 5 minutes, or all but one stop following it.
   */
  statusEvents: z
    .object({
      follow: z.boolean().default(true),
      stationsOnAccount: z.number().int().min(1).max(100).default(1),
    })
    .default({ follow: true, stationsOnAccount: 1 }),
  /** A label older than this is held for the packer's release instead of printing unasked (fractions allowed). */
  spool: z
    .object({
      ttlMinutes: z
        .number()
        .min(0.05)
        .max(24 * 60)
        .default(10),
    })
    .default({ ttlMinutes: 10 }),
  manifest: z
    .object({ types: z.array(z.string().min(1).max(40)).max(20).default(['PNL']) })
    .default({ types: ['PNL'] }),
  sounds: z
    .object({ enabled: z.boolean().default(true), volume: z.number().min(0).max(1).default(0.7) })
    .default({ enabled: true, volume: 0.7 }),
  language: z.enum(['en', 'sv', 'nb', 'da', 'fi']).default('en'),
  /** nShift Checkout: its addresses and the connection; the client credentials live in their own vault. */
  checkout: z
    .object({
      baseUrl: z.url({ protocol: /^https?$/ }).default(DEFAULT_CHECKOUT_BASE_URL),
      authUrl: z.url({ protocol: /^https?$/ }).default(DEFAULT_CHECKOUT_AUTH_URL),
      /** Empty = none. */
      connectionId: z.string().trim().max(128).default(''),
    })
    .default({ baseUrl: DEFAULT_CHECKOUT_BASE_URL, authUrl: DEFAULT_CHECKOUT_AUTH_URL, connectionId: '' }),
  /**
   * How long the data directory keeps what the station wrote, in days (docs/architecture.md#retention). The
   * minimums keep what the exactly-once rule and a resumed job need (the journal days read back at start).
   */
  retention: z
    .object({
      journalDays: z.number().int().min(7).max(3650).default(90),
      labelDays: z.number().int().min(2).max(3650).default(30),
      spoolDays: z.number().int().min(7).max(3650).default(14),
    })
    .default({ journalDays: 90, labelDays: 30, spoolDays: 14 }),
});

export type Settings = z.infer<typeof settingsSchema>;

export const settingsPatchSchema = z
  .object({
    account: z
      .object({ deliveryUrl: z.url({ protocol: /^https?$/ }).optional() })
      .strict()
      .optional(),
    printConfig: settingsSchema.shape.printConfig.unwrap().optional(),
    routing: settingsSchema.shape.routing.unwrap().optional(),
    scanner: settingsSchema.shape.scanner.unwrap().optional(),
    resolve: settingsSchema.shape.resolve.unwrap().optional(),
    consolidation: settingsSchema.shape.consolidation.unwrap().optional(),
    statusEvents: settingsSchema.shape.statusEvents.unwrap().partial().optional(),
    spool: settingsSchema.shape.spool.unwrap().optional(),
    manifest: settingsSchema.shape.manifest.unwrap().optional(),
    sounds: settingsSchema.shape.sounds.unwrap().optional(),
    language: settingsSchema.shape.language.unwrap().optional(),
    checkout: settingsSchema.shape.checkout.unwrap().partial().strict().optional(),
    retention: settingsSchema.shape.retention.unwrap().optional(),
  })
  .strict();
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

/** The masked view the UI gets (never the secret itself): the saved settings, and what is in force now. */
export function settingsView(
  settings: Settings,
  key: { id: string; secret: string } | undefined,
  inForce: SettingsInForce,
  checkoutKey?: { id: string; secret: string },
): SettingsView {
  const { deliveryUrl, checkout, ...rest } = settings;
  return {
    ...rest,
    inForce,
    account: {
      deliveryUrl,
      ...(key ? { apiKeyId: key.id, secretMask: maskSecret(key.secret) } : {}),
      hasSecret: key !== undefined,
    },
    checkout: {
      baseUrl: checkout.baseUrl,
      authUrl: checkout.authUrl,
      ...(checkout.connectionId ? { connectionId: checkout.connectionId } : {}),
      ...(checkoutKey ? { clientId: checkoutKey.id, secretMask: maskSecret(checkoutKey.secret) } : {}),
      hasSecret: checkoutKey !== undefined,
    },
  };
}

/** A fixed mask: not even the secret's length or last characters reach the UI. */
export function maskSecret(_secret: string): string {
  return '••••••••';
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
