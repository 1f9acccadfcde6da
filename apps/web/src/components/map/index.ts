// The map for every screen: projects (form and page), stations (page), and the big maps.
// MapLibre is loaded lazily by MapView; the helpers below do not pull it in.
export { MapView } from './map-view';
// mapSnapshotSvg is imported from './map-snapshot' by the page that saves a map: it stays out of this eager chunk.
export type { MapCapture, MapSnapshot, MapSnapshotMarker } from './map-snapshot';
export type { MapInsets, MapMarker, MapViewBoxProps, MapViewChange, MapViewProps, MapViewRequest } from './map-types';
export {
  DEFAULT_CENTER,
  MAP_CONSTANTS,
  SMALL_MAP_ZOOM,
  boundsAround,
  boundsAroundCenter,
  boundsKey,
  containsPosition,
  defaultBounds,
  isLngLat,
  parseBounds,
  roundBounds,
  type Bounds,
  type LngLat,
} from './map-geometry';
