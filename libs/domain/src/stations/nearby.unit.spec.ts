import { GENERAL_LOCATION_SLACK_DEGREES, nearbySearchBox, nearbyStations, type SeenLocation } from './nearby.js';
import { generalLocation } from './station.rules.js';

const exact = (latitude: number, longitude = -74.01): SeenLocation => ({ latitude, longitude, exact: true });
const general = (latitude: number, longitude = -74.01): SeenLocation => ({
  ...generalLocation({ latitude, longitude }),
  exact: false,
});

describe('nearbyStations', () => {
  it('keeps stations within a mile, nearest first, exact distances to a tenth of a metre', () => {
    const here = exact(40.723);
    const sut = nearbyStations(here, [
      { id: 5, location: exact(40.712) },
      { id: 4, location: exact(40.7149) },
      { id: 9, location: exact(40.706) },
    ]);
    expect(sut.map((s) => s.id)).toEqual([4, 5]);
    expect(sut[0]!.distance).toBeCloseTo(900.7, 1);
  });

  it('decides on what the asker sees: a general location moved within its grid cell changes nothing', () => {
    const here = exact(40.723);
    const answer = (at: number) =>
      nearbyStations(here, [
        { id: 1, location: exact(40.712) },
        { id: 2, location: general(at) },
      ]);
    // Exactly, 40.7149 is 901 m away and 40.7051 is 1,990 m: one nearby, one not.
    expect(answer(40.7149)).toEqual(answer(40.7051));
    expect(answer(40.7149)).toEqual([
      { id: 1, distance: expect.closeTo(1223.1, 1) as number },
      { id: 2, distance: 1000 },
    ]);
  });

  it('gives distances to the kilometre when either end is general', () => {
    expect(
      nearbyStations({ ...generalLocation({ latitude: 40.7, longitude: -74 }), exact: false }, [
        { id: 1, location: exact(40.709, -74) },
      ]),
    ).toEqual([{ id: 1, distance: 1000 }]);
  });

  it('breaks ties by id', () => {
    expect(
      nearbyStations(exact(40), [
        { id: 8, location: exact(40.001) },
        { id: 3, location: exact(40.001) },
      ]).map((s) => s.id),
    ).toEqual([3, 8]);
  });
});

describe('nearbySearchBox', () => {
  it('holds the general location of every station within a mile, wherever it stands in its cell', () => {
    for (const here of [
      { latitude: 59.9, longitude: 10.75 },
      { latitude: -33.8651, longitude: 151.2099 },
      { latitude: 0.004, longitude: -179.999 },
    ]) {
      const box = nearbySearchBox(here);
      const inside = (v: number, [lo, hi]: [number, number]) => v >= lo && v <= hi;
      for (let bearing = 0; bearing < 360; bearing += 15) {
        // A point just inside the radius, in every direction.
        const rad = (bearing * Math.PI) / 180;
        const dLat = 0.01445 * Math.cos(rad);
        const dLng = (0.01445 * Math.sin(rad)) / Math.cos((here.latitude * Math.PI) / 180);
        const g = generalLocation({ latitude: here.latitude + dLat, longitude: here.longitude + dLng });
        expect(inside(g.latitude, box.latitude)).toBe(true);
        const lng = [g.longitude, g.longitude + 360, g.longitude - 360].some((l) => inside(l, box.longitude));
        expect(lng).toBe(true);
      }
      expect(box.wraps).toBe(false);
    }
    expect(nearbySearchBox({ latitude: 89.999, longitude: 0 }).wraps).toBe(true);
    expect(GENERAL_LOCATION_SLACK_DEGREES).toBe(0.005);
  });
});
