import type * as maplibregl from 'maplibre-gl';
import Supercluster from 'supercluster';
import type { MarkerPalette } from './map-clusters';
import type { LngLat } from './map-geometry';
import type { MapMarker } from './map-types';

/** Markers closer than this (px) cluster, up to this zoom. */
const CLUSTER_RADIUS = 32;
const CLUSTER_MAX_ZOOM = 14;
/** Beyond the view, markers are drawn this far (a share of its width and height) so a pan starts with them in place. */
const DRAWN_MARGIN = 0.1;

type PointProps = { readonly id: number; readonly rank: number };
type ClusterProps = { worst: number };
export type ClusterIndex = Supercluster<PointProps, ClusterProps>;

/** A cluster to draw: where, how many markers, and the rank of its worst one. */
export type ClusterGroup = { clusterId: number; position: LngLat; count: number; worst: number | undefined };

const markersCollection = (
  markers: readonly MapMarker[],
  palette: MarkerPalette,
  selectedId: number | null,
): GeoJSON.Feature<GeoJSON.Point, PointProps>[] =>
  markers
    // The selected marker is always drawn on its own, never hidden in a cluster.
    .filter((m) => m.id !== selectedId)
    .map((m) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [m.position[0], m.position[1]] },
      properties: { id: m.id, rank: palette.rankOf.get(m.id) ?? 0 },
    }));

/**
 * The clusters, on the main thread (supercluster, the library MapLibre's own clustering comes from):
 * what to draw is known as soon as the markers are, not after MapLibre's worker has read the basemap
 * files queued before them and built the source's tiles (seconds on a busy two-core machine).
 * MapLibre's clusterRadius is in pixels of its 512-pixel tiles, so the same radius over an extent of 512.
 */
export const clusterIndex = (markers: readonly MapMarker[], palette: MarkerPalette, selectedId: number | null): ClusterIndex => {
  const index = new Supercluster<PointProps, ClusterProps>({
    radius: CLUSTER_RADIUS,
    extent: 512,
    maxZoom: CLUSTER_MAX_ZOOM,
    map: (props) => ({ worst: props.rank }),
    reduce: (into, props) => {
      into.worst = Math.max(into.worst, props.worst);
    },
  });
  return index.load(markersCollection(markers, palette, selectedId));
};

/** The view's bounds and a margin around it, as supercluster takes them (west, south, east, north). */
const drawnBox = (map: maplibregl.Map): [number, number, number, number] => {
  const b = map.getBounds();
  const dx = (b.getEast() - b.getWest()) * DRAWN_MARGIN;
  const dy = (b.getNorth() - b.getSouth()) * DRAWN_MARGIN;
  return [
    Math.max(-180, b.getWest() - dx),
    Math.max(-90, b.getSouth() - dy),
    Math.min(180, b.getEast() + dx),
    Math.min(90, b.getNorth() + dy),
  ];
};

/** What the view (and a margin) shows at its zoom: single markers by id, and clusters. */
export const clustersInView = (
  index: ClusterIndex,
  map: maplibregl.Map,
  known: (id: number) => boolean,
): { points: number[]; groups: ClusterGroup[] } => {
  const points: number[] = [];
  const groups: ClusterGroup[] = [];
  // MapLibre reads a tile zoom as the whole zoom level below the view's.
  for (const feature of index.getClusters(drawnBox(map), Math.floor(map.getZoom()))) {
    const [lng, lat] = feature.geometry.coordinates as [number, number];
    const props = feature.properties;
    if ('cluster' in props && props.cluster) {
      groups.push({ clusterId: props.cluster_id, position: [lng, lat], count: props.point_count, worst: props.worst });
    } else if (known((props as PointProps).id)) {
      points.push((props as PointProps).id);
    }
  }
  return { points, groups };
};

/** Where a cluster parts, and one marker inside it; null for a cluster of markers since replaced. */
export const clusterExpansion = (index: ClusterIndex, clusterId: number): { zoom: number; leafId: number } | null => {
  try {
    return {
      zoom: index.getClusterExpansionZoom(clusterId),
      leafId: Number(index.getLeaves(clusterId, 1, 0)[0]?.properties.id),
    };
  } catch {
    return null;
  }
};
