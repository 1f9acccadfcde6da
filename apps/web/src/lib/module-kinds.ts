/** The module kinds the app names and draws (spec §1), by the part of a module name after its prefix. */
export const MODULE_KINDS = [
  'waterPh',
  'waterEc',
  'waterDo',
  'waterTemp',
  'waterOrp',
  'water',
  'weather',
  'distance',
  'diagnostics',
  'random',
  'testing',
  'flood',
  'unknown',
] as const;
export type ModuleKind = (typeof MODULE_KINDS)[number];

const KIND_BY_NAME: Readonly<Record<string, ModuleKind>> = {
  'water.ph': 'waterPh',
  'water.ec': 'waterEc',
  'water.do': 'waterDo',
  'water.dox': 'waterDo',
  'water.temp': 'waterTemp',
  'water.orp': 'waterOrp',
  water: 'water',
  'water.unknown': 'water',
  weather: 'weather',
  distance: 'distance',
  diagnostics: 'diagnostics',
  random: 'random',
  testing: 'testing',
  floodnet: 'flood',
};

/**
 * A module name without its family prefix: stations name modules `modules.water.ph`, the catalogue
 * `fk.water.ph`, webhook devices `wh.floodnet`; all three mean the same kind.
 */
export const bareModuleName = (name: string): string =>
  name
    .trim()
    .replace(/^(modules|fk|wh)\./i, '')
    .toLowerCase();

export const moduleKind = (name: string): ModuleKind => KIND_BY_NAME[bareModuleName(name)] ?? 'unknown';
