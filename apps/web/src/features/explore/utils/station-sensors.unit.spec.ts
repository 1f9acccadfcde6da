import { describe, expect, it } from '@jest/globals';
import type { Station } from '@groundtruth/contracts';
import { dataExtent, defaultChart, stationSensors } from './station-sensors';

const DAY = 86_400_000;
const station = (over: Partial<Station> = {}): Station =>
  ({
    id: 4,
    name: 'Creek',
    configurations: {
      all: [
        {
          modules: [
            {
              id: 9,
              hardwareId: null,
              name: 'modules.diagnostics',
              label: null,
              position: 0,
              internal: true,
              sensors: [{ name: 'battery', unitOfMeasure: '%', order: 0, sensorId: 1, reading: null }],
            },
            {
              id: 12,
              hardwareId: null,
              name: 'modules.water.ph',
              label: null,
              position: 2,
              internal: false,
              sensors: [{ name: 'ph', unitOfMeasure: '', order: 0, sensorId: 30, reading: null }],
            },
            {
              id: 11,
              hardwareId: null,
              name: 'modules.water.temp',
              label: null,
              position: 1,
              internal: false,
              sensors: [
                { name: 'temp', unitOfMeasure: '°C', order: 1, sensorId: 21, reading: null },
                { name: 'raw', unitOfMeasure: '', order: 0, sensorId: null, reading: null },
              ],
            },
          ],
        },
      ],
    },
    data: { start: '2026-01-01T00:00:00.000Z', end: '2026-01-31T00:00:00.000Z', numberOfSamples: 10 },
    ...over,
  }) as unknown as Station;

describe('station sensors', () => {
  it('lists chartable sensors of visible modules in position and sensor order', () => {
    expect(stationSensors(station()).map((s) => s.sensorId)).toEqual([21, 30]);
  });

  it('opens the first sensor over the last days before its latest reading, or all time without readings', () => {
    const end = Date.parse('2026-01-31T00:00:00.000Z') + 1;
    expect(defaultChart(station(), 14, 0)).toEqual({
      series: { stationId: 4, moduleId: 11, sensorId: 21 },
      range: [end - 14 * DAY, end],
      fastTime: 14,
    });
    expect(defaultChart(station(), 1, 0)?.range).toEqual([end - DAY, end]);
    expect(defaultChart(station({ data: null }), 14, 5000)).toMatchObject({ range: [0, 5000], fastTime: 0 });
    expect(defaultChart(station({ configurations: { all: [{ modules: [] }] } }), 14, 0)).toBeNull();
  });

  it('spans the stations readings', () => {
    expect(dataExtent([station()])).toEqual([Date.parse('2026-01-01T00:00:00.000Z'), Date.parse('2026-01-31T00:00:00.000Z') + 1]);
    expect(dataExtent([station({ data: null })])).toBeNull();
  });
});
