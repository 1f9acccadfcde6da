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

/** The number with the fewest significant digits whose float32 is `Math.fround(value)`. */
export const shortestFloat32 = (value: number): number => {
  const target = Math.fround(value);
  if (!Number.isFinite(target) || target === 0) return target === 0 ? 0 : target;
  for (let digits = 1; digits < 9; digits++) {
    const candidate = Number(target.toPrecision(digits));
    if (Math.fround(candidate) === target) return candidate;
  }
  return Number(target.toPrecision(9));
};
