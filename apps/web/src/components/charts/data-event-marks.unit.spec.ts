import { describe, expect, it } from '@jest/globals';
import { eventMarks, type ChartEvent } from './data-event-marks';

const event = (over: Partial<ChartEvent>): ChartEvent => ({
  id: 1,
  title: 'Flood',
  startMs: 100,
  endMs: 200,
  sensors: [{ stationId: 1, sensorId: 10 }],
  allSensors: false,
  stations: [],
  ...over,
});

describe('data events on a chart', () => {
  const sensors = [{ stationId: 1, sensorId: 10 }];

  it('draws an event of a shown sensor as a band in fractions of the window', () => {
    expect(eventMarks([event({})], sensors, [0, 1000])).toEqual([{ id: 1, title: 'Flood', from: 0.1, to: 0.2, point: false }]);
  });

  it('draws an event whose start is its end as a point', () => {
    expect(eventMarks([event({ startMs: 500, endMs: 500 })], sensors, [0, 1000])[0]).toMatchObject({
      from: 0.5,
      to: 0.5,
      point: true,
    });
  });

  it('clips an event to the window and leaves out one outside it', () => {
    expect(eventMarks([event({ startMs: -500, endMs: 2000 })], sensors, [0, 1000])[0]).toMatchObject({ from: 0, to: 1 });
    expect(eventMarks([event({ startMs: 1001, endMs: 2000 })], sensors, [0, 1000])).toEqual([]);
  });

  it('leaves out an event of another sensor, even of the same station', () => {
    expect(eventMarks([event({ sensors: [{ stationId: 1, sensorId: 11 }] })], sensors, [0, 1000])).toEqual([]);
    expect(eventMarks([event({ sensors: [{ stationId: 2, sensorId: 10 }] })], sensors, [0, 1000])).toEqual([]);
  });

  it('draws an event over all of a project’s sensors on a chart of one of its stations', () => {
    const all = event({ sensors: [], allSensors: true, stations: [1, 3] });
    expect(eventMarks([all], sensors, [0, 1000])).toHaveLength(1);
    expect(eventMarks([all], [{ stationId: 2, sensorId: 10 }], [0, 1000])).toEqual([]);
  });

  it('draws nothing over an empty window', () => {
    expect(eventMarks([event({})], sensors, [5, 5])).toEqual([]);
  });
});
