import 'maplibre-gl/dist/maplibre-gl.css';
import './map-canvas.css';
import Box from '@mui/material/Box';
import * as maplibregl from 'maplibre-gl';
import Supercluster from 'supercluster';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { env } from '@/config/env';
import { MAP_CONSTANTS, roundBounds, type Bounds, type LngLat } from './map-geometry';
import basemapFiles from 'virtual:basemap';
import { captureMap } from './map-capture';
import { clusterColour, markerPalette, type MarkerPalette } from './map-clusters';
import { localStyle, mapboxRequestTransform, type BasemapUrls } from './map-style';
import type { MapCapture } from './map-snapshot';
import type { MapMarker, MapViewProps, MapViewRequest } from './map-types';

// The worker is its own file; a bundled app must say where it went (TOOLCHAIN.md).
maplibregl.setWorkerUrl(workerUrl);
// The worker starts (its script fetched and compiled) as soon as this chunk has run, while the page
// around the map renders and its markers load, rather than when the first map is made.
maplibregl.prewarm();

/** The shipped basemap's files, as absolute addresses (MapLibre's worker fetches them). */
const basemapUrls = (): BasemapUrls =>
  Object.fromEntries(
    Object.entries(basemapFiles).map(([layer, path]) => [layer, new URL(path, window.location.href).href]),
  ) as BasemapUrls;

/** A configured style that has not loaded in this long is given up for the local one. */
const STYLE_TIMEOUT_MS = 6_000;

/** The shipped basemap's geography waits this long at most for markers still on their way. */
const GEOGRAPHY_WAIT_MS = 3_000;

/**
 * The shipped basemap's geography (land, water, borders, names), added to the plain local style the
 * map starts with: the sources and layers that localStyle has with the basemap and not without it.
 */
const addGeography = (map: maplibregl.Map, language: string): void => {
  const full = localStyle({ basemap: basemapUrls(), language });
  for (const [id, source] of Object.entries(full.sources)) if (!map.getSource(id)) map.addSource(id, source);
  for (const layer of full.layers) if (!map.getLayer(layer.id)) map.addLayer(layer);
};

/** Thrown during render so the error boundary around the lazy map shows its fallback. */
export class MapUnavailableError extends Error {
  override readonly name = 'MapUnavailableError';
}

const viewKey = (view: MapViewRequest): string =>
  'bounds' in view
    ? JSON.stringify({ bounds: roundBounds(view.bounds) })
    : JSON.stringify({ center: view.center, zoom: view.zoom ?? MAP_CONSTANTS.defaultZoom });

const clampLng = (lng: number): number => Math.min(180, Math.max(-180, lng));

