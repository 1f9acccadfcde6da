import type * as maplibregl from 'maplibre-gl';
import { MAP_CONSTANTS, roundBounds, type Bounds } from './map-geometry';
import type { MapViewRequest } from './map-types';

/** A view by value: a new object with the same content is the same view. */
export const viewKey = (view: MapViewRequest): string =>
  'bounds' in view
    ? JSON.stringify(
        view.maxZoom === undefined
          ? { bounds: roundBounds(view.bounds) }
          : { bounds: roundBounds(view.bounds), maxZoom: view.maxZoom },
      )
    : JSON.stringify({ center: view.center, zoom: view.zoom ?? MAP_CONSTANTS.defaultZoom });

const clampLng = (lng: number): number => Math.min(180, Math.max(-180, lng));

export const currentBounds = (map: maplibregl.Map): Bounds => {
  const b = map.getBounds();
  return [
    [clampLng(b.getWest()), b.getSouth()],
    [clampLng(b.getEast()), b.getNorth()],
  ];
};

/** Fit padding of spec §9, smaller in a box too small for it. */
const fitPadding = (map: maplibregl.Map): number => {
  const { clientWidth, clientHeight } = map.getContainer();
  return Math.max(0, Math.min(MAP_CONSTANTS.fitPadding, Math.floor(Math.min(clientWidth, clientHeight) / 4)));
};

export const applyView = (map: maplibregl.Map, view: MapViewRequest): void => {
  if ('bounds' in view) {
    map.fitBounds(view.bounds as maplibregl.LngLatBoundsLike, {
      padding: fitPadding(map),
      maxZoom: view.maxZoom ?? MAP_CONSTANTS.maxZoomAfterFit,
      animate: false,
    });
  } else {
    map.jumpTo({ center: view.center as [number, number], zoom: view.zoom ?? MAP_CONSTANTS.defaultZoom });
  }
};
