import i18n from 'i18next';
import en from './i18n/en-US.json';
import esJson from './i18n/es-ES.json';

// The history's strings load with the history (and the pages that link to it), not with every
// page: the JavaScript every page loads has a budget (apps/web/build/bundle-budget.ts). Their keys
// are typed with the app's (i18n/i18next.d.ts); every English key must exist in Spanish.
const es: typeof en = esJson;

for (const [lng, bundle] of [
  ['en', en],
  ['en-US', en],
  ['es-ES', es],
] as const) {
  i18n.addResourceBundle(lng, 'translation', bundle, true, false);
}
