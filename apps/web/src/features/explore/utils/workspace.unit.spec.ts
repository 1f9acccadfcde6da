import { describe, expect, it } from '@jest/globals';
import { decodeBookmark, parseBookmark, serializeBookmark, type Bookmark } from '@groundtruth/domain';
import {
  DAY_MS,
  bookmarkOf,
  canAddChart,
  queriedRange,
  quickRange,
  workspaceFromBookmark,
  workspaceReducer,
  type Workspace,
} from './workspace';

const END = Date.UTC(2026, 0, 15);
const viz = (station: number, sensor = 7, chartType = 0) => [
  [[station, [3, sensor]]],
  [END - 14 * DAY_MS, END],
  [],
  chartType,
  14,
];

const given = (g: unknown[]): Workspace =>
  workspaceFromBookmark(parseBookmark({ v: 1, g, s: [], p: [2], c: { project: 2, map: false } }));

describe('workspace and bookmark (the domain codec reads and writes it)', () => {
  it('round-trips through the workspace unchanged', () => {
    const bookmark: Bookmark = {
      v: 1,
      g: [[[viz(1) as never, viz(2, 8, 4) as never]], [[viz(3) as never]]],
      s: [1, 2, 3],
      p: [2],
      c: null,
    };
    expect(bookmarkOf(workspaceFromBookmark(bookmark))).toEqual(bookmark);
  });

  it("opens the old portal's six-element viz as its first station and sensor, and publishes it in the new form", () => {
    const old = [
      [5, 6],
      [
        ['a1', 7],
        [3, 8],
      ],
      [END - DAY_MS, END],
      [],
      4,
      1,
    ];
    const sut = workspaceFromBookmark(decodeBookmark(JSON.stringify({ v: 1, g: [[[old]]], s: [5] })));
    expect(sut.groups[0]!.vizes[0]).toMatchObject({
      series: [{ stationId: 5, moduleId: 'a1', sensorId: 7 }],
      chartType: 'bar',
      fastTime: 1,
    });
    expect(serializeBookmark(bookmarkOf(sut))).toBe(
      `{"v":1,"g":[[[[[[5,["a1",7]]],[${END - DAY_MS},${END}],[],4,1]]]],"s":[5],"p":[],"c":null}`,
    );
  });
});

describe('workspace reducer (spec §4 Explore)', () => {
  it('zooms every linked chart of the group and only that group', () => {
    const ws = given([[[viz(1), viz(2)]], [[viz(3)]]]);
    const sut = workspaceReducer(ws, { type: 'zoom', vizId: 'v1', range: [END - DAY_MS, END] });
    expect(sut.groups[0]!.vizes.map((v) => [v.range, v.fastTime])).toEqual([
      [[END - DAY_MS, END], -1],
      [[END - DAY_MS, END], -1],
    ]);
    expect(sut.groups[1]!.vizes[0]).toBe(ws.groups[1]!.vizes[0]);
  });

  it('keeps the quick range a zoom names, and refuses an empty window', () => {
    const ws = given([[[viz(1)]]]);
    expect(
      workspaceReducer(ws, { type: 'zoom', vizId: 'v1', range: quickRange(7, [0, END]), fastTime: 7 }).groups[0]!.vizes[0],
    ).toMatchObject({
      range: [END - 7 * DAY_MS, END],
      fastTime: 7,
    });
    expect(workspaceReducer(ws, { type: 'zoom', vizId: 'v1', range: [END, END] })).toBe(ws);
  });

  it('pans the group on a drag', () => {
    const ws = given([[[viz(1)]]]);
    const sut = workspaceReducer(ws, { type: 'drag', vizId: 'v1', byMs: -DAY_MS });
    expect(sut.groups[0]!.vizes[0]!.range).toEqual([END - 15 * DAY_MS, END - DAY_MS]);
  });

  it('removes a chart, drops its emptied group, and never removes the first chart of the top group', () => {
    const ws = given([[[viz(1)]], [[viz(2)]]]);
    expect(workspaceReducer(ws, { type: 'remove', vizId: 'v1' })).toBe(ws);
    const sut = workspaceReducer(ws, { type: 'remove', vizId: 'v3' });
    expect(sut.groups).toHaveLength(1);
    expect(bookmarkOf(sut).g).toEqual([[[viz(1)]]]);
  });

  it('compares: a linked copy below, then pointed at another station', () => {
    const ws = given([[[viz(1)]]]);
    const compared = workspaceReducer(ws, { type: 'compare', vizId: 'v1' });
    expect(compared.groups[0]!.vizes.map((v) => v.id)).toEqual(['v1', 'v2']);
    const sut = workspaceReducer(compared, {
      type: 'changeSensors',
      vizId: 'v2',
      series: [{ stationId: 9, moduleId: 3, sensorId: 7 }],
    });
    expect(bookmarkOf(sut)).toMatchObject({ g: [[[viz(1), viz(9)]]], s: [1, 9] });
  });

  it('changes the chart type of one chart only', () => {
    const ws = given([[[viz(1), viz(2)]]]);
    const sut = workspaceReducer(ws, { type: 'changeChartType', vizId: 'v2', chartType: 'histogram' });
    expect(bookmarkOf(sut).g[0]![0]!.map((v) => v[3])).toEqual([0, 1]);
  });

  it('unlinks a chart into its own group and links it back, taking the time of the group above', () => {
    const ws = given([[[viz(1), viz(2)]]]);
    const unlinked = workspaceReducer(ws, { type: 'unlink', vizId: 'v2' });
    expect(unlinked.groups.map((g) => g.vizes.map((v) => v.id))).toEqual([['v1'], ['v2']]);
    const zoomed = workspaceReducer(unlinked, { type: 'zoom', vizId: 'v2', range: [0, 1000] });
    expect(zoomed.groups[0]!.vizes[0]!.range).toEqual(ws.groups[0]!.vizes[0]!.range);
    const sut = workspaceReducer(zoomed, { type: 'link', vizId: 'v2' });
    expect(sut.groups.map((g) => g.vizes.map((v) => [v.id, v.range]))).toEqual([
      [
        ['v1', [END - 14 * DAY_MS, END]],
        ['v2', [END - 14 * DAY_MS, END]],
      ],
    ]);
  });

  it('ignores actions on charts it does not hold', () => {
    const ws = given([[[viz(1)]]]);
    expect(workspaceReducer(ws, { type: 'remove', vizId: 'nope' })).toBe(ws);
  });
});

