import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../../../preload/api';
import en, { type Messages } from './locales/en';

/** localStorage key of the last language shown, read before the settings arrive. */
export const LANGUAGE_STORAGE_KEY = 'packbench.language';

export const LANGUAGES: readonly Language[] = ['en', 'sv', 'nb', 'da', 'fi'];

/**
 * English is built in (every other language falls back to it); the others are chunks of their own, fetched
 * when a station uses them. Four catalogues the station does not show are a fifth of the page's script, and
 * the page parses its script before its first frame.
 */
const LOAD_CATALOGUE: Record<Exclude<Language, 'en'>, () => Promise<{ default: Messages }>> = {
  sv: () => import('./locales/sv'),
  nb: () => import('./locales/nb'),
  da: () => import('./locales/da'),
  fi: () => import('./locales/fi'),
};

export async function loadCatalogue(language: Language): Promise<Messages> {
  return language === 'en' ? en : (await LOAD_CATALOGUE[language]()).default;
}

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
 * A fresh, synchronously initialised i18next instance in `language`, whose catalogue the caller has loaded
 * (`loadCatalogue`), so the first frame is already translated. One instance per app (and per test).
 */
export function createI18n(
  language: Language = 'en',
  loaded: Partial<Record<Language, Messages>> = {},
): I18n {
  const instance = i18next.createInstance();
  const catalogues: Partial<Record<Language, Messages>> = { ...loaded, en };
  void instance.use(initReactI18next).init({
    lng: catalogues[language] ? language : 'en',
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    resources: Object.fromEntries(
      Object.entries(catalogues).map(([lng, translation]) => [lng, { translation }]),
    ),
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}

/** Shows the UI in `language`, fetching its catalogue first if this page has not used it yet. */
export async function switchLanguage(instance: I18n, language: Language): Promise<void> {
  if (!instance.hasResourceBundle(language, 'translation'))
    instance.addResourceBundle(language, 'translation', await loadCatalogue(language));
  await instance.changeLanguage(language);
}
