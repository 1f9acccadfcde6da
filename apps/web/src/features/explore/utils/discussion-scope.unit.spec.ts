import { describe, expect, it } from '@jest/globals';
import { discussionScope } from './discussion-scope';
import type { Workspace } from './workspace';

const viz = (id: string, series: { stationId: number; sensorId: number }[], range: [number, number] = [1, 2]) => ({
  id,
  series: series.map((s) => ({ ...s, moduleId: 1 })),
  range,
  geo: null,
  chartType: 'timeSeries' as const,
  fastTime: 14 as const,
});

const workspace = (groups: Workspace['groups'], over: Partial<Workspace> = {}): Workspace =>
  ({ groups, stations: [], projects: [], context: null, ...over }) as unknown as Workspace;

describe('what a workspace tells its discussion', () => {
  it('lists each shown sensor once, with the top chart’s window', () => {
    const sut = discussionScope(
      workspace([
        {
          id: 'g1',
          vizes: [
            viz('a', [{ stationId: 1, sensorId: 10 }], [5, 9]),
            viz('b', [
              { stationId: 1, sensorId: 10 },
              { stationId: 2, sensorId: 20 },
            ]),
          ],
        },
      ] as never),
    );
    expect(sut.sensors).toEqual([
      { stationId: 1, sensorId: 10 },
      { stationId: 2, sensorId: 20 },
    ]);
    expect(sut.range).toEqual([5, 9]);
    expect(sut.groupsFilled).toBe(true);
  });

  it('says a group is empty when one has no chart or a chart no sensor, and when there are no groups', () => {
    expect(discussionScope(workspace([{ id: 'g', vizes: [] }] as never)).groupsFilled).toBe(false);
    expect(discussionScope(workspace([{ id: 'g', vizes: [viz('a', [])] }] as never)).groupsFilled).toBe(false);
    expect(discussionScope(workspace([])).groupsFilled).toBe(false);
  });

  it('takes the project from the bookmark’s context, else its first project', () => {
    expect(discussionScope(workspace([], { context: { project: 7, map: false }, projects: [3] })).projectId).toBe(7);
    expect(discussionScope(workspace([], { projects: [3] })).projectId).toBe(3);
    expect(discussionScope(workspace([])).projectId).toBeNull();
  });
});
