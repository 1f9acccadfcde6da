import type { enUS } from './catalogues';

// Typed keys: `t('projects.title')` is checked against the English catalogue.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof enUS };
    returnNull: false;
  }
}
