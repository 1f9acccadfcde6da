import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { enUS, esES } from './catalogues';

/** Spec §3 locales; the choice is kept in local storage under 'locale'. */
export const LOCALES = ['en-US', 'es-ES'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-US';
const STORAGE_KEY = 'locale';

export const resources = {
  en: { translation: enUS },
  'en-US': { translation: enUS },
  'es-ES': { translation: esES },
} as const;

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

const readStoredLocale = (): Locale => {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    return isLocale(stored) ? stored : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE; // storage can be blocked; the default still works
  }
};

const applyLocale = (locale: string): void => {
  document.documentElement.lang = locale;
  try {
    if (isLocale(locale)) window.localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    // storage blocked: the choice lasts for this page only
  }
};

/** The locale in use, narrowed to the supported ones. */
export const currentLocale = (): Locale =>
  isLocale(i18n.resolvedLanguage) ? i18n.resolvedLanguage : isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;

export const changeLocale = async (locale: Locale): Promise<void> => {
  await i18n.changeLanguage(locale);
};

export const initI18n = (): typeof i18n => {
  if (i18n.isInitialized) return i18n;
  i18n.on('languageChanged', applyLocale);
  void i18n.use(initReactI18next).init({
    resources,
    lng: readStoredLocale(),
    fallbackLng: 'en',
    // Resources are bundled: initialise synchronously so the first render is translated.
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
  });
  return i18n;
};

export { i18n };
