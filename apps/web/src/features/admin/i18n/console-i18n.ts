import englishMessages from 'ra-language-english';
import { convertRaTranslationsToI18next, useI18nextProvider } from 'ra-i18n-i18next';
import { currentLocale } from '@/i18n';
import { consoleEn } from './console-en';
import { consoleEs } from './console-es';
import { raSpanish } from './ra-spanish';

const spanishRa = {
  ra: Object.fromEntries(
    Object.entries(englishMessages.ra).map(([group, words]) => [
      group,
      { ...(words as object), ...((raSpanish as Record<string, object>)[group] ?? {}) },
    ]),
  ),
};

export const consoleLocales = [
  { locale: 'en', name: 'English' },
  { locale: 'es', name: 'Español' },
];

export const useConsoleI18n = () =>
  // Its own i18next instance (the hook makes one): react-admin's words stay out of the site's bundle. It
  // starts in the site's language.
  useI18nextProvider({
    options: {
      lng: currentLocale().startsWith('es') ? 'es' : 'en',
      fallbackLng: 'en',
      resources: {
        en: { translation: convertRaTranslationsToI18next({ ...englishMessages, ...consoleEn }) },
        es: { translation: convertRaTranslationsToI18next({ ...spanishRa, ...consoleEs }) },
      },
    },
    availableLocales: consoleLocales,
  });
