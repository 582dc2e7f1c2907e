import type { i18n as I18n } from 'i18next';
import type { Language } from '../../../preload/api';
import { createI18n as createAppI18n } from '../../../renderer/src/i18n';
import da from '../../../renderer/src/i18n/locales/da';
import en from '../../../renderer/src/i18n/locales/en';
import fi from '../../../renderer/src/i18n/locales/fi';
import nb from '../../../renderer/src/i18n/locales/nb';
import sv from '../../../renderer/src/i18n/locales/sv';

/** Every catalogue, loaded: the app fetches all but English on demand, a test wants them at hand. */
export const catalogues = { en, sv, nb, da, fi } as const;

/** The app's i18n instance in `language`, with every catalogue already loaded. */
export function createI18n(language: Language = 'en'): I18n {
  return createAppI18n(language, catalogues);
}

/** Every text of a catalogue with its key path (`failure.codes.validation.what`). */
export function leaves(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    leaves(child, path ? `${path}.${key}` : key),
  );
}
