import type { DataRecord } from '../../libs/platform/src/protobuf/fk-data.js';

/** The first minute of 2024, where the console suites' uploads start. */
export const T0 = Date.UTC(2024, 0, 1) / 1000;

/** The n-th minute's record of a one-sensor station (reading 70 + n), placed in New York. */
export const minuteRecord = (n: number): DataRecord => ({
  modules: [],
  status: { time: T0 + 60 * n, uptime: n, battery: 80 },
  readings: {
    time: T0 + 60 * n,
    reading: n,
    flags: 0,
    meta: 1,
    uptime: n,
    location: { fix: 1, time: T0, longitude: -73.9, latitude: 40.7, altitude: 10 },
    sensorGroups: [{ module: 0, time: 0, readings: [{ sensor: 0, calibratedValue: 70 + n }] }],
  },
});
