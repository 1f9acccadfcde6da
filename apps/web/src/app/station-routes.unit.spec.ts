import { describe, expect, it } from '@jest/globals';
import { paths } from '@/config/paths';
import { stationPageId } from './station-routes';

describe('stationPageId', () => {
  it("names the station of a station page's address", () => {
    expect(stationPageId(paths.viewStation.getHref(3, 12))).toBe(12);
    expect(stationPageId(paths.viewStationFromMap.getHref(12))).toBe(12);
    expect(stationPageId(paths.stationHistory.getHref(12))).toBe(12);
    expect(stationPageId(`${paths.viewStationFromMap.getHref(12)}/`)).toBe(12);
  });

  it('names none for other addresses, the map on a station among them (the control)', () => {
    for (const path of [
      paths.mapStation.getHref(12),
      paths.stationPhotos.getHref(12),
      paths.viewStationPhotos.getHref(3, 12),
      paths.stationNotes.getHref(12),
      '/station/abc',
      '/station/0x12',
      '/',
    ]) {
      expect(stationPageId(path)).toBeNull();
    }
  });
});
