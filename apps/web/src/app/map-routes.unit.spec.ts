import { describe, expect, it } from '@jest/globals';
import { paths } from '@/config/paths';
import { opensOnAllStationsMap, opensOnMap } from './map-routes';

describe('opensOnMap', () => {
  it('does say so for the all-stations map, a station on it, bounds, and a project big map', () => {
    for (const path of [
      paths.mapAllStations.getHref(),
      paths.mapStation.getHref(42),
      paths.mapAllStationsBounds.getHref([
        [-75, 40],
        [-73, 42],
      ]),
      paths.mapStationBounds.getHref(42, [
        [-75, 40],
        [-73, 42],
      ]),
      paths.viewProjectBigMap.getHref(7),
    ]) {
      expect(opensOnMap(path, null)).toBe(true);
    }
  });

  it('does not when the page has no big map (the stations list, a project page, its list)', () => {
    for (const path of [
      paths.listAllStations.getHref(),
      paths.viewProject.getHref(7),
      paths.viewProjectBigMapList.getHref(7),
      paths.projects.getHref(),
      paths.root.getHref(),
    ]) {
      expect(opensOnMap(path, null)).toBe(false);
    }
  });

  it('does for the root in flood mode, whose home is the fixed project big map', () => {
    expect(opensOnMap(paths.root.getHref(), 174)).toBe(true);
  });

  it('tells the all-stations map from a project big map', () => {
    expect(opensOnAllStationsMap(paths.mapStation.getHref(42))).toBe(true);
    expect(opensOnAllStationsMap(paths.listAllStations.getHref())).toBe(false);
    expect(opensOnAllStationsMap(paths.viewProjectBigMap.getHref(7))).toBe(false);
  });
});
