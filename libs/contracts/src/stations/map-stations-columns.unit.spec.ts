import { MapStationsColumns, mapStationsFromColumns, mapStationsToColumns } from './map-stations-columns.contract.js';
import type { MapStations } from './stations.contract.js';

const answer: MapStations = {
  recentHours: 72,
  stations: [
    {
      id: 7,
      name: 'Kingston',
      location: [-73.9968, 41.9271],
      exact: true,
      mine: false,
      status: 'up',
      inactive: false,
      lastReadingAt: 1_770_000_000_000,
      battery: 89,
      place: 'Hudson',
      reading: { moduleId: 3, sensorId: 12, value: 15.9, time: 1_770_000_000_000, recent: 16.5 },
    },
    {
      id: 9,
      name: 'Not deployed',
      location: null,
      exact: false,
      mine: true,
      status: null,
      inactive: false,
      lastReadingAt: null,
      battery: null,
      place: null,
      reading: null,
    },
    {
      id: 11,
      name: 'Quiet',
      location: [-74.01, 40.71],
      exact: false,
      mine: false,
      status: 'down',
      inactive: true,
      lastReadingAt: 1_700_000_000_000,
      battery: null,
      place: null,
      reading: { moduleId: 4, sensorId: 12, value: 3, time: 1_700_000_000_000, recent: null },
    },
  ],
};

describe('columns form of a map answer', () => {
  it('reads back as the same stations, in the same order', () => {
    const sut = mapStationsToColumns(answer);
    expect(MapStationsColumns.parse(JSON.parse(JSON.stringify(sut)))).toEqual(sut);
    expect(mapStationsFromColumns(sut)).toEqual(answer);
  });

  it('lists readings only for the stations that have one, by their place in the columns', () => {
    const sut = mapStationsToColumns(answer);
    expect(sut.reading.at).toEqual([0, 2]);
    expect(sut.longitude).toEqual([-73.9968, null, -74.01]);
  });

  it('gives coordinates to six decimals', () => {
    const far = { ...answer.stations[0]!, location: [-73.996812345678, 41.927100000004] as [number, number] };
    const sut = mapStationsToColumns({ recentHours: 1, stations: [far] });
    expect([sut.longitude[0], sut.latitude[0]]).toEqual([-73.996812, 41.9271]);
  });

  it('is empty for no stations', () => {
    expect(mapStationsFromColumns(mapStationsToColumns({ recentHours: 1, stations: [] }))).toEqual({
      recentHours: 1,
      stations: [],
    });
  });
});
