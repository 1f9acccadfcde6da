import type { MapMarker } from './map-types';

/**
 * What a cluster of markers looks like: the colour of the worst marker inside it. Clusters sum
 * their markers' properties as numbers, so each marker carries a rank: its place among the distinct
 * (severity, colour) pairs of the markers, worst last. A cluster keeps the largest rank of its
 * markers (supercluster's reduce in map-cluster-index.ts), and the palette turns it back into the colour.
 */
export type MarkerPalette = {
  /** Colours by rank, the worst last. */
  readonly colours: readonly string[];
  /** Each marker's rank, by marker id. */
  readonly rankOf: ReadonlyMap<number, number>;
};

const severityOf = (marker: MapMarker): number => marker.severity ?? 0;

export const markerPalette = (markers: readonly MapMarker[]): MarkerPalette => {
  const pairs = new Map<string, { severity: number; colour: string }>();
  for (const marker of markers) {
    const colour = marker.color.toLowerCase();
    pairs.set(`${severityOf(marker)}|${colour}`, { severity: severityOf(marker), colour });
  }
  const ordered = [...pairs.values()].sort((a, b) => a.severity - b.severity || a.colour.localeCompare(b.colour));
  const rankByPair = new Map(ordered.map((pair, rank) => [`${pair.severity}|${pair.colour}`, rank]));
  const rankOf = new Map(markers.map((m) => [m.id, rankByPair.get(`${severityOf(m)}|${m.color.toLowerCase()}`)!]));
  return { colours: ordered.map((pair) => pair.colour), rankOf };
};

/** The colour of a cluster whose largest rank is `worst`; the default when the rank is unknown. */
export const clusterColour = (palette: MarkerPalette, worst: number | undefined, fallback = '#00ccff'): string =>
  (worst === undefined ? undefined : palette.colours[worst]) ?? fallback;

/** The colour the worst of these markers has (what their cluster shows). */
export const worstColour = (markers: readonly MapMarker[]): string | null => {
  if (markers.length === 0) return null;
  const palette = markerPalette(markers);
  return clusterColour(palette, Math.max(...markers.map((m) => palette.rankOf.get(m.id)!)));
};
