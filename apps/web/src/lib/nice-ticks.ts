/** The y axis of a small chart: a domain on round numbers and its ticks, all distinct once printed. */
export type NiceTicks = {
  readonly min: number;
  readonly max: number;
  readonly ticks: readonly number[];
  /** Decimals that print every tick exactly and differently. */
  readonly decimals: number;
};

const MULTIPLES = [1, 2, 2.5, 5, 10] as const;

const decimalsOf = (step: number): number => {
  // 0.25 needs two decimals, 0.2 one, 20 none.
  for (let d = 0; d <= 12; d++) if (Math.abs(Math.round(step * 10 ** d) - step * 10 ** d) < 1e-9) return d;
  return 12;
};

/**
 * Round ticks covering [low, high]: the smallest step of 1, 2, 2.5 or 5 times a power of ten whose
 * multiples cover the data in at most `maxTicks` ticks (at least 2). The domain is stretched to the
 * outer ticks so the line never runs past them. A flat series gets a band around its value.
 * Non-finite input gives null (nothing to draw).
 */
export const niceTicks = (low: number, high: number, maxTicks = 4): NiceTicks | null => {
  if (!Number.isFinite(low) || !Number.isFinite(high)) return null;
  const count = Math.max(2, Math.floor(maxTicks));
  let lo = Math.min(low, high);
  let hi = Math.max(low, high);
  if (hi - lo < 1e-12) {
    const half = lo === 0 ? 1 : Math.abs(lo) * 0.01;
    lo -= half;
    hi += half;
  }
  const rough = (hi - lo) / (count - 1);
  let magnitude = 10 ** Math.floor(Math.log10(rough));
  for (;;) {
    for (const multiple of MULTIPLES) {
      const step = multiple * magnitude;
      if (step < rough * (1 - 1e-9)) continue;
      const decimals = decimalsOf(step);
      const first = Math.floor(lo / step + 1e-9);
      const last = Math.ceil(hi / step - 1e-9);
      const n = last - first + 1;
      if (n > count) continue;
      const ticks = Array.from({ length: Math.max(n, 2) }, (_, i) => Number(((first + i) * step).toFixed(decimals)));
      return { min: ticks[0]!, max: ticks[ticks.length - 1]!, ticks, decimals };
    }
    magnitude *= 10;
  }
};
