import type { ReactNode, RefObject } from 'react';
import type { Bounds, LngLat } from './map-geometry';
import type { MapCapture } from './map-snapshot';

/** One marker: a station, say. Markers earlier in the list are drawn above later ones and come first in the tab order. */
export type MapMarker = {
  readonly id: number;
  readonly position: LngLat;
  /** What a screen reader says for the marker: the station's name and what the marker shows. */
  readonly label: string;
  /** Short text on the marker (a latest value); none for a plain dot. */
  readonly text?: string | null;
  /** Fill colour, e.g. a threshold level's. */
  readonly color: string;
  /** Drawn faded with a dashed rim (an inactive station). */
  readonly muted?: boolean;
  /**
   * How bad what it shows is, higher worse (a threshold level's place; below 0 for no data and
   * inactive): a cluster takes the colour of its worst marker. 0 when not given.
   */
  readonly severity?: number;
};

/**
 * What the map should show: bounds to fit (zooming no closer than `maxZoom`, 19 unless given), or a
 * centre (and zoom, 10 unless given).
 */
export type MapViewRequest =
  { readonly bounds: Bounds; readonly maxZoom?: number } | { readonly center: LngLat; readonly zoom?: number };

/** The view after a move. `byUser` is false for moves the map made itself (fitting a requested view). */
export type MapViewChange = {
  readonly bounds: Bounds;
  readonly center: LngLat;
  readonly zoom: number;
  readonly byUser: boolean;
};

export type MapViewProps = {
  /** Names the map for screen readers, e.g. 'Map of stations'. */
  readonly label: string;
  /**
   * Controlled view: applied when it changes (compared by value). Echoing back a view reported by
   * `onViewChange` does not move the map again.
   */
  readonly view: MapViewRequest;
  readonly markers?: readonly MapMarker[];
  /**
   * The markers are still on their way (the stations are loading): the shipped basemap's geography
   * (land, borders, names: megabytes for MapLibre's worker to read and tile) waits until they are
   * drawn, or a few seconds at most, so the first markers are not queued behind it. False unless given.
   */
  readonly markersPending?: boolean;
  readonly selectedId?: number | null;
  readonly onViewChange?: (change: MapViewChange) => void;
  readonly onMarkerSelect?: (id: number) => void;
  /**
   * Markers close together at the zoom shown are drawn as one cluster (a count, in the colour of the
   * worst marker inside); clicking it zooms in until they part. Off unless asked.
   */
  readonly cluster?: boolean;
  /** A cluster's accessible name, e.g. '12 stations, zoom in'. */
  readonly clusterLabel?: (count: number) => string;
  /** A marker pointed at or focused (its id), or left (null). */
  readonly onMarkerHover?: (id: number | null) => void;
  /** False for a map that only shows (no panning, zooming or controls). */
  readonly interactive?: boolean;
  /**
   * Pixels of the map covered by the caller's panels (a side panel, a bottom pane): a selected marker
   * that ends up under them is brought into the free part of the map.
   */
  readonly insets?: MapInsets;
  /**
   * Set while the map is drawn (null before and after): takes a picture of what it shows, the basemap
   * and the markers over it (map-snapshot.ts), to save it as an image.
   */
  readonly captureRef?: RefObject<MapCapture | null>;
};

export type MapInsets = { readonly top?: number; readonly right?: number; readonly bottom?: number; readonly left?: number };

export type MapViewBoxProps = MapViewProps & {
  /** Height of the map box (CSS length or pixels). */
  readonly height?: number | string;
  /** Overlays drawn over the map (legends, toggles), positioned by the caller. */
  readonly children?: ReactNode;
};
