// GENERATED from the shared FieldKit catalogue (shared/data/fieldkit-sensor-meta.json: FieldKit module and sensor metadata (fieldkit/cloud migrations, applied in order; data only)).
// Sensor ids are STABLE: 1..80 in the file order of that catalogue. Never renumber or reuse one;
// a new sensor takes the next free id, appended at the end.
import type { ModuleDefinitionData } from './catalogue.types.js';

export const CATALOGUE_DATA: readonly ModuleDefinitionData[] = [
  {
    id: 1,
    key: 'fk.water.ph',
    manufacturer: 1,
    kinds: [9],
    version: [1],
    internal: false,
    sensors: [
      {
        id: 1,
        ordering: 0,
        key: 'ph',
        firmwareKey: 'ph',
        fullKey: 'fk.water.ph.ph',
        internal: false,
        unitOfMeasure: '',
        strings: {
          'en-us': {
            label: 'pH',
          },
        },
        ranges: [
          {
            minimum: 0,
            maximum: 14,
          },
        ],
        viz: [],
        aliases: [],
        aggregation: 'avg',
      },
    ],
  },
  {
    id: 2,
    key: 'fk.water.ec',
    manufacturer: 1,
    kinds: [16],
    version: [1],
    internal: false,
    sensors: [
      {
        id: 2,
        ordering: 0,
        key: 'ec',
        firmwareKey: 'ec',
        fullKey: 'fk.water.ec.ec',
        internal: false,
        unitOfMeasure: 'μS/cm',
        strings: {
          'en-us': {
            label: 'Conductivity',
          },
        },
        ranges: [
          {
            minimum: 0,
            maximum: 500000,
          },
        ],
        viz: [],
        aliases: [],
        aggregation: 'avg',
      },
    ],
  },
  {
    id: 3,
    key: 'fk.water.do',
    manufacturer: 1,
    kinds: [17],
    version: [1],
    internal: false,
    sensors: [
      {
        id: 3,
        ordering: 0,
        key: 'do',
        firmwareKey: 'do',
        fullKey: 'fk.water.do.do',
        internal: false,
        unitOfMeasure: '%',
        strings: {
          'en-us': {
            label: 'DO',
          },
        },
        ranges: [
          {
            minimum: 0,
            maximum: 100,
          },
        ],
        viz: [],
        aliases: ['dox'],
        aggregation: 'avg',
      },
      {
        id: 4,
        ordering: 1,
        key: 'pressure',
        firmwareKey: 'pressure',
        fullKey: 'fk.water.do.pressure',
        internal: false,
        unitOfMeasure: 'kPa',
        strings: {
          'en-us': {
            label: 'Pressure',
          },
        },
        ranges: [
          {
            minimum: 1,
            maximum: 200000,
          },
        ],
        viz: [],
        aliases: [],
        aggregation: 'avg',
      },
      {
        id: 5,
        ordering: 2,
        key: 'temperature',
        firmwareKey: 'temperature',
        fullKey: 'fk.water.do.temperature',
        internal: false,
        unitOfMeasure: '°C',
        strings: {
          'en-us': {
            label: 'Temperature',
          },
        },
        ranges: [
          {
            minimum: -100,
            maximum: 200,
          },
        ],
        viz: [],
        aliases: [],
        aggregation: 'avg',
      },
    ],
  },
  {
    id: 4,
    key: 'fk.water.temp',
    manufacturer: 1,
    kinds: [18],
    version: [1],
    internal: false,
    sensors: [
      {
        id: 6,
        ordering: 0,
        key: 'temp',
        firmwareKey: 'temp',
        fullKey: 'fk.water.temp.temp',
        internal: false,
        unitOfMeasure: '°C',
        strings: {
          'en-us': {
            label: 'Temperature',
          },
        },
        ranges: [
          {
            minimum: -126,
            maximum: 1254,
          },
        ],
        viz: [],
        aliases: [],
        aggregation: 'avg',
      },
    ],
  },
  {
    id: 5,
    key: 'fk.water.orp',
    manufacturer: 1,
    kinds: [19],
    version: [1],
    internal: false,
    sensors: [
      {
        id: 7,
        ordering: 0,
        key: 'orp',
        firmwareKey: 'orp',
        fullKey: 'fk.water.orp.orp',
        internal: false,
        unitOfMeasure: 'mV',
        strings: {
          'en-us': {
            label: 'ORP',
          },
        },
        ranges: [
          {
            minimum: -1019.9,
            maximum: 1019.9,
          },
        ],
        viz: [],
        aliases: [],
        aggregation: 'avg',
      },
    ],
  },
  {
    id: 6,
    key: 'fk.water.ph',
    manufacturer: 1,
    kinds: [2, 4],
    version: [1],
    internal: false,
    sensors: [
      {
        id: 8,
        ordering: 0,
        key: 'ph',
        firmwareKey: 'ph',
        fullKey: 'fk.water.ph.ph',
        internal: false,
        unitOfMeasure: '',
        strings: {
          'en-us': {
            label: 'pH',
          },
        },
        ranges: [
          {
            minimum: 0,
            maximum: 14,
          },
        ],
        viz: [],
        aliases: [],
        aggregation: 'avg',
      },
    ],
  },
  {
    id: 7,
    key: 'fk.water.ec',
    manufacturer: 1,
    kinds: [2, 5],
    version: [1],
    internal: false,
    sensors: [
      {
        id: 9,
        ordering: 0,
        key: 'ec',
        firmwareKey: 'ec',
        fullKey: 'fk.water.ec.ec',
        internal: false,
        unitOfMeasure: 'μS/cm',
        strings: {
          'en-us': {
            label: 'Conductivity',
          },
        },
        ranges: [
          {
            minimum: 0,
            maximum: 500000,
          },
        ],
        viz: [],
        aliases: [],
        aggregation: 'avg',
      },
      {
        id: 10,
        ordering: 1,
        key: 'tds',
        firmwareKey: 'tds',
        fullKey: 'fk.water.ec.tds',
        internal: false,
        unitOfMeasure: '',
        strings: {
          'en-us': {
            label: 'TDS',
          },
        },
        ranges: [
          {
            minimum: 0,
            maximum: 0,
          },
        ],
        viz: [],
        aliases: [],
        aggregation: 'avg',
      },
      {
        id: 11,
        ordering: 2,
        key: 'salinity',
        firmwareKey: 'salinity',
        fullKey: 'fk.water.ec.salinity',
        internal: false,
        unitOfMeasure: '',
        strings: {
          'en-us': {
            label: 'Salinity',
          },
        },
        ranges: [
          {
            minimum: 0,
            maximum: 0,
          },
        ],
        viz: [],
        aliases: [],
        aggregation: 'avg',
      },
    ],
  },
  {
    id: 8,
    key: 'fk.water.dox',
    manufacturer: 1,
    kinds: [2],
    version: [1],
    internal: false,
    sensors: [
      {
        id: 12,
        ordering: 0,
        key: 'dox',
        firmwareKey: 'dox',
        fullKey: 'fk.water.dox.dox',
        internal: false,
        unitOfMeasure: '%',
        strings: {
          'en-us': {
            label: 'DO',
          },
        },
        ranges: [
          {
            minimum: 0,
            maximum: 100,
          },
        ],
        viz: [],
        aliases: [],
        aggregation: 'avg',
      },
    ],
  },
  {
    id: 9,
    key: 'fk.water.do',
    manufacturer: 1,
    kinds: [2, 6],
    version: [1],
    internal: false,
    sensors: [
      {
        id: 13,
        ordering: 0,
        key: 'do',
        firmwareKey: 'do',
        fullKey: 'fk.water.do.do',
        internal: false,
        unitOfMeasure: '%',
        strings: {
          'en-us': {
            label: 'DO',
          },
        },
        ranges: [
          {
            minimum: 0,
            maximum: 100,
          },
        ],
        viz: [],
        aliases: ['dox'],
        aggregation: 'avg',
      },
    ],
  },
  {
    id: 10,
    key: 'fk.water.temp',
    manufacturer: 1,
    kinds: [2, 7],
    version: [1],
    internal: false,
    sensors: [
      {
        id: 14,
        ordering: 0,
        key: 'temp',
        firmwareKey: 'temp',
        fullKey: 'fk.water.temp.temp',
        internal: false,
        unitOfMeasure: '°C',
        strings: {
          'en-us': {
            label: 'Temperature',
          },
        },
        ranges: [
          {
            minimum: -126,
            maximum: 1254,
          },
        ],
        viz: [],
        aliases: [],
        aggregation: 'avg',
      },
    ],
  },
  {
    id: 11,
    key: 'fk.water.orp',
    manufacturer: 1,
    kinds: [2, 8],
    version: [1],
    internal: false,
    sensors: [
      {
        id: 15,
        ordering: 0,
        key: 'orp',
        firmwareKey: 'orp',
        fullKey: 'fk.water.orp.orp',
        internal: false,
        unitOfMeasure: 'mV',
        strings: {
          'en-us': {
            label: 'ORP',
          },
        },
        ranges: [
          {
            minimum: -1019.9,
            maximum: 1019.9,
          },
        ],
        viz: [],
        aliases: [],
        aggregation: 'avg',
      },
    ],
  },
  {
    id: 12,
    key: 'fk.weather',
    manufacturer: 1,
    kinds: [1],
    version: [1],
    internal: false,
    sensors: [
      {
        id: 16,
        ordering: 0,
        key: 'humidity',
        firmwareKey: 'humidity',
        fullKey: 'fk.weather.humidity',
        internal: false,
        unitOfMeasure: '%',
        strings: {
          'en-us': {
            label: 'Humidity',
          },
        },
        ranges: [
          {
            minimum: 0,
            maximum: 100,
          },
        ],
        viz: [],
        aliases: [],
        aggregation: 'avg',
      },
      {
        id: 17,
        ordering: 1,
        key: 'temperature1',
        firmwareKey: 'temperature_1',
        fullKey: 'fk.weather.temperature1',
        internal: false,
        unitOfMeasure: '°C',
        strings: {
          'en-us': {
            label: 'Temperature 1',
          },
        },
        ranges: [
          {
            minimum: -100,
            maximum: 200,
          },
        ],
        viz: [],
        aliases: [],
        aggregation: 'avg',
      },
      {
        id: 18,
        ordering: 2,
        key: 'pressure',
        firmwareKey: 'pressure',
        fullKey: 'fk.weather.pressure',
        internal: false,
        unitOfMeasure: 'kPa',
        strings: {
          'en-us': {
            label: 'Pressure',
          },
        },
        ranges: [
          {
            minimum: 1,
            maximum: 200000,
          },
        ],
        viz: [],
        aliases: [],
        aggregation: 'avg',
      },
      {
        id: 19,
        ordering: 3,
        key: 'temperature2',
        firmwareKey: 'temperature_2',
        fullKey: 'fk.weather.temperature2',
        internal: false,
        unitOfMeasure: '°C',
        strings: {
          'en-us': {
            label: 'Temperature 2',
          },
        },
        ranges: [
          {
            minimum: -100,
            maximum: 200,
          },
        ],
        viz: [],
        aliases: [],
        aggregation: 'avg',
      },
      {
        id: 20,
        ordering: 4,
        key: 'rain',
        firmwareKey: 'rain',
        fullKey: 'fk.weather.rain',
        internal: false,
        unitOfMeasure: 'mm',
        strings: {
          'en-us': {
            label: 'Rain',
          },
        },
        ranges: [
          {
            minimum: 0,
            maximum: 1000,
          },
        ],
        viz: [],
        aliases: [],
        aggregation: 'avg',
      },
      {
        id: 21,
        ordering: 5,
        key: 'windSpeed',
        firmwareKey: 'wind_speed',
        fullKey: 'fk.weather.windSpeed',
        internal: false,
        unitOfMeasure: 'km/hr',
        strings: {
          'en-us': {
            label: 'Wind Speed',
          },
        },
        ranges: [
          {
            minimum: 0,
            maximum: 500,
          },
        ],
        viz: [],
        aliases: [],
        aggregation: 'avg',
      },
      {
        id: 22,
        ordering: 6,
        key: 'windDir',
        firmwareKey: 'wind_dir',
        fullKey: 'fk.weather.windDir',
        internal: false,
        unitOfMeasure: '°',
        strings: {
          'en-us': {
            label: 'Wind Direction',
          },
        },
        ranges: [
          {
            minimum: 0,
            maximum: 360,
          },
        ],
        viz: [],
        aliases: [],
        aggregation: 'avg',
      },
      {
        id: 23,
        ordering: 7,
        key: 'windDirMv',
        firmwareKey: 'wind_dir_mv',
        fullKey: 'fk.weather.windDirMv',
        internal: false,
        unitOfMeasure: 'mV',
        strings: {
          'en-us': {
            label: 'Wind Direction Raw ADC',
          },
        },
        ranges: [],
        viz: [],
        aliases: [],
        aggregation: 'avg',
      },
      {
        id: 24,
        ordering: 8,
        key: 'windHrMaxSpeed',
        firmwareKey: 'wind_hr_max_speed',
        fullKey: 'fk.weather.windHrMaxSpeed',
        internal: false,
        unitOfMeasure: 'km/hr',
        strings: {
          'en-us': {
            label: 'Wind Max Speed (1 hour)',
          },
        },
        ranges: [
          {
            minimum: 0,
            maximum: 500,
          },
        ],
        viz: [],
        aliases: [],
        aggregation: 'avg',
      },
      {
        id: 25,
        ordering: 9,
        key: 'windHrMaxDir',
        firmwareKey: 'wind_hr_max_dir',
        fullKey: 'fk.weather.windHrMaxDir',
        internal: false,
        unitOfMeasure: '°',
        strings: {
          'en-us': {
            label: 'Wind Max Direction (1 hour)',
          },
        },
        ranges: [
          {
            minimum: 0,
            maximum: 360,
          },
        ],
        viz: [],
        aliases: [],
        aggregation: 'avg',
      },
      {
        id: 26,
        ordering: 10,
        key: 'wind10mMaxSpeed',
        firmwareKey: 'wind_10m_max_speed',
        fullKey: 'fk.weather.wind10mMaxSpeed',
        internal: false,
        unitOfMeasure: 'km/hr',
        strings: {
          'en-us': {
            label: 'Wind Max Speed (10 min)',
          },
        },
        ranges: [
          {
            minimum: 0,
            maximum: 500,
          },
        ],
        viz: [],
        aliases: [],
        aggregation: 'avg',
      },
      {
        id: 27,
        ordering: 11,
        key: 'wind10mMaxDir',
        firmwareKey: 'wind_10m_max_dir',
        fullKey: 'fk.weather.wind10mMaxDir',
        internal: false,
        unitOfMeasure: '°',
        strings: {
          'en-us': {
            label: 'Wind Max Direction (10 min)',
          },
        },
        ranges: [
          {
            minimum: 0,
            maximum: 360,
          },
        ],
        viz: [],
        aliases: [],
        aggregation: 'avg',
      },
      {
        id: 28,
        ordering: 12,
        key: 'wind2mAvgSpeed',
        firmwareKey: 'wind_2m_avg_speed',
        fullKey: 'fk.weather.wind2mAvgSpeed',
        internal: false,
        unitOfMeasure: 'km/hr',
        strings: {
          'en-us': {
            label: 'Wind Average Speed (2 min)',
          },
        },
        ranges: [
          {
            minimum: 0,
            maximum: 500,
          },
        ],
        viz: [],
        aliases: [],
        aggregation: 'avg',
      },
      {
        id: 29,
        ordering: 13,
        key: 'wind2mAvgDir',
        firmwareKey: 'wind_2m_avg_dir',
        fullKey: 'fk.weather.wind2mAvgDir',
        internal: false,
        unitOfMeasure: '°',
        strings: {
          'en-us': {
            label: 'Wind Average Direction (2 min)',
          },
        },
        ranges: [
          {
            minimum: 0,
            maximum: 360,
          },
        ],
        viz: [],
        aliases: [],
        aggregation: 'avg',
      },
      {
        id: 30,
        ordering: 14,
        key: 'rainThisHour',
        firmwareKey: 'rain_this_hour',
        fullKey: 'fk.weather.rainThisHour',
        internal: false,
        unitOfMeasure: 'mm',
        strings: {
          'en-us': {
            label: 'Rain This Hour',
          },
        },
        ranges: [
          {
            minimum: 0,
            maximum: 1000,
          },
        ],
        viz: [],
        aliases: [],
        aggregation: 'avg',
      },
      {
        id: 31,
        ordering: 15,
        key: 'rainPrevHour',
        firmwareKey: 'rain_prev_hour',
        fullKey: 'fk.weather.rainPrevHour',
        internal: false,
        unitOfMeasure: 'mm',
        strings: {
          'en-us': {
            label: 'Rain Previous Hour',
          },
        },
        ranges: [
          {
            minimum: 0,
            maximum: 1000,
          },
        ],
        viz: [],
        aliases: [],
        aggregation: 'avg',
      },
    ],
  },
  {
    id: 13,
    key: 'fk.weather',
    manufacturer: 1,
    kinds: [1],
    version: [1],
    internal: false,
    sensors: [
      {
        id: 32,
        ordering: 0,
        key: 'humidity',
        firmwareKey: 'humidity',
        fullKey: 'fk.weather.humidity',
        internal: false,
        unitOfMeasure: '%',
        strings: {
          'en-us': {
            label: 'Humidity',
          },
        },
        ranges: [
          {
            minimum: 0,
            maximum: 100,
          },
        ],
        viz: [],
        aliases: [],
        aggregation: 'avg',
      },
      {
        id: 33,
        ordering: 1,
        key: 'temperature1',
        firmwareKey: 'temperature_1',
        fullKey: 'fk.weather.temperature1',
        internal: false,
        unitOfMeasure: '°C',
        strings: {
          'en-us': {
            label: 'Temperature 1',
          },
        },
        ranges: [
          {
            minimum: -100,
            maximum: 200,
          },
        ],
        viz: [],
        aliases: [],
        aggregation: 'avg',
      },
      {
        id: 34,
        ordering: 2,
        key: 'pressure',
        firmwareKey: 'pressure',
        fullKey: 'fk.weather.pressure',
        internal: false,
        unitOfMeasure: 'kPa',
        strings: {
          'en-us': {
            label: 'Pressure',
          },
        },
        ranges: [
          {
            minimum: 1,
            maximum: 200000,
          },
        ],
        viz: [],
        aliases: [],
        aggregation: 'avg',
      },
      {
        id: 35,
        ordering: 3,
        key: 'temperature2',
        firmwareKey: 'temperature_2',
        fullKey: 'fk.weather.temperature2',
        internal: false,
        unitOfMeasure: '°C',
        strings: {
          'en-us': {
            label: 'Temperature 2',
          },
        },
        ranges: [
          {
            minimum: -100,
            maximum: 200,
          },
        ],
        viz: [],
        aliases: [],
        aggregation: 'avg',
      },
      {
        id: 36,
        ordering: 4,
        key: 'rain',
        firmwareKey: 'rain',
        fullKey: 'fk.weather.rain',
        internal: false,
        unitOfMeasure: 'mm',
        strings: {
          'en-us': {
            label: 'Rain',
          },
        },
        ranges: [
          {
            minimum: 0,
            maximum: 1000,
          },
        ],
        viz: [],
        aliases: [],
        aggregation: 'avg',
      },
      {
        id: 37,
        ordering: 5,
        key: 'wind',
        firmwareKey: 'wind',
        fullKey: 'fk.weather.wind',
        internal: false,
        unitOfMeasure: 'km/hr',
        strings: {
          'en-us': {
            label: 'Wind',
          },
        },
        ranges: [
          {
            minimum: 0,
            maximum: 500,
          },
        ],
        viz: [],
        aliases: [],
        aggregation: 'avg',
      },
      {
        id: 38,
        ordering: 6,
        key: 'windDir',
        firmwareKey: 'wind_dir',
        fullKey: 'fk.weather.windDir',
        internal: false,
        unitOfMeasure: '°',
        strings: {
          'en-us': {
            label: 'Wind Direction',
          },
        },
        ranges: [
          {
            minimum: 0,
            maximum: 360,
          },
        ],
        viz: [],
        aliases: [],
        aggregation: 'avg',
      },
      {
        id: 39,
        ordering: 7,
        key: 'windMv',
        firmwareKey: 'wind_mv',
        fullKey: 'fk.weather.windMv',
        internal: false,
        unitOfMeasure: 'mV',
        strings: {
          'en-us': {
            label: 'Wind Raw ADC',
          },
        },
        ranges: [],
        viz: [],
        aliases: [],
        aggregation: 'avg',
      },
    ],
  },
  {
    id: 14,
    key: 'fk.distance',
    manufacturer: 1,
    kinds: [3],
    version: [1],
    internal: false,
    sensors: [
      {
        id: 40,
        ordering: 0,
        key: 'distance',
        firmwareKey: 'distance',
        fullKey: 'fk.distance.distance',
        internal: false,
        unitOfMeasure: 'mm',
        strings: {
          'en-us': {
            label: 'Distance',
          },
        },
        ranges: [
          {
            minimum: 0,
            maximum: 4999,
          },
        ],
        viz: [],
        aliases: [],
        aggregation: 'avg',
      },
      {
        id: 41,
        ordering: 1,
        key: 'distance0',
        firmwareKey: 'distance_0',
        fullKey: 'fk.distance.distance0',
        internal: false,
        unitOfMeasure: 'mm',
        strings: {
          'en-us': {
            label: 'Distance 0',
          },
        },
        ranges: [
          {
            minimum: 0,
            maximum: 4999,
          },
        ],
        viz: [],
        aliases: [],
        aggregation: 'avg',
      },
      {
        id: 42,
        ordering: 2,
        key: 'distance1',
        firmwareKey: 'distance_1',
        fullKey: 'fk.distance.distance1',
        internal: false,
        unitOfMeasure: 'mm',
        strings: {
          'en-us': {
            label: 'Distance 1',
          },
        },
        ranges: [
          {
            minimum: 0,
            maximum: 4999,
          },
        ],
        viz: [],
        aliases: [],
        aggregation: 'avg',
      },
      {
        id: 43,
        ordering: 3,
        key: 'distance2',
        firmwareKey: 'distance_2',
        fullKey: 'fk.distance.distance2',
        internal: false,
        unitOfMeasure: 'mm',
        strings: {
          'en-us': {
            label: 'Distance 2',
          },
        },
        ranges: [
          {
            minimum: 0,
            maximum: 4999,
          },
        ],
        viz: [],
        aliases: [],
        aggregation: 'avg',
      },
      {
        id: 44,
        ordering: 4,
        key: 'calibration',
        firmwareKey: 'calibration',
        fullKey: 'fk.distance.calibration',
        internal: false,
        unitOfMeasure: 'mm',
        strings: {
          'en-us': {
            label: 'Calibration',
          },
        },
        ranges: [],
        viz: [],
        aliases: [],
        aggregation: 'avg',
      },
    ],
  },
  {
    id: 15,
    key: 'fk.diagnostics',
    manufacturer: 1,
    kinds: [161],
    version: [1],
    internal: true,
    sensors: [
      {
        id: 45,
        ordering: 0,
        key: 'batteryCharge',
        firmwareKey: 'battery_charge',
        fullKey: 'fk.diagnostics.batteryCharge',
        internal: false,
        unitOfMeasure: '',
        strings: {
          'en-us': {
            label: 'Battery Charge',
          },
        },
        ranges: [],
        viz: [],
        aliases: [],
        aggregation: 'avg',
      },
      {
        id: 46,
        ordering: 1,
        key: 'batteryVoltage',
        firmwareKey: 'battery_voltage',
        fullKey: 'fk.diagnostics.batteryVoltage',
        internal: false,
        unitOfMeasure: 'V',
        strings: {
          'en-us': {
            label: 'Battery Voltage',
          },
        },
        ranges: [],
        viz: [],
        aliases: [],
        aggregation: 'avg',
      },
      {
        id: 47,
        ordering: 2,
        key: 'batteryVbus',
        firmwareKey: 'battery_vbus',
        fullKey: 'fk.diagnostics.batteryVbus',
        internal: false,
        unitOfMeasure: 'V',
        strings: {
          'en-us': {
            label: 'Battery Bus Voltage',
          },
        },
        ranges: [],
        viz: [],
        aliases: [],
        aggregation: 'avg',
      },
      {
        id: 48,
        ordering: 3,
        key: 'batteryVs',
        firmwareKey: 'battery_vs',
        fullKey: 'fk.diagnostics.batteryVs',
        internal: false,
        unitOfMeasure: 'mv',
        strings: {
          'en-us': {
            label: 'Battery Shunt Voltage',
          },
        },
        ranges: [],
        viz: [],
        aliases: [],
        aggregation: 'avg',
      },
      {
        id: 49,
        ordering: 4,
        key: 'batteryMa',
        firmwareKey: 'battery_ma',
        fullKey: 'fk.diagnostics.batteryMa',
        internal: false,
        unitOfMeasure: 'ma',
        strings: {
          'en-us': {
            label: 'Battery Current',
          },
        },
        ranges: [],
        viz: [],
        aliases: [],
        aggregation: 'avg',
      },
      {
        id: 50,
        ordering: 5,
        key: 'batteryPower',
        firmwareKey: 'battery_power',
        fullKey: 'fk.diagnostics.batteryPower',
        internal: false,
        unitOfMeasure: '',
        strings: {
          'en-us': {
            label: 'Battery Power',
          },
        },
        ranges: [],
        viz: [],
        aliases: [],
        aggregation: 'avg',
      },
      {
        id: 51,
        ordering: 6,
        key: 'solarVbus',
        firmwareKey: 'solar_vbus',
        fullKey: 'fk.diagnostics.solarVbus',
        internal: false,
        unitOfMeasure: 'V',
        strings: {
          'en-us': {},
        },
        ranges: [],
        viz: [],
        aliases: [],
        aggregation: 'avg',
      },
      {
        id: 52,
        ordering: 7,
        key: 'solarVs',
        firmwareKey: 'solar_vs',
        fullKey: 'fk.diagnostics.solarVs',
        internal: false,
        unitOfMeasure: 'mv',
        strings: {
          'en-us': {},
        },
        ranges: [],
        viz: [],
        aliases: [],
        aggregation: 'avg',
      },
      {
        id: 53,
        ordering: 8,
        key: 'solarMa',
        firmwareKey: 'solar_ma',
        fullKey: 'fk.diagnostics.solarMa',
        internal: false,
        unitOfMeasure: 'ma',
        strings: {
          'en-us': {},
        },
        ranges: [],
        viz: [],
        aliases: [],
        aggregation: 'avg',
      },
      {
        id: 54,
        ordering: 9,
        key: 'solarPower',
        firmwareKey: 'solar_power',
        fullKey: 'fk.diagnostics.solarPower',
        internal: false,
        unitOfMeasure: '',
        strings: {
          'en-us': {},
        },
        ranges: [],
        viz: [],
        aliases: [],
        aggregation: 'avg',
      },
      {
        id: 55,
        ordering: 10,
        key: 'freeMemory',
        firmwareKey: 'free_memory',
        fullKey: 'fk.diagnostics.freeMemory',
        internal: false,
        unitOfMeasure: 'bytes',
        strings: {
          'en-us': {
            label: 'Free Memory',
          },
        },
        ranges: [],
        viz: [],
        aliases: [],
        aggregation: 'avg',
      },
      {
        id: 56,
        ordering: 11,
        key: 'uptime',
        firmwareKey: 'uptime',
        fullKey: 'fk.diagnostics.uptime',
        internal: false,
        unitOfMeasure: 'ms',
        strings: {
          'en-us': {
            label: 'Uptime',
          },
        },
        ranges: [],
        viz: [],
        aliases: [],
        aggregation: 'avg',
      },
      {
        id: 57,
        ordering: 12,
        key: 'temperature',
        firmwareKey: 'temperature',
        fullKey: 'fk.diagnostics.temperature',
        internal: false,
        unitOfMeasure: '°C',
        strings: {
          'en-us': {
            label: 'Temperature',
          },
        },
        ranges: [],
        viz: [],
        aliases: [],
        aggregation: 'avg',
      },
    ],
  },
  {
    id: 16,
    key: 'fk.random',
    manufacturer: 1,
    kinds: [160],
    version: [1],
    internal: true,
    sensors: [
      {
        id: 58,
        ordering: 0,
        key: 'random0',
        firmwareKey: 'random_0',
        fullKey: 'fk.random.random0',
        internal: false,
        unitOfMeasure: '',
        strings: {
          'en-us': {
            label: 'Random 0',
          },
        },
        ranges: [],
        viz: [],
        aliases: [],
        aggregation: 'avg',
      },
      {
        id: 59,
        ordering: 1,
        key: 'random1',
        firmwareKey: 'random_1',
        fullKey: 'fk.random.random1',
        internal: false,
        unitOfMeasure: '',
        strings: {
          'en-us': {
            label: 'Random 1',
          },
        },
        ranges: [],
        viz: [],
        aliases: [],
        aggregation: 'avg',
      },
      {
        id: 60,
        ordering: 2,
        key: 'random2',
        firmwareKey: 'random_2',
        fullKey: 'fk.random.random2',
        internal: false,
        unitOfMeasure: '',
        strings: {
          'en-us': {
            label: 'Random 2',
          },
        },
        ranges: [],
        viz: [],
        aliases: [],
        aggregation: 'avg',
      },
      {
        id: 61,
        ordering: 3,
        key: 'random3',
        firmwareKey: 'random_3',
        fullKey: 'fk.random.random3',
        internal: false,
        unitOfMeasure: '',
        strings: {
          'en-us': {
            label: 'Random 3',
          },
        },
        ranges: [],
        viz: [],
        aliases: [],
        aggregation: 'avg',
      },
      {
        id: 62,
        ordering: 4,
        key: 'random4',
        firmwareKey: 'random_4',
        fullKey: 'fk.random.random4',
        internal: false,
        unitOfMeasure: '',
        strings: {
          'en-us': {
            label: 'Random 4',
          },
        },
        ranges: [],
        viz: [],
        aliases: [],
        aggregation: 'avg',
      },
      {
        id: 63,
        ordering: 5,
        key: 'random5',
        firmwareKey: 'random_5',
        fullKey: 'fk.random.random5',
        internal: false,
        unitOfMeasure: '',
        strings: {
          'en-us': {
            label: 'Random 5',
          },
        },
        ranges: [],
        viz: [],
        aliases: [],
        aggregation: 'avg',
      },
      {
        id: 64,
        ordering: 6,
        key: 'random6',
        firmwareKey: 'random_6',
        fullKey: 'fk.random.random6',
        internal: false,
        unitOfMeasure: '',
        strings: {
          'en-us': {
            label: 'Random 6',
          },
        },
        ranges: [],
        viz: [],
        aliases: [],
        aggregation: 'avg',
      },
      {
        id: 65,
        ordering: 7,
        key: 'random7',
        firmwareKey: 'random_7',
        fullKey: 'fk.random.random7',
        internal: false,
        unitOfMeasure: '',
        strings: {
          'en-us': {
            label: 'Random 7',
          },
        },
        ranges: [],
        viz: [],
        aliases: [],
        aggregation: 'avg',
      },
      {
        id: 66,
        ordering: 8,
        key: 'random8',
        firmwareKey: 'random_8',
        fullKey: 'fk.random.random8',
        internal: false,
        unitOfMeasure: '',
        strings: {
          'en-us': {
            label: 'Random 8',
          },
        },
        ranges: [],
        viz: [],
        aliases: [],
        aggregation: 'avg',
      },
      {
        id: 67,
        ordering: 9,
        key: 'random9',
        firmwareKey: 'random_9',
        fullKey: 'fk.random.random9',
        internal: false,
        unitOfMeasure: '',
        strings: {
          'en-us': {
            label: 'Random 9',
          },
        },
        ranges: [],
        viz: [],
        aliases: [],
        aggregation: 'avg',
      },
    ],
  },
  {
    id: 17,
    key: 'fk.water',
    manufacturer: 1,
    kinds: [2],
    version: [1],
    internal: false,
    sensors: [],
  },
  {
    id: 18,
    key: 'fk.testing',
    manufacturer: 1,
    kinds: [161],
    version: [1],
    internal: false,
    sensors: [
      {
        id: 68,
        ordering: 0,
        key: 'sin',
        firmwareKey: 'sin',
        fullKey: 'fk.testing.sin',
        internal: false,
        unitOfMeasure: '',
        strings: {
          'en-us': {
            label: 'Sin(x)',
          },
        },
        ranges: [
          {
            minimum: -1,
            maximum: 1,
          },
        ],
        viz: [],
        aliases: [],
        aggregation: 'avg',
      },
      {
        id: 69,
        ordering: 1,
        key: 'saw.weekly',
        firmwareKey: 'saw.weekly',
        fullKey: 'fk.testing.saw.weekly',
        internal: false,
        unitOfMeasure: '',
        strings: {
          'en-us': {
            label: 'Saw(x)',
          },
        },
        ranges: [
          {
            minimum: 0,
            maximum: 1000,
          },
        ],
        viz: [],
        aliases: [],
        aggregation: 'avg',
      },
    ],
  },
  {
    id: 19,
    key: 'wh.floodnet',
    manufacturer: 0,
    kinds: [0],
    version: [0],
    internal: false,
    sensors: [
      {
        id: 70,
        ordering: 0,
        key: 'depth',
        firmwareKey: 'depth',
        fullKey: 'wh.floodnet.depth',
        internal: false,
        unitOfMeasure: 'inches',
        strings: {
          'en-us': {
            label: 'Flood Depth',
            chartLabel: 'Flood Depth Threshold (Inches)',
            axisLabel: 'Flood Depth (Inches)',
          },
        },
        ranges: [
          {
            minimum: 0,
            maximum: 40,
          },
          {
            minimum: 0,
            maximum: 6,
            constrained: true,
          },
        ],
        viz: [
          {
            name: 'D3TimeSeriesGraph',
            disabled: false,
            minimumGap: 600,
            thresholds: {
              label: {
                'en-US': 'Flood Depth',
              },
              levels: [
                {
                  label: {
                    'en-US': 'None or Minimal',
                  },
                  mapKeyLabel: {
                    'en-US': 'None or Minimal',
                  },
                  plainLabel: {
                    'en-US': 'None or Minimal',
                  },
                  value: 4,
                  color: '#00CCFF',
                  hidden: true,
                  start: 0,
                },
                {
                  label: {
                    'en-US': 'Minor (4")',
                  },
                  mapKeyLabel: {
                    'en-US': 'Minor (4"-12")',
                  },
                  plainLabel: {
                    'en-US': 'Minor',
                  },
                  value: 12,
                  color: '#fdbf4b',
                  start: 4,
                },
                {
                  label: {
                    'en-US': 'Moderate (12")',
                  },
                  mapKeyLabel: {
                    'en-US': 'Moderate (12"-24")',
                  },
                  plainLabel: {
                    'en-US': 'Moderate',
                  },
                  value: 24,
                  color: '#fe4d4c',
                  start: 12,
                },
                {
                  label: {
                    'en-US': 'Major (24")',
                  },
                  mapKeyLabel: {
                    'en-US': 'Major (> 24")',
                  },
                  plainLabel: {
                    'en-US': 'Major',
                  },
                  value: 100,
                  color: '#d74dfe',
                  start: 24,
                },
              ],
            },
          },
          {
            name: 'D3Map',
            disabled: false,
            thresholds: null,
          },
        ],
        aliases: [],
        aggregation: 'max',
      },
      {
        id: 71,
        ordering: 1,
        key: 'depthUnfiltered',
        firmwareKey: 'depth_unfiltered',
        fullKey: 'wh.floodnet.depthUnfiltered',
        internal: true,
        unitOfMeasure: 'inches',
        strings: {
          'en-us': {
            label: 'Depth (Unfiltered)',
          },
        },
        ranges: [
          {
            minimum: 0,
            maximum: 40,
          },
          {
            minimum: 0,
            maximum: 6,
            constrained: true,
          },
        ],
        viz: [
          {
            name: 'D3TimeSeriesGraph',
            disabled: false,
            yZero: false,
            thresholds: null,
          },
          {
            name: 'D3Map',
            disabled: false,
            yZero: false,
            thresholds: null,
          },
        ],
        aliases: [],
        aggregation: 'avg',
      },
      {
        id: 72,
        ordering: 1,
        key: 'maxPrecipLast5MinMmPerMin',
        firmwareKey: 'maxPrecipLast5MinMmPerMin',
        fullKey: 'wh.floodnet.maxPrecipLast5MinMmPerMin',
        internal: false,
        unitOfMeasure: 'inches',
        strings: {
          'en-us': {
            label: 'Precipitation',
            axisLabel: 'Precipitation (Inches/Hour)',
          },
        },
        ranges: [],
        viz: [
          {
            name: 'TimeSeriesChart',
            disabled: false,
            yZero: true,
            thresholds: null,
          },
        ],
        aliases: [],
        aggregation: 'avg',
      },
      {
        id: 73,
        ordering: 2,
        key: 'distance',
        firmwareKey: 'distance',
        fullKey: 'wh.floodnet.distance',
        internal: true,
        unitOfMeasure: 'mm',
        strings: {
          'en-us': {
            label: 'Distance',
          },
        },
        ranges: [
          {
            minimum: 0,
            maximum: 4999,
          },
        ],
        viz: [
          {
            name: 'D3TimeSeriesGraph',
            disabled: false,
            yZero: false,
            thresholds: null,
          },
          {
            name: 'D3Map',
            disabled: false,
            yZero: false,
            thresholds: null,
          },
        ],
        aliases: [],
        aggregation: 'avg',
      },
      {
        id: 74,
        ordering: 3,
        key: 'battery',
        firmwareKey: 'battery',
        fullKey: 'wh.floodnet.battery',
        internal: false,
        unitOfMeasure: '%',
        strings: {
          'en-us': {
            label: 'Battery',
          },
        },
        ranges: [
          {
            minimum: 0,
            maximum: 100,
          },
        ],
        viz: [
          {
            name: 'D3TimeSeriesGraph',
            disabled: false,
            yZero: false,
            thresholds: null,
          },
          {
            name: 'D3Map',
            disabled: false,
            yZero: false,
            thresholds: null,
          },
        ],
        aliases: [],
        aggregation: 'avg',
      },
      {
        id: 75,
        ordering: 4,
        key: 'tideFeet',
        firmwareKey: 'tide_feet',
        fullKey: 'wh.floodnet.tideFeet',
        internal: false,
        unitOfMeasure: 'inches',
        strings: {
          'en-us': {
            label: 'Tide Level',
            axisLabel: 'Tide Level (Feet Relative to MLLW)',
          },
        },
        ranges: [
          {
            minimum: 0,
            maximum: 40,
          },
          {
            minimum: 0,
            maximum: 6,
            constrained: true,
          },
        ],
        viz: [
          {
            name: 'D3TimeSeriesGraph',
            disabled: false,
            minimumGap: 600,
            thresholds: null,
          },
          {
            name: 'D3Map',
            disabled: false,
            thresholds: null,
          },
        ],
        aliases: [],
        aggregation: 'max',
      },
      {
        id: 76,
        ordering: 5,
        key: 'humidity',
        firmwareKey: 'humidity',
        fullKey: 'wh.floodnet.humidity',
        internal: true,
        unitOfMeasure: '%',
        strings: {
          'en-us': {
            label: 'Humidity',
          },
        },
        ranges: [
          {
            minimum: 0,
            maximum: 100,
          },
        ],
        viz: [
          {
            name: 'D3TimeSeriesGraph',
            disabled: false,
            yZero: false,
            thresholds: null,
          },
          {
            name: 'D3Map',
            disabled: false,
            yZero: false,
            thresholds: null,
          },
        ],
        aliases: [],
        aggregation: 'avg',
      },
      {
        id: 77,
        ordering: 6,
        key: 'pressure',
        firmwareKey: 'pressure',
        fullKey: 'wh.floodnet.pressure',
        internal: true,
        unitOfMeasure: 'kPa',
        strings: {
          'en-us': {
            label: 'Pressure',
          },
        },
        ranges: [
          {
            minimum: 1,
            maximum: 200000,
          },
        ],
        viz: [
          {
            name: 'D3TimeSeriesGraph',
            disabled: false,
            yZero: false,
            thresholds: null,
          },
          {
            name: 'D3Map',
            disabled: false,
            yZero: false,
            thresholds: null,
          },
        ],
        aliases: [],
        aggregation: 'avg',
      },
      {
        id: 78,
        ordering: 7,
        key: 'altitude',
        firmwareKey: 'altitude',
        fullKey: 'wh.floodnet.altitude',
        internal: true,
        unitOfMeasure: 'm',
        strings: {
          'en-us': {
            label: 'Altitude',
          },
        },
        ranges: [
          {
            minimum: 3000,
            maximum: -500,
          },
        ],
        viz: [
          {
            name: 'D3TimeSeriesGraph',
            disabled: false,
            yZero: false,
            thresholds: null,
          },
          {
            name: 'D3Map',
            disabled: false,
            yZero: false,
            thresholds: null,
          },
        ],
        aliases: [],
        aggregation: 'avg',
      },
      {
        id: 79,
        ordering: 8,
        key: 'temperature',
        firmwareKey: 'temperature',
        fullKey: 'wh.floodnet.temperature',
        internal: true,
        unitOfMeasure: '°C',
        strings: {
          'en-us': {
            label: 'Temperature',
          },
        },
        ranges: [
          {
            minimum: -100,
            maximum: 200,
          },
        ],
        viz: [
          {
            name: 'D3TimeSeriesGraph',
            disabled: false,
            yZero: false,
            thresholds: null,
          },
          {
            name: 'D3Map',
            disabled: false,
            yZero: false,
            thresholds: null,
          },
        ],
        aliases: [],
        aggregation: 'avg',
      },
      {
        id: 80,
        ordering: 9,
        key: 'sdError',
        firmwareKey: 'sdError',
        fullKey: 'wh.floodnet.sdError',
        internal: true,
        unitOfMeasure: '',
        strings: {
          'en-us': {
            label: 'SD Error',
          },
        },
        ranges: [
          {
            minimum: 0,
            maximum: 200,
          },
        ],
        viz: [
          {
            name: 'D3TimeSeriesGraph',
            disabled: false,
            yZero: false,
            thresholds: null,
          },
          {
            name: 'D3Map',
            disabled: false,
            yZero: false,
            thresholds: null,
          },
        ],
        aliases: [],
        aggregation: 'avg',
      },
    ],
  },
];
