import { describe, expect, it } from '@jest/globals';
import { exportRefusal, exportRequestProblem, startOfLocalDay, suggestedExport } from './export-request';

const DAY = 24 * 60 * 60 * 1000;

describe('export panel rules (spec §2 Export panel)', () => {
  it('refuses in flood partner mode and for a NodeRed station only', () => {
    expect(exportRefusal(false, [{ model: null }])).toBe('off');
    expect(exportRefusal(true, [{ model: 'FieldKit' }, { model: 'NodeRed 2' }])).toBe('nodeRed');
    expect(exportRefusal(true, [{ model: 'FieldKit' }, { model: null }])).toBeNull();
  });

  it("suggests the charts' stations and sensors, each once, over whole local days of the window", () => {
    const noon = new Date(2026, 0, 10, 12).getTime();
    const sut = suggestedExport(
      [
        { stationId: 4, moduleId: 1, sensorId: 7 },
        { stationId: 5, moduleId: 2, sensorId: 7 },
        { stationId: 4, moduleId: 1, sensorId: 8 },
      ],
      [noon, noon + 2 * DAY],
      'UTC',
    );
    expect(sut).toEqual({
      stations: [4, 5],
      sensors: [7, 8],
      start: startOfLocalDay(noon),
      end: startOfLocalDay(noon) + 3 * DAY,
      tz: 'UTC',
    });
    // A window ending at midnight does not add the next day.
    const midnight = startOfLocalDay(noon);
    expect(suggestedExport([], [midnight, midnight + DAY], 'UTC').end).toBe(midnight + DAY);
  });

  it('names what is missing before a request is sent', () => {
    const ok = { stations: [1], sensors: [2], start: 0, end: DAY, tz: 'UTC' };
    expect(exportRequestProblem(ok)).toBeNull();
    expect(exportRequestProblem({ ...ok, stations: [] })).toBe('stations');
    expect(exportRequestProblem({ ...ok, sensors: [] })).toBe('sensors');
    expect(exportRequestProblem({ ...ok, end: 0 })).toBe('range');
  });
});
