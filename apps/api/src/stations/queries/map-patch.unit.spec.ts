import type { MapStation } from '@groundtruth/contracts';
import { changedStations, patchedStations } from './map-patch.js';

const marks = (revisions: ReadonlyMap<number, number>) =>
  [...revisions]
    .sort(([a], [b]) => a - b)
    .map(([id, revision]) => `${id}:${revision}`)
    .join(',');

/** The plain diff: every id whose revision differs, or which one side lacks. */
const naive = (before: ReadonlyMap<number, number>, after: ReadonlyMap<number, number>) =>
  [...new Set([...before.keys(), ...after.keys()])].filter((id) => before.get(id) !== after.get(id)).sort((a, b) => a - b);

const station = (id: number, name = `S${id}`): MapStation => ({
  id,
  name,
  location: [0, 0],
  exact: true,
  mine: false,
  status: 'down',
  inactive: true,
  lastReadingAt: null,
  battery: null,
  place: null,
  reading: null,
});

describe('changedStations', () => {
  it('finds nothing when nothing moved', () => {
    expect(changedStations('1:1,2:5', '1:1,2:5')).toEqual([]);
    expect(changedStations('', '')).toEqual([]);
  });

  it('finds a moved revision, a new station and a gone one, wherever they are', () => {
    expect(changedStations('1:1,2:5,3:2', '1:1,2:6,3:2')).toEqual([2]);
    expect(changedStations('1:1,2:5', '1:1,2:5,3:1')).toEqual([3]);
    expect(changedStations('1:1,2:5,3:1', '2:5,3:1')).toEqual([1]);
    expect(changedStations('', '7:1')).toEqual([7]);
    expect(changedStations('7:1', '')).toEqual([7]);
    // Ids and revisions that share digits with their neighbours.
    expect(changedStations('12:3,13:4', '12:3,113:4').sort((a, b) => a - b)).toEqual([13, 113]);
    expect(changedStations('1:11,2:1', '1:1,2:1')).toEqual([1]);
  });

  it('agrees with the plain diff on random writes to random stations', () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return Math.floor((seed / 2_147_483_648) * n);
    };
    for (let round = 0; round < 500; round++) {
      const before = new Map<number, number>();
      for (let i = 0; i < random(40); i++) before.set(1 + random(60), 1 + random(12));
      const after = new Map(before);
      for (let w = 0; w < random(4); w++) {
        const id = 1 + random(60);
        const kind = random(3);
        if (kind === 0) after.delete(id);
        else after.set(id, (after.get(id) ?? 0) + 1 + random(11));
      }
      expect(changedStations(marks(before), marks(after)).sort((a, b) => a - b)).toEqual(naive(before, after));
    }
  });
});

describe('patchedStations', () => {
  const kept = [station(1), station(3), station(5)];

  it('replaces changed stations, drops those no longer seen, and inserts new ones in id order', () => {
    const sut = patchedStations(kept, [3, 5, 4], [station(3, 'Renamed'), station(4)]);
    expect(sut.map((s) => [s.id, s.name])).toEqual([
      [1, 'S1'],
      [3, 'Renamed'],
      [4, 'S4'],
    ]);
  });

  it('leaves the kept answer as it was (answers are not changed once answered)', () => {
    patchedStations(kept, [1], []);
    expect(kept.map((s) => s.id)).toEqual([1, 3, 5]);
  });
});
