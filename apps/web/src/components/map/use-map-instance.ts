import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import basemapFiles from 'virtual:basemap';
import { env } from '@/config/env';
import { applyView, currentBounds, viewKey } from './map-camera';
import { MAP_CONSTANTS, type LngLat } from './map-geometry';
import { updateTabStops, type ClusterEntry, type MapHandlers, type MarkerEntry } from './map-marker-elements';
import { TOWNS_MIN_ZOOM, localStyle, mapboxRequestTransform, type BasemapUrls, type MapCredits } from './map-style';
import type { MapViewRequest } from './map-types';

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
const addGeography = (map: maplibregl.Map, language: string, credits: MapCredits, towns: boolean): void => {
  const full = localStyle({ basemap: basemapUrls(), language, credits, towns });
  for (const [id, source] of Object.entries(full.sources)) if (!map.getSource(id)) map.addSource(id, source);
  // Each missing layer goes under the next one of the style that is already there (towns, added later
  // than the rest, go under the cities' names).
  full.layers.forEach((layer, i) => {
    if (map.getLayer(layer.id)) return;
    const above = full.layers.slice(i + 1).find((next) => map.getLayer(next.id));
    map.addLayer(layer, above?.id);
  });
};

/** Towns are fetched a zoom level before they are named, so they are there on arrival. */
const wantsTowns = (map: maplibregl.Map): boolean => map.getZoom() >= TOWNS_MIN_ZOOM - 1;

type MapInstanceOptions = {
  readonly containerRef: RefObject<HTMLDivElement | null>;
  readonly view: MapViewRequest;
  readonly interactive: boolean;
  readonly markersPending: boolean;
  readonly handlers: { readonly current: MapHandlers };
  /** The markers and clusters drawn, whose tab stops follow the view. */
  readonly entries: ReadonlyMap<number, MarkerEntry> & { clear(): void };
  readonly clusters: ReadonlyMap<number, ClusterEntry> & { clear(): void };
};

/**
 * The MapLibre map in the container: one per container, language and interactivity (control labels
 * are set when it is made), following the controlled view, falling back to the local style when a
 * configured one cannot load, and adding the shipped basemap's geography once markers are drawn.
 */
export const useMapInstance = ({
  containerRef,
  view,
  interactive,
  markersPending,
  handlers,
  entries,
  clusters,
}: MapInstanceOptions) => {
  const { t, i18n } = useTranslation();
  const [map, setMap] = useState<maplibregl.Map | null>(null);
  const [failure, setFailure] = useState<Error | null>(null);
  const [styleInUse, setStyleInUse] = useState<'local' | 'configured'>(env.map.styleUrl ? 'configured' : 'local');
  /** The map whose plain local style has loaded: the basemap's geography can go on it. */
  const [plainLocal, setPlainLocal] = useState<maplibregl.Map | null>(null);
  /** The map that has waited long enough for its markers: the geography goes on it even without them. */
  const [waitedOut, setWaitedOut] = useState<maplibregl.Map | null>(null);
  const appliedKey = useRef<string | null>(null);
  const reportedKeys = useRef<readonly string[]>([]);
  const initialView = useRef(view);
  initialView.current = view;

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
              fitBoundsOptions: { padding: MAP_CONSTANTS.fitPadding, maxZoom: start.maxZoom ?? MAP_CONSTANTS.maxZoomAfterFit },
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
        updateTabStops(instance, entries, clusters);
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

    setMap(instance);
    return () => {
      clusters.clear();
      observer.disconnect();
      window.clearTimeout(resizeTimer);
      window.clearTimeout(styleTimer);
      window.clearTimeout(geographyTimer);
      entries.clear();
      instance.remove();
      setMap(null);
    };
  }, [interactive, i18n.resolvedLanguage, t, containerRef, handlers, entries, clusters]);

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

  // The basemap's geography, once the plain local style has loaded and the markers are drawn (or have
  // been waited for long enough): MapLibre's worker reads and tiles megabytes of it, and the main thread
  // takes in the tiles, which would otherwise come before the first markers on a busy machine. A frame
  // later, so markers placed in this same commit are painted first.
  const geographyDue = map !== null && plainLocal === map && (!markersPending || waitedOut === map);
  const language = i18n.resolvedLanguage ?? 'en';
  const census = t('mapView.credits.census');
  const openStreetMap = t('mapView.credits.openStreetMap', { osm: '{{osm}}', geoMaps: '{{geoMaps}}' });
  useEffect(() => {
    if (!map || !geographyDue) return;
    let timer: number | undefined;
    const credits = { census, openStreetMap };
    // Town names (a large file) join once the map comes close: at once for a station's own map.
    const closeIn = () => {
      if (!wantsTowns(map)) return;
      map.off('zoomend', closeIn);
      addGeography(map, language, credits, true);
    };
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => {
        addGeography(map, language, credits, wantsTowns(map));
        if (!wantsTowns(map)) map.on('zoomend', closeIn);
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
      map.off('zoomend', closeIn);
    };
  }, [map, geographyDue, language, census, openStreetMap]);

  return { map, failure, styleInUse };
};