const currentBounds = (map: maplibregl.Map): Bounds => {
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

const applyView = (map: maplibregl.Map, view: MapViewRequest): void => {
  if ('bounds' in view) {
    map.fitBounds(view.bounds as maplibregl.LngLatBoundsLike, {
      padding: fitPadding(map),
      maxZoom: MAP_CONSTANTS.maxZoomAfterFit,
      animate: false,
    });
  } else {
    map.jumpTo({ center: view.center as [number, number], zoom: view.zoom ?? MAP_CONSTANTS.defaultZoom });
  }
};

/** Black or white, whichever reads better on the marker's colour (WCAG relative luminance). */
const textColourOn = (colour: string): string => {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour.trim())?.[1];
  if (!hex) return '#000000';
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  const channel = (i: number) => {
    const v = parseInt(full.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
  // Contrast with black (L + 0.05) / 0.05 against white 1.05 / (L + 0.05): black wins above ~0.179.
  return luminance > 0.179 ? '#000000' : '#ffffff';
};

type MarkerEntry = { readonly marker: maplibregl.Marker; readonly element: HTMLButtonElement; position: LngLat };

type Handlers = Pick<MapViewProps, 'onViewChange' | 'onMarkerSelect' | 'onMarkerHover' | 'clusterLabel'>;

const drawMarker = (element: HTMLButtonElement, data: MapMarker, zIndex: number, selected: boolean): void => {
  element.setAttribute('aria-label', data.label);
  element.dataset['markerId'] = String(data.id);
  element.dataset['selected'] = String(selected);
  element.dataset['muted'] = String(data.muted ?? false);
  if (selected) element.setAttribute('aria-current', 'true');
  else element.removeAttribute('aria-current');
  element.style.setProperty('--gt-marker-colour', data.color);
  element.style.setProperty('--gt-marker-text', textColourOn(data.color));
  element.style.zIndex = String(selected ? zIndex + 1 : zIndex);
  const dot = element.firstElementChild as HTMLElement;
  const text = data.text ?? '';
  if (dot.textContent !== text) dot.textContent = text;
  dot.dataset['empty'] = String(text.length === 0);
};

/**
 * Markers outside the view leave the tab order: focusing one would scroll the map's box. The list
 * view reaches every station; the map's keyboard users reach the ones they can see.
 */
const updateTabStops = (
  map: maplibregl.Map,
  entries: ReadonlyMap<number, MarkerEntry>,
  clusters: ReadonlyMap<number, ClusterEntry> = new Map(),
): void => {
  const bounds = map.getBounds();
  for (const entry of [...entries.values(), ...clusters.values()]) {
    const tabIndex = bounds.contains(entry.position as [number, number]) ? 0 : -1;
    // Written only when it changes: this runs on every frame of a move.
    if (entry.element.tabIndex !== tabIndex) entry.element.tabIndex = tabIndex;
  }
};

/** Markers closer than this (px) cluster, up to this zoom. */
const CLUSTER_RADIUS = 32;
const CLUSTER_MAX_ZOOM = 14;
/** Beyond the view, markers are drawn this far (a share of its width and height) so a pan starts with them in place. */
const DRAWN_MARGIN = 0.1;

type PointProps = { readonly id: number; readonly rank: number };
type ClusterProps = { worst: number };

/**
 * The clusters, on the main thread (supercluster, the library MapLibre's own clustering comes from):
 * what to draw is known as soon as the markers are, not after MapLibre's worker has read the basemap
 * files queued before them and built the source's tiles (seconds on a busy two-core machine).
 * MapLibre's clusterRadius is in pixels of its 512-pixel tiles, so the same radius over an extent of 512.
 */
const clusterIndex = (features: GeoJSON.Feature<GeoJSON.Point, PointProps>[]): Supercluster<PointProps, ClusterProps> => {
  const index = new Supercluster<PointProps, ClusterProps>({
    radius: CLUSTER_RADIUS,
    extent: 512,
    maxZoom: CLUSTER_MAX_ZOOM,
    map: (props) => ({ worst: props.rank }),
    reduce: (into, props) => {
      into.worst = Math.max(into.worst, props.worst);
    },
  });
  return index.load(features);
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

type ClusterEntry = {
  readonly marker: maplibregl.Marker;
  readonly element: HTMLButtonElement;
  readonly clusterId: number;
  readonly position: LngLat;
};

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

/** The MapLibre map itself; loaded lazily (see map-view.tsx), so the library stays out of the main bundle. */
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
  const { t, i18n } = useTranslation();
  const containerRef = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<maplibregl.Map | null>(null);
  const [failure, setFailure] = useState<Error | null>(null);
  const [styleInUse, setStyleInUse] = useState<'local' | 'configured'>(env.map.styleUrl ? 'configured' : 'local');
  /** The map whose plain local style has loaded: the basemap's geography can go on it. */
  const [plainLocal, setPlainLocal] = useState<maplibregl.Map | null>(null);
  /** The map that has waited long enough for its markers: the geography goes on it even without them. */
  const [waitedOut, setWaitedOut] = useState<maplibregl.Map | null>(null);
  const handlers = useRef<Handlers>({});
  const entries = useRef(new Map<number, MarkerEntry>());
  const clusters = useRef(new Map<number, ClusterEntry>());
  /** The clusters of the markers shown (null when not clustering); a ref, so a cluster's click uses the current one. */
  const index = useRef<Supercluster<PointProps, ClusterProps> | null>(null);
  const appliedKey = useRef<string | null>(null);
  const reportedKeys = useRef<readonly string[]>([]);
  const initialView = useRef(view);
  initialView.current = view;

  useEffect(() => {
    handlers.current = { onViewChange, onMarkerSelect, onMarkerHover, clusterLabel };
  });

  // One map per container, language and interactivity (control labels are set when it is made).
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const start = initialView.current;
    const configured = env.map.styleUrl;
    let instance: maplibregl.Map;
    try {
      instance = new maplibregl.Map({
        container,
        // The local style starts plain (water, graticule): its geography is added once the markers are drawn.
        style: configured ?? localStyle({ language: i18n.resolvedLanguage ?? 'en' }),
        ...('bounds' in start
          ? {
              bounds: start.bounds as maplibregl.LngLatBoundsLike,
              fitBoundsOptions: { padding: MAP_CONSTANTS.fitPadding, maxZoom: MAP_CONSTANTS.maxZoomAfterFit },
            }
          : { center: start.center as [number, number], zoom: start.zoom ?? MAP_CONSTANTS.defaultZoom }),
        interactive,
        dragRotate: false,
        touchPitch: false,
        pitchWithRotate: false,
        renderWorldCopies: false,
        attributionControl: { compact: true },
        transformRequest: mapboxRequestTransform(env.map.mapboxToken),
        locale: {
          'Map.Title': t('mapView.canvas'),
          'NavigationControl.ZoomIn': t('mapView.zoomIn'),
          'NavigationControl.ZoomOut': t('mapView.zoomOut'),
          'NavigationControl.ResetBearing': t('mapView.resetNorth'),
          'AttributionControl.ToggleAttribution': t('mapView.attribution'),
        },
      });
    } catch (error) {
      // No WebGL (an old machine, a locked-down browser): the error boundary shows the fallback.
      setFailure(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    appliedKey.current = viewKey(start);
    if (interactive) {
      instance.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
      instance.touchZoomRotate.disableRotation();
      instance.keyboard.disableRotation();
    }

    // A configured style (Mapbox, say) that cannot load gives way to the local style, so stations still show.
    let styleLoaded = false;
    let usingLocal = !configured;
    const fallBack = () => {
      if (usingLocal) return;
      usingLocal = true;
      setStyleInUse('local');
      instance.setStyle(localStyle({ language: i18n.resolvedLanguage ?? 'en' }), { diff: false });
    };
    const styleTimer = configured ? window.setTimeout(() => styleLoaded || fallBack(), STYLE_TIMEOUT_MS) : undefined;
    const geographyTimer = window.setTimeout(() => setWaitedOut(instance), GEOGRAPHY_WAIT_MS);
    instance.on('style.load', () => {
      styleLoaded = true;
      if (usingLocal) setPlainLocal(instance);
    });
    instance.on('error', (event) => {
      if (!styleLoaded) fallBack();
      else if (env.dev) console.warn('map:', event.error?.message);
    });

    instance.on(
      'moveend',
      (event: maplibregl.MapLibreEvent<MouseEvent | TouchEvent | WheelEvent | KeyboardEvent | undefined>) => {
        const bounds = currentBounds(instance);
        const center = instance.getCenter();
        const zoom = instance.getZoom();
        const centerLngLat: LngLat = [center.lng, center.lat];
        reportedKeys.current = [viewKey({ bounds }), viewKey({ center: centerLngLat, zoom })];
        updateTabStops(instance, entries.current, clusters.current);
        handlers.current.onViewChange?.({ bounds, center: centerLngLat, zoom, byUser: event.originalEvent !== undefined });
      },
    );

    // Spec §9: measure again 100 ms after load and after any change of the box's size.
    let resizeTimer: number | undefined;
    const resizeSoon = () => {
      window.clearTimeout(resizeTimer);
      resizeTimer = window.setTimeout(() => instance.resize(), MAP_CONSTANTS.resizeDelayMs);
    };
    instance.once('load', resizeSoon);
    const observer = new ResizeObserver(resizeSoon);
    observer.observe(container);

    const markerEntries = entries.current;
    const clusterEntries = clusters.current;
    setMap(instance);
    return () => {
      clusterEntries.clear();
      observer.disconnect();
      window.clearTimeout(resizeTimer);
      window.clearTimeout(styleTimer);
      window.clearTimeout(geographyTimer);
      markerEntries.clear();
      instance.remove();
      setMap(null);
    };
  }, [interactive, i18n.resolvedLanguage, t]);

  // The controlled view: move only when it differs from what is shown or was just reported.
  const key = viewKey(view);
  useEffect(() => {
    if (!map) return;
    if (key === appliedKey.current) return;
    appliedKey.current = key;
    if (reportedKeys.current.includes(key)) return;
    applyView(map, view);
    // `view` is read through its key: a new object with the same content is not a new view.
  }, [map, key]);

  useEffect(() => {
    if (!map) return;
    const known = entries.current;
    const knownClusters = clusters.current;
    const list = markers ?? [];
    const byId = new Map(list.map((data, index) => [data.id, { data, index }]));
    const palette = markerPalette(list);

    const markerElement = (data: MapMarker): MarkerEntry => {
      const element = document.createElement('button');
      element.type = 'button';
      element.className = 'gt-map-marker';
      const dot = document.createElement('span');
      dot.className = 'gt-map-marker__dot';
      dot.setAttribute('aria-hidden', 'true');
      element.appendChild(dot);
      const id = data.id;
      element.addEventListener('click', (event) => {
        event.stopPropagation();
        handlers.current.onMarkerSelect?.(id);
      });
      element.addEventListener('mouseenter', () => handlers.current.onMarkerHover?.(id));
      element.addEventListener('mouseleave', () => handlers.current.onMarkerHover?.(null));
      element.addEventListener('focus', () => handlers.current.onMarkerHover?.(id));
      element.addEventListener('blur', () => handlers.current.onMarkerHover?.(null));
      const marker = new maplibregl.Marker({ element, anchor: 'center' }).setLngLat(data.position as [number, number]).addTo(map);
      return { marker, element, position: data.position };
    };

    const clusterElement = (clusterId: number, position: LngLat): ClusterEntry => {
      const element = document.createElement('button');
      element.type = 'button';
      element.className = 'gt-map-marker gt-map-cluster';
      element.dataset['clusterId'] = String(clusterId);
      const dot = document.createElement('span');
      dot.className = 'gt-map-marker__dot';
      dot.setAttribute('aria-hidden', 'true');
      element.appendChild(dot);
      element.addEventListener('click', (event) => {
        event.stopPropagation();
        zoomInto(clusterId);
      });
      const marker = new maplibregl.Marker({ element, anchor: 'center' }).setLngLat(position as [number, number]).addTo(map);
      return { marker, element, clusterId, position };
    };

    /** Zooms until the cluster's markers part; keyboard focus goes to one of them (or the cluster it is in then). */
    const zoomInto = (clusterId: number) => {
      const clusters = index.current;
      const entry = knownClusters.get(clusterId);
      if (!clusters || !entry) return;
      const hadFocus = document.activeElement === entry.element;
      let zoom: number;
      let leafId: number;
      try {
        zoom = clusters.getClusterExpansionZoom(clusterId);
        leafId = Number(clusters.getLeaves(clusterId, 1, 0)[0]?.properties.id);
      } catch {
        return; // a cluster of markers since replaced: the next draw replaces it too
      }
      map.easeTo({ center: entry.position as [number, number], zoom: Math.min(zoom, map.getMaxZoom()) });
      if (!hadFocus) return;
      // The markers are drawn again when the move ends (the listener below, added earlier, runs first).
      map.once('moveend', () => {
        const target =
          known.get(leafId)?.element ??
          [...knownClusters.values()].find((other) => other.element.isConnected)?.element ??
          map.getCanvas();
        target.focus({ preventScroll: true });
      });
    };

    // What each marker and cluster was last drawn with in this run of the effect (its markers, selection,
    // language and palette fixed): a move draws again only what changed. A cluster's label (plural rules,
    // a translation) and number cost a fraction of a millisecond each, dozens of them on every frame.
    const drawnMarkers = new WeakSet<HTMLButtonElement>();
    const drawnClusters = new WeakMap<ClusterEntry, string>();
    const numberFormat = new Intl.NumberFormat(i18n.resolvedLanguage);
    const drawMarkerOnce = (entry: MarkerEntry, data: MapMarker, zIndex: number) => {
      if (drawnMarkers.has(entry.element)) return;
      drawnMarkers.add(entry.element);
      drawMarker(entry.element, data, zIndex, data.id === selectedId);
    };

    const drawCluster = (entry: ClusterEntry, count: number, worst: number | undefined) => {
      const drawnAs = `${count}:${worst}`;
      if (drawnClusters.get(entry) === drawnAs) return;
      drawnClusters.set(entry, drawnAs);
      const colour = clusterColour(palette, worst);
      entry.element.setAttribute('aria-label', handlers.current.clusterLabel?.(count) ?? t('mapView.cluster', { count }));
      entry.element.dataset['count'] = String(count);
      entry.element.style.setProperty('--gt-marker-colour', colour);
      entry.element.style.setProperty('--gt-marker-text', textColourOn(colour));
      const dot = entry.element.firstElementChild as HTMLElement;
      const text = numberFormat.format(count);
      if (dot.textContent !== text) dot.textContent = text;
      dot.dataset['empty'] = 'false';
    };

    /**
     * The markers and clusters to draw now: every marker when not clustering, else the clusters of the
     * view. While the view moves, only what comes and goes changes in the page (once a frame at most);
     * the tab order is put right when it settles.
     */
    let shownKey = '';
    const sync = (moving = false) => {
      const points: number[] = [];
      const groups: { clusterId: number; position: LngLat; count: number; worst: number | undefined }[] = [];
      if (!cluster) points.push(...list.map((m) => m.id));
      else {
        const clusters = index.current;
        if (!clusters) return;
        const box = drawnBox(map);
        // MapLibre reads a tile zoom as the whole zoom level below the view's.
        for (const feature of clusters.getClusters(box, Math.floor(map.getZoom()))) {
          const [lng, lat] = feature.geometry.coordinates as [number, number];
          const props = feature.properties;
          if ('cluster' in props && props.cluster) {
            groups.push({ clusterId: props.cluster_id, position: [lng, lat], count: props.point_count, worst: props.worst });
          } else if (byId.has((props as PointProps).id)) {
            points.push((props as PointProps).id);
          }
        }
        if (selectedId !== null && byId.has(selectedId)) points.push(selectedId);
        // In the markers' order (the list's), clusters first by size: the tab order.
        points.sort((a, b) => byId.get(a)!.index - byId.get(b)!.index);
        groups.sort((a, b) => b.count - a.count || a.clusterId - b.clusterId);
      }
      const drawn = `${points.join(',')}|${groups.map((g) => `${g.clusterId}:${g.worst}`).join(',')}`;
      const key = moving ? `${drawn}|moving` : drawn;
      if (key === shownKey || (moving && shownKey === drawn)) return;
      shownKey = key;
      const wanted = new Set(points);
      for (const [id, entry] of known) {
        if (!wanted.has(id)) {
          // A removed element fires neither blur nor mouseleave: say it is no longer pointed at.
          if (entry.element === document.activeElement || entry.element.matches(':hover')) {
            handlers.current.onMarkerHover?.(null);
          }
          entry.marker.remove();
          known.delete(id);
        }
      }
      const wantedClusters = new Set(groups.map((g) => g.clusterId));
      for (const [id, entry] of knownClusters) {
        if (!wantedClusters.has(id)) {
          entry.marker.remove();
          knownClusters.delete(id);
        }
      }
      const parent = map.getCanvasContainer();
      // In the tab order's place; not the focused one, which moving would blur (it keeps its place).
      const place = (element: HTMLElement) => {
        if (element !== document.activeElement && (!moving || !element.isConnected)) parent.appendChild(element);
      };
      groups.forEach((group) => {
        let entry = knownClusters.get(group.clusterId);
        if (entry && (entry.position[0] !== group.position[0] || entry.position[1] !== group.position[1])) {
          // The same id in a new set of markers: another cluster, somewhere else.
          entry.marker.remove();
          knownClusters.delete(group.clusterId);
          entry = undefined;
        }
        if (!entry) {
          entry = clusterElement(group.clusterId, group.position);
          knownClusters.set(group.clusterId, entry);
        }
        drawCluster(entry, group.count, group.worst);
        place(entry.element);
      });
      points.forEach((id) => {
        const { data, index } = byId.get(id)!;
        let entry = known.get(id);
        if (!entry) {
          entry = markerElement(data);
          known.set(id, entry);
        } else if (entry.position[0] !== data.position[0] || entry.position[1] !== data.position[1]) {
          entry.marker.setLngLat(data.position as [number, number]);
          entry.position = data.position;
        }
        drawMarkerOnce(entry, data, list.length - index);
        place(entry.element);
      });
      updateTabStops(map, known, knownClusters);
    };

    // Markers already drawn take their new look at once (a new reading, a new selection).
    for (const [id, entry] of known) {
      const found = byId.get(id);
      if (found) drawMarkerOnce(entry, found.data, list.length - found.index);
    }
    index.current = cluster ? clusterIndex(markersCollection(list, palette, selectedId)) : null;
    sync();
    if (!cluster) return;
    // Drawn again as the view moves (once a frame at most) and when it settles; never waiting for tiles.
    let frame = 0;
    const onMove = () => {
      if (frame === 0) {
        frame = requestAnimationFrame(() => {
          frame = 0;
          sync(true);
        });
      }
    };
    const onMoveEnd = () => sync();
    map.on('move', onMove);
    map.on('moveend', onMoveEnd);
    return () => {
      cancelAnimationFrame(frame);
      map.off('move', onMove);
      map.off('moveend', onMoveEnd);
    };
  }, [map, markers, selectedId, cluster, t, i18n.resolvedLanguage]);

  // The basemap's geography, once the plain local style has loaded and the markers are drawn (or have
  // been waited for long enough): MapLibre's worker reads and tiles megabytes of it, and the main thread
  // takes in the tiles, which would otherwise come before the first markers on a busy machine. A frame
  // later, so markers placed in this same commit are painted first.
  const geographyDue = map !== null && plainLocal === map && (!markersPending || waitedOut === map);
  const language = i18n.resolvedLanguage ?? 'en';
  useEffect(() => {
    if (!map || !geographyDue) return;
    let timer: number | undefined;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => addGeography(map, language), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [map, geographyDue, language]);

  // A picture of the map for the caller to save: the markers drawn when it is taken.
  useEffect(() => {
    if (!map || !captureRef) return;
    const capture: MapCapture = (options) =>
      captureMap(map, [...clusters.current.values(), ...entries.current.values()], options?.pixelRatio);
    captureRef.current = capture;
    return () => {
      if (captureRef.current === capture) captureRef.current = null;
    };
  }, [map, captureRef]);

  // A selected marker under the caller's panels moves into the free part of the map.
  const insetsKey = JSON.stringify(insets ?? {});
  // Once per selection, and again when its marker first arrives (not on every refresh of the readings).
  const selectedShown = selectedId !== null && (markers ?? []).some((marker) => marker.id === selectedId);
  useEffect(() => {
    if (!map || selectedId === null) return;
    const position = entries.current.get(selectedId)?.position;
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
  }, [map, selectedId, insetsKey, selectedShown]);

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
