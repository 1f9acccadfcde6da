import enCore from './en-US.json';
import esCore from './es-ES.json';

// The app's strings: the shared ones here (en-US.json, es-ES.json), and each feature's own under
// features/<feature>/i18n/{en-US,es-ES}.json with top-level keys no other catalogue uses. A feature
// adds its two imports and spreads them below, so features never edit each other's files.

export const enUS = { ...enCore };

// Every key in English must exist in Spanish: a missing one fails the typecheck here.
export const esES: typeof enUS = { ...esCore };
