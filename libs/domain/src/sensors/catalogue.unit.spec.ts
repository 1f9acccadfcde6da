import { CATALOGUE_DATA } from './catalogue.data.js';
import { SPANISH_CATALOGUE_TEXT } from './labels.es.js';
import {
  aggregationOf,
  MODULE_DEFINITIONS,
  moduleForHeader,
  SENSOR_DEFINITIONS,
  sensorByFullKey,
  sensorById,
  sensorOfModule,
  sensorOfModuleNamed,
} from './catalogue.js';

const moduleKeyed = (key: string, id: number) => {
  const module = MODULE_DEFINITIONS.find((m) => m.key === key && m.id === id);
  if (module === undefined) throw new Error(`no module ${key} #${id}`);
  return module;
};

describe('sensor catalogue', () => {
  it('holds the 19 module definitions and 80 sensors of the shared catalogue', () => {
    expect(MODULE_DEFINITIONS).toHaveLength(19);
    expect(SENSOR_DEFINITIONS).toHaveLength(80);
  });

  it('numbers sensors 1..80, stable: these ids are stored with every reading', () => {
    expect(SENSOR_DEFINITIONS.map((s) => s.id)).toEqual(Array.from({ length: 80 }, (_, i) => i + 1));
    // Pinned ids: a change here means readings already stored would change meaning.
    expect(sensorById(1)?.fullKey).toBe('fk.water.ph.ph');
    expect(sensorById(2)?.fullKey).toBe('fk.water.ec.ec');
    expect(sensorById(3)?.fullKey).toBe('fk.water.do.do');
    expect(sensorById(80)?.fullKey).toBe('wh.floodnet.sdError');
    expect(sensorByFullKey('wh.floodnet.depth')?.id).toBe(70);
    expect(sensorByFullKey('fk.testing.sin')?.id).toBe(68);
  });

  it('names every sensor <module key>.<sensor key>, ids unique', () => {
    for (const sensor of SENSOR_DEFINITIONS) {
      expect(sensor.fullKey).toBe(`${sensor.moduleKey}.${sensor.key}`);
      expect(moduleKeyed(sensor.moduleKey, sensor.moduleId).sensors).toContain(sensor);
    }
    expect(new Set(SENSOR_DEFINITIONS.map((s) => s.id)).size).toBe(80);
  });

  it('finds a sensor by full key, the newest definition when two modules share it', () => {
    expect(sensorByFullKey('fk.water.ec.tds')).toMatchObject({ moduleId: 7, key: 'tds', unitOfMeasure: expect.any(String) });
    expect(sensorByFullKey('fk.water.ph.ph')?.moduleId).toBe(6);
    expect(sensorByFullKey('fk.nope.nothing')).toBeUndefined();
  });

  it('aggregates flood depth and tide by maximum, everything else by mean', () => {
    const byMax = SENSOR_DEFINITIONS.filter((s) => s.aggregation === 'max').map((s) => s.fullKey);
    expect(byMax).toEqual(['wh.floodnet.depth', 'wh.floodnet.tideFeet']);
    expect(aggregationOf(sensorByFullKey('wh.floodnet.depth')?.id ?? 0)).toBe('max');
    expect(aggregationOf(sensorByFullKey('fk.water.temp.temp')?.id ?? 0)).toBe('avg');
    expect(aggregationOf(9999)).toBe('avg');
  });

  it('keeps chart settings: ranges, thresholds with levels, minimum gap, labels', () => {
    const depth = sensorByFullKey('wh.floodnet.depth');
    expect(depth?.unitOfMeasure).toBe('inches');
    expect(depth?.ranges).toContainEqual({ minimum: 0, maximum: 6, constrained: true });
    expect(depth?.strings['en-us']?.label).toBe('Flood Depth');
    const series = depth?.viz.find((v) => v.name === 'D3TimeSeriesGraph');
    expect(series?.minimumGap).toBe(600);
    expect(series?.thresholds?.levels.map((l) => [l.start, l.value, l.color])).toEqual([
      [0, 4, '#00CCFF'],
      [4, 12, '#fdbf4b'],
      [12, 24, '#fe4d4c'],
      [24, 100, '#d74dfe'],
    ]);
  });

  it('speaks Spanish: every English text of the catalogue has a translation, added as es-es / es-ES', () => {
    const english = new Set<string>();
    for (const module of CATALOGUE_DATA) {
      for (const sensor of module.sensors) {
        for (const text of Object.values(sensor.strings['en-us'] ?? {})) if (text) english.add(text);
        for (const viz of sensor.viz) {
          const t = viz.thresholds;
          if (!t) continue;
          for (const text of [t.label, ...t.levels.flatMap((l) => [l.label, l.plainLabel, l.mapKeyLabel])]) {
            if (text['en-US']) english.add(text['en-US']);
          }
        }
      }
    }
    const missing = [...english].filter((text) => SPANISH_CATALOGUE_TEXT[text] === undefined);
    expect(missing).toEqual([]);

    const depth = sensorByFullKey('wh.floodnet.depth')!;
    expect(depth.strings['es-es']).toMatchObject({ label: 'Profundidad de inundación' });
    expect(depth.strings['en-us']?.label).toBe('Flood Depth');
    const levels = depth.viz.find((v) => v.thresholds)!.thresholds!.levels;
    expect(levels.map((l) => l.plainLabel['es-ES'])).toEqual(['Ninguna o mínima', 'Leve', 'Moderada', 'Grave']);
    expect(levels[1]!.plainLabel['en-US']).toBe('Minor');
    // Sensors without a label (a few diagnostics) get none in Spanish either.
    const unlabeled = SENSOR_DEFINITIONS.filter((s) => s.strings['en-us']?.label === undefined);
    expect(unlabeled.every((s) => s.strings['es-es']?.label === undefined)).toBe(true);
  });

  describe('moduleForHeader', () => {
    it('finds the definition a station module header names', () => {
      expect(moduleForHeader(1, 0x01)?.key).toBe('fk.weather');
      expect(moduleForHeader(1, 0x03)?.key).toBe('fk.distance');
      expect(moduleForHeader(1, 0x10)?.key).toBe('fk.water.ec');
      expect(moduleForHeader(1, 0xa1)?.key).toBe('fk.testing');
      expect(moduleForHeader(1, 0xa0)?.key).toBe('fk.random');
      expect(moduleForHeader(0, 0)?.key).toBe('wh.floodnet');
      expect(moduleForHeader(7, 0x01)).toBeUndefined();
    });

    it('takes the newest definition when several match', () => {
      // Two weather layouts (ids 12 and 13) and diagnostics (15) vs testing (18) share a kind.
      expect(moduleForHeader(1, 0x01)?.id).toBe(13);
      expect(moduleForHeader(1, 0xa1)?.id).toBe(18);
      expect(moduleForHeader(1, 2)?.id).toBe(17);
    });

    it('prefers, among the matches, the newest one knowing the firmware sensor names', () => {
      expect(moduleForHeader(1, 0x01, ['humidity', 'temperature1', 'windHrMaxSpeed'])?.id).toBe(12);
      expect(moduleForHeader(1, 0xa1, ['batteryCharge', 'batteryVoltage'])?.key).toBe('fk.diagnostics');
      expect(moduleForHeader(1, 2, ['ec', 'tds', 'salinity'])?.id).toBe(7);
      // 'dox' is also an alias of the newer DO definition's 'do'.
      expect(moduleForHeader(1, 2, ['dox'])?.id).toBe(9);
      expect(moduleForHeader(1, 2, ['temp'])?.key).toBe('fk.water.temp');
      // Nobody knows the names: the newest match, as without names.
      expect(moduleForHeader(1, 0x01, ['unheard-of'])?.id).toBe(13);
    });
  });

  describe('sensorOfModule', () => {
    it('answers the sensor at a firmware index, by ordering', () => {
      const weather = moduleKeyed('fk.weather', 12);
      expect(sensorOfModule(weather, 0)?.key).toBe('humidity');
      expect(sensorOfModule(weather, 15)?.key).toBe('rainPrevHour');
      expect(sensorOfModule(weather, 16)).toBeUndefined();
      const flood = moduleKeyed('wh.floodnet', 19);
      expect(sensorOfModule(flood, 0)?.key).toBe('depth');
      expect(sensorOfModule(flood, 4)?.key).toBe('tideFeet');
    });

    it('answers a sensor by firmware name or alias', () => {
      const doModule = moduleKeyed('fk.water.do', 3);
      expect(sensorOfModuleNamed(doModule, 'dox')?.key).toBe('do');
      expect(sensorOfModuleNamed(doModule, 'temperature')?.ordering).toBe(2);
    });
  });
});
