import 'maplibre-gl/dist/maplibre-gl.css';
import './map-canvas.css';
import Box from '@mui/material/Box';
import type * as maplibregl from 'maplibre-gl';
import { useEffect, useRef } from 'react';
import { captureMap } from './map-capture';
import type { ClusterEntry, MapHandlers, MarkerEntry } from './map-marker-elements';
import type { MapCapture } from './map-snapshot';
import type { MapViewProps } from './map-types';
import { useMapInstance } from './use-map-instance';
import { useMapMarkers } from './use-map-markers';

/** Thrown during render so the error boundary around the lazy map shows its fallback. */
export class MapUnavailableError extends Error {
  override readonly name = 'MapUnavailableError';
}

/** A selected marker under the caller's panels moves into the free part of the map. */
const useSelectedInView = (
  map: maplibregl.Map | null,
  entries: ReadonlyMap<number, MarkerEntry>,
  { selectedId, insets, markers }: Pick<MapViewProps, 'insets' | 'markers'> & { selectedId: number | null },
) => {
  const insetsKey = JSON.stringify(insets ?? {});
  // Once per selection, and again when its marker first arrives (not on every refresh of the readings).
  const selectedShown = selectedId !== null && (markers ?? []).some((marker) => marker.id === selectedId);
  useEffect(() => {
    if (!map || selectedId === null) return;
    const position = entries.get(selectedId)?.position;
    if (!position) return;
    const free = JSON.parse(insetsKey) as NonNullable<MapViewProps['insets']>;
    const { clientWidth: width, clientHeight: height } = map.getContainer();
    const left = free.left ?? 0;
    const right = width - (free.right ?? 0);
    const top = free.top ?? 0;
    const bottom = height - (free.bottom ?? 0);
    if (right - left < 40 || bottom - top < 40) return;
    const point = map.project(position as [number, number]);
    const margin = 24;
    if (point.x >= left + margin && point.x <= right - margin && point.y >= top + margin && point.y <= bottom - margin) return;
    const center = map.project(map.getCenter());
    const target = map.unproject([center.x + point.x - (left + right) / 2, center.y + point.y - (top + bottom) / 2]);
    map.easeTo({ center: target, duration: 300 });
  }, [map, entries, selectedId, insetsKey, selectedShown]);
};

/**
 * The MapLibre map itself; loaded lazily (see map-view.tsx), so the library stays out of the main bundle.
 * The map (use-map-instance), its markers and clusters (use-map-markers) and the selection kept in view.
 */
export const MapCanvas = ({
  label,
  view,
  markers,
  markersPending = false,
  selectedId = null,
  onViewChange,
  onMarkerSelect,
  onMarkerHover,
  interactive = true,
  insets,
  cluster = false,
  clusterLabel,
  captureRef,
}: MapViewProps) => {
  const containerRef = useRef<HTMLDivElement>(null);
  const handlers = useRef<MapHandlers>({});
  const entries = useRef(new Map<number, MarkerEntry>()).current;
  const clusters = useRef(new Map<number, ClusterEntry>()).current;

  useEffect(() => {
    handlers.current = { onViewChange, onMarkerSelect, onMarkerHover, clusterLabel };
  });

  const { map, failure, styleInUse } = useMapInstance({
    containerRef,
    view,
    interactive,
    markersPending,
    handlers,
    entries,
    clusters,
  });
  useMapMarkers({ map, markers, selectedId, cluster, handlers, entries, clusters });
  useSelectedInView(map, entries, { selectedId, insets, markers });

  // A picture of the map for the caller to save: the markers drawn when it is taken.
  useEffect(() => {
    if (!map || !captureRef) return;
    const capture: MapCapture = (options) => captureMap(map, [...clusters.values(), ...entries.values()], options?.pixelRatio);
    captureRef.current = capture;
    return () => {
      if (captureRef.current === capture) captureRef.current = null;
    };
  }, [map, captureRef, entries, clusters]);

  if (failure) throw new MapUnavailableError(failure.message);

  return (
    <Box
      role="region"
      aria-label={label}
      data-map-style={styleInUse}
      data-map-ready={map ? 'true' : 'false'}
      // Its own stacking context: markers' z-indexes order them among themselves, never above the overlays.
      sx={{ position: 'absolute', inset: 0, zIndex: 0 }}
    >
      <div ref={containerRef} style={{ width: '100%', height: '100%' }} />
    </Box>
  );
};
