// Jest runs code in a vm context where every global lookup is slow: take what the loops need once.
const { floor, imul, sqrt } = Math;
/**
 * Deterministic randomness as pure functions of (seed, integer index): the same seed and the same
 * instant always give the same value, whatever range is asked for, so a year simulated in one go
 * equals the same year simulated day by day.
 */

/** A 32-bit seed from a number or a text (FNV-1a), for seeds such as a device id. */
export function seedOf(seed: number | string): number {
  if (typeof seed === 'number') return mix32(floor(seed) >>> 0);
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = imul(h, 0x01000193);
  }
  return mix32(h >>> 0);
}

/** A sub-seed for one purpose (`'storms'`, `'fk.water.ph.ph'`), independent of its siblings. */
export function deriveSeed(seed: number, label: string): number {
  return mix32((seed ^ seedOf(label)) >>> 0);
}

/** murmur3's finaliser: a good 32-bit mix. */
function mix32(value: number): number {
  let h = value >>> 0;
  h ^= h >>> 16;
  h = imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

const HIGH_ZERO = mix32(0x632be5ab);

/** A uniform number in [0, 1) for an integer index (any safe integer, negative ones included). */
export function unit(seed: number, index: number): number {
  return hash(seed, index) / 4294967296;
}

function hash(seed: number, index: number): number {
  const lo = index >>> 0;
  const hi = floor(index / 4294967296) | 0;
  return mix32((seed ^ imul(lo, 0x9e3779b1) ^ (hi === 0 ? HIGH_ZERO : mix32(hi + 0x632be5ab))) >>> 0);
}

/** Roughly normal (Irwin–Hall of the four bytes of one hash): mean 0, standard deviation 1, within ±3.5. */
export function gaussian(seed: number, index: number): number {
  const h = hash(seed, index);
  const sum = (h & 0xff) + ((h >>> 8) & 0xff) + ((h >>> 16) & 0xff) + (h >>> 24);
  return (sum / 255 - 2) * sqrt(3);
}

/**
 * Smooth value noise in [-1, 1] over time: random values on a lattice `scale` apart, joined by a
 * smoothstep. Used for weather fronts, sensor drift and the like.
 */
export function smoothNoise(seed: number, time: number, scale: number): number {
  const x = time / scale;
  const k = floor(x);
  const f = x - k;
  const a = unit(seed, k) * 2 - 1;
  const b = unit(seed, k + 1) * 2 - 1;
  return a + (b - a) * f * f * (3 - 2 * f);
}
