import fc from 'fast-check';
import { ReadingBatch, type BatchReading } from './reading-batch.js';

const key = (r: BatchReading) => `${r.moduleId}/${r.sensorId}/${r.timeMs}`;

describe('ReadingBatch.withoutRepeats', () => {
  it('answers the batch itself when every series only moves forward in time', () => {
    const batch = ReadingBatch.of([
      { moduleId: 1, sensorId: 1, timeMs: 1000, value: 1 },
      { moduleId: 1, sensorId: 2, timeMs: 1000, value: 2 },
      { moduleId: 1, sensorId: 1, timeMs: 2000, value: 3 },
      { moduleId: 2, sensorId: 1, timeMs: 500, value: 4 },
    ]);
    expect(batch.withoutRepeats()).toBe(batch);
  });

  it('keeps one row per reading key, the last sent', () => {
    const batch = ReadingBatch.of([
      { moduleId: 1, sensorId: 1, timeMs: 1000, value: 1 },
      { moduleId: 1, sensorId: 1, timeMs: 2000, value: 2 },
      { moduleId: 1, sensorId: 1, timeMs: 1000, value: 10 }, // re-sent, newer value
      { moduleId: 1, sensorId: 1, timeMs: 1000, value: 11 },
      { moduleId: 7, sensorId: 1, timeMs: 1000, value: 5 },
    ]);
    const kept = batch.withoutRepeats();
    expect([...kept.readings()]).toEqual([
      { moduleId: 1, sensorId: 1, timeMs: 1000, value: 11 },
      { moduleId: 1, sensorId: 1, timeMs: 2000, value: 2 },
      { moduleId: 7, sensorId: 1, timeMs: 1000, value: 5 },
    ]);
    expect([kept.length, kept.start, kept.end]).toEqual([3, 1000, 2000]);
  });

  it('equals, for any readings, a map of the last reading per key', () => {
    const reading = fc.record({
      moduleId: fc.integer({ min: 0, max: 3 }),
      sensorId: fc.constantFrom(0, 1, 4294967295),
      timeMs: fc.oneof(fc.integer({ min: 0, max: 20 }), fc.constant(2 ** 40 + 7)),
      value: fc.double({ noNaN: true }),
    });
    fc.assert(
      fc.property(fc.array(reading, { maxLength: 200 }), (readings) => {
        const last = new Map(readings.map((r) => [key(r), r]));
        const kept = [...ReadingBatch.of(readings).withoutRepeats().readings()];
        expect(kept.length).toBe(last.size);
        for (const r of kept) expect(r).toEqual(last.get(key(r)));
      }),
    );
  });
});
