import type * as maplibregl from 'maplibre-gl';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { clusterExpansion, clusterIndex, clustersInView, type ClusterGroup, type ClusterIndex } from './map-cluster-index';
import { clusterColour, markerPalette } from './map-clusters';
import {
  createCluster,
  createMarker,
  drawCluster,
  drawMarker,
  updateTabStops,
  type ClusterEntry,
  type MapHandlers,
  type MarkerEntry,
} from './map-marker-elements';
import type { MapMarker } from './map-types';

type MapMarkersOptions = {
  readonly map: maplibregl.Map | null;
  readonly markers: readonly MapMarker[] | undefined;
  readonly selectedId: number | null;
  readonly cluster: boolean;
  readonly handlers: { readonly current: MapHandlers };
  readonly entries: Map<number, MarkerEntry>;
  readonly clusters: Map<number, ClusterEntry>;
};

/**
 * The markers on the map, as buttons in the page (each in the tab order while in view), and, when
 * asked, clusters of the markers close together at the zoom shown, drawn again as the view moves.
 */
export const useMapMarkers = ({ map, markers, selectedId, cluster, handlers, entries, clusters }: MapMarkersOptions) => {
  const { t, i18n } = useTranslation();
  /** The clusters of the markers shown (null when not clustering); a ref, so a cluster's click uses the current one. */
  const index = useRef<ClusterIndex | null>(null);

  useEffect(() => {
    if (!map) return;
    const known = entries;
    const knownClusters = clusters;
    const list = markers ?? [];
    const byId = new Map(list.map((data, index) => [data.id, { data, index }]));
    const palette = markerPalette(list);

    /** Zooms until the cluster's markers part; keyboard focus goes to one of them (or the cluster it is in then). */
    const zoomInto = (clusterId: number) => {
      const current = index.current;
      const entry = knownClusters.get(clusterId);
      if (!current || !entry) return;
      const hadFocus = document.activeElement === entry.element;
      const expansion = clusterExpansion(current, clusterId);
      if (!expansion) return; // a cluster of markers since replaced: the next draw replaces it too
      map.easeTo({ center: entry.position as [number, number], zoom: Math.min(expansion.zoom, map.getMaxZoom()) });
      if (!hadFocus) return;
      // The markers are drawn again when the move ends (the listener below, added earlier, runs first).
      map.once('moveend', () => {
        const target =
          known.get(expansion.leafId)?.element ??
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
    const drawClusterOnce = (entry: ClusterEntry, { count, worst }: ClusterGroup) => {
      const drawnAs = `${count}:${worst}`;
      if (drawnClusters.get(entry) === drawnAs) return;
      drawnClusters.set(entry, drawnAs);
      drawCluster(entry, {
        count,
        colour: clusterColour(palette, worst),
        label: handlers.current.clusterLabel?.(count) ?? t('mapView.cluster', { count }),
        text: numberFormat.format(count),
      });
    };

    /** Every marker when not clustering, else the clusters of the view, in the tab order. */
    const wantedNow = (): { points: number[]; groups: ClusterGroup[] } | null => {
      if (!cluster) return { points: list.map((m) => m.id), groups: [] };
      if (!index.current) return null;
      const { points, groups } = clustersInView(index.current, map, (id) => byId.has(id));
      if (selectedId !== null && byId.has(selectedId)) points.push(selectedId);
      // In the markers' order (the list's), clusters first by size: the tab order.
      points.sort((a, b) => byId.get(a)!.index - byId.get(b)!.index);
      groups.sort((a, b) => b.count - a.count || a.clusterId - b.clusterId);
      return { points, groups };
    };

    /**
     * The markers and clusters to draw now. While the view moves, only what comes and goes changes in
     * the page (once a frame at most); the tab order is put right when it settles.
     */
    let shownKey = '';
    const sync = (moving = false) => {
      const wanted = wantedNow();
      if (!wanted) return;
      const { points, groups } = wanted;
      const drawn = `${points.join(',')}|${groups.map((g) => `${g.clusterId}:${g.worst}`).join(',')}`;
      const key = moving ? `${drawn}|moving` : drawn;
      if (key === shownKey || (moving && shownKey === drawn)) return;
      shownKey = key;
      const wantedPoints = new Set(points);
      for (const [id, entry] of known) {
        if (!wantedPoints.has(id)) {
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
          entry = createCluster(map, group.clusterId, group.position, zoomInto);
          knownClusters.set(group.clusterId, entry);
        }
        drawClusterOnce(entry, group);
        place(entry.element);
      });
      points.forEach((id) => {
        const { data, index } = byId.get(id)!;
        let entry = known.get(id);
        if (!entry) {
          entry = createMarker(map, data, handlers);
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
    index.current = cluster ? clusterIndex(list, palette, selectedId) : null;
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
  }, [map, markers, selectedId, cluster, t, i18n.resolvedLanguage, handlers, entries, clusters]);
};
