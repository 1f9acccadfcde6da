import fc from 'fast-check';
import { shortestFloat32 } from './shortest-float.js';

/** The definition, by text: the first of 1, 2, … significant digits whose number reads back as the float32. */
const byText = (value: number): number => {
  const target = Math.fround(value);
  if (!Number.isFinite(target) || target === 0) return target === 0 ? 0 : target;
  for (let digits = 1; digits < 9; digits++) {
    const candidate = Number(target.toPrecision(digits));
    if (Math.fround(candidate) === target) return candidate;
  }
  return Number(target.toPrecision(9));
};

describe('shortestFloat32 (rounded by arithmetic)', () => {
  it('answers what the text definition answers for any float32', () => {
    fc.assert(
      fc.property(fc.float({ noNaN: true }), (x) => {
        expect(shortestFloat32(x)).toBe(byText(x));
      }),
      { numRuns: 5_000 },
    );
  });

  it('answers what the text definition answers for decimals as sensors and people write them', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), fc.integer({ min: 0, max: 9 }), (n, places) => {
        const x = n / 10 ** places;
        expect(shortestFloat32(x)).toBe(byText(x));
      }),
      { numRuns: 5_000 },
    );
  });

  it('answers what the text definition answers for every power of two a float32 holds (their rounding interval is lopsided)', () => {
    for (let e = -149; e < 128; e++) {
      expect(shortestFloat32(2 ** e)).toBe(byText(2 ** e));
      expect(shortestFloat32(-(2 ** e))).toBe(byText(-(2 ** e)));
    }
  });

  it('answers what the text definition answers for every float32 in runs of 25,000 from 1, 1000, 0.001 and 123456', () => {
    const float = new Float32Array(1);
    const bits = new Uint32Array(float.buffer);
    for (const from of [1, 1000, 0.001, 123456]) {
      float[0] = from;
      const first = bits[0]!;
      for (let k = 0; k < 25_000; k++) {
        bits[0] = first + k;
        const x = float[0]!;
        if (shortestFloat32(x) !== byText(x)) expect(shortestFloat32(x)).toBe(byText(x));
      }
    }
  });

  it('rounds a half away from zero, as the text does, on both sides of zero', () => {
    // Math.round(-2.5) is -2, and the text's -3 then differs at one digit: -2.5 reads back at two.
    for (const x of [2.5, -2.5, 0.125, -0.125, 1.5, -1.5, 9.5, -9.5, 99.5, -99.5, 1e-7, -1e-7, 3.4028234663852886e38]) {
      expect(shortestFloat32(x)).toBe(byText(x));
    }
  });

  it('control: rounding halves as Math.round does would differ from the text definition', () => {
    const mathRound = (x: number, digits: number) => {
      const places = digits - 1 - Math.floor(Math.log10(Math.abs(x)));
      return Math.round(x * 10 ** places) / 10 ** places;
    };
    expect(mathRound(-2.5, 1)).not.toBe(Number((-2.5).toPrecision(1)));
  });
});