describe('ranges', () => {
  it('measures quick ranges back from the data end, not from now', () => {
    expect(quickRange(1, [0, END])).toEqual([END - DAY_MS, END]);
    expect(quickRange(0, [5, END])).toEqual([5, END]);
  });
  it('widens the query by 3 days each side on mobile only', () => {
    expect(queriedRange([10 * DAY_MS, 20 * DAY_MS], true)).toEqual([7 * DAY_MS, 23 * DAY_MS]);
    expect(queriedRange([10 * DAY_MS, 20 * DAY_MS], false)).toEqual([10 * DAY_MS, 20 * DAY_MS]);
  });
});

describe('opening a station with no groups (spec §4)', () => {
  it('seeds the first chart once, and never over existing charts', () => {
    const empty = workspaceFromBookmark(parseBookmark({ v: 1, g: [], s: [4], p: [], c: null }));
    const series = { stationId: 4, moduleId: 3, sensorId: 7 };
    const sut = workspaceReducer(empty, { type: 'seed', series, range: [END - DAY_MS, END], fastTime: 1 });
    expect(bookmarkOf(sut).g).toEqual([[[[[[4, [3, 7]]], [END - DAY_MS, END], [], 0, 1]]]]);
    expect(workspaceReducer(sut, { type: 'seed', series, range: [0, 1], fastTime: 0 })).toBe(sut);
  });
});

describe('the add-chart button (spec §2)', () => {
  const series = { stationId: 4, moduleId: 3, sensorId: 7 };

  it('adds a group of one chart below the others', () => {
    const ws = given([[[viz(1)]]]);
    const sut = workspaceReducer(ws, { type: 'addChart', series, range: [END - DAY_MS, END], fastTime: 1 });
    expect(sut.groups).toHaveLength(2);
    expect(bookmarkOf(sut).g[1]).toEqual([[[[[4, [3, 7]]], [END - DAY_MS, END], [], 0, 1]]]);
    expect(sut.stations).toContain(4);
    // Ids stay unique: the new chart can be found by its own.
    const ids = sut.groups.flatMap((g) => [g.id, ...g.vizes.map((v) => v.id)]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('is off while the only chart has no data, and on with data or more charts', () => {
    const one = given([[[viz(1)]]]);
    expect(canAddChart(one, () => false)).toBe(false);
    expect(canAddChart(one, () => true)).toBe(true);
    expect(canAddChart(given([[[viz(1), viz(2)]]]), () => false)).toBe(true);
    expect(canAddChart(given([]), () => true)).toBe(false);
  });
});
