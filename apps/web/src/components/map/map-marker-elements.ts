import * as maplibregl from 'maplibre-gl';
import type { LngLat } from './map-geometry';
import type { MapMarker, MapViewProps } from './map-types';

/** What the canvas's callers asked to hear, read through a ref so the markers need not be made again. */
export type MapHandlers = Pick<MapViewProps, 'onViewChange' | 'onMarkerSelect' | 'onMarkerHover' | 'clusterLabel'>;

export type MarkerEntry = { readonly marker: maplibregl.Marker; readonly element: HTMLButtonElement; position: LngLat };

export type ClusterEntry = {
  readonly marker: maplibregl.Marker;
  readonly element: HTMLButtonElement;
  readonly clusterId: number;
  readonly position: LngLat;
};

/** Black or white, whichever reads better on the marker's colour (WCAG relative luminance). */
export const textColourOn = (colour: string): string => {
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

/** A marker's button with its dot, as map-canvas.css draws it. */
const markerButton = (className: string): HTMLButtonElement => {
  const element = document.createElement('button');
  element.type = 'button';
  element.className = className;
  const dot = document.createElement('span');
  dot.className = 'gt-map-marker__dot';
  dot.setAttribute('aria-hidden', 'true');
  element.appendChild(dot);
  return element;
};

/** One station's marker on the map; pointing at it, focusing and clicking it tell the caller. */
export const createMarker = (map: maplibregl.Map, data: MapMarker, handlers: { readonly current: MapHandlers }): MarkerEntry => {
  const element = markerButton('gt-map-marker');
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

/** One cluster's marker; a click zooms into it. */
export const createCluster = (
  map: maplibregl.Map,
  clusterId: number,
  position: LngLat,
  onClick: (clusterId: number) => void,
): ClusterEntry => {
  const element = markerButton('gt-map-marker gt-map-cluster');
  element.dataset['clusterId'] = String(clusterId);
  element.addEventListener('click', (event) => {
    event.stopPropagation();
    onClick(clusterId);
  });
  const marker = new maplibregl.Marker({ element, anchor: 'center' }).setLngLat(position as [number, number]).addTo(map);
  return { marker, element, clusterId, position };
};

export const drawMarker = (element: HTMLButtonElement, data: MapMarker, zIndex: number, selected: boolean): void => {
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

/** A cluster's look: its colour, its count as text, and its accessible name. */
export const drawCluster = (
  entry: ClusterEntry,
  { count, colour, label, text }: { count: number; colour: string; label: string; text: string },
): void => {
  entry.element.setAttribute('aria-label', label);
  entry.element.dataset['count'] = String(count);
  entry.element.style.setProperty('--gt-marker-colour', colour);
  entry.element.style.setProperty('--gt-marker-text', textColourOn(colour));
  const dot = entry.element.firstElementChild as HTMLElement;
  if (dot.textContent !== text) dot.textContent = text;
  dot.dataset['empty'] = 'false';
};

/**
 * Markers outside the view leave the tab order: focusing one would scroll the map's box. The list
 * view reaches every station; the map's keyboard users reach the ones they can see.
 */
export const updateTabStops = (
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
