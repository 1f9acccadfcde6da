import { MODULE_DEFINITIONS } from './catalogue.js';

/**
 * How a station names a module of a catalogue definition: the firmware's `modules.water.ph` for
 * `fk.water.ph`; other definitions (webhook devices such as `wh.floodnet`) by their key.
 */
export const moduleNameOf = (key: string): string => (key.startsWith('fk.') ? `modules.${key.slice(3)}` : key);

const keysByName = new Map<string, string>(
  MODULE_DEFINITIONS.flatMap((m) => [
    [m.key, m.key],
    [moduleNameOf(m.key), m.key],
  ]),
);

/**
 * The catalogue module key a station module's name stands for (`modules.water.temp` and
 * `fk.water.temp` both stand for `fk.water.temp`), or undefined for a name the catalogue does not know.
 */
export const moduleKeyOfName = (name: string): string | undefined => keysByName.get(name.trim());
