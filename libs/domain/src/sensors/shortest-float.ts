/**
 * A reading as its sensor recorded it. Stations record float32 readings, which the store keeps as
 * the float64 of that float32 (0.1f is 0.100000001490116…); printed as a float64 that is 17 digits
 * of noise. For a value that is exactly a float32 this answers the number with the fewest
 * significant digits (at most 9) that reads back as the same float32 (0.1); any other value (a
 * CSV import or a webhook's float64) is answered as it is.
 */
export const asRecorded = (value: number): number => {
  if (!Number.isFinite(value) || Math.fround(value) !== value) return value;
  return shortestFloat32(value);
};

/** 10^0 … 10^22: every one exact in a float64, so a division or product by one is rounded once. */
const POWERS_OF_TEN = Array.from({ length: 23 }, (_, i) => Number(`1e${i}`));

/**
 * `value` rounded to `digits` significant digits, `exponent` being its decimal exponent (the candidate
 * `Number(value.toPrecision(digits))`, without formatting and parsing text, which costs about ten
 * times as much). Scaled by a power of ten, rounded and scaled back, each step rounded once; the
 * scaled value is off by at most a few units in its 16th digit, which changes the rounding only
 * right at a half, so there the text way decides.
 */
const roundedTo = (value: number, exponent: number, digits: number): number => {
  const places = digits - 1 - exponent;
  if (places > 22 || places < -22) return Number(value.toPrecision(digits));
  const scaled = places >= 0 ? value * POWERS_OF_TEN[places]! : value / POWERS_OF_TEN[-places]!;
  if (Math.abs(Math.abs(scaled - Math.trunc(scaled)) - 0.5) < 1e-6) return Number(value.toPrecision(digits));
  const whole = Math.round(scaled);
  return places >= 0 ? whole / POWERS_OF_TEN[places]! : whole * POWERS_OF_TEN[-places]!;
};

/** The float32 whose bits are read (a power of two has a lopsided rounding interval). */
const FLOAT32 = new Float32Array(1);
const FLOAT32_BITS = new Uint32Array(FLOAT32.buffer);

/**
 * The number with the fewest significant digits whose float32 is `Math.fround(value)`. Chart answers
 * and exports call it for every value they send, so it rounds by arithmetic (`roundedTo`) and finds
 * the digits by bisection: a value rounded to more digits is never farther from the float32, so once
 * some number of digits reads back every larger one does. That holds while the float32's rounding
 * interval is centred on it, which is true of all but the powers of two (the float below is nearer
 * than the one above); those are searched in order. It answers what `Number(target.toPrecision(d))`
 * for d = 1, 2, … answers (the unit test compares every power of two and millions of other values).
 */
export const shortestFloat32 = (value: number): number => {
  const target = Math.fround(value);
  if (!Number.isFinite(target) || target === 0) return target === 0 ? 0 : target;
  // Off by one right beside a power of ten at worst: the digits then count from one place over,
  // and the first that reads back is still the shortest.
  const exponent = Math.floor(Math.log10(Math.abs(target)));
  FLOAT32[0] = target;
  if ((FLOAT32_BITS[0]! & 0x7fffff) === 0) {
    for (let digits = 1; digits < 9; digits++) {
      const candidate = roundedTo(target, exponent, digits);
      if (Math.fround(candidate) === target) return candidate;
    }
    return roundedTo(target, exponent, 9);
  }
  // The fewest digits in [low, high] that read back; nine always do.
  let low = 1;
  let high = 9;
  let shortest = Number.NaN;
  while (low < high) {
    const digits = (low + high) >> 1;
    const candidate = roundedTo(target, exponent, digits);
    if (Math.fround(candidate) === target) {
      high = digits;
      shortest = candidate;
    } else low = digits + 1;
  }
  return high === 9 ? roundedTo(target, exponent, 9) : shortest;
};
