import type { enUS } from './catalogues';
import type enHistory from '@/components/history/i18n/en-US.json';

// Typed keys: `t('projects.title')` is checked against the English catalogue. The history's
// strings load with the history (components/history/history-i18n.ts) and are typed here too.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof enUS & typeof enHistory };
    returnNull: false;
  }
}
