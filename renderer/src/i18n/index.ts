import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../../../preload/api';
import en from './locales/en';
import sv from './locales/sv';
import nb from './locales/nb';
import da from './locales/da';
import fi from './locales/fi';

/** localStorage key of the last language shown, read before the settings arrive. */
export const LANGUAGE_STORAGE_KEY = 'packbench.language';

export const LANGUAGES: readonly Language[] = ['en', 'sv', 'nb', 'da', 'fi'];
export const catalogues = { en, sv, nb, da, fi } as const;

/** BCP 47 tags for Intl: dates and numbers follow the packer's language and its country's conventions. */
export const INTL_LOCALE: Record<Language, string> = {
  en: 'en-GB',
  sv: 'sv-SE',
  nb: 'nb-NO',
  da: 'da-DK',
  fi: 'fi-FI',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * A fresh, synchronously initialised i18next instance: the catalogues are bundled (no loading step, nothing
 * fetched), so the first frame is already translated. One instance per app (and per test).
 */
export function createI18n(language: Language = 'en'): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    resources: Object.fromEntries(LANGUAGES.map((lng) => [lng, { translation: catalogues[lng] }])),
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}
