import { MODULE_DEFINITIONS } from './catalogue.js';
import { moduleKeyOfName, moduleNameOf } from './module-names.js';

describe('module names', () => {
  it('names FieldKit modules as their firmware does and webhook modules by their key', () => {
    expect(moduleNameOf('fk.water.temp')).toBe('modules.water.temp');
    expect(moduleNameOf('fk.diagnostics')).toBe('modules.diagnostics');
    expect(moduleNameOf('wh.floodnet')).toBe('wh.floodnet');
  });

  it('finds the catalogue key of a station module by either name, and nothing for unknown names', () => {
    expect(moduleKeyOfName('modules.water.temp')).toBe('fk.water.temp');
    expect(moduleKeyOfName('fk.water.temp')).toBe('fk.water.temp');
    expect(moduleKeyOfName(' wh.floodnet ')).toBe('wh.floodnet');
    expect(moduleKeyOfName('modules.teapot')).toBeUndefined();
    expect(moduleKeyOfName('')).toBeUndefined();
  });

  it('goes back and forth for every module definition', () => {
    for (const m of MODULE_DEFINITIONS) expect(moduleKeyOfName(moduleNameOf(m.key))).toBe(m.key);
  });
});
